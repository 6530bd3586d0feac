import DeepLinkKit
import Foundation

// A four-level coordinator app: each coordinator owns its routes in its own file, and its parent
// mounts them. AppFlow → HomeFlow → DashboardFlow → CardFlow.

public enum AppRoute: Hashable, Sendable {
  case home(HomeRoute)
  case settings
  case profile(userID: UUID)
}

public enum AppFlow {
  public static let routes: [RouteDefinition<AppRoute>] = [
    .mount("/home", HomeFlow.routes, AppRoute.home),
    .path("/settings", to: .settings),
    .path("/users/:userID", AppRoute.profile),
  ]

  public static func router() throws -> LinkRouter<AppRoute> {
    try LinkRouter(schemes: ["coord"], hosts: ["coord.example.com"], routes: routes)
  }
}

extension AppFlow {
  /// Links of every kind for the coordinator table.
  public static let probeLinks = [
    "coord://home", "coord://home/dashboard", "coord://home/dashboard?range=year", "coord://home/dashboard?range=daily",
    "coord://home/dashboard/cards/7", "coord://home/dashboard/cards/7/detail",
    "coord://home/dashboard/cards/seven/detail", "coord://home/dashboard/cards/7/transactions/t%201?receipt=true",
    "coord://home/dashboard/cards/7/transactions/t1?receipt=maybe", "coord://settings",
    "coord://users/9f0c3a52-1b7e-4c55-a3c4-0e1d2f3a4b5c", "coord://users/42", "https://coord.example.com/home",
  ]
}
