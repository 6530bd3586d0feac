import DeepLinkKit

/// The short path: a receiver that makes its own dispatcher, `.ready` said to it, and forwards that
/// take the `UIScene` itself, so a scene delegate opens its first link with three types (the
/// route enum, `LinkRouter`, `LinkReceiver`) and no session identifier of its own.
///
/// ```swift
/// let links = LinkReceiver(router: router) { route in tabs.show(route) }
///
/// // SceneDelegate
/// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
///   links.willConnect(options: options, scene: scene)
///   links.dispatcher.satisfy(.ready)  // once the first screen is up (after the splash)
/// }
/// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
///   links.open(contexts, scene: scene)
/// }
/// func scene(_ scene: UIScene, continue activity: NSUserActivity) { links.continue(activity, scene: scene) }
/// ```
extension LinkReceiver {
  /// Creates a receiver with a dispatcher of its own, which holds every link until `.ready` holds
  /// (and the conditions `requirements` adds), then hands each route to `deliver` once. For the
  /// dispatcher's other settings, create it and pass it to ``init(dispatcher:onRefusedUniversalLink:)``.
  ///
  /// - Parameters:
  ///   - router: The app's router.
  ///   - requirements: The conditions a route needs besides `.ready` (`[.signedIn]`).
  ///   - deliver: Navigates to a route, on the main actor.
  public convenience init(
    router: LinkRouter<Route>, requirements: @escaping LinkDispatcher<Route>.Requirements = { _ in [] },
    deliver: @escaping LinkDispatcher<Route>.Deliver
  ) {
    self.init(dispatcher: LinkDispatcher(router: router, requirements: requirements, deliver: deliver))
  }

  /// Handles `scene(_:willConnectTo:options:)` for `scene`, naming its window.
  public func willConnect(options: some SceneConnectionOptionsInput, scene: some SceneInput) {
    willConnect(options: options, scene: scene.sessionIdentifier)
  }

  /// Handles `scene(_:openURLContexts:)` for `scene`, naming its window.
  public func open(_ contexts: some Sequence<some URLContextInput>, scene: some SceneInput) {
    open(contexts, scene: scene.sessionIdentifier)
  }

  /// Handles `scene(_:continue:)` for `scene`, naming its window.
  @discardableResult
  public func `continue`(_ activity: some UserActivityInput, scene: some SceneInput) -> Bool {
    `continue`(activity, scene: scene.sessionIdentifier)
  }

  /// Handles `windowScene(_:performActionFor:completionHandler:)` for `scene`, naming its window.
  @discardableResult
  public func perform(_ item: some ShortcutItemInput, scene: some SceneInput) -> Bool {
    perform(item, scene: scene.sessionIdentifier)
  }
}
