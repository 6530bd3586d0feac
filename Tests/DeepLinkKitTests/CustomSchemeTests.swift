import DeepLinkKit
import Foundation
import Testing

/// Custom-scheme links: the host is the first path segment.
@Suite struct CustomSchemeTests {
  static let router = try! makeRouter(["/", "/messages", "/messages/:id", "/settings/account/delete"])

  @Test(arguments: [
    "myapp://messages/42",
    "myapp:///messages/42",
    "MYAPP://messages/42",
    "MyApp://messages/42",
    "myapp:messages/42",
    "myapp:/messages/42",
    "myapp://messages//42/",
    "myapp://%6Dessages/42",
    "myapp://messages/42#fragment",
  ])
  func spellingsOfOnePath(url: String) {
    #expect(Self.router.outcome(url) == .route("/messages/:id", ["id": "42"]))
  }

  @Test(arguments: ["myapp://", "myapp:", "myapp:///", "myapp:/", "myapp://#x", "myapp://?"])
  func emptyLinksGiveTheRoot(url: String) {
    #expect(Self.router.outcome(url) == .route("/", [:]))
  }

  @Test func sourceIsCustomScheme() throws {
    #expect(try Self.router.resolve("myapp://messages").source == .customScheme)
  }

  /// Foundation writes a Unicode host in Punycode, a custom scheme's too (`URL(string:
  /// "myapp://bücher/1")` is `myapp://xn--bcher-kva/1`), so an app handed the `URL` reads the
  /// first segment in its Unicode form again, as the link was written.
  @Test func aPunycodeAuthorityIsReadInItsUnicodeForm() throws {
    enum Shelf: Hashable, Sendable {
      case search
      case shelf(name: String, id: Int)
    }
    let router = try LinkRouter<Shelf>(
      schemes: ["myapp"], hostNames: .international,
      routes: [.path("/検索", to: .search), .path("/:name/:id", Shelf.shelf)])
    let search = try #require(URL(string: "myapp://検索"))
    #expect(search.absoluteString.hasPrefix("myapp://xn--"))
    #expect(try router.route(for: search) == .search)
    let shelf = try #require(URL(string: "myapp://bücher/1"))
    #expect(shelf.absoluteString == "myapp://xn--bcher-kva/1")
    #expect(try router.route(for: shelf) == .shelf(name: "bücher", id: 1))
    #expect(try router.route(for: "myapp://a.xn--bcher-kva/2") == .shelf(name: "a.bücher", id: 2))
    // Written by the library, the segment is percent-encoded, which Foundation keeps.
    #expect(try router.urlString(for: .shelf(name: "bücher", id: 1)) == "myapp://b%C3%BCcher/1")
    // Not Punycode of a Unicode label a host may have (`xn--a` is U+0080): the bytes as they are.
    for name in ["xn--a", "xn--", "XN--bcher-kva", "xn--bcher-kva%41", "xn--bcher-kva.xn--a"] {
      #expect(try router.route(for: "myapp://\(name)/3") == .shelf(name: name.removingPercentEncoding!, id: 3))
    }
  }

  /// Punycode's most compact form: a label of 59 bytes for 52 emoji, 208 bytes of UTF-8. Sixty of
  /// them read in their Unicode form grow the link's first segment 3.5 times, which the scan makes
  /// room for: the segment is refused as too large, not a trap.
  @Test func aLongPunycodeAuthorityIsRefusedAsTooLarge() throws {
    let label = "xn--e28h" + String(repeating: "a", count: 51)
    let router = try LinkRouter<String>(
      schemes: ["myapp"], hostNames: .international, routes: [.path("/:name/x", parse: { $0["name"] ?? "" })])
    #expect(try router.route(for: "myapp://\(label)/x") == String(repeating: "😀", count: 52))
    let link = "myapp://" + Array(repeating: label, count: 60).joined(separator: ".") + "/x"
    #expect(
      throws: DeepLinkError(.inputTooLarge, "a path segment is 12539 bytes long; the limit is 1024 bytes")
    ) { try router.route(for: link) }
  }

  @Test func hostSegmentIsCaseSensitiveLikeAnyOther() {
    #expect(Self.router.outcome("myapp://Messages/42") == .refused(.noRoute))
  }

  @Test(arguments: [
    (
      "otherapp://messages/42",
      DeepLinkError(.unsupportedScheme, #"the scheme "otherapp" is not handled (handled: myapp, https)"#)
    ),
    (
      "javascript:alert(1)",
      DeepLinkError(.unsupportedScheme, #"the scheme "javascript" is not handled (handled: myapp, https)"#)
    ),
    ("myapp://user@messages/42", DeepLinkError(.malformedInput, "malformed link: it holds user info before the host")),
    (
      "myapp://messages:99/42",
      DeepLinkError(.malformedInput, "malformed link: a custom-scheme link cannot name a port")
    ),
    (
      "messages/42",
      DeepLinkError(
        .malformedInput, #"malformed link: "messages/42" is not an absolute URL (it has no scheme, as in myapp://path)"#
      )
    ),
    (
      "//messages/42",
      DeepLinkError(
        .malformedInput,
        #"malformed link: "//messages/42" is not an absolute URL (it has no scheme, as in myapp://path)"#)
    ),
    (
      "1app://x",
      DeepLinkError(
        .malformedInput, #"malformed link: "1app://x" is not an absolute URL (it has no scheme, as in myapp://path)"#)
    ),
    ("", DeepLinkError(.malformedInput, "malformed link: the link is empty")),
  ])
  func refusals(url: String, error: DeepLinkError) {
    #expect(Self.router.error(url) == error)
  }

  @Test func sourcesAllowListIsEnforced() throws {
    let router = try makeRouter(["/settings/account/delete"], sources: ["/settings/account/delete": [.inApp]])
    #expect(
      router.error("myapp://settings/account/delete")
        == DeepLinkError(
          .sourceNotAllowed,
          #"route "/settings/account/delete" (/settings/account/delete) cannot be opened from a custom-scheme URL (allowed: inApp)"#
        ))
    #expect(
      router.outcome("myapp://settings/account/delete", source: .inApp) == .route("/settings/account/delete", [:]))
    #expect(router.outcome("https://app.example.com/settings/account/delete") == .refused(.sourceNotAllowed))
  }

  @Test func allowListNamesEveryAllowedSourceInAStableOrder() throws {
    let router = try makeRouter(["/pay"], sources: ["/pay": [.inApp, .universalLink, .push]])
    #expect(
      router.error("myapp://pay")?.message
        == #"route "/pay" (/pay) cannot be opened from a custom-scheme URL (allowed: universalLink, push, inApp)"#)
    #expect(router.outcome("https://app.example.com/pay") == .route("/pay", [:]))
  }

  @Test(arguments: ["https", "HTTP", "my app", "", "1x"])
  func unusableSchemesAreRefusedWhenTheTableIsBuilt(scheme: String) {
    #expect(throws: RouteTableError.self) {
      try LinkRouter<String>(schemes: [scheme], routes: [.path("/", to: "root")])
    }
  }
}
