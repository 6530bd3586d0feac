/// One decision of a dispatcher, for logging, counting and debugging links.
///
/// Each received link produces `received`, then `refused` or `resolved`, then `delivered`,
/// `held` (later followed by `delivered` or `dropped`) or `dropped`. A route the handler keeps in
/// a navigation state (DeepLinkKitUIKit's `LinkNavigationState`, `LinkNavigationStates`, `LinkWindows` waiting
/// for a window) is `delivered` when a view takes it, and `dropped` if a newer route replaces it
/// or its window closes first: so `delivered` counts links the user saw. Every event carries what an
/// observer needs to attribute it (count drops and refusals per campaign): the link's source, its
/// input as text, and its parameters (a refused link's query items).
///
/// ```swift
/// dispatcher.addObserver { event in
///   if case .dropped(let reason) = event.kind {
///     analytics.log("link dropped", reason.code, event.parameters["utm_campaign"], from: event.source)
///   }
/// }
/// ```
public struct LinkEvent<Route: Hashable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  // `indirect`: why in Benchmarks/README.md, "Why the code looks as it does".
  /// What happened.
  public indirect enum Kind: Sendable, Equatable, CustomStringConvertible {
    /// A link arrived from a source.
    case received(DeepLinkSource)
    /// It resolved to a route.
    case resolved(Route)
    /// It opens nothing, for this reason.
    case refused(DeepLinkError)
    /// It waits for these conditions.
    case held(missing: Set<LinkCondition>)
    /// The app is asked to confirm it (a route that requires confirmation, from an untrusted source).
    case confirmationRequested(Route)
    /// The app's handler was given the route (or, for a route kept in a navigation state, a view
    /// took it), this long after it arrived (zero if at once).
    case delivered(Route, heldFor: Duration)
    /// It was dropped and will never be delivered.
    case dropped(DropReason)

    /// The event without its link number: `held: waiting for ready, signedIn`. Always one line:
    /// line breaks and control or invisible characters in a route's description or an error are
    /// written as escapes (`\n`, `\u{1B}`). Written here, not read by reflection (see
    /// ``DeliveryContext/description``).
    public var description: String {
      let text =
        switch self {
        case .received(let source): "received from \(source)"
        case .resolved(let route): "resolved to \(route)"
        case .refused(let error): "refused: \(error)"
        case .held(let missing): "held: waiting for \(LinkCondition.sortedNames(missing).joined(separator: ", "))"
        case .confirmationRequested(let route): "awaiting the app's confirmation to open \(route)"
        case .delivered(let route, let heldFor):
          heldFor == .zero ? "delivered \(route) at once" : "delivered \(route) after \(heldFor.secondsText)"
        case .dropped(let reason): "dropped: \(reason.message)"
        }
      return TextRules.escaped(text)
    }
  }

  /// The link the event is about.
  public let link: LinkID
  /// When it happened, on the dispatcher's clock.
  public let time: Duration
  /// What happened.
  public let kind: Kind
  /// The source the link came from (`nil` only for an event made by hand without one).
  public let source: DeepLinkSource?
  /// The input as it arrived, as text: the link (a refused link's query items are read from it),
  /// or a description of the push, quick action, intent or activity; `nil` for a route the app
  /// resolved itself.
  public let input: String?
  /// Every parameter the link supplied. Once it resolved: its path's, and the query items or
  /// values its route did not use (`utm_campaign`). Before that (`received`) and for a refused
  /// link: the query items of the link it carries (a URL, a universal link's web page, a push's
  /// link field), as far as they can be read within the table's limits; so refusals too can be
  /// counted per campaign. Empty for an input that carries no link (a quick action, an intent) and
  /// for a route the app resolved itself.
  public let parameters: RouteParameters

  /// Creates an event.
  public init(
    link: LinkID, time: Duration, kind: Kind, source: DeepLinkSource? = nil, input: String? = nil,
    parameters: RouteParameters = RouteParameters()
  ) {
    self.link = link
    self.time = time
    self.kind = kind
    self.source = source
    self.input = input
    self.parameters = parameters
  }

  /// `link #3 held: waiting for ready, signedIn`.
  public var description: String { "link \(link) \(kind)" }
}
