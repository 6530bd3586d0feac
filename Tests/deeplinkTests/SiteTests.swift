import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// `deeplink site`: what a link domain serves, from the table. The pages' behaviour in a real
/// browser is checked by `Tests/Site/check` (headless Chromium), which `.ci/run` runs.
@Suite struct SiteTests {
  static let fingerprint =
    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
  static let tableURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Site/table.json")

  static func table() throws -> RouteTable { try RouteTable(json: Data(contentsOf: tableURL)) }

  static func site() throws -> LinkSite {
    try table().site(
      LinkSite.Options(
        name: "Example Shop", appIDs: ["ABCDE12345.com.example.shop"], appStoreID: "123456789",
        androidPackage: "com.example.shop", androidFingerprints: [fingerprint.lowercased()]))
  }

  @Test func theTreeHasAPagePerRouteUniversalLinksOpenAndNoneForAForbiddenOne() throws {
    let site = try Self.site()
    #expect(
      site.files.map(\.path) == [
        ".well-known/apple-app-site-association", ".well-known/assetlinks.json", "_dlk/item.html", "_dlk/account.html",
        "_dlk/offer.html", "_dlk/docs.html", "_dlk/search.html", "_dlk/home.html", "search/index.html", "index.html",
        "404.html",
        "_redirects", "_headers",
      ])
    #expect(!site.files.contains { $0.contents.contains("deleteAccount.html") })
    let redirects = try #require(site.files.first { $0.path == "_redirects" }).contents
    #expect(redirects.contains("/account/delete  /404.html  404\n"))
    // The forbidden literal comes before the pattern that would catch it.
    let lines = redirects.split(separator: "\n")
    #expect(
      try #require(lines.firstIndex { $0.hasPrefix("/account/delete ") })
        < #require(lines.firstIndex { $0.hasPrefix("/account/:section ") }))
    #expect(redirects.contains("/docs/*  /_dlk/docs.html  200\n"))
  }

  @Test func aPageShowsTheRoutesTitleAndPreviewEscaped() throws {
    let page = try #require(try Self.site().files.first { $0.path == "_dlk/item.html" }).contents
    #expect(page.contains("<title>An item &lt;on sale&gt;</title>"))
    #expect(page.contains(#"<meta property="og:description" content="See it in the app &amp; save &quot;10%&quot;.">"#))
    #expect(page.contains(#"<meta property="og:image" content="https://app.example.com/preview.png">"#))
    #expect(
      page.contains(
        #"<meta name="apple-itunes-app" id="dlk-banner" content="app-id=123456789, app-argument=https://app.example.com/">"#
      ))
    #expect(page.contains(#"href="https://play.google.com/store/apps/details?id=com.example.shop""#))
    // A route with no page of its own is titled with the app's name.
    let docs = try #require(try Self.site().files.first { $0.path == "_dlk/docs.html" }).contents
    #expect(docs.contains("<title>Example Shop</title>"))
  }

  @Test func aValueCannotCloseTheScript() {
    #expect(
      SitePagesProbe.script("</script><!--<script>alert(1)") == #""\u003C/script>\u003C!--\u003Cscript>alert(1)""#)
  }

  /// The page a path reaches from `404.html`, as its script finds it: the first route whose
  /// regular expression matches `location.pathname` (`nil`: the not-found page).
  static func notFoundTarget(_ path: String) throws -> String? {
    let page = try #require(try site().files.first { $0.path == "404.html" }).contents
    let start = try #require(page.range(of: "var routes = ["))
    let end = try #require(page.range(of: "];", range: start.upperBound..<page.endIndex))
    let routes = try #require(
      try JSONSerialization.jsonObject(with: Data(("[" + page[start.upperBound..<end.lowerBound] + "]").utf8))
        as? [[Any]])
    for route in routes {
      let regex = try NSRegularExpression(pattern: try #require(route.first as? String))
      if regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil {
        return route.last as? String
      }
    }
    return nil
  }

  @Test func theNotFoundPageMatchesPathsAsTheRouterDoes() throws {
    #expect(try Self.notFoundTarget("/") == "/_dlk/home.html")
    #expect(try Self.notFoundTarget("/account/delete") == nil)
    #expect(try Self.notFoundTarget("/account/profile") == "/_dlk/account.html")
    #expect(try Self.notFoundTarget("/items/42") == "/_dlk/item.html")
    #expect(try Self.notFoundTarget("/items/x") == nil)
    #expect(try Self.notFoundTarget("/docs/a/b") == "/_dlk/docs.html")
  }

  /// A link may percent-encode any character of a path, which the router decodes: the not-found
  /// page reads a literal and a typed value either way, so a forbidden route's link written
  /// `/account/%64elete` stays unserved, though `/account/:section` would take it otherwise.
  @Test func theNotFoundPageReadsPercentEncodedPathsAsTheRouterDoes() throws {
    let router = try Self.table().makeRouter()
    for path in ["/account/%64elete", "/account/DELETE%5f", "/items/%34%32", "/items/%2D1", "/account/%64%65lete/"] {
      let resolved = Result { () throws(DeepLinkError) in
        try router.resolve("https://app.example.com" + path).route.name
      }
      let expected: String? =
        switch resolved {
        case .success(let name): "/_dlk/\(name == "home" ? "home" : name).html"
        case .failure: nil
        }
      #expect(try Self.notFoundTarget(path) == expected, "\(path): the router says \(resolved)")
    }
  }

  @Test func assetLinksNameTheAppAndCarryTheTablesRules() throws {
    let (json, problems) = try Self.table().assetLinks(
      packageName: "com.example.shop", fingerprints: [Self.fingerprint])
    #expect(problems.isEmpty)
    let statements = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    let target = try #require(statements.first?["target"] as? [String: Any])
    #expect(target["package_name"] as? String == "com.example.shop")
    #expect(target["sha256_cert_fingerprints"] as? [String] == [Self.fingerprint])
    let extensions = try #require(statements.first?["relation_extensions"] as? [String: [String: [[String: Any]]]])
    let components = try #require(
      extensions["delegate_permission/common.handle_all_urls"]?["dynamic_app_link_components"])
    #expect(components.first?["/"] as? String == "/account/delete")
    #expect(components.first?["exclude"] as? Bool == true)
    #expect(components.contains { $0["/"] as? String == "/items/?*" && $0["exclude"] == nil })
    #expect(components.allSatisfy { $0["comment"] == nil && $0["comments"] is String })
  }

  @Test func aCaseInsensitiveTableIsListedAsNotExpressibleOnAndroid() throws {
    let table = try RouteTable(
      json: Data(#"{"hosts": ["a.example.com"], "caseSensitive": false, "routes": [{"name": "a", "path": "/a"}]}"#.utf8)
    )
    let (_, problems) = try table.assetLinks(packageName: "com.example.a", fingerprints: [Self.fingerprint])
    #expect(problems.map(\.code).contains("notExpressibleOnAndroid"))
  }

  @Test func malformedAndroidOptionsAreRefused() throws {
    #expect(throws: RouteTableError.self) {
      try Self.table().assetLinks(packageName: "shop", fingerprints: [Self.fingerprint])
    }
    #expect(throws: RouteTableError.self) {
      try Self.table().assetLinks(packageName: "com.example.shop", fingerprints: ["14:6D"])
    }
    #expect(throws: RouteTableError.self) {
      try Self.table().site(LinkSite.Options(name: "x", appStoreID: "id123"))
    }
  }

  @Test func verifyFindsTheCommonDeploymentFailures() throws {
    let table = try Self.table()
    let (json, _) = try table.assetLinks(packageName: "com.example.shop", fingerprints: [Self.fingerprint])
    #expect(
      table.verifyAssetLinks(Data(json.utf8), packageName: "com.example.shop", fingerprints: [Self.fingerprint]).isEmpty
    )
    let other = "AA" + Self.fingerprint.dropFirst(2)
    #expect(
      table.verifyAssetLinks(Data(json.utf8), packageName: "com.example.shop", fingerprints: [other]).map(\.code)
        == ["fingerprintMissing"])
    #expect(
      table.verifyAssetLinks(Data(json.utf8), packageName: "com.example.other", fingerprints: [Self.fingerprint]).map(
        \.code)
        == ["packageNotListed"])
    let stale = json.replacingOccurrences(of: #""/" : "/account/delete","#, with: #""/" : "/account/remove","#)
    #expect(
      table.verifyAssetLinks(Data(stale.utf8), packageName: "com.example.shop", fingerprints: [Self.fingerprint]).map(
        \.code)
        == ["componentsDiffer"])
    #expect(
      table.verifyAssetLinks(Data("{}".utf8), packageName: "com.example.shop", fingerprints: [Self.fingerprint]).map(
        \.code)
        == ["invalidJSON"])
  }

  @Test func pagesAreReadFromJSONAndWrittenBack() throws {
    let table = try Self.table()
    #expect(
      table.routes[1].page
        == RouteTable.LandingPage(
          title: "An item <on sale>", description: "See it in the app & save \"10%\".",
          image: "https://app.example.com/preview.png"))
    #expect(try RouteTable(json: Data(table.jsonText.utf8)).routes.map(\.page) == table.routes.map(\.page))
    #expect(throws: RouteTableError(problems: [.init(.invalidTable, #"routes[0] ("a"): "page" needs a "title""#)])) {
      try RouteTable(json: Data(#"{"routes": [{"name": "a", "path": "/a", "page": {"description": "x"}}]}"#.utf8))
    }
  }

  @Test func theToolWritesTheTreeAndVerifiesAServedFile() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("site-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let generated = try ToolRunner.run(
      "site", "generate", "--routes", Self.tableURL.path, "--output", output.path, "--name", "Example Shop",
      "--app-id", "ABCDE12345.com.example.shop", "--android-package", "com.example.shop", "--android-fingerprint",
      Self.fingerprint)
    #expect(generated.status == 0)
    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("_dlk/item.html").path))
    let assetLinks = output.appendingPathComponent(".well-known/assetlinks.json").path
    let verified = try ToolRunner.run(
      "site", "verify", "--routes", Self.tableURL.path, "--assetlinks", assetLinks, "--android-package",
      "com.example.shop", "--android-fingerprint", Self.fingerprint)
    #expect(verified == .init(status: 0, output: "no problems\n", error: ""))
    let wrong = try ToolRunner.run(
      "site", "verify", "--routes", Self.tableURL.path, "--assetlinks", assetLinks, "--android-package",
      "com.example.shop", "--android-fingerprint", "AA" + Self.fingerprint.dropFirst(2))
    #expect(wrong.status == 1)
    #expect(wrong.output.hasPrefix("error: fingerprintMissing: the signing fingerprint AA:6D:"))
    #expect(try ToolRunner.run("site", "generate", "--routes", Self.tableURL.path).status == 2)  // no --output
  }
}

