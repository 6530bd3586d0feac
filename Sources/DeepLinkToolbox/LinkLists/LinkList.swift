import DeepLinkKit
import DeepLinkKitConfiguration

/// A team's live links (the ones in emails, ads and QR posters), one a line, each with what it
/// must open; checked against the route table in CI (`deeplink check-links FILE`), so a route
/// change that breaks a link already sent fails the build before it ships.
///
/// ```text
/// # spring campaign
/// https://shop.example.com/items/42?utm_campaign=spring -> item id=42
/// shop://cart
/// ```
///
/// A line is a link, or a link, `->`, the route's name and the values it must have
/// (`NAME=VALUE`, percent-encoded where a value holds a space, `=` or `%`). Blank lines and lines
/// that start with `#` are skipped; a link's own `#fragment` is kept. A link with no expectation
/// must open some route.
struct LinkList: Sendable, Hashable {
  /// One line that names a link.
  struct Line: Sendable, Hashable {
    /// Its line number, from 1.
    var number: Int
    /// The link.
    var link: String
    /// The route it must open, and the values it must have; `nil`: any route.
    var expected: NamedRoute?
    /// Why the line cannot be read (`->` with no route, a value with no `=`), if it cannot.
    var problem: String?
  }

  /// The lines that name a link, in order.
  var lines: [Line]

  /// The most lines a list may hold, so that a file of any size is read in bounded time.
  static let maxLines = 1_000_000

  /// Reads a list.
  ///
  /// Lines end at line feeds, as `grep -n` and editors number them (a carriage return before one
  /// is part of the break); no other character ends a line. A UTF-8 byte-order mark at the start
  /// is skipped. The text is read as UTF-8 bytes, not `Character`s.
  ///
  /// - Parameter text: The file's text.
  init(text: String) {
    var lines: [Line] = []
    var number = 0
    var bytes = Substring(text).utf8[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard lines.count < Self.maxLines else {
        lines.append(Line(number: number, link: "", problem: "the list has more than \(Self.maxLines) links"))
        break
      }
      let line = raw.trimmingSpaces
      if line.isEmpty || line.first == UInt8(ascii: "#") { continue }
      lines.append(Self.read(line, number: number))
    }
    self.lines = lines
  }

  private static let arrow = Array(" -> ".utf8)

  /// Where ` -> ` first occurs in `line`: found space by space (the standard library's generic
  /// `firstRange(of:)` cost about 100,000 instructions a line, most of `check-links`'s time).
  private static func arrowRange(in line: Substring.UTF8View) -> Range<Substring.UTF8View.Index>? {
    var start = line.startIndex
    while let space = line[start...].firstIndex(of: UInt8(ascii: " ")) {
      let end = line.index(space, offsetBy: arrow.count, limitedBy: line.endIndex) ?? line.endIndex
      if line[space..<end].elementsEqual(arrow) { return space..<end }
      start = line.index(after: space)
    }
    return nil
  }

  private static func read(_ line: Substring.UTF8View, number: Int) -> Line {
    let text = { (bytes: Substring.UTF8View) in String(Substring(bytes)) }
    // ` -> ` inside the line, or ` ->` ending it.
    let rest: Substring.UTF8View
    let before: Substring.UTF8View
    if let found = arrowRange(in: line) {
      (before, rest) = (line[..<found.lowerBound], line[found.upperBound...])
    } else if line.count >= 3, line.suffix(3).elementsEqual(arrow.prefix(3)) {
      (before, rest) = (line.dropLast(3), line[line.endIndex...])
    } else {
      return Line(number: number, link: text(line))
    }
    let link = text(before.trimmingSpaces)
    let words = rest.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    guard let name = words.first else {
      return Line(number: number, link: link, problem: "\"->\" names no route")
    }
    var parameters: [String: String] = [:]
    for word in words.dropFirst() {
      guard let equals = word.firstIndex(of: UInt8(ascii: "=")), equals != word.startIndex else {
        return Line(number: number, link: link, problem: "\(quoted(text(word))) is not NAME=VALUE")
      }
      let key = text(word[..<equals])
      guard let value = PercentEncoding.decode(ArraySlice(word[word.index(after: equals)...])) else {
        return Line(number: number, link: link, problem: "the value of \(quoted(key)) holds a malformed percent escape")
      }
      guard parameters.updateValue(value, forKey: key) == nil else {
        return Line(number: number, link: link, problem: "the value of \(quoted(key)) is given twice")
      }
    }
    return Line(number: number, link: link, expected: NamedRoute(text(name), parameters: parameters))
  }
}

extension LinkList {
  /// What one line's link did.
  struct Result: Sendable, Equatable {
    /// How a line came out.
    enum Status: String, Sendable, Hashable {
      /// It opens its expected route with its values (or, with no expectation, some route).
      case ok
      /// It opens another route, or its route with other values.
      case unexpected
      /// The router refuses it.
      case refused
      /// The line cannot be read.
      case invalid
    }

    /// The line.
    var line: Line
    /// How it came out.
    var status: Status
    /// The route it opens, if it opens one.
    var opened: NamedRoute?
    /// The refusal, for a refused link.
    var error: DeepLinkError?
    /// Why it failed, for people; empty when it passed.
    var message: String

    /// Whether it passed.
    var passed: Bool { status == .ok }
  }

  /// Checks every line against `router` (a table's, `RouteTable.makeRouter()`), each link from
  /// the source its form has: a custom-scheme URL or a universal link.
  func check(with router: LinkRouter<NamedRoute>) -> [Result] {
    lines.map { line in
      if let problem = line.problem {
        return Result(line: line, status: .invalid, message: problem)
      }
      let opened: NamedRoute
      switch Swift.Result(catching: { () throws(DeepLinkError) in try router.resolve(line.link).route }) {
      case .success(let route): opened = route
      case .failure(let error):
        return Result(line: line, status: .refused, error: error, message: "refused: \(error.code): \(error.message)")
      }
      guard let expected = line.expected else { return Result(line: line, status: .ok, opened: opened, message: "") }
      var differences: [String] = []
      if opened.name != expected.name {
        differences.append("route \(quoted(opened.name)), not \(quoted(expected.name))")
      }
      for (key, value) in expected.parameters.sorted(by: { $0.key < $1.key }) where opened.parameters[key] != value {
        differences.append(
          "\(key) \(opened.parameters[key].map { quoted($0) } ?? "missing"), not \(quoted(value))")
      }
      guard differences.isEmpty else {
        return Result(
          line: line, status: .unexpected, opened: opened,
          message: "opens \(opened): " + differences.joined(separator: "; "))
      }
      return Result(line: line, status: .ok, opened: opened, message: "")
    }
  }
}

extension Substring.UTF8View {
  /// Without leading and trailing spaces, tabs and carriage returns.
  fileprivate var trimmingSpaces: Self {
    let isSpace = { (byte: UInt8) in
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return self[endIndex...]
    }
    return self[first...last]
  }
}
