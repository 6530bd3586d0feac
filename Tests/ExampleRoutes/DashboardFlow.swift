import DeepLinkKit

public enum DashboardRoute: Hashable, Sendable {
  case overview(range: DashboardRange)
  case card(id: Int, CardRoute)
}

public enum DashboardRange: String, CaseIterable, LinkValue, Sendable {
  case week, month, year
}

public enum DashboardFlow {
  public static let routes: [RouteDefinition<DashboardRoute>] = [
    .path("/?range=week", DashboardRoute.overview),
    .mount("/cards/:cardID", CardFlow.routes, DashboardRoute.card),
  ]
}
