import DeepLinkKit
import Testing

/// The routing contract's pattern table and precedence rules, on custom-scheme links
/// (`myapp:///path`), so that only the path matters.
@Suite struct MatchingTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let pattern: String
    let path: String
    let expected: [String: String]?
    var testDescription: String { "\(pattern) vs \(path)" }
  }

  static let specTable: [Case] = [
    // word
    .init(pattern: "/messages", path: "/messages", expected: [:]),
    .init(pattern: "/messages", path: "/messages/", expected: [:]),
    .init(pattern: "/messages", path: "/Messages", expected: nil),
    .init(pattern: "/messages", path: "/messages/1", expected: nil),
    // :name
    .init(pattern: "/messages/:id", path: "/messages/42", expected: ["id": "42"]),
    .init(pattern: "/messages/:id", path: "/messages/a%20b", expected: ["id": "a b"]),
    .init(pattern: "/messages/:id", path: "/messages", expected: nil),
    .init(pattern: "/messages/:id", path: "/messages/1/2", expected: nil),
    // :name(int)
    .init(pattern: "/requests/:id(int)", path: "/requests/7", expected: ["id": "7"]),
    .init(pattern: "/requests/:id(int)", path: "/requests/-7", expected: ["id": "-7"]),
    .init(
      pattern: "/requests/:id(int)", path: "/requests/9223372036854775807", expected: ["id": "9223372036854775807"]),
    .init(
      pattern: "/requests/:id(int)", path: "/requests/-9223372036854775808", expected: ["id": "-9223372036854775808"]),
    .init(pattern: "/requests/:id(int)", path: "/requests/seven", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/99999999999999999999", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/9223372036854775808", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/+7", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/-", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/7.0", expected: nil),
    .init(pattern: "/requests/:id(int)", path: "/requests/%207", expected: nil),
    // :name(uuid)
    .init(
      pattern: "/orders/:id(uuid)", path: "/orders/9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB",
      expected: ["id": "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"]),
    .init(
      pattern: "/orders/:id(uuid)", path: "/orders/9f0c7a3e-5b1d-4c2a-8e6f-0123456789ab",
      expected: ["id": "9f0c7a3e-5b1d-4c2a-8e6f-0123456789ab"]),
    .init(pattern: "/orders/:id(uuid)", path: "/orders/42", expected: nil),
    .init(pattern: "/orders/:id(uuid)", path: "/orders/9F0C7A3E5B1D4C2A8E6F0123456789AB", expected: nil),
    .init(pattern: "/orders/:id(uuid)", path: "/orders/9F0C7A3E-5B1D-4C2A-8E6F-0123456789AG", expected: nil),
    // *
    .init(pattern: "/a/*/c", path: "/a/b/c", expected: [:]),
    .init(pattern: "/a/*/c", path: "/a/c", expected: nil),
    .init(pattern: "/a/*/c", path: "/a/b/b/c", expected: nil),
    // *name
    .init(pattern: "/docs/*path", path: "/docs/a", expected: ["path": "a"]),
    .init(pattern: "/docs/*path", path: "/docs/a/b", expected: ["path": "a/b"]),
    .init(pattern: "/docs/*path", path: "/docs//a///b/", expected: ["path": "a/b"]),
    .init(pattern: "/docs/*path", path: "/docs", expected: nil),
    // the root
    .init(pattern: "/", path: "/", expected: [:]),
    .init(pattern: "/", path: "", expected: [:]),
    .init(pattern: "/", path: "/x", expected: nil),
  ]

  @Test(arguments: specTable)
  func specTableRow(_ row: Case) throws {
    let router = try makeRouter([row.pattern])
    let outcome = router.outcome("myapp://" + row.path)
    if let expected = row.expected {
      #expect(outcome == .route(row.pattern, expected))
    } else {
      #expect(outcome.routeName == nil)
    }
  }

  /// A table holding every kind of segment at one position, so each rung of the precedence
  /// ladder is checked against the ones below it.
  static let ladder = ["/p/lit", "/p/:n(int)", "/p/:u(uuid)", "/p/:s", "/p/*", "/p/*rest"]

  @Test(arguments: [
    ("/p/lit", "/p/lit"),
    ("/p/42", "/p/:n(int)"),
    ("/p/9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB", "/p/:u(uuid)"),
    ("/p/word", "/p/:s"),
    ("/p/a/b", "/p/*rest"),
  ])
  func precedenceLadder(path: String, winner: String) throws {
    let router = try makeRouter(Self.ladder)
    #expect(router.outcome("myapp://" + path).routeName == winner)
  }

  @Test(arguments: [
    // A literal beats a parameter, a typed parameter beats an untyped one.
    (["/a/b", "/a/:x"], "/a/b", "/a/b"),
    (["/a/:x", "/a/:n(int)"], "/a/1", "/a/:n(int)"),
    (["/a/:x", "/a/:n(int)"], "/a/one", "/a/:x"),
    // A parameter beats `*`, which beats `*name`.
    (["/a/*/c", "/a/:x/c"], "/a/b/c", "/a/:x/c"),
    (["/a/*", "/a/*rest"], "/a/b", "/a/*"),
    (["/a/*", "/a/*rest"], "/a/b/c", "/a/*rest"),
    // Backtracking: the preferred branch fails further right, the next one serves.
    (["/a/b/d", "/a/:x/c"], "/a/b/c", "/a/:x/c"),
    (["/a/b/d", "/a/:x/c"], "/a/b/d", "/a/b/d"),
    (["/a/b/d", "/a/:n(int)/c", "/a/*/e"], "/a/b/e", "/a/*/e"),
    (["/a/1/x", "/a/:n(int)/y", "/a/:s/z"], "/a/1/z", "/a/:s/z"),
    (["/a/b/c/d", "/a/*rest"], "/a/b/c/e", "/a/*rest"),
    (["/a/b/c", "/*rest"], "/a/b", "/*rest"),
    // Left to right: the leftmost difference decides, not the number of literals.
    (["/a/:x/c/d", "/:y/b/c/d"], "/a/b/c/d", "/a/:x/c/d"),
  ])
  func precedence(patterns: [String], path: String, winner: String) throws {
    #expect(try makeRouter(patterns).outcome("myapp://" + path).routeName == winner)
    #expect(try makeRouter(patterns.reversed()).outcome("myapp://" + path).routeName == winner)
  }

  /// Registration order never matters: every permutation of a mixed table gives the same answers.
  @Test func registrationOrderNeverMatters() throws {
    let patterns = ["/a/b/d", "/a/:x/c", "/a/:n(int)/c", "/a/*/e", "/a/*rest", "/:top/b/c", "/a"]
    let paths = ["/a/b/d", "/a/b/c", "/a/1/c", "/a/z/e", "/a/z/q/r", "/q/b/c", "/a", "/b", "/a/1/e"]
    let reference = try makeRouter(patterns)
    let expected = paths.map { reference.outcome("myapp://" + $0) }
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      let router = try makeRouter(patterns.shuffled(using: &generator))
      #expect(paths.map { router.outcome("myapp://" + $0) } == expected)
    }
  }

  @Test(arguments: [
    (
      ["/messages/:id", "/messages/:number"],
      #"route "/messages/:id" (/messages/:id) and route "/messages/:number" (/messages/:number) have the same shape; a link could match either"#
    ),
    (
      ["/a/:x(int)/b", "/a/:y(int)/b"],
      #"route "/a/:x(int)/b" (/a/:x(int)/b) and route "/a/:y(int)/b" (/a/:y(int)/b) have the same shape; a link could match either"#
    ),
    (
      ["/a/:x", "/a/:y(string)"],
      #"route "/a/:x" (/a/:x) and route "/a/:y(string)" (/a/:y(string)) have the same shape; a link could match either"#
    ),
    (
      ["/docs/*a", "/docs/*b"],
      #"route "/docs/*a" (/docs/*a) and route "/docs/*b" (/docs/*b) have the same shape; a link could match either"#
    ),
    (["/a/", "/a"], #"route "/a/" (/a/) and route "/a" (/a) have the same shape; a link could match either"#),
  ])
  func conflictsAreRefused(patterns: [String], message: String) {
    #expect(tableProblems(patterns) == [message])
  }

  @Test func differentShapesAreNoConflict() {
    #expect(tableProblems(["/a/:x", "/a/:x(int)", "/a/:x(uuid)", "/a/*", "/a/*rest", "/a/b", "/a"]) == [])
  }

  @Test func swiftRoutesWithoutNamesAreNamedByPattern() {
    #expect(
      throws: RouteTableError(problems: [
        .init(.conflict, "route /m/:id and route /m/:n have the same shape; a link could match either")
      ])
    ) {
      try LinkRouter<String>(
        schemes: ["myapp"], routes: [.path("/m/:id", parse: { _ in "a" }), .path("/m/:n", parse: { _ in "b" })])
    }
    #expect(
      throws: RouteTableError(problems: [
        .init(.conflict, "route /m and route /m are registered with the same pattern; a link could match either")
      ])
    ) {
      try LinkRouter<String>(schemes: ["myapp"], routes: [.path("/m", to: "a"), .path("/m", to: "b")])
    }
  }

  @Test(arguments: [
    ("/Messages/42", Outcome.route("/messages/:id", ["id": "42"])),
    ("/MESSAGES/Ab", .route("/messages/:id", ["id": "Ab"])),
    ("/CAFÉ", .route("/café", [:])),
  ])
  func caseInsensitiveTables(path: String, expected: Outcome) throws {
    let router = try makeRouter(["/messages/:id", "/café"], hostNames: .international, caseSensitive: false)
    #expect(router.outcome("myapp://" + path) == expected)
  }

  @Test func literalsAreCaseSensitiveByDefault() throws {
    #expect(try makeRouter(["/café"], hostNames: .international).outcome("myapp:///CAFÉ") == .refused(.noRoute))
  }

  @Test(arguments: [
    (
      "/requests/seven",
      #"parameter "id" of route "/requests/:id(int)" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not "seven""#
    ),
    ("/orders/42", #"parameter "id" of route "/orders/:id(uuid)" (/orders/:id(uuid)) must be a UUID, not "42""#),
  ])
  func illTypedPathParameterIsNamed(path: String, message: String) throws {
    let router = try makeRouter(["/requests/:id(int)", "/orders/:id(uuid)"])
    #expect(router.error("myapp://" + path) == DeepLinkError(.invalidParameter, message))
  }

  @Test func errorsDescribeThemselvesAsCodeThenMessage() {
    #expect(DeepLinkError(.noRoute, "no route matches").description == "noRoute: no route matches")
    #expect(DeepLinkError.Code.sourceNotAllowed.description == "sourceNotAllowed")
    #expect(RouteTableError.Problem(.conflict, "a and b").description == "conflict: a and b")
    #expect(
      RouteTableError(problems: [.init(.conflict, "a and b"), .init(.invalidPattern, "c")]).description
        == "a and b\nc")
  }

  @Test func unmatchedPathIsNoRoute() throws {
    let router = try makeRouter(["/messages/:id"])
    #expect(
      router.error("myapp://nothing/here") == DeepLinkError(.noRoute, #"no route matches the path "/nothing/here""#))
  }

  /// The trie serves a large table: every route is reachable, whatever was registered around it.
  @Test func largeTableReachesEveryRoute() throws {
    let patterns = (0..<2_000).map { "/section\($0 % 50)/item\($0)/:id" }
    let router = try makeRouter(patterns)
    for index in stride(from: 0, to: 2_000, by: 37) {
      #expect(
        router.outcome("myapp://section\(index % 50)/item\(index)/x")
          == .route("/section\(index % 50)/item\(index)/:id", ["id": "x"]))
    }
    #expect(router.outcome("myapp://section1/item0/x") == .refused(.noRoute))
  }
}

extension Outcome {
  var routeName: String? {
    if case .route(let name, _) = self { return name }
    return nil
  }
}
