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
  /// For a route opened by a link, the link's own kind (``DeepLinkSource/customScheme`` or
  /// ``DeepLinkSource/universalLink``), whatever ``source`` it came through: a push that carries
  /// `myapp://…` has the source `push` and the link kind `customScheme`. `nil` for quick actions,
  /// intents, activities and push rules, which name no link.
  public let linkKind: DeepLinkSource?
}
