import DeepLinkKit
import Foundation
import Testing

/// The example app's route type, routed with the Swift API.
enum DeeplinkType: Hashable, Sendable {
  enum Messages: Hashable, Sendable {
    case root
    case details(id: String)
  }
  case messages(Messages)
  case activity
  case newListing
  case request(id: Int)
  case order(id: UUID)
  case docs(path: String, version: String?)
  case search(query: String)
}

let exampleRoutes: [RouteDefinition<DeeplinkType>] = [
  .path("/messages", to: .messages(.root)),
  .path("/messages/:id") { .messages(.details(id: $0)) },
  .path("/activity", to: .activity),
  .path("/listings/new", to: .newListing),
  .path("/requests/:id(int)", DeeplinkType.request),
  .path("/orders/:id(uuid)", DeeplinkType.order),
  .path("/docs/*path?v", DeeplinkType.docs),
  .path("/search?q", DeeplinkType.search),
]

@Suite struct RoundTripTests {
  static let universal = try! LinkRouter<DeeplinkType>(
    schemes: ["myapp"], hosts: ["app.example.com"], routes: exampleRoutes)
  static let custom = try! LinkRouter<DeeplinkType>(schemes: ["myapp"], routes: exampleRoutes)

  @Test(arguments: [
    (DeeplinkType.messages(.root), "https://app.example.com/messages"),
    (.messages(.details(id: "42")), "https://app.example.com/messages/42"),
    (.messages(.details(id: "a/b ?%+é")), "https://app.example.com/messages/a%2Fb%20%3F%25%2B%C3%A9"),
    (.activity, "https://app.example.com/activity"),
    (.request(id: -7), "https://app.example.com/requests/-7"),
    (.docs(path: "guides/intro", version: nil), "https://app.example.com/docs/guides/intro"),
    (.docs(path: "a b/c", version: "2&3"), "https://app.example.com/docs/a%20b/c?v=2%263"),
    (.search(query: "mac & cheese=1+1"), "https://app.example.com/search?q=mac%20%26%20cheese%3D1%2B1"),
  ])
  func printsUniversalLinks(route: DeeplinkType, link: String) throws {
    #expect(try Self.universal.urlString(for: route) == link)
    #expect(try Self.universal.route(for: link) == route)
  }

  @Test(arguments: [
    (DeeplinkType.messages(.details(id: "42")), "myapp://messages/42"),
    (.search(query: "x"), "myapp://search?q=x"),
  ])
  func printsCustomSchemeLinksWithoutAHost(route: DeeplinkType, link: String) throws {
    #expect(try Self.custom.urlString(for: route) == link)
  }

  @Test func printsARootRoute() throws {
    let router = try LinkRouter<String>(schemes: ["myapp"], routes: [.path("/", to: "home")])
    #expect(try router.urlString(for: "home") == "myapp://")
    #expect(try router.route(for: "myapp://") == "home")
  }

  @Test func urlValueRoundTripsThroughFoundation() throws {
    let url = try Self.universal.url(for: .messages(.details(id: "a/b é")))
    #expect(try Self.universal.route(for: url) == .messages(.details(id: "a/b é")))
  }

  /// The property: for generated parameter values, including `/`, `?`, `%`, `+`, `#`, `&`, `=`,
  /// spaces and non-ASCII text, printing a route and resolving the link gives the route back,
  /// in both link forms, from text and through Foundation's `URL`.
  @Test(arguments: [1 as UInt64, 2, 3, 4])
  func roundTripProperty(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var roundTrips = 0
    for _ in 0..<500 {
      let route = Self.randomRoute(using: &generator)
      for router in [Self.universal, Self.custom] {
        let link: String
        do {
          link = try router.urlString(for: route)
        } catch {
          // The only routes that may be refused are those whose values cannot be a segment.
          #expect(Self.cannotBeASegment(route), "\(route) refused: \(error)")
          continue
        }
        #expect(try router.route(for: link) == route, "\(route) printed as \(link)")
        let url = try #require(URL(string: link), "Foundation refuses \(link)")
        #expect(try router.route(for: url) == route, "\(route) via URL \(url)")
        roundTrips += 1
      }
    }
    #expect(roundTrips > 700, "too few generated routes could be printed to test the property")
  }

