import DeepLinkKit
import Foundation

/// One navigator per window for a UIKit app with several (iPad, Mac), as `LinkNavigationStates`
/// is for SwiftUI: each link is shown by the window it arrived in (its
/// `DeliveryContext.sceneIdentifier`: a URL's or an activity's scene, a notification tap's
/// `targetScene`, a quick action's or an App Intent's scene), never by another. A link of no
/// known window, or of a window no navigator shows (one that closed, a scene of another kind),
/// goes to the window the user used last, or waits for the first window that is registered.
///
/// ```swift
/// // composition root
/// let windows = LinkWindows<TabRoute>()
/// dispatcher.setHandler(windows.deliver)
///
/// // SceneDelegate, each window's
/// windows.register(scene: id) { [weak tabs] route in tabs?.show(route) }  // scene(_:willConnectTo:options:)
/// windows.activate(scene: id)                // the window became key: UIWindow.didBecomeKeyNotification
///
/// // AppDelegate: application(_:didDiscardSceneSessions:), where a window closes for good
/// for session in sceneSessions { windows.remove(scene: session.persistentIdentifier) }
/// ```
///
/// "The window the user used last" is the one that became key last: iPadOS keeps several
/// windows `foregroundActive` at once, so a scene becoming active says less. A disconnected scene
/// (`sceneDidDisconnect(_:)`) may come back; remove a window when its session is discarded.
@MainActor
public final class LinkWindows<Route: Hashable & Sendable> {
  /// How each window shows a route, by its scene's session identifier.
  private var windows: [String: @MainActor (Route) -> Void] = [:]
  /// Which window a link goes to.
  private var choice = WindowChoice()
  /// A link of no known window delivered before any window was registered (the newest wins, as
  /// one window shows one route).
  private var unplaced = KeptRoute<Route>()

  /// Creates the windows of none yet.
  public init() {}

  /// The scenes whose windows are registered.
  public var scenes: Set<String> { Set(windows.keys) }

  /// The window a link of no known window goes to: the one the user used last.
  public var activeScene: String? { choice.window(for: nil) }

  /// Registers how the window of `scene` shows a route (its root view controller, its
  /// coordinator), replacing what it registered before. A link that waited for a window is
  /// shown by the first one registered.
  ///
  /// - Parameters:
  ///   - scene: The scene's `session.persistentIdentifier`, as its links are handed over with.
  ///   - show: Shows a route in that window.
  public func register(scene: String, show: @escaping @MainActor (Route) -> Void) {
    windows[scene] = show
    choice.register(scene)
    showUnplaced()
  }

  /// What `register(_:show:)` does with a `UIWindowScene`, which links name `scene`: registers how
  /// its window shows a route, then activates it each time one of its windows becomes key
  /// (`notification`: `UIWindow.didBecomeKeyNotification`), at once when one is key already.
  /// The observer does not keep these windows alive.
  package func register(
    scene: String, of windowScene: any KeyWindowScene, notification: Notification.Name,
    center: NotificationCenter = .default, queue: OperationQueue? = .main, show: @escaping @MainActor (Route) -> Void
  ) {
    register(scene: scene, show: show)
    followKeyWindow(of: windowScene, notification: notification, center: center, queue: queue) { [weak self] in
      self?.activate(scene: scene)
    }
  }

  /// Records that the user is in the window of `scene` (it became key): links of no known window
  /// go there from now on, starting with one that waited for a window.
  public func activate(scene: String) {
    guard windows[scene] != nil else { return }
    choice.use(scene)
    showUnplaced()
  }

  /// Forgets the window of a scene that closed (its session was discarded): its links go to the
  /// window used before it.
  public func remove(scene: String) {
    windows[scene] = nil
    choice.remove(scene)
  }

  /// Shows a route in its window; pass this as the dispatcher's handler
  /// (`dispatcher.setHandler(windows.deliver)`).
  ///
  /// - Parameters:
  ///   - route: The delivered route.
  ///   - context: Its context, which names the window it arrived in, if known.
  public func deliver(_ route: Route, _ context: DeliveryContext) {
    if let scene = choice.window(for: context.sceneIdentifier), let show = windows[scene] {
      show(route)
    } else {
      unplaced.keepNewest(KeptRoute(delivering: route))
    }
  }

  /// Shows the link that waited for a window in the window used last, if there is one now.
  private func showUnplaced() {
    guard unplaced.route != nil, let scene = choice.window(for: nil), let show = windows[scene],
      let route = unplaced.take()
    else { return }
    show(route)
  }
}
