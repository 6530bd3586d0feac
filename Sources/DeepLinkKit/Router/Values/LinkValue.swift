import Foundation

/// A type a route's parameter can have: the value a declaration hands to the app's route, read
/// from a link's decoded text and printed back to it.
///
/// `Int`, `String`, `UUID`, `Bool` and `Double` conform. The app's own types conform with an empty
/// extension when they are `LosslessStringConvertible`, or `RawRepresentable` with a `String` or
/// `Int` raw value (a raw-value enum that is also `CaseIterable` is the list of allowed values):
///
/// ```swift
/// enum Tab: String, CaseIterable, LinkValue { case inbox, archive }
/// .path("/tabs/:tab", DeeplinkType.tab)   // myapp://tabs/inbox, not myapp://tabs/spam
/// ```
///
/// A query parameter may also be `Optional` (absent prints nothing) or an `Array` (every query
/// item of its name, in order); see ``LinkParameter``.
public protocol LinkValue: LinkParameter {
  /// Reads a value from its decoded text in a link; `nil` when the text is not one.
  init?(linkText: String)
  /// The text that stands for this value in a link, before percent-encoding.
  var linkText: String { get }
  /// A few distinct values of the type. Nothing calls the app's route closures with them when a
  /// router is built or a link resolves: `roundTripProblems()` (in `DeepLinkKitTesting`) draws an
  /// app type's values from them, beside its ``linkAllowedValues``, and an exported table names
  /// an unnamed route after the enum case built from them (`routeTable`, in `DeepLinkKitConfiguration`).
  static var linkExamples: [Self] { get }
  /// Every value there is, when they are few (a `CaseIterable` raw-value enum, `Bool`); `nil`
  /// otherwise. An exported JSON table lists their texts, so that it refuses what the Swift
  /// declaration refuses.
  static var linkAllowedValues: [Self]? { get }
}

extension LinkValue {
  public static var linkAllowedValues: [Self]? { nil }
}

/// A type a route's parameter can be declared with: a ``LinkValue``, or, for a query parameter,
/// an `Optional` or `Array` of one. Nothing else conforms.
public protocol LinkParameter: Sendable, Equatable {
  /// How DeepLinkKit reads and prints a parameter of this type; given for ``LinkValue``, `Optional`
  /// and `Array`, and for nothing else (a type of the app's own adopts ``LinkValue``).
  ///
  /// A static requirement rather than a cast at run time: a declaration finds its codecs with no
  /// conformance look-up, which is what a cold start would pay for each type.
  static var _linkCodec: _LinkCodec { get }
}

/// How one parameter type is read from a link and printed back. DeepLinkKit makes these; they have
/// no public members.
public struct _LinkCodec: Sendable {
  let codec: ParameterCodec
}

extension LinkValue {
  public static var _linkCodec: _LinkCodec { _LinkCodec(codec: ParameterCodec.shared(Self.self, Self.self, .one)) }
}

extension Optional: LinkParameter where Wrapped: LinkValue {
  public static var _linkCodec: _LinkCodec {
    _LinkCodec(codec: ParameterCodec.shared(Self.self, Wrapped.self, .optional))
  }
}

extension Array: LinkParameter where Element: LinkValue {
  public static var _linkCodec: _LinkCodec {
    _LinkCodec(codec: ParameterCodec.shared(Self.self, Element.self, .repeated))
  }
}

extension Int: LinkValue {
  public init?(linkText: String) {
    guard RoutePattern.ParameterType.int.accepts(linkText) else { return nil }
    self.init(linkText)
  }
  public var linkText: String { String(self) }
  public static var linkExamples: [Int] { [7_901_234, 8_902_345] }
}

extension String: LinkValue {
  /// Any text; a path segment is never empty, a query item's value may be.
  public init?(linkText: String) { self = linkText }
  public var linkText: String { self }
  public static var linkExamples: [String] { ["example-a7", "example-b8"] }
}

extension UUID: LinkValue {
  public init?(linkText: String) {
    guard RoutePattern.ParameterType.uuid.accepts(linkText) else { return nil }
    self.init(uuidString: linkText)
  }
  public var linkText: String { uuidString }
  public static var linkExamples: [UUID] {
    [
      UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
      UUID(uuid: (16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
    ]
  }
}

extension Bool: LinkValue {
  /// `true` or `false`, exactly.
  public init?(linkText: String) {
    switch linkText {
    case "true": self = true
    case "false": self = false
    default: return nil
    }
  }
  public var linkText: String { self ? "true" : "false" }
  public static var linkExamples: [Bool] { [false, true] }
  public static var linkAllowedValues: [Bool]? { [true, false] }
}

extension Double: LinkValue {
  /// A finite decimal number (`2.5`, `-1`, `1e3`); not `nan` or `inf`.
  public init?(linkText: String) {
    guard linkText.allBytes(in: .decimalNumber), let value = Double(linkText),
      value.isFinite
    else { return nil }
    self = value
  }
  public var linkText: String { description }
  public static var linkExamples: [Double] { [7_901.25, 8_902.5] }
}

extension LinkValue where Self: LosslessStringConvertible {
  public init?(linkText: String) { self.init(linkText) }
  public var linkText: String { description }
  /// The first two distinct values read from a few common texts ("1", "2", "a", "b", …); a type
  /// that reads fewer than two gives its own.
  public static var linkExamples: [Self] {
    var found: [Self] = []
    for text in ["7901", "8902", "example-a7", "example-b8", "1", "2", "a", "b", "true", "false", "0"] {
      if let value = Self(text), !found.contains(value) { found.append(value) }
      if found.count == 2 { break }
    }
    return found
  }
}

extension LinkValue where Self: RawRepresentable, RawValue == String {
  public init?(linkText: String) { self.init(rawValue: linkText) }
  public var linkText: String { rawValue }
  /// None: a raw-value type that is not `CaseIterable` gives its own.
  public static var linkExamples: [Self] { [] }
}

extension LinkValue where Self: RawRepresentable, RawValue == Int {
  public init?(linkText: String) {
    guard let raw = Int(linkText: linkText) else { return nil }
    self.init(rawValue: raw)
  }
  public var linkText: String { String(rawValue) }
  /// None: a raw-value type that is not `CaseIterable` gives its own.
  public static var linkExamples: [Self] { [] }
}

extension LinkValue where Self: RawRepresentable & CaseIterable, RawValue == String {
  /// Every case: the cases are the allowed values.
  public static var linkExamples: [Self] { Array(allCases) }
  public static var linkAllowedValues: [Self]? { Array(allCases) }
}

extension LinkValue where Self: RawRepresentable & CaseIterable, RawValue == Int {
  /// Every case: the cases are the allowed values.
  public static var linkExamples: [Self] { Array(allCases) }
  public static var linkAllowedValues: [Self]? { Array(allCases) }
}
