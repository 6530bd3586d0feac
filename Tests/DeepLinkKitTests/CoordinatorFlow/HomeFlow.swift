import DeepLinkKit

enum HomeRoute: Hashable, Sendable {
  case feed
  case dashboard(DashboardRoute)
}

enum HomeFlow {
  static let routes: [RouteDefinition<HomeRoute>] = [
    .path("/", to: .feed),
    .mount("/dashboard", DashboardFlow.routes, HomeRoute.dashboard),
  ]
}
