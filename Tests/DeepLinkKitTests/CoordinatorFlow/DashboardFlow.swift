import DeepLinkKit

enum DashboardRoute: Hashable, Sendable {
  case overview(range: DashboardRange)
  case card(id: Int, CardRoute)
}

enum DashboardRange: String, CaseIterable, LinkValue, Sendable {
  case week, month, year
}

enum DashboardFlow {
  static let routes: [RouteDefinition<DashboardRoute>] = [
    .path("/?range=week", DashboardRoute.overview),
    .mount("/cards/:cardID", CardFlow.routes, DashboardRoute.card),
  ]
}
