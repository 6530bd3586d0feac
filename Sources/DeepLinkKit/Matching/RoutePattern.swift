/// A parsed route pattern such as `/messages/:id` or `/docs/*path`.
///
/// | segment | matches |
/// |---|---|
/// | `word` | exactly that segment |
/// | `:name` | one segment, captured as `name` |
/// | `:name(int)` | one base-10 integer segment (optional `-`) that fits in 64 bits |
/// | `:name(uuid)` | one UUID segment, any case |
/// | `*` | one segment, not captured |
/// | `*name` | one or more remaining segments, captured joined by `/`; last segment only |
///
/// `:name(string)` is the same as `:name`. A literal may hold percent escapes (`/a%20b` matches
/// the segment `a b`); a trailing `/` is ignored.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// The type a parameter segment must have.
  public enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// Any non-empty segment.
    case string
    /// A base-10 integer, optional leading `-`, that fits in 64 bits.
    case int
    /// A UUID in its 36-character form, any case.
    case uuid
  }

  /// One segment of a pattern.
  public enum Segment: Sendable, Hashable {
    /// Exactly this (percent-decoded) text.
    case literal(String)
    /// One segment of the given type, captured under `name`.
    case parameter(name: String, type: ParameterType)
    /// One segment, not captured (`*`).
    case wildcard
    /// One or more remaining segments, captured joined by `/` (`*name`).
    case catchAll(name: String)
  }

  /// The pattern as written.
  public let description: String
  /// The pattern's segments; empty for the root pattern `/`.
  public let segments: [Segment]

  /// Parses a pattern.
  ///
  /// - Parameter text: A path pattern, such as `/requests/:id(int)`.
  /// - Throws: ``RouteTableError`` naming the pattern and what is wrong with it.
  public init(_ text: String) throws(RouteTableError) {
    do {
      self.segments = try Self.parse(text)
    } catch {
      throw RouteTableError(problems: [
        .init(.invalidPattern, "pattern \"\(text)\": \(error.reason)")
      ])
    }
    self.description = text
  }

  /// The names of the captured parameters, in order.
  public var parameterNames: [String] {
    segments.compactMap {
      switch $0 {
      case .parameter(let name, _), .catchAll(let name): name
      case .literal, .wildcard: nil
      }
    }
  }

  private struct SyntaxError: Error { let reason: String }

  private static func parse(_ text: String) throws(SyntaxError) -> [Segment] {
    guard text.hasPrefix("/") else { throw SyntaxError(reason: "a pattern must start with \"/\"") }
    var parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    if parts.last?.isEmpty == true { parts.removeLast() }  // "/" and a trailing "/"
    var segments: [Segment] = []
    var names: Set<String> = []
    for (index, part) in parts.enumerated() {
      let position = index + 1
      guard !part.isEmpty else { throw SyntaxError(reason: "segment \(position) is empty") }
      let segment = try parseSegment(part, position: position)
      switch segment {
      case .parameter(let name, _), .catchAll(let name):
        guard names.insert(name).inserted else {
          throw SyntaxError(reason: "the parameter name \"\(name)\" is used twice")
        }
        if case .catchAll = segment, index != parts.count - 1 {
          throw SyntaxError(reason: "the catch-all \"\(part)\" must be the last segment")
        }
      case .literal, .wildcard: break
      }
      segments.append(segment)
    }
    return segments
  }

  private static func parseSegment(_ part: Substring, position: Int) throws(SyntaxError) -> Segment {
    if part == "*" { return .wildcard }
    if part.hasPrefix("*") {
      let name = String(part.dropFirst())
      try checkName(name, in: part)
      return .catchAll(name: name)
    }
    if part.hasPrefix(":") {
      var body = part.dropFirst()
      var type = ParameterType.string
      if let open = body.firstIndex(of: "(") {
        guard body.hasSuffix(")") else {
          throw SyntaxError(reason: "\"\(part)\" opens \"(\" without closing it at the end")
        }
        let typeName = String(body[body.index(after: open)..<body.index(before: body.endIndex)])
        guard let parsed = ParameterType(rawValue: typeName) else {
          throw SyntaxError(
            reason: "\"\(part)\" has the unknown type \"\(typeName)\"; the types are int, uuid and string")
        }
        type = parsed
        body = body[..<open]
      }
      try checkName(String(body), in: part)
      return .parameter(name: String(body), type: type)
    }
    for forbidden: Character in ["?", "#", "(", ")", "\\"] where part.contains(forbidden) {
      throw SyntaxError(reason: "segment \(position) \"\(part)\" holds \"\(forbidden)\"; a pattern is a path only")
    }
    guard let decoded = PercentEncoding.decode(part.utf8[...]) else {
      throw SyntaxError(reason: "segment \(position) \"\(part)\" holds a malformed percent escape")
    }
    guard decoded != ".", decoded != ".." else {
      throw SyntaxError(reason: "segment \(position) is a dot segment, which no link can match")
    }
    return .literal(decoded)
  }

  private static func checkName(_ name: String, in part: Substring) throws(SyntaxError) {
    guard !name.isEmpty else { throw SyntaxError(reason: "\"\(part)\" has an empty parameter name") }
    let bytes = Array(name.utf8)
    let isValid =
      (bytes[0].isASCIILetter || bytes[0] == UInt8(ascii: "_"))
      && bytes.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: "_") }
    guard isValid else {
      throw SyntaxError(
        reason:
          "\"\(part)\" has the invalid parameter name \"\(name)\" (use letters, digits and _, not starting with a digit)"
      )
    }
  }
}
