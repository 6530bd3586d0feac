import Foundation

/// How one declared parameter is read from a link's text and printed back: a ``LinkValue``, an
/// `Optional` of one or an `Array` of one, with its examples and a generator for round-trip
/// checks. Built once per type and shared by every declaration. A link's values are read as
/// their own type (``typedRead``); examples and printed values travel as `any Sendable`.
final class ParameterCodec: Sendable {
  enum Shape: Sendable { case one, optional, repeated }

  /// Why a parameter has no value.
  enum Failure: Error {
    case missing
    /// This text is not a value of the type.
    case invalid(String)
  }

  let shape: Shape
  /// The pattern type a link's text must have for the parameter to match (`int`, `uuid`), or
  /// `string` when the value is checked only once the route is built.
  let patternType: RoutePattern.ParameterType
  /// What the value's text must be, for messages.
  let requirement: String
  /// The texts of every value there is, when the type lists them (``LinkValue/linkAllowedValues``).
  let allowedTexts: [String]?
  /// Distinct values, for probing a declaration.
  let examples: [any Sendable]
  /// Reads the parameter of a name from a link's parameters as the declared type `T`: a
  /// ``TypedRead`` of `T`.
  let typedRead: any AnyObject & Sendable
  /// The same, as `any Sendable`.
  let read: @Sendable (RouteParameters, String) throws -> any Sendable
  /// The texts that print a value; `nil` when the value is not of this parameter's type.
  let write: @Sendable (Any) -> [String]?
  /// The value as this parameter's type, if it is one.
  let cast: @Sendable (Any) -> (any Sendable)?
  /// Whether two values of this parameter's type are equal.
  let equal: @Sendable (any Sendable, any Sendable) -> Bool
  /// A random value, for round-trip checks; `nil` for an app's type with no examples.
  let generate: @Sendable (inout SplitMix) -> (any Sendable)?

  /// The codec of a declared parameter type, or `nil` when it is not a ``LinkValue``, or an
  /// `Optional` or `Array` of one. Every declaration of a type shares its codec: the closures
  /// that read a link's values are then one set per type, which a large table's links keep
  /// close, not one set per route.
  static func make<T: LinkParameter>(_ type: T.Type) -> ParameterCodec? {
    if let shared = shared.withLock({ $0[ObjectIdentifier(type)] }) { return shared }
    let codec: ParameterCodec
    if let value = type as? any LinkValue.Type {
      codec = ParameterCodec(value, shape: .one)
    } else if let wrapper = type as? any WrappingLinkParameter.Type {
      codec = wrapper.codec
    } else {
      return nil
    }
    // (Two threads may make a type's codec at once; either serves.)
    shared.withLock { $0[ObjectIdentifier(type)] = codec }
    return codec
  }

  /// The codecs made so far, by declared type.
  private static let shared = Locked<[ObjectIdentifier: ParameterCodec]>([:])

