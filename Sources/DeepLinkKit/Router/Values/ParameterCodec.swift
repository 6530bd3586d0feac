import Foundation

/// How one declared parameter is read from a link's text and printed back: a ``LinkValue``, an
/// `Optional` of one or an `Array` of one, with edge values and a generator for round-trip checks.
/// Built once per type and shared by every declaration. A link's values are read as their own type
/// (``typedRead``); printed values travel as `any Sendable`.
final class ParameterCodec: Sendable {
  enum Shape: Sendable { case one, optional, repeated }

  /// Why a parameter has no value.
  enum Failure: Error {
    case missing
    /// This text is not a value of the type.
    case invalid(String)
  }

  let shape: Shape
  /// The parameter's own type (`Int`, `Int?` or `[Int]`), which a value must have exactly to be
  /// taken for one of this parameter's when a route is searched for its values.
  let valueType: ObjectIdentifier
  /// The pattern type a link's text must have for the parameter to match (`int`, `uuid`), or
  /// `string` when the value is checked only once the route is built.
  let patternType: RoutePattern.ParameterType
  /// What the value's text must be, for messages.
  var requirement: String { Self.requirement(of: linkValue) }
  /// The type's name, for messages.
  func typeName() -> String { Self.typeName(linkValue, shape) }
  /// The texts of every value there is, when the type lists them (``LinkValue/linkAllowedValues``).
  func allowedTexts() -> [String]? { Self.allowedTexts(linkValue) }
  /// Reads the parameter of a name from a link's parameters as the declared type `T`: a
  /// ``TypedRead`` of `T`.
  let typedRead: any AnyObject & Sendable
  /// The same, as `any Sendable`.
  let read: @Sendable (RouteParameters, String) throws -> any Sendable
  /// The texts that print a value; `nil` when the value is not of this parameter's type.
  func write(_ value: Any) -> [String]? { Self.write(linkValue, shape, value) }
  /// The value as this parameter's type, if it is one.
  func cast(_ value: Any) -> (any Sendable)? { Self.cast(linkValue, shape, value) }
  /// The value a route is built from to name it after its case in an exported table: the first
  /// value round-trip checks try (`nil` when an app's type gives none, absent for an `Optional`,
  /// empty for an `Array`).
  func example() -> (any Sendable)? { Self.example(linkValue, shape) }
  /// The ``LinkValue`` type. What only printing, messages and the tools need is worked out from
  /// it when they ask, so that an app that never prints keeps none of it (closures made with the
  /// codec were kept by every app that declares a route).
  private let linkValue: any LinkValue.Type
  #if DEBUG
    /// Values a property test starts from: the edges of the type (zero, negatives, the largest
    /// numbers; case variants and Unicode forms of text; every case of an app's enum), then a
    /// value drawn at random for each `SplitMix` call; `nil` when an app's type gives none. Only
    /// in a debug build, which `DeepLinkKitTesting`'s round-trip checks need: a release build
    /// leaves the generators out of an app.
    let value: @Sendable (_ edge: Int, inout SplitMix) -> (any Sendable)?
  #endif

  /// The codec of the parameter type `Parameter`, made of its ``LinkValue`` type `V` in a shape:
  /// every declaration of the type shares it, so that the closures that read a link's values are
  /// one set per type, which a large table's links keep close, not one set per route.
  ///
  /// The types come as existentials so that the codec's closures are compiled once, generic, and
  /// not again for each type the library conforms (why: Benchmarks/README.md, "Why the code looks
  /// as it does").
  static func shared(_ parameter: Any.Type, _ value: any LinkValue.Type, _ shape: Shape) -> ParameterCodec {
    let key = ObjectIdentifier(parameter)
    return codecs.withLock { codecs in
      if let codec = codecs.first(where: { $0.valueType == key }) { return codec }
      let codec = ParameterCodec(value, shape: shape, valueType: key)
      codecs.appendUnspecialized(codec)
      return codec
    }
  }

  /// What a value's text must be, for messages: "must be one of inbox, archive".
  private static func requirement<V: LinkValue>(of _: V.Type) -> String {
    if V.self == Bool.self { return "must be true or false" }
    if let allowed = V.linkAllowedValues { return "must be one of " + allowed.map(\.linkText).joined(separator: ", ") }
    if V.self == Int.self { return RoutePattern.ParameterType.int.requirement }
    if V.self == UUID.self { return RoutePattern.ParameterType.uuid.requirement }
    if V.self == String.self { return RoutePattern.ParameterType.string.requirement }
    if V.self == Double.self { return "must be a finite decimal number" }
    return "must be a valid \(V.self)"
  }

