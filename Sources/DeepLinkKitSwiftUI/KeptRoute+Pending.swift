import DeepLinkKit

extension KeptRoute {
  /// Keeps the newer of `route` and the route kept, and tells `publish` the route now pending,
  /// and `nil` once a logout withdraws it: how an observable slot (`LinkNavigationState`, the iOS
  /// 16 `LinkNavigationModel`) shows what it keeps, in one place for both.
  mutating func keepNewest(_ route: consuming KeptRoute, publishing publish: @escaping @MainActor (Route?) -> Void) {
    keepNewest(route)
    publish(self.route)
    // A logout withdraws a route no view showed: none is pending any more.
    whenWithdrawn { publish(nil) }
  }
}