/// The page generator's script quoting, reached through the package.
enum SitePagesProbe {
  static func script(_ text: String) -> String { SitePagesScript.quote(text) }
}

extension SiteTests {
  /// On hosts that serve `404.html` for a link with parameters, a preview crawler (which runs no
  /// script) reads that page: it previews as the app, with the site's description and image. A
  /// route's page without its own description or image takes the app's.
  @Test func theNotFoundPagePreviewsAsTheApp() throws {
    let site = try SiteTests.table().site(
      LinkSite.Options(
        name: "Example Shop", appIDs: ["ABCDE12345.com.example.shop"], description: "Shop & <save>",
        image: "https://shop.example.com/app.png"))
    let notFound = try #require(site.files.first { $0.path == "404.html" }).contents
    #expect(notFound.contains(#"<meta property="og:title" content="Example Shop">"#))
    #expect(notFound.contains(#"<meta property="og:description" content="Shop &amp; &lt;save&gt;">"#))
    #expect(notFound.contains(#"<meta property="og:image" content="https://shop.example.com/app.png">"#))
    let pages = site.files.filter { $0.path.hasPrefix("_dlk/") }
    #expect(!pages.isEmpty)
    #expect(pages.allSatisfy { $0.contents.contains("<meta property=\"og:image\" content=") })
    #expect(throws: RouteTableError.self) {
      try SiteTests.table().site(LinkSite.Options(name: "Shop", image: "http://shop.example.com/app.png"))
    }
  }

  /// `_headers` (Netlify, Cloudflare Pages) serves the association files as JSON, and names only
  /// those the site has.
  @Test func theHeadersFileServesTheAssociationFilesAsJSON() throws {
    let headers = try #require(try SiteTests.site().files.first { $0.path == "_headers" }).contents
    #expect(
      headers == """
        # deeplink site generate: the association files as JSON
        /.well-known/apple-app-site-association
          Content-Type: application/json
        /.well-known/assetlinks.json
          Content-Type: application/json

        """)
    let appleOnly = try SiteTests.table().site(LinkSite.Options(name: "Shop", appIDs: ["ABCDE12345.com.example.shop"]))
    #expect(appleOnly.files.first { $0.path == "_headers" }?.contents.contains("assetlinks") == false)
    #expect(try SiteTests.table().site(LinkSite.Options(name: "Shop")).files.allSatisfy { $0.path != "_headers" })
  }
}
