import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation
import FuzzSupport

/// The tree `deeplink site generate` writes for a table, checked here on its own terms (not with
/// the library's own check): every path stays under the root with names every disk keeps, no two
/// paths are one on a case-insensitive disk, no file stands where a folder goes; a folder page
/// opens its own route on universal links, and no case variant of its path opens a forbidden
/// route; a forbidden route's link meets a 404 rule first in `_redirects`, and no page in
/// `404.html`; `*` in `_redirects` is a whole last segment, one per catch-all route.
func checkSiteTree(
  _ site: [(path: String, contents: String)], table: RouteTable, router: LinkRouter<NamedRoute>, host: String
) {
  var files: Set<String> = []
  var folders: Set<String> = []
  for file in site {
    let parts = file.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for part in parts
    where part.isEmpty || part == "." || part == ".." || part.utf8.count > 255
      || part.unicodeScalars.contains(where: { $0 == "\\" || $0.value < 0x20 || ":*?\"<>|".unicodeScalars.contains($0) }
      )
    {
      violation("the site writes \(file.path.debugDescription), whose name \(part.debugDescription) no disk keeps")
    }
    let key = file.path.lowercased()
    if !files.insert(key).inserted || folders.contains(key) {
      violation("the site writes \(file.path.debugDescription) twice on a case-insensitive disk, or where a folder is")
    }
    for end in parts.indices.dropLast() {
      let folder = parts[...end].joined(separator: "/").lowercased()
      if files.contains(folder) {
        violation("the site writes a file where \(file.path.debugDescription) needs a folder")
      }
      folders.insert(folder)
    }
    guard file.path == "index.html" || file.path.hasSuffix("/index.html") else { continue }
    let segments = parts.dropLast().map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0 }
    let path = "/" + segments.joined(separator: "/")
    // Its own route (which may still want a required query item), never a forbidden one.
    if case .failure(let error) = resolve(router, host, path), [.noRoute, .sourceNotAllowed].contains(error.code) {
      violation("the folder page \(file.path.debugDescription) is at \(path), which opens no route: \(error)")
    }
    for variant in [path.lowercased(), path.uppercased()] {
      if case .failure(let error) = resolve(router, host, variant), error.code == .sourceNotAllowed {
        violation("the folder page \(file.path.debugDescription) is served at \(variant), a forbidden route's path")
      }
    }
  }
  let redirects = site.first(where: { $0.path == "_redirects" })?.contents ?? ""
  let rules = redirects.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
    line.components(separatedBy: "  ")
  }
  var splats = 0
  for rule in rules {
    guard rule.count == 3, rule[0].hasPrefix("/"), !rule[0].contains(" ") else {
      violation("_redirects has the rule \(rule), not three fields")
    }
    let stars = rule[0].split(separator: "/").filter { $0.contains("*") }
    if stars.count > 1 || (stars.count == 1 && !(stars[0] == "*" && rule[0].hasSuffix("/*"))) {
      violation("_redirects has a splat inside \(rule[0])")
    }
    splats += stars.count
  }
  let catchAlls = table.routes.filter { entry in
    (entry.host == nil || entry.host == host)
      && (FuzzPattern(entry.path)?.segments.contains { if case .catchAll = $0 { true } else { false } } ?? false)
  }
  if splats != catchAlls.count { violation("_redirects has \(splats) splats for \(catchAlls.count) catch-all routes") }
  let notFound = notFoundRoutes(site.first(where: { $0.path == "404.html" })?.contents ?? "")
  for entry in table.routes where entry.sources.map({ !$0.contains(.universalLink) }) ?? false {
    guard let pattern = FuzzPattern(entry.path) else { continue }
    let path = "/" + pattern.segments.map(sample).joined(separator: "/")
    guard case .failure(let error) = resolve(router, host, path), error.code == .sourceNotAllowed else { continue }
    if let first = rules.first(where: { matches($0[0], path, caseSensitive: table.isCaseSensitive) }), first[2] != "404"
    {
      violation("_redirects serves \(path), a forbidden route's link, with \(first)")
    }
    let first = notFound.first { matchesRegex($0.regex, path, ignoringCase: !table.isCaseSensitive) }
    if let page = first?.page { violation("404.html sends \(path), a forbidden route's link, to \(page)") }
  }
}

private func resolve(_ router: LinkRouter<NamedRoute>, _ host: String, _ path: String) -> Result<
  NamedRoute, DeepLinkError
> {
  Result { () throws(DeepLinkError) in try router.resolve("https://\(host)\(path)").route }
}

/// Whether a `_redirects` pattern matches a percent-encoded path as Netlify reads it: `:name`
/// one segment, a last `*` the rest, anything else a segment compared decoded.
private func matches(_ pattern: String, _ path: String, caseSensitive: Bool) -> Bool {
  let rule = pattern.split(separator: "/").map(String.init)
  let segments = path.split(separator: "/").map(String.init)
  let decoded = { (text: String) in
    let value = text.removingPercentEncoding ?? text
    return caseSensitive ? value : value.lowercased()
  }
  for (index, part) in rule.enumerated() {
    if part == "*" { return true }
    guard index < segments.count else { return false }
    if part.hasPrefix(":") { continue }
    if decoded(part) != decoded(segments[index]) { return false }
  }
  return rule.count == segments.count
}

