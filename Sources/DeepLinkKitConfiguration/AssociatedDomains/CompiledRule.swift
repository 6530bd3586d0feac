import DeepLinkKit
import Foundation

/// A rule's patterns, compiled once when the file is read.
struct CompiledRule: Sendable {
  enum Query: Sendable {
    case pattern(AASAPattern)
    /// Item names (folded when the rule folds them) and their value patterns.
    case items([(name: String, pattern: AASAPattern)])
  }

  let placed: AppSiteAssociation.PlacedRule
  /// The path pattern, and the parent pattern of one ending in `/*`.
  let paths: [AASAPattern]
  let fragment: AASAPattern
  let query: Query

  init(_ placed: AppSiteAssociation.PlacedRule, in file: AppSiteAssociation) {
    self.placed = placed
    let rule = placed.rule
    let (path, parent) = AppSiteAssociation.pathPatterns(rule.path)
    paths = ([path] + (parent.map { [$0] } ?? [])).map { file.pattern($0, rule) }
    fragment = file.pattern(rule.fragment, rule)
    switch rule.query {
    case .pattern(let text):
      query = .pattern(file.pattern(text, rule))
    case .items(let predicates):
      let folds = !rule.caseSensitive && AASAUndocumented.queryNamesFollowCaseSensitivity
      query = .items(
        predicates.keys.sorted().map { name in
          (folds ? String(name.map(AASAPattern.folded)) : name, file.pattern(predicates[name]!, rule))
        })
    }
  }

  /// Whether the rule matches the URL: path (see ``AppSiteAssociation/pathPatterns(_:)``),
  /// fragment and query all.
  func matches(_ url: AASAURL, budget: inout AASAMatchBudget) throws(AASAMatchBudget.Spent) -> Bool {
    let rule = placed.rule
    let decoded = !rule.percentEncoded
    let path = AppSiteAssociation.trimmingTrailingSlashes(url.component(url.path, decoded: decoded))
    var pathMatches = false
    for form in paths where try form.matches(path, budget: &budget) {
      pathMatches = true
      break
    }
    guard pathMatches, try fragment.matches(url.component(url.fragment, decoded: decoded), budget: &budget) else {
      return false
    }
    switch query {
    case .pattern(let pattern):
      return try pattern.matches(url.component(url.query, decoded: decoded), budget: &budget)
    case .items(let predicates):
      let items = url.queryItems(decoded: decoded)
      let folds = !rule.caseSensitive && AASAUndocumented.queryNamesFollowCaseSensitivity
      for (name, pattern) in predicates {
        let values = items.filter { (folds ? String($0.name.map(AASAPattern.folded)) : $0.name) == name }
        // An absent item, or one without a value, counts as the empty string.
        for value in values.isEmpty ? [""] : values.map(\.value) where !(try pattern.matches(value, budget: &budget)) {
          return false
        }
      }
      return true
    }
  }
}

/// A URL's parts as written: scheme and host lower-cased, the rest untouched.
struct AASAURL {
  var host: String
  /// The path as written; `/` when empty.
  var path: String
  /// After the first `?`, up to `#`; empty when absent.
  var query: String
  /// After `#`; empty when absent.
  var fragment: String

  init?(_ url: String) {
    guard let schemeEnd = url.range(of: "://") else { return nil }
    let scheme = url[..<schemeEnd.lowerBound].lowercased()
    guard scheme == "https" || scheme == "http" else { return nil }
    let rest = url[schemeEnd.upperBound...]
    let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
    if let colon = authority.lastIndex(of: ":"), !authority.contains("]") { authority = authority[..<colon] }
    let host = String(authority)
    self.host = (try? HostList.normalize(Array(host.utf8), idna: .full)) ?? host.lowercased()
    var tail = rest[authorityEnd...]
    if let hash = tail.firstIndex(of: "#") {
      fragment = String(tail[tail.index(after: hash)...])
      tail = tail[..<hash]
    } else {
      fragment = ""
    }
    if let question = tail.firstIndex(of: "?") {
      query = String(tail[tail.index(after: question)...])
      tail = tail[..<question]
    } else {
      query = ""
    }
    path = tail.isEmpty ? "/" : String(tail)
  }

  /// A component as written, or percent-decoded (an invalid escape stays as it is).
  func component(_ text: String, decoded: Bool) -> String {
    decoded ? Self.decode(text) : text
  }

  /// The query's items: split on `&`, name and value on the first `=`; `+` is not a space.
  func queryItems(decoded: Bool) -> [(name: String, value: String)] {
    guard !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { (item: Substring) in
      let equals = item.firstIndex(of: "=")
      let name = String(item[..<(equals ?? item.endIndex)])
      var value = ""
      if let equals { value = String(item[item.index(after: equals)...]) }
      return (component(name, decoded: decoded), component(value, decoded: decoded))
    }
  }

  /// Lenient decoding: `%XX` becomes its byte; anything else, and bytes that are not UTF-8, stay.
  static func decode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    let utf8 = Array(text.utf8)
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = utf8[index + 1].hexValue,
        let low = utf8[index + 2].hexValue
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(bytes: bytes, encoding: .utf8) ?? text
  }
}