  /// The codecs made so far. An app declares a handful of parameter types, so a list serves; a
  /// dictionary would cost the first router in a process a conformance look-up to instantiate.
  private static let codecs = Locked<[ParameterCodec]>([])

  private init<V: LinkValue>(_: V.Type, shape: Shape, valueType: ObjectIdentifier) {
    self.shape = shape
    self.valueType = valueType
    patternType = V.self == Int.self ? .int : V.self == UUID.self ? .uuid : .string
    linkValue = V.self
    switch shape {
    case .one:
      let readValue: @Sendable (RouteParameters, String) throws -> V = { parameters, name in
        guard let text = parameters[name] else { throw Failure.missing }
        guard let value = V(linkText: text) else { throw Failure.invalid(text) }
        return value
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
    case .optional:
      let readValue: @Sendable (RouteParameters, String) throws -> V? = { parameters, name in
        guard let text = parameters[name] else { return nil }
        guard let value = V(linkText: text) else { throw Failure.invalid(text) }
        return value
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
    case .repeated:
      let readValue: @Sendable (RouteParameters, String) throws -> [V] = { parameters, name in
        var values: [V] = []
        for text in parameters.values(name) {
          guard let value = V(linkText: text) else { throw Failure.invalid(text) }
          values.append(value)
        }
        return values
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
    }
    #if DEBUG
      let one = Self.values(of: V.self)
      switch shape {
      case .one:
        value = { one($0, &$1) }
      case .optional:
        // Absent first, then each edge; drawn values are absent one time in four.
        value = { edge, generator in
          if edge == 0 || (edge < 0 && generator.next() % 4 == 0) { return V?.none as any Sendable }
          return one(edge > 0 ? edge - 1 : edge, &generator).map { Optional($0) }
        }
      case .repeated:
        // For each edge of the element: no value, the edge, the edge twice, and three values from
        // the edge on; drawn arrays hold up to three values.
        value = { edge, generator in
          let count = edge < 0 ? Int(generator.next() % 4) : edge % 4
          var values: [V] = []
          for index in 0..<count {
            guard let value = one(edge < 0 ? -1 : edge / 4 + (count == 3 ? index : 0), &generator) else { return nil }
            values.append(value)
          }
          return values
        }
      }
    #endif
  }

  private static func typeName<V: LinkValue>(_: V.Type, _ shape: Shape) -> String {
    switch shape {
    case .one: "\(V.self)"
    case .optional: "Optional<\(V.self)>"
    case .repeated: "Array<\(V.self)>"
    }
  }

  private static func allowedTexts<V: LinkValue>(_: V.Type) -> [String]? { V.linkAllowedValues?.map(\.linkText) }

  private static func write<V: LinkValue>(_: V.Type, _ shape: Shape, _ value: Any) -> [String]? {
    switch shape {
    case .one: (value as? V).map { [$0.linkText] }
    case .optional: (value as? V?).map { $0.map { [$0.linkText] } ?? [] }
    case .repeated: (value as? [V]).map { $0.map(\.linkText) }
    }
  }

  private static func cast<V: LinkValue>(_: V.Type, _ shape: Shape, _ value: Any) -> (any Sendable)? {
    switch shape {
    case .one: value as? V
    case .optional: value as? V?
    case .repeated: value as? [V]
    }
  }

  private static func example<V: LinkValue>(_: V.Type, _ shape: Shape) -> (any Sendable)? {
    switch shape {
    case .one: firstValue(of: V.self)
    // Boxed: a bare `V?.none` would become the caller's own `nil`, which means no value.
    case .optional: V?.none as any Sendable
    case .repeated: [V]()
    }
  }

  /// The value of the parameter `name` in a link's parameters, as `T`: the type this codec was
  /// made for, which the caller has checked (`typedRead is TypedRead<T>`).
  func value<T>(_: T.Type, _ parameters: RouteParameters, _ name: String) throws(InvalidParameterValue) -> T {
    do {
      return try (typedRead as! TypedRead<T>).read(parameters, name)
    } catch {
      throw InvalidParameterValue(name: name, error, requirement: requirement)
    }
  }

  /// The first value of a type, which round-trip checks try first (``EdgeValues``) and an
  /// exported table names a route by: zero, `"a"`, the nil UUID, or an app's type's first
  /// allowed value, else its first example.
  private static func firstValue<V: LinkValue>(of _: V.Type) -> V? {
    switch V.self {
    case is Int.Type: 0 as? V
    case is String.Type: "a" as? V
    case is Double.Type: 0.0 as? V
    case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? V
    default: V.linkAllowedValues?.first ?? V.linkExamples.first
    }
  }

  #if DEBUG
    /// The type's values for round-trip checks: edge `n` (`n` ≥ 0) of the list below, wrapping
    /// around, or a value drawn at random for a negative `n`. The built-in types' edges are those a
    /// closure that changes or drops a value would show (`abs`, `lowercased()`, `$0 == 3 ? 4 : $0`,
    /// a case chosen by the sign); drawn text has spaces, `%`, `/`, `+`, non-ASCII and emoji. An
    /// app's type gives its allowed values, or else its examples.
    private static func values<V: LinkValue>(of _: V.Type) -> @Sendable (Int, inout SplitMix) -> V? {
      // Worked out on each call, which only checks make: nothing of it is paid when a codec is made.
      { edge, generator in
        let edges: [V]
        switch V.self {
        case is Int.Type:
          if edge < 0 { return (Int(truncatingIfNeeded: generator.next()) >> Int(generator.next() % 64)) as? V }
          edges = EdgeValues.int as? [V] ?? []
        case is String.Type:
          if edge < 0 { return generator.text() as? V }
          edges = EdgeValues.text as? [V] ?? []
        case is Double.Type:
          if edge < 0 { return (Double(Int64(truncatingIfNeeded: generator.next()) >> 20) / 1024) as? V }
          edges = EdgeValues.double as? [V] ?? []
        case is UUID.Type:
          if edge < 0 { return UUID(uuidString: generator.uuidText()) as? V }
          edges = EdgeValues.uuid as? [V] ?? []
        default:
          var unique: [V] = []
          for value in (V.linkAllowedValues ?? []) + V.linkExamples where !unique.contains(value) {
            unique.append(value)
          }
          edges = unique
        }
        guard !edges.isEmpty else { return nil }
        return edges[edge < 0 ? Int(generator.next() % UInt64(edges.count)) : edge % edges.count]
      }
    }
  #endif
}

#if DEBUG
  /// The edge values of the built-in types that a property test tries first.
  enum EdgeValues {
    static let int: [Int] = [
      0, 1, -1, 2, -2, 3, -3, 4, 5, 7, 9, 10, -10, 42, 99, 100, 127, 128, 255, 256, 999, 1_000, 1_023, 1_024, 9_999,
      10_000, 32_767, 32_768, 65_535, 65_536, Int(Int32.max), Int(Int32.min), Int.max, Int.min, Int.max - 1,
      Int.min + 1,
    ]
    /// Case variants, Unicode forms (é precomposed and decomposed, the Ohm and Kelvin signs beside
    /// Omega and K, a ligature, full-width letters), characters that links encode, and text that
    /// reads as another type.
    static let text: [String] = [
      "a", "A", "abc", "ABC", "Abc", "aBC", "\u{E9}", "e\u{301}", "\u{C9}", "\u{DF}", "SS", "\u{130}", "\u{131}",
      "\u{2126}", "\u{3A9}", "\u{212A}", "K", "\u{FB01}", "\u{FF46}\u{FF55}", "a b", " a", "a ", "a+b", "a%b", "a/b",
      "a?b", "a#b", "a&b=c", "100%", "0", "-1", "007", "true", "null", "\u{4F8B}", "\u{1F600}", "\u{1F44D}\u{1F3FD}",
      "\u{1F1EB}\u{1F1F7}",
    ]
    static let double: [Double] = [
      0, -0.0, 1, -1, 0.5, -0.5, 0.1, 3, 1e-7, 1e21, 1e300, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      -.greatestFiniteMagnitude, 123_456_789.125,
    ]
    static let uuid: [UUID] = [
      UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
      UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)),
      UUID(uuid: (0x9F, 0x0C, 0x3A, 0x52, 0x1B, 0x7E, 0x4C, 0x55, 0xA3, 0xC4, 0x0E, 0x1D, 0x2F, 0x3A, 0x4B, 0x5C)),
    ]
  }
#endif

/// Reads a parameter as `T`, its declared type (its first value, or every value of its name for
/// a repeated one), with no box around the value and no cast: one per type, shared.
final class TypedRead<T>: Sendable {
  let read: @Sendable (RouteParameters, String) throws -> T

  init(_ read: @escaping @Sendable (RouteParameters, String) throws -> T) { self.read = read }
}