/// The `[regex, page]` pairs of a `404.html`.
private func notFoundRoutes(_ html: String) -> [(regex: String, page: String?)] {
  guard let start = html.range(of: "var routes = ["),
    let end = html.range(of: "];", range: start.upperBound..<html.endIndex),
    let pairs = try? JSONSerialization.jsonObject(
      with: Data(("[" + html[start.upperBound..<end.lowerBound] + "]").utf8))
      as? [[Any]]
  else {
    violation("404.html has no routes that read as JSON")
  }
  return pairs.map { ($0.first as? String ?? "", $0.last as? String) }
}

/// Whether `text` matches all of `pattern`, one of the regular expressions `404.html` is made of
/// (`^` and `$` around `\\`-escaped and plain characters, `.`, classes such as `[^/]` or
/// `[0-9A-Fa-f]`, and `(?:…|…)` groups, each maybe followed by `?`, `+` or `{n}`), as JavaScript
/// reads them. Written here rather than with `NSRegularExpression`, which leaks a long pattern on
/// Linux.
private func matchesRegex(_ pattern: String, _ text: String, ignoringCase: Bool) -> Bool {
  var characters = Array(pattern)
  if characters.first == "^" { characters.removeFirst() }
  if characters.last == "$", characters.dropLast().last != "\\" { characters.removeLast() }
  var index = 0
  let alternatives = parseAlternatives(characters, &index)
  let input = Array(text)
  let matcher = RegexMatcher(input: input, ignoringCase: ignoringCase)
  return alternatives.contains { matcher.match($0[...], 0) { $0 == input.count } }
}

private indirect enum RegexAtom {
  case character(Character)
  case any
  case set(negated: Bool, ranges: [ClosedRange<Character>])
  case group([[RegexNode]])
}

private struct RegexNode {
  var atom: RegexAtom
  var min = 1
  var max = 1
}

/// Alternatives separated by `|`, up to a `)` or the end.
private func parseAlternatives(_ characters: [Character], _ index: inout Int) -> [[RegexNode]] {
  var alternatives: [[RegexNode]] = [[]]
  while index < characters.count, characters[index] != ")" {
    if characters[index] == "|" {
      alternatives.append([])
      index += 1
      continue
    }
    var atom: RegexAtom
    switch characters[index] {
    case "\\":
      index += 1
      atom = .character(characters[index])
    case ".": atom = .any
    case "(":
      index += characters[index + 1] == "?" ? 3 : 1  // "(?:" or "("
      atom = .group(parseAlternatives(characters, &index))
    case "[":
      index += 1
      let negated = characters[index] == "^"
      if negated { index += 1 }
      var ranges: [ClosedRange<Character>] = []
      while characters[index] != "]" {
        let low = characters[index]
        if characters[index + 1] == "-", characters[index + 2] != "]" {
          ranges.append(low...characters[index + 2])
          index += 3
        } else {
          ranges.append(low...low)
          index += 1
        }
      }
      atom = .set(negated: negated, ranges: ranges)
    case let character: atom = .character(character)
    }
    index += 1
    var node = RegexNode(atom: atom)
    if index < characters.count {
      switch characters[index] {
      case "?": (node.min, node.max, index) = (0, 1, index + 1)
      case "+": (node.min, node.max, index) = (1, Int.max, index + 1)
      case "{":
        let close = characters[index...].firstIndex(of: "}")!
        let count = Int(String(characters[(index + 1)..<close]))!
        (node.min, node.max, index) = (count, count, close + 1)
      default: break
      }
    }
    alternatives[alternatives.count - 1].append(node)
  }
  return alternatives
}

/// A backtracking matcher: each node, repeated as its quantifier allows, then the rest.
private struct RegexMatcher {
  let input: [Character]
  let ignoringCase: Bool

  func match(_ nodes: ArraySlice<RegexNode>, _ position: Int, _ rest: (Int) -> Bool) -> Bool {
    guard let node = nodes.first else { return rest(position) }
    return repeatNode(node, count: 0, position) { match(nodes.dropFirst(), $0, rest) }
  }

  /// `node` matched `count` times so far, ending at `position`: once more if it may (greedy),
  /// else the rest.
  private func repeatNode(_ node: RegexNode, count: Int, _ position: Int, _ rest: (Int) -> Bool) -> Bool {
    if count < node.max,
      one(node.atom, position, { next in next != position && repeatNode(node, count: count + 1, next, rest) })
    {
      return true
    }
    return count >= node.min && rest(position)
  }

  private func one(_ atom: RegexAtom, _ position: Int, _ rest: (Int) -> Bool) -> Bool {
    if case .group(let alternatives) = atom {
      return alternatives.contains { match($0[...], position, rest) }
    }
    guard position < input.count, accepts(atom, input[position]) else { return false }
    return rest(position + 1)
  }

  private func accepts(_ atom: RegexAtom, _ character: Character) -> Bool {
    // A case's other form, where it is one character (`ß` upper-cases to two).
    let forms =
      [character]
      + (ignoringCase
        ? [character.lowercased(), character.uppercased()].filter { $0.count == 1 }.map { Character($0) } : [])
    switch atom {
    case .any: return !character.isNewline
    case .character(let expected):
      return ignoringCase ? character.lowercased() == expected.lowercased() : character == expected
    case .set(let negated, let ranges):
      return forms.contains { form in ranges.contains { $0.contains(form) } } != negated
    case .group: return false
    }
  }
}
