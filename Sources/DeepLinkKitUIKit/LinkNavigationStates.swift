#if canImport(Observation)
  import DeepLinkKit
  import Observation

  /// One ``LinkNavigationState`` per window, for an app with several: each link goes to the
  /// state of the window it arrived in (its `DeliveryContext.sceneIdentifier`), so another
  /// window never consumes it. A link of no known window (a notification tap, an App Intent) goes
  /// to the window used last (``activate(scene:)``), or waits for the first window that becomes
  /// active.
  ///
  /// A window is named as every source names it, by its scene's session identifier (a
  /// notification tap's `targetScene`, a quick action's and an App Intent's scene): in SwiftUI,
  /// `linkScene(_:)` reads it once the view is in its window.
  ///
  /// ```swift
  /// // composition root
  /// let navigation = LinkNavigationStates<ItemsRoute>()
  /// dispatcher.setHandler(navigation.deliver)
  ///
  /// // each window's root view (@State private var window: String?)
  /// ContentView(navigation: navigation.state(forScene: window))
  ///   .onOpenURL(forwardingTo: links, scene: window)
  ///   .linkScene($window)
  ///   .onChange(of: scenePhase == .active ? window : nil, initial: true) {
  ///     if scenePhase == .active, let window { navigation.activate(scene: window) }
  ///   }
  /// ```
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  @MainActor
  @Observable
  public final class LinkNavigationStates<Route: Hashable & Sendable> {
    /// Each window's state; made when a view first asks, which is not a change to observe (a view
    /// observes its own state).
    @ObservationIgnored private var states: [String: LinkNavigationState<Route>] = [:]
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
    ///
    /// - Parameter scene: The window's identifier, as its links are handed over with.
    public func state(forScene scene: String?) -> LinkNavigationState<Route> {
      guard let scene else { return unnamed }
      if let state = states[scene] { return state }
      let state = LinkNavigationState<Route>()
      states[scene] = state
      return state
    }

    /// Records that the user is in window `scene` (its scene phase became active): links of no
    /// known window go there, starting with one that waited for a window.
    public func activate(scene: String) {
      activeScene = scene
      if unplaced.route != nil { state(forScene: scene).keep(unplaced.move()) }
    }

    /// Forgets a window that closed; its route not yet consumed goes with it, reported dropped
    /// (`DropReason.Code.windowClosed`).
    public func remove(scene: String) {
      states.removeValue(forKey: scene)?.discard(.windowClosed)
      if activeScene == scene { activeScene = nil }
    }

    /// Delivers a route into its window's state; pass this as the dispatcher's handler
    /// (`dispatcher.setHandler(navigation.deliver)`).
    ///
    /// - Parameters:
    ///   - route: The delivered route.
    ///   - context: Its context, which names the window it arrived in, if known.
    public func deliver(_ route: Route, _ context: DeliveryContext) {
      let kept = KeptRoute(delivering: route)
      guard let scene = context.sceneIdentifier ?? activeScene else {
        unplaced.keepNewest(kept)
        return
      }
      state(forScene: scene).keep(kept)
    }
  }
#endif
