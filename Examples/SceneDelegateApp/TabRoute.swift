// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import DeepLinkKit

enum TabRoute: Hashable, Sendable {
  case post(id: Int)
  case settings(section: String)
}

let tabRouter = try! LinkRouter<TabRoute>(
  hosts: ["app.example.com"],
  routes: [
    .path("/post/:id", TabRoute.post),
    .path("/settings/:section", TabRoute.settings),
  ])
