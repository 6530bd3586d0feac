import DeepLinkKit

public enum HomeRoute: Hashable, Sendable {
  case feed
  case dashboard(DashboardRoute)
}

public enum HomeFlow {
  public static let routes: [RouteDefinition<HomeRoute>] = [
    .path("/", to: .feed),
    .mount("/dashboard", DashboardFlow.routes, HomeRoute.dashboard),
  ]
}
