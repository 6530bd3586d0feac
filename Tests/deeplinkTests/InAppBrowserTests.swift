import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// The landing pages in an app's own browser (`InAppBrowsers`): the script knows every marker,
/// and the page has the button only where the custom scheme may open the route. What a browser
/// shows with each app's user agent is checked in Chromium by `Tests/Site/check`.
@Suite struct InAppBrowserTests {
  static func page(_ path: String, table: RouteTable) throws -> String {
    let site = try table.site(LinkSite.Options(name: "Shop", appStoreID: "1"))
    return try #require(site.files.first { $0.path == path }).contents
  }

  @Test func thePageScriptKnowsEveryMarkerAndHidesTheBoxUntilOneMatches() throws {
    let page = try Self.page("_dlk/item.html", table: SiteTests.table())
    for (app, marker) in InAppBrowsers.markers {
      #expect(page.contains(SitePages.script(marker)), "\(app)'s marker is missing")
    }
    #expect(page.contains(#"<div id="dlk-in-app" hidden>"#))
    #expect(page.contains(##"<a id="dlk-open-app" href="#">Open in the app</a>"##))
    #expect(page.contains(#"open.setAttribute("href", "shop://" + rest.replace(/^\//, ""))"#))
  }

  @Test func aRouteTheSchemeMayNotOpenGetsTheHintAlone() throws {
    let page = try Self.page("_dlk/offer.html", table: SiteTests.table())
    #expect(page.contains(#"<div id="dlk-in-app" hidden>"#))
    #expect(!page.contains("dlk-open-app\" href"))
    #expect(page.contains("Open in Safari"))
  }

  @Test func aTableWithNoSchemeHasNoButton() throws {
    var table = try SiteTests.table()
    table.schemes = []
    #expect(!(try Self.page("_dlk/item.html", table: table)).contains("dlk-open-app\" href"))
  }

  @Test func aSchemeWhoseHostIsAHostCarriesTheDomain() throws {
    var table = try SiteTests.table()
    table.customSchemeHost = .host
    let page = try Self.page("_dlk/item.html", table: table)
    #expect(page.contains(#"open.setAttribute("href", "shop://app.example.com" + rest)"#))
    // And that link opens the route: the table reads its host as a host.
    let router = try table.makeRouter()
    #expect(try router.route(for: "shop://app.example.com/items/42?x=1").name == "item")
  }
}
