/// A link resolved to a route, with what the router learned on the way.
public struct Resolution<Route: Hashable & Sendable>: Sendable, Hashable {
  /// The app's route.
  public let route: Route
  /// Where the link came from.
  public let source: DeepLinkSource
  /// The path parameters and query items the link supplied.
  public let parameters: RouteParameters
  /// The pattern that matched.
  public let pattern: String
  /// The matching definition's name, if it has one.
  public let name: String?
  /// Whether the app must confirm the route before it is delivered from an untrusted source.
  public let requiresConfirmation: Bool
}
