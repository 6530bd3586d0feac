// Apple-only: the iOS 16 form of `LinkNavigationState`, for apps that cannot use Observation yet.
//
// Apple declarations relied on (framework Combine): `ObservableObject` and `@Published`:
// https://developer.apple.com/documentation/combine/observableobject and
// https://developer.apple.com/documentation/combine/published
#if canImport(Combine) && canImport(UIKit) && (os(iOS) || os(visionOS))
  import Combine
  import DeepLinkKit

  /// An observable slot for SwiftUI on iOS 16, as `LinkNavigationState` is on iOS 17: the dispatcher
  /// delivers into it (`deliver: model.deliver`), and a view consumes the route when it is on
  /// screen (`.onReceive(model.$pendingRoute) { _ in if let route = model.consume() { … } }`).
  @MainActor
  public final class LinkNavigationModel<Route: Hashable & Sendable>: ObservableObject {
    /// The route delivered and not yet consumed; the newest wins.
    @Published public private(set) var pendingRoute: Route?
    /// The same route, with its link's handover: reported delivered when consumed, dropped
    /// (`superseded`) when a newer one replaces it first.
    private var kept = KeptRoute<Route>()

    /// Creates an empty model.
    public init() {}

    /// Sets the pending route; pass this as a dispatcher's `deliver` handler.
    public func deliver(_ route: Route) {
      kept.keepNewest(KeptRoute(delivering: route)) { [weak self] in self?.pendingRoute = $0 }
    }

    /// Takes the pending route, leaving none, so a view handles it once.
    public func consume() -> Route? {
      pendingRoute = nil
      return kept.take()
    }
  }
#endif
