// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
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
