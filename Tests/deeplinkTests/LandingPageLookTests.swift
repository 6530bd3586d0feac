import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// The landing pages' look: the default (checked in Chromium, light and dark at a phone's width,
/// by `Tests/Site/check`), the app's icon served by the site itself, and a team's stylesheet.
@Suite struct LandingPageLookTests {
  static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3]

  static func site(icon: [UInt8]? = nil, stylesheet: String? = nil) throws -> LinkSite {
    try SiteTests.table().site(LinkSite.Options(name: "Shop", appStoreID: "1", icon: icon, stylesheet: stylesheet))
  }

  @Test func everyPageCarriesTheDefaultLookInlineAndTheAppsName() throws {
    for file in try Self.site().files where file.path.hasSuffix(".html") {
      #expect(file.contents.contains("<style>\n" + SitePages.defaultStyle + "</style>"), "\(file.path)")
      #expect(file.contents.contains(#"<header class="dlk-app"><span>Shop</span></header>"#), "\(file.path)")
      #expect(!file.contents.contains(#"<img class="dlk-icon""#), "\(file.path)")
    }
    #expect(SitePages.defaultStyle.contains("@media (prefers-color-scheme: dark)"))
  }

  @Test func theIconIsTheSitesOwnFile() throws {
    let site = try Self.site(icon: Self.png)
    #expect(site.files.first { $0.path == "_dlk/icon.png" }?.bytes == Self.png)
    let page = try #require(site.files.first { $0.path == "_dlk/item.html" }).contents
    #expect(page.contains(#"<img class="dlk-icon" src="/_dlk/icon.png" alt="" width="72" height="72">"#))
    #expect(throws: RouteTableError.self) { try Self.site(icon: Array("GIF89a".utf8)) }
  }

  @Test func aTeamsStylesheetReplacesTheDefault() throws {
    let site = try Self.site(stylesheet: "body { background: #c8102e; }\n")
    let page = try #require(site.files.first { $0.path == "_dlk/item.html" }).contents
    #expect(page.contains("<style>\nbody { background: #c8102e; }\n</style>"))
    #expect(!page.contains("--dlk-accent"))
  }

  @Test(arguments: ["a { } </style><script>alert(1)</script>", "a { } </STYLE>", "<!-- a { }"])
  func aStylesheetThatWouldEndItsElementIsRefused(_ sheet: String) throws {
    #expect(throws: RouteTableError.self) { try Self.site(stylesheet: sheet) }
  }
}
