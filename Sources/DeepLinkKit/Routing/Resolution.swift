/// A link resolved to a route, with what the router learned on the way.
public struct Resolution<Route: Hashable & Sendable>: Sendable, Hashable {
  /// Where the link came from.
  public let source: DeepLinkSource
  /// The path parameters and query items the link supplied.
  public let parameters: RouteParameters
  /// The pattern that matched.
  public var pattern: String { names.patterns[index] }
  /// The matching definition's name, if it has one.
  public var name: String? { names.names[index] }
  /// The router's patterns and names, shared (one object to retain, not a route's strings).
  let names: RouteNames
  /// The matching definition's place in the router.
  let index: Int
  /// Whether the app must confirm the route before it is delivered from an untrusted source.
  public let requiresConfirmation: Bool
  /// For a route opened by a link, the link's own kind (``DeepLinkSource/customScheme`` or
  /// ``DeepLinkSource/universalLink``), whatever ``source`` it came through: a push that carries
  /// `myapp://…` has the source `push` and the link kind `customScheme`. `nil` for quick actions,
  /// intents, activities and push rules, which name no link.
  public let linkKind: DeepLinkSource?
  /// The app's route. (Stored last, so that the other properties' places do not depend on the
  /// route type.)
  public let route: Route

  public static func == (left: Resolution, right: Resolution) -> Bool {
    left.route == right.route && left.source == right.source && left.parameters == right.parameters
      && left.pattern == right.pattern && left.name == right.name
      && left.requiresConfirmation == right.requiresConfirmation && left.linkKind == right.linkKind
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(route)
    hasher.combine(source)
    hasher.combine(parameters)
    hasher.combine(pattern)
  }
}
