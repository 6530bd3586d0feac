import DeepLinkKit
import Foundation

// A four-level coordinator app: each coordinator owns its routes in its own file, and its parent
// mounts them. AppFlow → HomeFlow → DashboardFlow → CardFlow.

enum AppRoute: Hashable, Sendable {
  case home(HomeRoute)
  case settings
  case profile(userID: UUID)
}

enum AppFlow {
  static let routes: [RouteDefinition<AppRoute>] = [
    .mount("/home", HomeFlow.routes, AppRoute.home),
    .path("/settings", to: .settings),
    .path("/users/:userID", AppRoute.profile),
  ]

  static func router() throws -> LinkRouter<AppRoute> {
    try LinkRouter(schemes: ["coord"], hosts: ["coord.example.com"], routes: routes)
  }
}
