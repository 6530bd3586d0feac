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
    .path(
      "/post/:id(int)",
      parse: { .post(id: try $0.int("id")) },
      print: { if case .post(let id) = $0 { ["id": String(id)] } else { nil } }),
    .path(
      "/settings/:section",
      parse: { .settings(section: try $0.string("section")) },
      print: { if case .settings(let section) = $0 { ["section": section] } else { nil } }),
  ])
