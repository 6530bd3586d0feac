// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit

enum ItemsRoute: Hashable, Sendable {
  case item(id: Int)
}

let itemsRouter = try! LinkRouter<ItemsRoute>(
  hosts: ["www.100items.com"],
  routes: [
    .path("/details?id", ItemsRoute.item)
  ])
