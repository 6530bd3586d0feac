import DeepLinkKit

/// One navigator per window for a UIKit app with several (iPad, Mac), as `LinkNavigationStates`
/// is for SwiftUI: each link is shown by the window it arrived in (its
/// `DeliveryContext.sceneIdentifier`: a URL's or an activity's scene, a notification tap's
/// `targetScene`, a quick action's or an App Intent's scene), never by another. A link of no
/// known window, or of a window that closed, goes to the window used last (``activate(scene:)``),
/// or waits for the first window that becomes active.
///
/// ```swift
/// // composition root
/// let windows = LinkWindows<TabRoute>()
/// dispatcher.setHandler(windows.deliver)
///
/// // SceneDelegate, each window's
/// windows.register(scene: id) { [weak tabs] route in tabs?.show(route) }  // scene(_:willConnectTo:options:)
/// windows.activate(scene: id)                                             // sceneDidBecomeActive(_:)
/// windows.remove(scene: id)                                               // sceneDidDisconnect(_:)
/// ```
@MainActor
public final class LinkWindows<Route: Hashable & Sendable> {
  /// How each window shows a route, by its scene's session identifier.
  private var windows: [String: @MainActor (Route) -> Void] = [:]
  /// The window used last, which shows links of no known window.
  public private(set) var activeScene: String?
  /// A link of no known window delivered before any window was active (the newest wins, as one
  /// window shows one route).
  private var unplaced = KeptRoute<Route>()

  /// Creates the windows of none yet.
  public init() {}

  /// The scenes whose windows are registered.
  public var scenes: Set<String> { Set(windows.keys) }

  /// Registers how the window of `scene` shows a route (its root view controller, its
  /// coordinator), replacing what it registered before.
  ///
  /// - Parameters:
  ///   - scene: The scene's `session.persistentIdentifier`, as its links are handed over with.
  ///   - show: Shows a route in that window.
  public func register(scene: String, show: @escaping @MainActor (Route) -> Void) {
    windows[scene] = show
  }

  /// Records that the user is in the window of `scene` (it became active): links of no known
  /// window go there, starting with one that waited for a window.
  public func activate(scene: String) {
    activeScene = scene
    guard let show = windows[scene], unplaced.route != nil, let route = unplaced.take() else { return }
    show(route)
  }

  /// Forgets the window of a scene that disconnected.
  public func remove(scene: String) {
    windows[scene] = nil
    if activeScene == scene { activeScene = nil }
  }

  /// Shows a route in its window; pass this as the dispatcher's handler
  /// (`dispatcher.setHandler(windows.deliver)`).
  ///
  /// - Parameters:
  ///   - route: The delivered route.
  ///   - context: Its context, which names the window it arrived in, if known.
  public func deliver(_ route: Route, _ context: DeliveryContext) {
    if let scene = context.sceneIdentifier, let show = windows[scene] {
      show(route)
    } else if let scene = activeScene, let show = windows[scene] {
      show(route)
    } else {
      unplaced.keepNewest(KeptRoute(delivering: route))
    }
  }
}
