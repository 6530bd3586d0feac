#if canImport(Observation)
  import DeepLinkKit
  import Observation

  /// An observable slot for SwiftUI: the dispatcher delivers into it, and a view consumes the
  /// route when it is on screen, so a link is never lost because no view was listening yet.
  /// The dispatcher's observers see the link `delivered` when a view consumes it, and dropped
  /// (`superseded`) if a newer route replaces it first: analytics count only links shown.
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
    /// The same route, with its link's handover.
    @ObservationIgnored private var kept = KeptRoute<Route>()

    /// Creates an empty state.
    public init() {}

    /// Sets the pending route; pass this as a dispatcher's `deliver` handler. A route that
    /// replaces one no view consumed has that link reported dropped (`superseded`), not delivered.
    ///
    /// - Parameter route: The delivered route.
    public func deliver(_ route: Route) {
      keep(KeptRoute(delivering: route))
    }

    /// Takes the pending route, leaving none, so a view handles it once. The dispatcher reports
    /// its link `delivered` now.
    ///
    /// - Returns: The pending route, if there is one.
    public func consume() -> Route? {
      pendingRoute = nil
      return kept.take()
    }

    /// Keeps a route, replacing the one pending.
    func keep(_ route: consuming KeptRoute<Route>) {
      kept.keepNewest(route) { [weak self] in self?.pendingRoute = $0 }
    }

    /// Throws the pending route away unseen, reporting its link dropped for `reason`.
    func discard(_ reason: DropReason) {
      pendingRoute = nil
      kept.discard(reason)
    }
  }
#endif
