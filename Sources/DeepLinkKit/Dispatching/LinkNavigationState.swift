#if canImport(Observation)
  import Observation

  /// An observable slot for SwiftUI: the dispatcher delivers into it, and a view consumes the
  /// route when it is on screen, so a link is never lost because no view was listening yet.
  ///
  /// ```swift
  /// @State private var navigation = LinkNavigationState<DeeplinkType>()
  /// // at launch: LinkDispatcher(router: router, deliver: navigation.deliver)
  /// var body: some View {
  ///   TabView(selection: $tab) { … }
  ///     .onChange(of: navigation.pendingRoute) {
  ///       if let route = navigation.consume() { show(route) }
  ///     }
  /// }
  /// ```
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
  @MainActor
  @Observable
  public final class LinkNavigationState<Route: Hashable & Sendable> {
    /// The route delivered and not yet consumed; the newest wins.
    public private(set) var pendingRoute: Route?

    /// Creates an empty state.
    public init() {}

    /// Sets the pending route; pass this as a dispatcher's `deliver` handler.
    ///
    /// - Parameter route: The delivered route.
    public func deliver(_ route: Route) {
      pendingRoute = route
    }

    /// Takes the pending route, leaving none, so a view handles it once.
    ///
    /// - Returns: The pending route, if there is one.
    public func consume() -> Route? {
      defer { pendingRoute = nil }
      return pendingRoute
    }
  }
#endif