  @Test(arguments: [
    (DeeplinkType.messages(.details(id: "")), #"parameter "id" of route /messages/:id is empty"#),
    (.messages(.details(id: "..")), #"parameter "id" of route /messages/:id is the dot segment "..""#),
    (.messages(.details(id: "a\nb")), #"parameter "id" of route /messages/:id holds the control character U+000A"#),
    (.messages(.details(id: "a\u{85}")), #"parameter "id" of route /messages/:id holds the control character U+0085"#),
    (
      .messages(.details(id: "\u{202E}fdp")),
      #"parameter "id" of route /messages/:id holds the invisible character U+202E"#
    ),
    (.docs(path: "a//b", version: nil), #"parameter "path" of route /docs/*path?v holds a segment that is empty"#),
    (
      .docs(path: "a/../b", version: nil),
      #"parameter "path" of route /docs/*path?v holds a segment that is the dot segment "..""#
    ),
    (.docs(path: "", version: nil), #"parameter "path" of route /docs/*path?v is missing"#),
  ])
  func valuesThatCannotRoundTripAreRefused(route: DeeplinkType, message: String) {
    #expect(throws: DeepLinkError(.invalidParameter, message)) { try Self.universal.urlString(for: route) }
  }

  @Test func aValueCollidingWithALiteralRouteIsRefused() throws {
    let router = try LinkRouter<DeeplinkType>(
      schemes: ["myapp"], routes: exampleRoutes + [.path("/messages/new", to: .newListing)])
    #expect(
      throws: DeepLinkError(
        .invalidParameter,
        #"the link "myapp://messages/new" printed by route /messages/:id opens route /messages/new instead; a parameter value collides with another route"#
      )
    ) { try router.urlString(for: .messages(.details(id: "new"))) }
  }

  @Test func aRouteNoDefinitionPrintsIsNoRoute() throws {
    let router = try LinkRouter<DeeplinkType>(schemes: ["myapp"], routes: [.path("/activity", to: .activity)])
    #expect(throws: DeepLinkError(.noRoute, #"no route definition prints "newListing""#)) {
      try router.urlString(for: .newListing)
    }
  }

  @Test func illTypedPrintedValueIsRefused() throws {
    let router = try LinkRouter<String>(
      schemes: ["myapp"],
      routes: [.path("/requests/:id(int)", parse: { try $0.string("id") }, print: { ["id": $0] })])
    #expect(
      throws: DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route /requests/:id(int) must be a base-10 integer that fits in 64 bits, not "seven""#)
    ) { try router.urlString(for: "seven") }
    #expect(try router.urlString(for: "7") == "myapp://requests/7")
  }

  @Test func unnamedWildcardCannotBePrinted() throws {
    let router = try LinkRouter<String>(schemes: ["myapp"], routes: [.path("/a/*/c", to: "a")])
    #expect(
      throws: DeepLinkError(.noRoute, #"route /a/*/c has an unnamed wildcard "*", so no link can be printed for it"#)
    ) {
      try router.urlString(for: "a")
    }
  }

  @Test func builderErrorsBecomeInvalidParameter() throws {
    struct Unsupported: Error, CustomStringConvertible { var description: String { "version 9 is unsupported" } }
    let router = try LinkRouter<String>(
      schemes: ["myapp"], routes: [.path("/v/:n", parse: { _ in throw Unsupported() })])
    #expect(throws: DeepLinkError(.invalidParameter, "route /v/:n could not be built: version 9 is unsupported")) {
      try router.route(for: "myapp://v/9")
    }
  }

  @Test func missingQueryParameterIsNamed() throws {
    #expect(throws: DeepLinkError(.invalidParameter, #"parameter "q" of route /search?q is missing"#)) {
      try Self.universal.route(for: "myapp://search")
    }
  }

  // MARK: - Generators

  static let alphabet: [String] = [
    "a", "Z", "0", "9", "-", ".", "_", "~", "/", "?", "%", "+", "#", "&", "=", " ", ";", ":", "@", "!",
    "'", "(", ")", "*", ",", "$", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "[", "]", "é", "ß",
    "例", "😀", "\u{200B}", "\u{200D}", "\u{202E}", "\u{85}", "%2F", "%zz", "..", "\t",
  ]

  static func randomText(using generator: inout SeededGenerator, allowEmpty: Bool = true) -> String {
    let length = Int.random(in: (allowEmpty ? 0 : 1)...8, using: &generator)
    return (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
  }

  static func randomRoute(using generator: inout SeededGenerator) -> DeeplinkType {
    switch Int.random(in: 0..<7, using: &generator) {
    case 0: return .messages(.details(id: randomText(using: &generator)))
    case 1: return .request(id: Int.random(in: Int.min...Int.max, using: &generator))
    case 2: return .order(id: UUID())
    case 3:
      let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in randomText(using: &generator) }
      let version = Bool.random(using: &generator) ? randomText(using: &generator) : nil
      return .docs(path: parts.joined(separator: "/"), version: version)
    case 4: return .search(query: randomText(using: &generator))
    case 5: return .activity
    default: return .messages(.root)
    }
  }

  /// A value printed into the path must be a non-empty segment, not a dot segment and free of
  /// control and invisible format characters (judged here by the standard library's Unicode
  /// categories, an oracle independent of the library's table); the library refuses the others
  /// instead of printing a link that lies.
  static func isRefusedInASegment(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    case .format: scalar != "\u{200C}" && scalar != "\u{200D}"
    default: false
    }
  }

