// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import DeepLinkKit

enum ItemsRoute: Hashable, Sendable {
  case item(id: Int)
}

let itemsRouter = try! LinkRouter<ItemsRoute>(
  hosts: ["www.100items.com"],
  routes: [
    .path("/details?id", ItemsRoute.item)
  ])
