import DeepLinkKit

/// Where an App Intent that opens the app finds the app's ``LinkReceiver``: registered once at
/// launch, found by route type. An intent that adopts `LinkOpeningIntent` (the
/// `DeepLinkKitAppIntents` product, on Apple platforms) needs nothing else; one that writes its
/// own `perform()` calls ``open(_:scene:)``.
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:)
/// LinkIntents.register(links)
///
/// struct ShowItemIntent: LinkOpeningIntent {
///   static let title: LocalizedStringResource = "Show item"
///   @Parameter(title: "Item") var id: Int
///   var route: ItemsRoute { .item(id: id) }
/// }
/// ```
///
/// The route goes through the dispatcher as a link from `DeepLinkSource.intent` would: its
/// definition's sources and confirmation apply, and it is held until the app is ready.
@MainActor
public enum LinkIntents {
  private static var receivers: [ObjectIdentifier: AnyObject] = [:]

  /// Registers the receiver that App Intents opening routes of its type hand them to; a later
  /// registration for the same route type replaces it (a test, a new account's receiver).
  ///
  /// - Parameter receiver: The app's receiver.
  public static func register<Route>(_ receiver: LinkReceiver<Route>) {
    receivers[ObjectIdentifier(Route.self)] = receiver
  }

  /// Removes the receiver registered for `Route`, if any.
  public static func unregister<Route>(_: Route.Type) {
    receivers[ObjectIdentifier(Route.self)] = nil
  }

  /// The receiver registered for `Route`, if any.
  public static func receiver<Route>(for _: Route.Type) -> LinkReceiver<Route>? {
    receivers[ObjectIdentifier(Route.self)] as? LinkReceiver<Route>
  }

  /// Hands a route over from an App Intent's `perform()`, as a link from an intent.
  ///
  /// - Parameters:
  ///   - route: The route the intent opens.
  ///   - scene: The scene it runs in, if known (`UISceneSession.persistentIdentifier`).
  /// - Returns: What the dispatcher did with it (delivered, held until the app is ready, a
  ///   duplicate of one it has).
  /// - Throws: `DeepLinkError`: `noReceiver` when no receiver of `Route` is registered, and the
  ///   refusal itself when the route's definition does not allow intents
  ///   (`sourceNotAllowed`); Siri and Shortcuts show its message.
  @discardableResult
  public static func open<Route>(_ route: Route, scene: String? = nil) throws(DeepLinkError) -> LinkOutcome<Route> {
    guard let receiver = receiver(for: Route.self) else {
      throw DeepLinkError(
        .noReceiver,
        "no LinkReceiver<\(Route.self)> is registered for App Intents; call LinkIntents.register(links) at launch")
    }
    let outcome = receiver.dispatcher.receive(route: route, source: .intent, scene: scene)
    if case .refused(let error) = outcome { throw error }
    return outcome
  }
}
