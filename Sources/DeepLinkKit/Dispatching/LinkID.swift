/// The number a dispatcher gives each link it receives, in arrival order, so that events about
/// one link can be told apart from another's.
public struct LinkID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The arrival number, from 1.
  public let rawValue: Int

  /// Creates an identifier from its arrival number.
  public init(_ rawValue: Int) { self.rawValue = rawValue }

  /// `#3`.
  public var description: String { "#\(rawValue)" }

  public static func < (lhs: LinkID, rhs: LinkID) -> Bool { lhs.rawValue < rhs.rawValue }
}
