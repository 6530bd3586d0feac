import DeepLinkKit
import DeepLinkKitConfiguration
import ExamplePageRoutes
import ExampleRoutes
import Testing

@testable import DeepLinkToolbox

/// A landing page declared in Swift (`.page(...)`) reaches the site the tool writes from the
/// router's exported table.
@Suite struct DeclaredPageSiteTests {
  @Test func theSiteShowsIt() throws {
    let site = try PageTable.router.routeTable.site(LinkSite.Options(name: "Shop", appStoreID: "123456789"))
    let page = try #require(site.files.first { $0.path == "_dlk/item.html" })
    #expect(page.contents.contains("<title>An item</title>"))
    #expect(page.contents.contains(#"<meta property="og:image" content="https://shop.example.com/og.png">"#))
    // The button that copies the marked link for after the install (DeferredLinks reads it).
    #expect(page.contents.contains("Get the app"))
  }

  @Test func aBadImageIsATableProblemOfTheExportedTable() {
    let router = try! LinkRouter<ShopPageRoute>(
      schemes: ["shop"], hosts: ["shop.example.com"],
      routes: [.path("/cart", to: .cart).page(title: "Cart", image: "javascript:x")])
    #expect(throws: RouteTableError.self) { try router.routeTable.site(LinkSite.Options(name: "Shop")) }
  }
}