  // A codec is made from a type opened at run time, so its closures run as generic code: for
  // the built-in types, these give them code of their own, with no generic metadata looked up
  // per link.
  @_specialize(where V == Int)
  @_specialize(where V == String)
  @_specialize(where V == UUID)
  @_specialize(where V == Bool)
  @_specialize(where V == Double)
  init<V: LinkValue>(_: V.Type, shape: Shape) {
    self.shape = shape
    patternType = V.self == Int.self ? .int : V.self == UUID.self ? .uuid : .string
    requirement = V.linkRequirement
    allowedTexts = V.linkAllowedValues?.map(\.linkText)
    let examples = V.linkExamples.reduce(into: [V]()) { found, value in
      if !found.contains(value) { found.append(value) }
    }
    let generateOne = Self.generator(for: V.self, examples: examples)
    switch shape {
    case .one:
      self.examples = examples
      let readValue: @Sendable (RouteParameters, String) throws -> V = { parameters, name in
        guard let text = parameters[name] else { throw Failure.missing }
        guard let value = V(linkText: text) else { throw Failure.invalid(text) }
        return value
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
      write = { ($0 as? V).map { [$0.linkText] } }
      cast = { $0 as? V }
      equal = { ($0 as? V) == ($1 as? V) }
      generate = { generateOne(&$0) }
    case .optional:
      self.examples = examples.map { Optional($0) }
      let readValue: @Sendable (RouteParameters, String) throws -> V? = { parameters, name in
        guard let text = parameters[name] else { return nil }
        guard let value = V(linkText: text) else { throw Failure.invalid(text) }
        return value
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
      write = { value in (value as? V?).map { $0.map { [$0.linkText] } ?? [] } }
      cast = { $0 as? V? }
      equal = { ($0 as? V?) == ($1 as? V?) }
      generate = { generator in generator.next() % 4 == 0 ? V?.none : generateOne(&generator) }
    case .repeated:
      self.examples = examples.isEmpty ? [] : [[examples[0]], examples]
      let readValue: @Sendable (RouteParameters, String) throws -> [V] = { parameters, name in
        var values: [V] = []
        for text in parameters.values(name) {
          guard let value = V(linkText: text) else { throw Failure.invalid(text) }
          values.append(value)
        }
        return values
      }
      (typedRead, self.read) = (TypedRead(readValue), { try readValue($0, $1) })
      write = { value in (value as? [V]).map { $0.map(\.linkText) } }
      cast = { $0 as? [V] }
      equal = { ($0 as? [V]) == ($1 as? [V]) }
      generate = { generator in
        var values: [V] = []
        for _ in 0..<generator.next() % 4 {
          guard let value = generateOne(&generator) else { return nil }
          values.append(value)
        }
        return values
      }
    }
  }

  /// The value of the parameter `name` in a link's parameters, as `T`: the type this codec was
  /// made for, which the caller has checked (`typedRead is TypedRead<T>`).
  func value<T>(_: T.Type, _ parameters: RouteParameters, _ name: String) throws(InvalidParameterValue) -> T {
    do {
      return try unsafeDowncast(typedRead, to: TypedRead<T>.self).read(parameters, name)
    } catch {
      throw InvalidParameterValue(name: name, error, requirement: requirement)
    }
  }

  /// Random values of the built-in types, written to reach their edges (text with spaces, `%`,
  /// `/`, `+`, non-ASCII and emoji; negative and large numbers); the app's own types draw from
  /// their examples.
  private static func generator<V: LinkValue>(for type: V.Type, examples: [V]) -> @Sendable (inout SplitMix) -> V? {
    let draw: @Sendable (inout SplitMix) -> Any
    switch type {
    case is Int.Type: draw = { Int(truncatingIfNeeded: $0.next()) >> Int($0.next() % 64) }
    case is String.Type: draw = { $0.text() }
    case is Bool.Type: draw = { $0.next() % 2 == 0 }
    case is Double.Type: draw = { Double(Int64(truncatingIfNeeded: $0.next()) >> 20) / 1024 }
    case is UUID.Type: draw = { UUID(uuidString: $0.uuidText()) as Any }
    default: draw = { examples.isEmpty ? Void() as Any : examples[Int($0.next() % UInt64(examples.count))] }
    }
    return { draw(&$0) as? V }
  }
}

/// Reads a parameter as `T`, its declared type (its first value, or every value of its name for
/// a repeated one), with no box around the value and no cast: one per type, shared.
final class TypedRead<T>: Sendable {
  let read: @Sendable (RouteParameters, String) throws -> T

  init(_ read: @escaping @Sendable (RouteParameters, String) throws -> T) { self.read = read }
}

/// `Optional` and `Array` of a ``LinkValue``: the query parameter shapes.
protocol WrappingLinkParameter {
  static var codec: ParameterCodec { get }
}

extension Optional: WrappingLinkParameter where Wrapped: LinkValue {
  static var codec: ParameterCodec { ParameterCodec(Wrapped.self, shape: .optional) }
}

extension Array: WrappingLinkParameter where Element: LinkValue {
  static var codec: ParameterCodec { ParameterCodec(Element.self, shape: .repeated) }
}
