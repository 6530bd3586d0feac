// `indirect`, as `LinkEvent.Kind` is: why in Benchmarks/README.md, "Why the code looks as it does".

/// What a dispatcher did with a link the moment it arrived.
///
/// A quick action's completion handler wants ``isHandled``; a universal link that is `refused`
/// can be opened in the browser instead.
public indirect enum LinkOutcome<Route: Hashable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  /// The app's handler has been given the route.
  case delivered(Route)
  /// The route waits for these conditions, and will be delivered once they hold (unless a later
  /// event drops it).
  case held(Route, missing: Set<LinkCondition>)
  /// The route requires confirmation and came from an untrusted source: the app has been asked,
  /// and the route is delivered once it approves (or dropped as declined).
  case awaitingConfirmation(Route)
  /// The link opens nothing.
  case refused(DeepLinkError)
  /// The route was dropped at once (a duplicate, or a full queue).
  case dropped(Route, DropReason)

  /// Whether the link is being handled: delivered now, held for later, or a duplicate of a link
  /// that is (so a cold start's second copy still answers `true` to UIKit, which would otherwise
  /// try to open the link some other way).
  public var isHandled: Bool {
    switch self {
    case .delivered, .held, .awaitingConfirmation: true
    case .dropped(_, let reason): reason.code == .duplicate
    case .refused: false
    }
  }

  /// The case as Swift writes it, on one line: `held(inbox, missing: [signedIn])`,
  /// `refused(noRoute: no route matches the path "/nowhere")`. Written here, not read by
  /// reflection (see ``DeliveryContext/description``).
  public var description: String {
    let text =
      switch self {
      case .delivered(let route): "delivered(\(route))"
      case .held(let route, let missing):
        "held(\(route), missing: [\(LinkCondition.sortedNames(missing).joined(separator: ", "))])"
      case .awaitingConfirmation(let route): "awaitingConfirmation(\(route))"
      case .refused(let error): "refused(\(error))"
      case .dropped(let route, let reason): "dropped(\(route), \(reason))"
      }
    return TextRules.escaped(text)
  }
}