  static func cannotBeASegment(_ route: DeeplinkType) -> Bool {
    let values: [String]
    switch route {
    case .messages(.details(let id)): values = [id]
    case .docs(let path, _):
      values = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String($0)! }
    default: return false
    }
    return values.contains {
      $0.isEmpty || $0 == "." || $0 == ".." || $0.unicodeScalars.contains(where: isRefusedInASegment)
    }
  }
}

/// Two `String` parameters: Swift calls a precomposed "é" and a decomposed "é" equal, so the route
/// cannot tell which value was which, and neither can printing. Values are compared as the route
/// compares them: `roundTripProblems()` found every such route "built alike" on every seed, and a
/// debug build refused a link a release build opens.
@Suite struct CanonicalEquivalenceTests {
  enum Route: Hashable, Sendable {
    case user(owner: String, name: String)
    case search(query: String, sort: String)
  }

  static let router = try! LinkRouter<Route>(
    schemes: ["x"],
    routes: [.path("/u/:owner/:name", Route.user), .path("/search?q&sort", Route.search)])

  @Test(arguments: [1, 2, 3, 2026, 20_261_128] as [UInt64])
  func routesWithTwoStringsRoundTrip(seed: UInt64) {
    #expect(Self.router.roundTripProblems(seed: seed).isEmpty)
  }

  @Test func aDebugBuildOpensWhatAReleaseBuildOpens() throws {
    // "café" precomposed, then decomposed.
    let route = try Self.router.route(for: "x://u/caf%C3%A9/cafe%CC%81")
    #expect(route == .user(owner: "caf\u{E9}", name: "cafe\u{301}"))
    let search = try Self.router.route(for: "x://search?q=cafe%CC%81&sort=caf%C3%A9")
    #expect(search == .search(query: "café", sort: "café"))
    // Printed, it opens a route equal to itself.
    let printed = try Self.router.urlString(for: route)
    #expect(try Self.router.route(for: printed) == route)
  }
}
