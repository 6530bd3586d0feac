import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// The App Clip card on the landing pages: `site generate --app-clip` writes it in the Smart App
/// Banner, and `site verify --page --app-clip` says when a served page lacks it.
@Suite struct AppClipCardTests {
  static let clip = "ABCDE12345.com.example.shop.Clip"

  static func page(_ path: String, appClipIDs: [String], appStoreID: String? = "123456789") throws -> String {
    let site = try SiteTests.table().site(
      LinkSite.Options(
        name: "Example Shop", appIDs: ["ABCDE12345.com.example.shop"], appClipIDs: appClipIDs,
        appStoreID: appStoreID))
    return try #require(site.files.first { $0.path == path }).contents
  }

  @Test func aPageShowsTheFirstAppClipsCardBeforeTheArgumentTheScriptSets() throws {
    let page = try Self.page("_dlk/item.html", appClipIDs: [Self.clip, "ABCDE12345.com.example.shop.Gift"])
    #expect(
      page.contains(
        #"<meta name="apple-itunes-app" id="dlk-banner" content="app-id=123456789, app-clip-bundle-id=com.example.shop.Clip, app-clip-display=card, app-argument=https://app.example.com/">"#
      ))
    #expect(LandingPageCheck.problems(of: page, page: "item.html", appClipID: Self.clip).isEmpty)
    // Without an App Store ID the banner still carries the card.
    let clipOnly = try Self.page("_dlk/item.html", appClipIDs: [Self.clip], appStoreID: nil)
    #expect(
      LandingPageCheck.bannerContent(in: clipOnly)
        == "app-clip-bundle-id=com.example.shop.Clip, app-clip-display=card, app-argument=https://app.example.com/")
    // Without an App Clip, as before.
    let noClip = try Self.page("_dlk/item.html", appClipIDs: [])
    #expect(LandingPageCheck.bannerContent(in: noClip) == "app-id=123456789, app-argument=https://app.example.com/")
  }

  @Test func anAppClipIDThatIsNotOneIsRefused() throws {
    #expect(throws: RouteTableError.self) {
      try SiteTests.table().site(LinkSite.Options(name: "Shop", appClipIDs: ["com.example.shop.Clip"]))
    }
  }

  @Test(arguments: [
    ("<html><head><title>x</title></head></html>", ["smartAppBannerMissing"]),
    (#"<meta name="apple-itunes-app" content="app-id=1, app-argument=https://a.example/">"#, ["appClipCardMissing"]),
    (
      #"<meta name="apple-itunes-app" content="app-clip-bundle-id=com.example.other.Clip, app-clip-display=card">"#,
      ["appClipCardMissing"]
    ),
    (#"<META content='app-clip-bundle-id=com.example.shop.Clip' NAME='Apple-iTunes-App'>"#, ["appClipCardNotShown"]),
    (
      #"<meta name="apple-itunes-app" content="app-id=1,app-clip-bundle-id=com.example.shop.Clip,app-clip-display=card">"#,
      []
    ),
    // A combining mark after the tag's `>` or a quote is a character of its own to a
    // browser, which reads the page by code points (found by FuzzConfiguration).
    (
      #"<meta name="apple-itunes-app" content="app-clip-bundle-id=com.example.shop.Clip, app-clip-display=card">"#
        + "\u{619}text",
      []
    ),
    (
      "<meta name='apple-itunes-app'\u{301} content='app-clip-bundle-id=com.example.shop.Clip,app-clip-display=card'\u{301}>",
      []
    ),
    // Another meta's content does not count, nor a data-name attribute.
    (
      #"<meta data-name="apple-itunes-app" content="app-clip-bundle-id=com.example.shop.Clip, app-clip-display=card">"#,
      ["smartAppBannerMissing"]
    ),
  ])
  func aServedPageIsCheckedForTheCard(_ html: String, _ codes: [String]) {
    #expect(LandingPageCheck.problems(of: html, page: "p.html", appClipID: Self.clip).map(\.code) == codes)
  }

  @Test func siteVerifyChecksEachPage() throws {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("clip-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let generated = try ToolRunner.run(
      "site", "generate", "--routes", SiteTests.tableURL.path, "--output", output.path, "--app-id",
      "ABCDE12345.com.example.shop", "--app-clip", Self.clip, "--app-store-id", "123456789")
    #expect(generated.status == 0)
    let item = output.appendingPathComponent("_dlk/item.html").path
    #expect(
      try ToolRunner.run("site", "verify", "--page", item, "--app-clip", Self.clip)
        == .init(status: 0, output: "no problems\n", error: ""))
    // A page without the banner, and the JSON report.
    let notFound = output.appendingPathComponent("404.html").path
    let failed = try ToolRunner.run(
      "site", "verify", "--page", item, "--page", notFound, "--app-clip", Self.clip, "--format", "json")
    #expect(failed.status == 1)
    #expect(failed.output.contains(#""appClip":"ABCDE12345.com.example.shop.Clip""#))
    #expect(failed.output.contains(#""code":"smartAppBannerMissing""#))
    #expect(!failed.output.contains("appClipCardMissing"))
    // Usage errors: a page with no App Clip to look for, nothing to check, a malformed App Clip ID.
    #expect(try ToolRunner.run("site", "verify", "--page", item).status == 2)
    #expect(try ToolRunner.run("site", "verify").status == 2)
    #expect(try ToolRunner.run("site", "verify", "--page", item, "--app-clip", "com.example.Clip").status == 2)
  }
}
