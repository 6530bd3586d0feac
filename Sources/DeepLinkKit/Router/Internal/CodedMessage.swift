/// A stable, string-backed code (``DeepLinkError/Code``, ``RouteTableError/Problem/Code``): a
/// struct rather than an enum, so that codes can be added without breaking a `switch`, whose
/// description is its raw value.
package protocol StableCode: RawRepresentable<String>, Sendable, Hashable, CustomStringConvertible {}

extension StableCode {
  public var description: String { rawValue }
}

/// A failure with a stable code and a message for people, described as `code: message`.
package protocol CodedMessage: Sendable, Equatable, CustomStringConvertible {
  associatedtype Code: StableCode
  var code: Code { get }
  var message: String { get }
}

extension CodedMessage {
  /// `code: message`.
  public var description: String { "\(code): \(message)" }
}
