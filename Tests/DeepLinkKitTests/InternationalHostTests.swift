import DeepLinkKit
import Foundation
import Testing

/// International host names are read only by a router that asks for them (`hostNames:
/// .international`); the default router reads ASCII host names and says so, when it is built and
/// when a link comes. (What an international name must be: `UniversalLinkTests`,
/// `HostileInputTests`.)
@Suite struct InternationalHostTests {
  static let ascii = try! makeRouter(["/x", "/:name/:id"])
  static let international = try! makeRouter(["/x", "/:name/:id"], hostNames: .international)

  static let hint = "is an international host name, which a router reads with hostNames: .international"

  @Test(arguments: ["bücher.example", "*.bücher.example", "xn--bcher-kva.example", "shop.XN--BCHER-KVA.example"])
  func aRouterOfASCIIHostsRefusesToListOne(host: String) throws {
    #expect(throws: RouteTableError(problems: [.init(.invalidOption, "the host \(quoted(host)) \(Self.hint)")])) {
      try LinkRouter<String>(hosts: [host], routes: [.path("/x", to: "x")])
    }
    let router = try LinkRouter<String>(hosts: [host], hostNames: .international, routes: [.path("/x", to: "x")])
    #expect(router.hostEntries.allSatisfy { $0.contains("xn--bcher-kva.example") })
  }

  @Test func aHostGroupOfAnInternationalNameNeedsTheOptionToo() throws {
    let routes: [RouteDefinition<String>] = [.host("bücher.example", [.path("/x", to: "x")])]
    #expect(
      throws: RouteTableError(problems: [.init(.invalidOption, #"the host "bücher.example" "# + Self.hint)])
    ) { try LinkRouter<String>(routes: routes) }
    let router = try LinkRouter<String>(hostNames: .international, routes: routes)
    #expect(try router.route(for: "https://bücher.example/x") == "x")
    #expect(try router.urlString(for: "x") == "https://xn--bcher-kva.example/x")
  }

  /// A Unicode host, or an `xn--` label (under a wildcard too), is no host the router lists: it is
  /// refused as `unknownHost`, naming the option, and never opens a route nor is it read as
  /// malformed before the router could read it.
  @Test(arguments: [
    ("https://bücher.example.org/x", "bücher.example.org"),
    ("https://xn--bcher-kva.example.org/x", "xn--bcher-kva.example.org"),
    ("https://XN--BCHER-KVA.example.org/x", "XN--BCHER-KVA.example.org"),
    ("https://xn--a.example.org/x", "xn--a.example.org"),
    ("https://аpp.example.com/x", "аpp.example.com"),
    ("https://app\u{FF0E}example.com/x", "app\u{FF0E}example.com"),
  ])
  func aRouterOfASCIIHostsRefusesALinkToOne(url: String, host: String) {
    #expect(
      Self.ascii.error(url)
        == DeepLinkError(.unknownHost, "the host \(quoted(host)) is not a listed host: it \(Self.hint)"))
  }

  /// What is wrong with a host before it could be read as an international one is said as
  /// before, and ASCII hosts are read as they were.
  @Test func aRouterOfASCIIHostsReadsASCIIHostsAsBefore() {
    #expect(Self.ascii.outcome("https://APP.EXAMPLE.COM/x") == .route("/x", [:]))
    #expect(Self.ascii.outcome("https://a-b.example.org/x") == .route("/x", [:]))
    #expect(Self.ascii.error("https://bü%41.example.org/x")?.code == .malformedInput)
    #expect(Self.ascii.error("https://-a.example.org/x")?.code == .malformedInput)
    #expect(Self.ascii.outcome("https://evil.com/x") == .refused(.unknownHost))
  }

  /// The same links, to a router that reads international names: a valid one is listed under
  /// the wildcard, an invalid one is malformed.
  @Test func aRouterOfInternationalHostsReadsThem() {
    #expect(Self.international.outcome("https://bücher.example.org/x") == .route("/x", [:]))
    #expect(Self.international.outcome("https://XN--BCHER-KVA.example.org/x") == .route("/x", [:]))
    #expect(Self.international.outcome("https://xn--a.example.org/x") == .refused(.malformedInput))
    #expect(Self.international.outcome("https://аpp.example.com/x") == .refused(.unknownHost))
  }

  /// A custom-scheme link's Punycode host is its first segment as it is, to a router of ASCII
  /// host names; in its Unicode form, to the other.
  @Test func aCustomSchemeLinksPunycodeHostIsReadOnlyByTheOption() {
    #expect(
      Self.ascii.outcome("myapp://xn--bcher-kva/1") == .route("/:name/:id", ["name": "xn--bcher-kva", "id": "1"]))
    #expect(
      Self.international.outcome("myapp://xn--bcher-kva/1") == .route("/:name/:id", ["name": "bücher", "id": "1"]))
    // Written in Unicode, or percent-encoded, it is the same segment to both.
    for router in [Self.ascii, Self.international] {
      #expect(router.outcome("myapp://bücher/1") == .route("/:name/:id", ["name": "bücher", "id": "1"]))
      #expect(router.outcome("myapp://b%C3%BCcher/1") == .route("/:name/:id", ["name": "bücher", "id": "1"]))
    }
  }

  /// A route that begins with an international name is opened by custom-scheme links that
  /// Foundation wrote, whose host is in Punycode: a router of ASCII host names would never match
  /// them, so its table is refused, naming the option.
  @Test func aRouteThatBeginsWithAnInternationalNameNeedsTheOption() throws {
    let routes: [RouteDefinition<String>] = [.path("/café/:id", parse: { $0["id"] ?? "" }), .path("/x", to: "x")]
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .invalidOption,
          #"route /café/:id begins with the international name "café", which custom-scheme links made by Foundation carry as their host in Punycode; read them with hostNames: .international"#
        )
      ])
    ) { try LinkRouter<String>(schemes: ["myapp"], routes: routes) }
    let router = try LinkRouter<String>(schemes: ["myapp"], hostNames: .international, routes: routes)
    let link = try #require(URL(string: "myapp://café/7"))
    #expect(link.absoluteString.hasPrefix("myapp://xn--"))
    #expect(try router.route(for: link) == "7")
    // No custom scheme, or a custom scheme whose host is a host: no link's host is that segment.
    _ = try LinkRouter<String>(hosts: ["app.example.com"], routes: routes)
    _ = try LinkRouter<String>(schemes: ["myapp"], customSchemeHost: .host, routes: routes)
    // Not the first segment: a path, not a host.
    _ = try LinkRouter<String>(schemes: ["myapp"], routes: [.path("/menu/café", to: "café")])
  }
}

/// `"text"`, as messages quote a name.
private func quoted(_ text: String) -> String { "\"\(text)\"" }
