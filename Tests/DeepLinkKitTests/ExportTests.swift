import DeepLinkKit
import DeepLinkKitConfiguration
import ExampleRoutes
import Foundation
import Testing

/// A Swift router's table, exported as JSON: the committed file is current (the two-line test an
/// app keeps), it reads back as the same table, and its router resolves as the Swift one does.
@Suite struct ExportTests {
  static let coordinatorJSON = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("ExampleRoutes/coordinator-routes.json")

  @Test func theExportedTableIsCurrent() throws {
    if ProcessInfo.processInfo.environment["UPDATE_EXPORTS"] != nil {
      try AppFlow.router().routeTable.jsonText.write(to: Self.coordinatorJSON, atomically: true, encoding: .utf8)
    }
    #expect(try String(contentsOf: Self.coordinatorJSON, encoding: .utf8) == AppFlow.router().routeTable.jsonText)
  }

  @Test func patternsAreWrittenInFullAndRoutesNamedByCase() throws {
    let routes = try AppFlow.router().routeTable.routes
    #expect(
      routes.map { "\($0.name) \($0.path)" } == [
        "home.feed /home",
        "home.dashboard.overview /home/dashboard?range=week",
        "home.dashboard.card.summary /home/dashboard/cards/:cardID(int)",
        "home.dashboard.card.detail /home/dashboard/cards/:cardID(int)/detail",
        "home.dashboard.card.transaction /home/dashboard/cards/:cardID(int)/transactions/:id?receipt=false",
        "settings /settings",
        "profile /users/:userID(uuid)",
      ])
    #expect(routes[1].values == ["range": ["week", "month", "year"]])
    #expect(routes[4].values == ["receipt": ["true", "false"]])
  }

  @Test func keysNamesAndOptionsAreKept() throws {
    enum Route: Hashable, Sendable {
      case inbox
      case message(id: Int)
    }
    let router = try LinkRouter<Route>(
      schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], isCaseSensitive: false,
      limits: InputLimits(maxSegments: 12), pushURLKeys: ["link"],
      routes: [
        .path("/inbox", to: .inbox, name: "inbox", sources: [.inApp, .push]).shortcut("com.example.inbox"),
        .path("/messages/:id", Route.message).push(when: ["type": "message"], parameters: ["id": "message_id"])
          .requiringConfirmation(),
      ])
    let table = router.routeTable
    #expect(try RouteTable(json: Data(table.jsonText.utf8)) == table)
    #expect(
      table.jsonText == """
        {
          "caseSensitive" : false,
          "hosts" : [
            "app.example.com",
            "*.example.org"
          ],
          "maxSegments" : 12,
          "pushURLKeys" : [
            "link"
          ],
          "routes" : [
            {
              "name" : "inbox",
              "path" : "/inbox",
              "shortcut" : "com.example.inbox",
              "sources" : [
                "push",
                "inApp"
              ]
            },
            {
              "confirm" : true,
              "name" : "message",
              "path" : "/messages/:id(int)",
              "push" : {
                "parameters" : {
                  "id" : "message_id"
                },
                "when" : {
                  "type" : "message"
                }
              }
            }
          ],
          "schemes" : [
            "myapp"
          ]
        }

        """)
  }
}

/// A landing page declared on a Swift route: exported with the table, read back, and shown by
/// the link domain's site, as a JSON table's `page` is.
@Suite struct SwiftPageTests {
  enum Shop: Hashable, Sendable {
    case item(id: Int)
    case cart
  }

  static let router = try! LinkRouter<Shop>(
    schemes: ["shop"], hosts: ["shop.example.com"],
    routes: [
      .path("/items/:id", Shop.item)
        .page(title: "An item", description: "Open it in the app", image: "https://shop.example.com/og.png"),
      .path("/cart", to: .cart),
    ])

  @Test func aPageDeclaredInSwiftIsExportedAndReadBack() throws {
    let table = Self.router.routeTable
    #expect(
      table.routes[0].page
        == RouteTable.LandingPage(
          title: "An item", description: "Open it in the app", image: "https://shop.example.com/og.png"))
    #expect(table.routes[1].page == nil)
    #expect(table.jsonText.contains(#""page" : {"#))
    let again = try RouteTable(json: Data(table.jsonText.utf8))
    #expect(again == table)
    #expect(try again.makeRouter().routeTable == table)
  }

  @Test func theSiteShowsIt() throws {
    let site = try Self.router.routeTable.site(LinkSite.Options(name: "Shop"))
    let page = try #require(site.files.first { $0.path == "_dlk/item.html" })
    #expect(page.contents.contains("<title>An item</title>"))
    #expect(page.contents.contains(#"<meta property="og:image" content="https://shop.example.com/og.png">"#))
  }

  @Test func aBadImageIsATableProblemOfTheExportedTable() {
    let router = try! LinkRouter<Shop>(
      schemes: ["shop"], hosts: ["shop.example.com"],
      routes: [.path("/cart", to: .cart).page(title: "Cart", image: "javascript:x")])
    #expect(throws: RouteTableError.self) { try router.routeTable.site(LinkSite.Options(name: "Shop")) }
  }
}
