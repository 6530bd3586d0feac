#if canImport(Observation)
  import DeepLinkKit
  import DeepLinkKitUIKit
  import Foundation
  import Observation

  /// One ``LinkNavigationState`` per window, for an app with several: each link goes to the
  /// state of the window it arrived in (its `DeliveryContext.sceneIdentifier`), so another
  /// window never consumes it. A link of no known window (a notification tap, an App Intent), or
  /// of a window no view shows (one that closed, a `WindowGroup(for:)` window opened without
  /// `linkScene`), goes to the window the user used last (``activate(scene:)``), or waits for the
  /// first window that is activated. The rule is `LinkWindows`'s.
  ///
  /// A window is named as every source names it, by its scene's session identifier (a
  /// notification tap's `targetScene`, a quick action's and an App Intent's scene): in SwiftUI,
  /// `linkScene(_:navigation:)` reads it once the view is in its window, and activates the window
  /// each time it becomes key (iPadOS keeps several windows `foregroundActive` at once, so a
  /// scene phase says less of where the user is).
  ///
  /// ```swift
  /// // composition root
  /// let navigation = LinkNavigationStates<ItemsRoute>()
  /// dispatcher.setHandler(navigation.deliver)
  ///
  /// // each window's root view (@State private var window: String?)
  /// ContentView(navigation: navigation.state(forScene: window))
  ///   .onOpenURL(forwardingTo: links, scene: window)
  ///   .linkScene($window, navigation: navigation)
  ///
  /// // the app delegate: a window closes for good when its session is discarded
  /// func application(_ application: UIApplication, didDiscardSceneSessions sessions: Set<UISceneSession>) {
  ///   for session in sessions { navigation.remove(scene: session.persistentIdentifier) }
  /// }
  /// ```
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  @MainActor
  @Observable
  public final class LinkNavigationStates<Route: Hashable & Sendable> {
    /// Each window's state; made when a view first asks, which is not a change to observe (a view
    /// observes its own state).
    @ObservationIgnored private var states: [String: LinkNavigationState<Route>] = [:]
    /// Which window a link goes to: the windows activated, the one used last last.
    @ObservationIgnored private var choice = WindowChoice()
    /// The window used last, which takes links of no known window.
    public private(set) var activeScene: String?
    /// A link of no known window delivered before any window was active.
    @ObservationIgnored private var unplaced = KeptRoute<Route>()
    /// The state of a window whose name is not known yet: nothing is delivered into it.
    @ObservationIgnored private let unnamed = LinkNavigationState<Route>()

    /// Creates the states of no window yet.
    public init() {}

    /// The state of the window `scene`, made when first asked for; a window not named yet (`nil`)
    /// gets an empty state, and its own once it is named (links meanwhile wait for it in theirs).
    /// Links are delivered into a window's state once the window is activated.
    ///
    /// - Parameter scene: The window's identifier, as its links are handed over with.
    public func state(forScene scene: String?) -> LinkNavigationState<Route> {
      guard let scene else { return unnamed }
      if let state = states[scene] { return state }
      let state = LinkNavigationState<Route>()
      states[scene] = state
      return state
    }

    /// Records that a view shows the window `scene` (`linkScene(_:navigation:)` calls this once
    /// the view is in its window): its links are delivered into its state from now on. Until a
    /// window is activated, it takes links of no known window too, starting with one that waited.
    public func register(scene: String) {
      choice.register(scene)
      placeWaitingLink()
    }

    /// Records that the user is in window `scene`, which a view shows (it became key;
    /// `linkScene(_:navigation:)` calls this): links of that window are delivered into its state,
    /// and links of no known window too, starting with one that waited for a window.
    public func activate(scene: String) {
      choice.use(scene)
      placeWaitingLink()
    }

    /// What `linkScene(_:navigation:)` does once its view is in a window of `windowScene`, which
    /// links name `scene`: registers the window, then activates it each time one of its windows
    /// becomes key (`notification`: `UIWindow.didBecomeKeyNotification`), at once when one is key
    /// already. The observer does not keep these states alive.
    package func follow(
      scene: String, of windowScene: any KeyWindowScene, notification: Notification.Name,
      center: NotificationCenter = .default, queue: OperationQueue? = .main
    ) {
      register(scene: scene)
      followKeyWindow(of: windowScene, notification: notification, center: center, queue: queue) { [weak self] in
        self?.activate(scene: scene)
      }
    }

    /// The window used last takes the link that waited for a window, if any.
    private func placeWaitingLink() {
      let active = choice.window(for: nil)
      if activeScene != active { activeScene = active }
      if unplaced.route != nil, let scene = active { state(forScene: scene).keep(unplaced.move()) }
    }

    /// Forgets a window that closed for good (`application(_:didDiscardSceneSessions:)`; a scene
    /// that disconnects may come back): its route not yet consumed goes with it, reported dropped
    /// (`DropReason.Code.windowClosed`), and its links go to the window used before it.
    public func remove(scene: String) {
      states.removeValue(forKey: scene)?.discard(.windowClosed)
      choice.remove(scene)
      let active = choice.window(for: nil)
      if activeScene != active { activeScene = active }
    }

    /// Delivers a route into its window's state; pass this as the dispatcher's handler
    /// (`dispatcher.setHandler(navigation.deliver)`).
    ///
    /// - Parameters:
    ///   - route: The delivered route.
    ///   - context: Its context, which names the window it arrived in, if known.
    public func deliver(_ route: Route, _ context: DeliveryContext) {
      let kept = KeptRoute(delivering: route)
      guard let scene = choice.window(for: context.sceneIdentifier) else {
        unplaced.keepNewest(kept)
        return
      }
      state(forScene: scene).keep(kept)
    }
  }
#endif
