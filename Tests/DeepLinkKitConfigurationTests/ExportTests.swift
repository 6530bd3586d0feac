import DeepLinkKit
import DeepLinkKitConfiguration
import ExamplePageRoutes
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

/// A landing page declared on a Swift route: exported with the table and read back, as a JSON
/// table's `page` is (the tool's tests show it on the site: `DeclaredPageSiteTests`).
@Suite struct SwiftPageTests {
  enum Outer: Hashable, Sendable {
    case shop(ShopPageRoute)
  }

  /// A route keeps what it was declared with when a parent mounts it: its page too.
  @Test func aMountedRouteKeepsItsPageAndKeys() throws {
    let child: [RouteDefinition<ShopPageRoute>] = [
      .path("/items/:id", ShopPageRoute.item).page(title: "An item").shortcut("com.example.item")
    ]
    let router = try LinkRouter<Outer>(schemes: ["shop"], routes: [.mount("/shop", child, Outer.shop)])
    let entry = try #require(router.routeTable.routes.first)
    #expect(entry.path == "/shop/items/:id(int)")
    #expect(entry.page == RouteTable.LandingPage(title: "An item", description: nil, image: nil))
    #expect(entry.shortcut == "com.example.item")
  }

  @Test func aPageDeclaredInSwiftIsExportedAndReadBack() throws {
    let table = PageTable.router.routeTable
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
}
