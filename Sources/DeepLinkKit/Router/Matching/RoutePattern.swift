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
///
/// After the path, `?` declares query parameters, separated by `&`: `name` (required), `name?`
/// (optional), `name*` (every item of that name), `name=value` (a default, omitted when printing),
/// each with an optional type: `/search?q&page(int)=1&tag*`. Query items a pattern does not
/// declare still reach the route as parameters.
package struct RoutePattern: Sendable, CustomStringConvertible {
  /// The type a parameter segment must have.
  package enum ParameterType: String, Sendable, Hashable, CaseIterable {
    /// Any non-empty segment.
    case string
    /// A base-10 integer, optional leading `-`, that fits in 64 bits.
    case int
    /// A UUID in its 36-character form, any case.
    case uuid
  }

  /// One segment of a pattern.
  package enum Segment: Sendable {
    /// Exactly this (percent-decoded) text.
    case literal(String)
    /// One segment of the given type, captured under `name`.
    case parameter(name: String, type: ParameterType)
    /// One segment, not captured (`*`).
    case wildcard
    /// One or more remaining segments, captured joined by `/` (`*name`).
    case catchAll(name: String)

    /// The pattern's text for this segment.
    var text: String {
      switch self {
      case .literal(let text): PercentEncoding.encodePathSegment(text)
      case .parameter(let name, .string): ":" + name
      case .parameter(let name, let type): ":\(name)(\(type.rawValue))"
      case .wildcard: "*"
      case .catchAll(let name): "*" + name
      }
    }

    /// The name a parameter or catch-all captures.
    package var parameterName: String? {
      switch self {
      case .parameter(let name, _), .catchAll(let name): name
      case .literal, .wildcard: nil
      }
    }
  }

  /// A query parameter the pattern declares.
  package struct QueryParameter: Sendable {
    /// Whether a link must carry the parameter.
    package enum Presence: Sendable, Equatable {
      /// Exactly one item is read; a link without it is refused (`name`).
      case required
      /// The item may be absent (`name?`).
      case optional
      /// Every item of the name, in order, none included (`name*`).
      case repeated
      /// This decoded value when the item is absent; printing omits it (`name=value`).
      case defaulted(String)
    }

    /// The parameter's name.
    package var name: String
    /// The type its value (each value, when repeated) must have.
    package var type: ParameterType
    /// Whether it must be there.
    package var presence: Presence

    /// The pattern's text for this parameter.
    var text: String {
      let typed = type == .string ? name : "\(name)(\(type.rawValue))"
      switch presence {
      case .required: return typed
      case .optional: return typed + "?"
      case .repeated: return typed + "*"
      case .defaulted(let value): return typed + "=" + PercentEncoding.encodeQueryComponent(value)
      }
    }
  }

  /// The pattern as written.
  package let description: String
  /// The pattern's segments; empty for the root pattern `/`.
  package let segments: [Segment]
  /// The query parameters declared after `?`, in order.
  package let query: [QueryParameter]

  /// Parses a pattern.
  ///
  /// - Parameter text: A path pattern, such as `/requests/:id(int)`.
  /// - Throws: ``RouteTableError`` naming the pattern and what is wrong with it.
  package init(_ text: String) throws(RouteTableError) {
    do {
      // The pattern's bytes, read once: the path's before `?`, the query's after it.
      let bytes = Array(text.utf8)
      let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
      var names = DeclaredNames()
      let segments = try Self.parse(bytes[..<(questionMark ?? bytes.endIndex)], names: &names)
      self.segments = segments
      if let questionMark {
        self.query = try Self.parseQuery(bytes[(questionMark + 1)...], names: &names)
      } else {
        self.query = []
      }
    } catch {
      throw RouteTableError(problems: [
        .init(.invalidPattern, "pattern \(quoted(text, limit: 200)): \(error.reason)")
      ])
    }
    self.description = text
  }

  init(description: String, segments: [Segment], query: [QueryParameter]) {
    self.description = description
    self.segments = segments
    self.query = query
  }

  /// The names of the captured parameters, in order.
  /// How many parameters a link matching this pattern can give: its path parameters and
  /// catch-all, and its declared query parameters.
  var capturedCount: Int {
    var count = query.count
    for segment in segments {
      switch segment {
      case .parameter, .catchAll: count += 1
      case .literal, .wildcard: break
      }
    }
    return count
  }

  package var parameterNames: [String] {
    segments.compactMap(\.parameterName)
  }

  /// The pattern written out in full, every type and presence included: what a table exported
  /// from Swift holds, and what parses back to this pattern.
  package var canonicalText: String {
    let path = "/" + segments.map(\.text).joined(separator: "/")
    return query.isEmpty ? path : path + "?" + query.map(\.text).joined(separator: "&")
  }

  /// The declared query parameter named `name`, if any.
  package func queryParameter(named name: String) -> QueryParameter? {
    query.first { $0.name == name }
  }

  private struct SyntaxError: Error { let reason: String }

  /// The parameter names a pattern declares, path and query: a list searched for the usual
  /// handful, which a set replaces past 8, so that a hostile pattern of 20,000 parameters is
  /// checked in linear time.
  private struct DeclaredNames {
    private var list: [String] = []
    private var set: Set<String>?

    /// Adds `name`, or throws if the pattern declares it already.
    mutating func add(_ name: String) throws(SyntaxError) {
      let isRepeated: Bool
      if set != nil {
        isRepeated = !set!.insertUnspecialized(name)
      } else {
        isRepeated = list.contains(name)
        list.append(name)
        if list.count == 8 {
          var names = Set<String>()
          for listed in list { names.insertUnspecialized(listed) }
          set = names
        }
      }
      guard !isRepeated else { throw SyntaxError(reason: "the parameter name \(quoted(name)) is used twice") }
    }
  }

  // Parsing works on UTF-8 bytes: character-by-character `Substring` work made building a large
  // table slow (Benchmarks/RESULTS.md).
  private typealias Bytes = ArraySlice<UInt8>

  /// Splits on "/" after the leading one; a last empty part ("/" alone, or a trailing "/") is
  /// dropped, any other empty part is an error. (`bytes` starts at index 0.)
  private static func parse(_ bytes: Bytes, names: inout DeclaredNames) throws(SyntaxError) -> [Segment] {
    guard bytes.first == UInt8(ascii: "/") else { throw SyntaxError(reason: "a pattern must start with \"/\"") }
    let end = bytes.count
    var segments: [Segment] = []
    // As many as the pattern has slashes, at most: a router keeps this array for the route.
    var slashes = 0
    for byte in bytes where byte == UInt8(ascii: "/") { slashes += 1 }
    segments.reserveCapacity(slashes)
    var start = 1
    while start <= end {
      let stop = bytes[start..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      let part = bytes[start..<stop]
      let position = segments.count + 1
      if part.isEmpty {
        if start == end { break }  // the dropped last part
        throw SyntaxError(reason: "segment \(position) is empty")
      }
      let isLast = stop >= end - 1
      let segment = try parseSegment(part, position: position)
      if let name = segment.parameterName {
        try names.add(name)
        if case .catchAll = segment, !isLast {
          throw SyntaxError(reason: "the catch-all \(quoted(part)) must be the last segment")
        }
      }
      segments.append(segment)
      start = stop + 1
    }
    return segments
  }

  private static func string(_ bytes: Bytes) -> String { String(decoding: bytes, as: UTF8.self) }

  /// Parses the declared query parameters: `name`, `name?`, `name*` or `name=value`, each with an
  /// optional `(type)` after the name. On bytes, as the path is.
  private static func parseQuery(_ bytes: Bytes, names: inout DeclaredNames) throws(SyntaxError) -> [QueryParameter] {
    var parameters: [QueryParameter] = []
    var start = bytes.startIndex
    while true {
      let stop = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.endIndex
      let item = bytes[start..<stop]
      guard !item.isEmpty else { throw SyntaxError(reason: "the query declares an empty parameter") }
      var body = item
      var presence = QueryParameter.Presence.required
      if let equals = body.firstIndex(of: UInt8(ascii: "=")) {
        guard let value = PercentEncoding.decode(body[(equals + 1)...]) else {
          throw SyntaxError(reason: "the default of \(quoted(item)) holds a malformed percent escape")
        }
        presence = .defaulted(value)
        body = body[..<equals]
      } else if body.last == UInt8(ascii: "?") || body.last == UInt8(ascii: "*") {
        presence = body.last == UInt8(ascii: "?") ? .optional : .repeated
        body = body.dropLast()
      }
      var type = ParameterType.string
      if let open = body.firstIndex(of: UInt8(ascii: "(")) {
        guard body.last == UInt8(ascii: ")"), body.count > 1,
          let parsed = ParameterType(rawValue: string(body[(open + 1)..<(body.endIndex - 1)]))
        else {
          throw SyntaxError(
            reason:
              "the query parameter \(quoted(item)) has an unknown or unclosed type; the types are int, uuid and string")
        }
        type = parsed
        body = body[..<open]
      }
      let name = string(body)
      try checkName(name, in: item)
      if case .defaulted(let value) = presence, type != .string, !type.accepts(value) {
        throw SyntaxError(reason: "the default of \(quoted(item)) \(type.requirement)")
      }
      try names.add(name)
      parameters.append(QueryParameter(name: name, type: type, presence: presence))
      guard stop < bytes.endIndex else { return parameters }
      start = stop + 1
    }
  }

  private static func parseSegment(_ part: Bytes, position: Int) throws(SyntaxError) -> Segment {
    let first = part[part.startIndex]
    if first == UInt8(ascii: "*") {
      guard part.count > 1 else { return .wildcard }
      let name = string(part.dropFirst())
      try checkName(name, in: part)
      return .catchAll(name: name)
    }
    if first == UInt8(ascii: ":") {
      var body = part.dropFirst()
      var type = ParameterType.string
      if let open = body.firstIndex(of: UInt8(ascii: "(")) {
        guard body.last == UInt8(ascii: ")") else {
          throw SyntaxError(reason: "\(quoted(part)) opens \"(\" without closing it at the end")
        }
        let typeName = string(body[(open + 1)..<(body.endIndex - 1)])
        guard let parsed = ParameterType(rawValue: typeName) else {
          throw SyntaxError(
            reason: "\(quoted(part)) has the unknown type \(quoted(typeName)); the types are int, uuid and string")
        }
        type = parsed
        body = body[..<open]
      }
      let name = string(body)
      try checkName(name, in: part)
      return .parameter(name: name, type: type)
    }
    let isForbidden = { (byte: UInt8) in
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): true
      default: false
      }
    }
    if let forbidden = part.first(where: isForbidden) {
      throw SyntaxError(
        reason:
          "segment \(position) \(quoted(part)) holds \(quoted(CollectionOfOne(forbidden))); a pattern is a path only"
      )
    }
    guard let decoded = PercentEncoding.decode(part) else {
      throw SyntaxError(reason: "segment \(position) \(quoted(part)) holds a malformed percent escape")
    }
    guard decoded != ".", decoded != ".." else {
      throw SyntaxError(reason: "segment \(position) is a dot segment, which no link can match")
    }
    if let scalar = TextRules.firstRefused(in: decoded) {
      throw SyntaxError(
        reason: "segment \(position) \(quoted(part)) holds the \(TextRules.describe(scalar)), which no link can match")
    }
    return .literal(decoded)
  }

  private static func checkName(_ name: String, in part: Bytes) throws(SyntaxError) {
    let bytes = name.utf8
    guard let first = bytes.first else {
      throw SyntaxError(reason: "\(quoted(part)) has an empty parameter name")
    }
    let isValid =
      (first.isASCIILetter || first == UInt8(ascii: "_"))
      && name.allBytes(in: .nameCharacters)
    guard isValid else {
      throw SyntaxError(
        reason:
          "\(quoted(part)) has the invalid parameter name \(quoted(name)) (use letters, digits and _, not starting with a digit)"
      )
    }
  }
}
