/// Something that must hold before a link can be delivered: the app is ready to navigate, the
/// user is signed in, …
///
/// Every route needs ``ready``; a dispatcher's `requirements` add more per route. The app
/// satisfies and revokes conditions as its state changes:
///
/// ```swift
/// extension LinkCondition { static let signedIn: LinkCondition = "signedIn" }
/// dispatcher.satisfy(.ready)      // splash done, root UI built
/// dispatcher.satisfy(.signedIn)   // login finished
/// dispatcher.revoke(.signedIn)    // logout
/// ```
public struct LinkCondition: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
  /// The condition's name, as events and logs show it.
  public let name: String

  /// Creates a condition.
  public init(_ name: String) { self.name = name }

  /// Creates a condition from a literal: `"signedIn"`.
  public init(stringLiteral name: String) { self.name = name }

  /// The app can navigate: its root UI exists and launch work is done. Every route needs it.
  public static let ready = LinkCondition("ready")

  /// The dispatcher has a handler to deliver to: it holds when the dispatcher is created with
  /// `deliver`, or once `setHandler` gives it one, so that the object that owns the dispatcher can
  /// create it before it can navigate. Every route needs it; a held link's `missing` names it
  /// while there is no handler. It is not among the `satisfiedConditions`, which the app sets.
  public static let handler = LinkCondition("handler")

  public var description: String { name }

  public static func < (lhs: LinkCondition, rhs: LinkCondition) -> Bool { lhs.name < rhs.name }

  /// The names of `conditions` in the order of their text, as events and outcomes print them: by
  /// the router's one sort, which is not generic, so the dispatcher's module carries no copy of a
  /// sort of its own.
  static func sortedNames(_ conditions: Set<LinkCondition>) -> [String] {
    let names = conditions.map(\.name)
    return stableOrder(names.map { (0, $0) }).map { names[$0] }
  }
}
