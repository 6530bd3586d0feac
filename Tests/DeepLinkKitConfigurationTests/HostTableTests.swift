import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// Per-host tables, and custom-scheme links whose host is a host.
@Suite struct HostTableTests {
  enum SiteRoute: Hashable, Sendable {
    case home
    case article(id: Int)
    case product(id: String)
    case cart
  }

  static let router = try! LinkRouter<SiteRoute>(
    schemes: ["shop"], hosts: ["www.example.com"],
    routes: [
      .path("/", to: .home),
      .path("/items/:id", SiteRoute.product),
      .host("help.example.com", [.path("/articles/:id", SiteRoute.article), .path("/", to: .cart)]),
      .host("shop.example.com", [.path("/products/:id", SiteRoute.product), .path("/cart", to: .cart)]),
    ])

  @Test func eachHostOpensItsOwnRoutesThenTheSharedOnes() throws {
    #expect(try Self.router.route(for: "https://help.example.com/articles/7") == .article(id: 7))
    #expect(try Self.router.route(for: "https://shop.example.com/products/p1") == .product(id: "p1"))
    // The host's own route beats the shared one of the same shape; the shared ones still serve.
    #expect(try Self.router.route(for: "https://help.example.com/") == .cart)
    #expect(try Self.router.route(for: "https://shop.example.com/") == .home)
    #expect(try Self.router.route(for: "https://shop.example.com/items/a") == .product(id: "a"))
    // Another host, or a custom-scheme link, never opens a host's routes.
    for link in ["https://www.example.com/articles/7", "https://shop.example.com/articles/7", "shop://articles/7"] {
      #expect(throws: DeepLinkError.self, "\(link)") { try Self.router.route(for: link) }
    }
  }

  @Test func aHostsRoutesPrintOnThatHost() throws {
    #expect(try Self.router.urlString(for: .article(id: 7)) == "https://help.example.com/articles/7")
    #expect(try Self.router.urlString(for: .cart) == "https://help.example.com/")
    #expect(try Self.router.urlString(for: .home) == "https://www.example.com/")
    // The first declaration that prints a route prints it: the shared /items/:id.
    #expect(try Self.router.urlString(for: .product(id: "p1")) == "https://www.example.com/items/p1")
  }

  @Test func conflictsAreCheckedWithinEachHost() {
    #expect(
      throws: RouteTableError(problems: [
        .init(.conflict, "route /a/:x and route /a/:y have the same shape; a link could match either")
      ])
    ) {
      try LinkRouter<String>(
        routes: [
          .path("/a/:x", parse: { _ in "shared" }),
          .host("one.example.com", [.path("/a/:x", parse: { _ in "one" }), .path("/a/:y", parse: { _ in "two" })]),
        ])
    }
    #expect(
      throws: RouteTableError(problems: [
        .init(.invalidOption, #"the host group "*.example.com" is a wildcard; a group names one host"#)
      ])
    ) {
      try LinkRouter<String>(routes: [.host("*.example.com", [.path("/", to: "x")])])
    }
  }

  @Test func customSchemeLinksCanNameTheirHost() throws {
    let router = try LinkRouter<SiteRoute>(
      schemes: ["shop"], hosts: ["app.example.com"], customSchemeHost: .host,
      routes: [
        .path("/items/:id", SiteRoute.product),
        .host("help.example.com", [.path("/articles/:id", SiteRoute.article)]),
      ])
    #expect(try router.route(for: "shop://app.example.com/items/a") == .product(id: "a"))
    #expect(try router.route(for: "SHOP://App.Example.com/items/a") == .product(id: "a"))
    #expect(try router.route(for: "shop:///items/a") == .product(id: "a"))
    #expect(try router.route(for: "shop://help.example.com/articles/3") == .article(id: 3))
    #expect(throws: DeepLinkError.self) { try router.route(for: "shop:///articles/3") }  // no host: not help's
    #expect(
      throws: DeepLinkError(
        .unknownHost, #"the host "other.example.com" is not a listed host (listed: app.example.com, help.example.com)"#)
    ) { try router.route(for: "shop://other.example.com/items/a") }
    // By default the host is the first segment, as before.
    #expect(throws: DeepLinkError.self) { try Self.router.route(for: "shop://app.example.com/items/a") }
    #expect(try Self.router.route(for: "shop://items/a") == .product(id: "a"))
  }

  @Test func theJSONTableCarriesHostsAndTheSchemeOption() throws {
    let router = try LinkRouter<SiteRoute>(
      schemes: ["shop"], hosts: ["www.example.com"], customSchemeHost: .host,
      routes: [.path("/", to: .home), .host("help.example.com", [.path("/articles/:id", SiteRoute.article)])])
    let table = router.routeTable
    #expect(table.customSchemeHost == .host)
    #expect(table.routes.map(\.host) == [nil, "help.example.com"])
    let named = try RouteTable.makeRouter(json: Data(table.jsonText.utf8))
    #expect(
      try named.route(for: "shop://help.example.com/articles/3") == NamedRoute("article", parameters: ["id": "3"]))
    #expect(throws: DeepLinkError.self) { try named.route(for: "https://www.example.com/articles/3") }
  }
}
