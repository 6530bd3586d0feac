import DeepLinkKit
import Foundation
import Testing

/// Every bound of `InputLimits`, at the bound (accepted) and one past it (refused, saying which).
@Suite struct LimitsTests {
  static func router(_ limits: InputLimits) throws -> LinkRouter<TestRoute> {
    try TestTable(
      schemes: ["myapp"], limits: limits,
      routes: [
        .init(name: "rest", path: "/r/*rest"),
        .init(name: "search", path: "/find"),
        .init(
          name: "item", path: "/item/:id", shortcut: "com.example.item",
          push: PushRule(when: ["type": "item"], parameters: ["id": "item_id"])),
      ]
    ).makeRouter()
  }

  static func error(_ router: LinkRouter<TestRoute>, _ input: DeepLinkInput) -> DeepLinkError? {
    do {
      _ = try router.resolve(input)
      return nil
    } catch {
      return error
    }
  }

  @Test(arguments: [(32, InputLimits()), (3, InputLimits(maxSegments: 3))])
  func segments(limit: Int, limits: InputLimits) throws {
    let router = try Self.router(limits)
    let path = (1..<limit).map { "s\($0)" }.joined(separator: "/")
    #expect(Self.error(router, .url("myapp://r/" + path)) == nil)
    #expect(
      Self.error(router, .url("myapp://r/" + path + "/one-more"))
        == DeepLinkError(.inputTooLarge, "the link has more than \(limit) path segments; the limit is \(limit)"))
  }

  @Test(arguments: [(64, InputLimits()), (2, InputLimits(maxQueryItems: 2))])
  func queryItems(limit: Int, limits: InputLimits) throws {
    let router = try Self.router(limits)
    let query = (0..<limit).map { "k\($0)=v" }.joined(separator: "&")
    #expect(Self.error(router, .url("myapp://find?" + query)) == nil)
    #expect(
      Self.error(router, .url("myapp://find?" + query + "&last=v"))
        == DeepLinkError(.inputTooLarge, "the link has more than \(limit) query items; the limit is \(limit)"))
  }

  @Test func valueLengthOfASegment() throws {
    let router = try Self.router(InputLimits(maxValueLength: 8))
    #expect(Self.error(router, .url("myapp://item/12345678")) == nil)
    #expect(Self.error(router, .url("myapp://item/%41%42%43%44%45%46%47%48")) == nil)  // 8 bytes once decoded
    #expect(
      Self.error(router, .url("myapp://item/123456789"))
        == DeepLinkError(.inputTooLarge, "a path segment is 9 bytes long; the limit is 8 bytes"))
    #expect(
      Self.error(router, .url("myapp://item/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9"))
        == DeepLinkError(.inputTooLarge, "a path segment is 10 bytes long; the limit is 8 bytes"))
  }

  @Test func valueLengthOfAQueryItem() throws {
    let router = try Self.router(InputLimits(maxValueLength: 8))
    #expect(Self.error(router, .url("myapp://find?q=12345678")) == nil)
    #expect(
      Self.error(router, .url("myapp://find?q=123456789"))
        == DeepLinkError(.inputTooLarge, #"the value of the query item "q" is 9 bytes long; the limit is 8 bytes"#))
    #expect(
      Self.error(router, .url("myapp://find?abcdefghi=1"))
        == DeepLinkError(.inputTooLarge, #"the query item name "abcdefghi" is 9 bytes long; the limit is 8 bytes"#))
  }

  @Test func defaultValueLengthIs1024Bytes() throws {
    let router = try Self.router(InputLimits())
    #expect(Self.error(router, .url("myapp://item/" + String(repeating: "x", count: 1024))) == nil)
    #expect(Self.error(router, .url("myapp://item/" + String(repeating: "x", count: 1025)))?.code == .inputTooLarge)
  }

  @Test func valueLengthOfOtherSources() throws {
    let router = try Self.router(InputLimits(maxValueLength: 4))
    #expect(
      Self.error(router, .quickAction(LinkQuickAction(type: "com.example.item", userInfo: ["id": "1234"]))) == nil)
    #expect(
      Self.error(router, .quickAction(LinkQuickAction(type: "com.example.item", userInfo: ["id": "12345"])))
        == DeepLinkError(.inputTooLarge, #"the value of "id" is 5 bytes long; the limit is 4 bytes"#))
    #expect(
      Self.error(router, .push(LinkPush(userInfo: ["type": "item", "item_id": "12345"])))
        == DeepLinkError(.inputTooLarge, #"the value of "id" is 5 bytes long; the limit is 4 bytes"#))
  }

  @Test func payloadFields() throws {
    let router = try Self.router(InputLimits(maxPayloadFields: 3))
    #expect(Self.error(router, .push(LinkPush(userInfo: ["type": "item", "item_id": "1", "x": 1]))) == nil)
    #expect(
      Self.error(router, .push(LinkPush(userInfo: ["type": "item", "item_id": "1", "x": 1, "y": 2])))
        == DeepLinkError(.inputTooLarge, "the notification's payload has 4 fields; the limit is 3"))
    #expect(
      Self.error(
        router,
        .quickAction(LinkQuickAction(type: "com.example.item", userInfo: ["id": "1", "a": "", "b": "", "c": ""])))
        == DeepLinkError(.inputTooLarge, "the input has 4 values; the limit is 3"))
  }

  @Test(arguments: [16, 3])
  func payloadDepth(limit: Int) throws {
    let router = try Self.router(InputLimits(maxPayloadDepth: limit))
    func nested(_ levels: Int) -> [AnyHashable: Any] {
      var payload: [AnyHashable: Any] = ["type": "item", "item_id": "7"]
      for _ in 1..<levels { payload = ["type": "item", "item_id": "7", "more": payload] }
      return payload
    }
    #expect(LinkPush(userInfo: nested(limit)).depth == limit)
    #expect(Self.error(router, .push(LinkPush(userInfo: nested(limit)))) == nil)
    #expect(
      Self.error(router, .push(LinkPush(userInfo: nested(limit + 1))))
        == DeepLinkError(
          .inputTooLarge, "the notification's payload nests \(limit + 1) levels deep; the limit is \(limit)"))
  }

  @Test func payloadsDeeperThanConversionFollowsAreRefusedToo() throws {
    var payload: [AnyHashable: Any] = ["leaf": "x"]
    for _ in 0..<200 { payload = ["n": payload] }
    let notification = LinkPush(userInfo: payload)
    #expect(notification.depth == LinkPayload.maxDepth + 1)
    #expect(Self.error(try Self.router(InputLimits()), .push(notification))?.code == .inputTooLarge)
  }

  @Test(arguments: [
    (InputLimits(maxSegments: 0), "maxSegments must be at least 1, not 0"),
    (InputLimits(maxValueLength: -1), "maxValueLength must be at least 1, not -1"),
    (InputLimits(maxPayloadDepth: 65), "maxPayloadDepth can be at most 64, not 65"),
    (
      InputLimits(maxSegments: 257),
      "maxSegments can be at most 256, not 257: matching a link goes one level deeper per segment"
    ),
    (InputLimits(maxURLLength: 65_537), "maxURLLength can be at most 65536 bytes, not 65537"),
    (InputLimits(maxQueryItems: 4_097), "maxQueryItems can be at most 4096, not 4097"),
  ])
  func unusableLimitsAreRefusedWhenTheTableIsBuilt(limits: InputLimits, message: String) {
    #expect(throws: RouteTableError(problems: [.init(.invalidOption, message)])) {
      try LinkRouter<String>(schemes: ["x"], limits: limits, routes: [])
    }
  }

  /// Every unusable limit is reported, in the order of the limits' table.
  @Test func everyUnusableLimitIsReportedInTheTablesOrder() {
    let limits = InputLimits(maxSegments: 300, maxValueLength: 0, maxPayloadFields: -2, maxPayloadDepth: 65)
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .invalidOption,
          "maxSegments can be at most 256, not 300: matching a link goes one level deeper per segment"),
        .init(.invalidOption, "maxValueLength must be at least 1, not 0"),
        .init(.invalidOption, "maxPayloadFields must be at least 1, not -2"),
        .init(.invalidOption, "maxPayloadDepth can be at most 64, not 65"),
      ])
    ) { try LinkRouter<String>(schemes: ["x"], limits: limits, routes: []) }
  }

  // MARK: Hostile route tables (round 2 of the hardening)

  /// A pattern longer than any link is refused when the table is built, by the table's own limits.
  @Test func patternsNoLinkCanMatchAreRefused() {
    let long = "/" + (0..<20_000).map { ":p\($0)" }.joined(separator: "/")
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .invalidPattern,
          "route \(long) has 20000 segments; no link can match it, since a link has at most 32 (maxSegments)")
      ])
    ) { try LinkRouter<String>(schemes: ["x"], routes: [.path(long, parse: { _ in "long" })]) }
    let wide = "/" + String(repeating: "a", count: 1_025)
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .invalidPattern,
          "route \(wide) has a segment of 1025 bytes; no link can match it, since a segment has at most 1024 (maxValueLength)"
        )
      ])
    ) { try LinkRouter<String>(schemes: ["x"], routes: [.path(wide, to: "wide")]) }
  }

  /// The duplicate-name check is linear: 20,000 parameters parse at once (it was quadratic, 75 s),
  /// and a repeated name at the end is still found.
  /// A link's parameters are added in constant time each, whatever their names: which repeat a
  /// name is worked out when asked. (Each was compared with every one before it: 40,000 query
  /// items took 140 s to resolve.)
  @Test(.timeLimit(.minutes(1))) func manyQueryItemsCostTheirNumber() throws {
    let many = RouteParameters((0..<200_000).map { (name: "q\($0 % 1_000)", value: "\($0)") })
    #expect(many.count == 1_000)
    #expect(many["q7"] == "7")
    #expect(many.values("q7").count == 200)
    #expect(Array(many.prefix(2)).map(\.value) == ["0", "1"])
    #expect(many == RouteParameters((0..<200_000).map { (name: "q\($0 % 1_000)", value: "\($0)") }))
    // At the ceilings, a link of 4,096 query items resolves, to a route that declares none.
    let limits = InputLimits(maxURLLength: InputLimits.urlLengthCeiling, maxQueryItems: InputLimits.queryItemsCeiling)
    let router = try LinkRouter<Int>(
      schemes: ["x"], limits: limits, routes: [.path("/a", parse: { $0.count })])
    let query = (0..<InputLimits.queryItemsCeiling).map { "q\($0 % 64)=\($0)" }.joined(separator: "&")
    #expect(try router.route(for: "x://a?" + query) == 64)
    #expect(throws: DeepLinkError.self) { try router.route(for: "x://a?" + query + "&one=more") }
  }

  @Test func manyParametersParseInLinearTime() throws {
    let names = (0..<20_000).map { ":p\($0)" }
    #expect(try RoutePattern("/" + names.joined(separator: "/")).segments.count == 20_000)
    #expect(throws: RouteTableError.self) { try RoutePattern("/" + (names + [":p7"]).joined(separator: "/")) }
    #expect(throws: RouteTableError.self) { try RoutePattern("/:a/:b/:c/:d/:e/:f/:g/:h/:i/:a") }
    #expect(throws: RouteTableError.self) { try RoutePattern("/:a/:b/:c/:d/:a") }
    // So are the declared query parameters.
    let query = (0..<20_000).map { "q\($0)" }
    #expect(try RoutePattern("/a?" + query.joined(separator: "&")).query.count == 20_000)
    #expect(throws: RouteTableError.self) { try RoutePattern("/a?" + (query + ["q7"]).joined(separator: "&")) }
    #expect(throws: RouteTableError.self) { try RoutePattern("/:a?b&a") }
  }

  /// At the deepest table allowed (256 segments), a match that backtracks through every level runs
  /// on a 512 KB stack, a secondary thread's on iOS. (A 20,000-segment pattern overflowed it.)
  @Test func theDeepestMatchFitsASecondaryThreadsStack() async throws {
    let depth = InputLimits.segmentsCeiling
    let limits = InputLimits(maxURLLength: 4096, maxSegments: depth)
    // Every level prefers a literal branch that fails only at the very end.
    let literal = "/" + Array(repeating: "a", count: depth - 1).joined(separator: "/") + "/z"
    let parameters = "/" + (0..<depth).map { ":p\($0)" }.joined(separator: "/")
    let router = try LinkRouter<String>(
      schemes: ["x"], limits: limits,
      routes: [.path(literal, to: "literal"), .path(parameters, parse: { _ in "parameters" })])
    let link = "x:/" + Array(repeating: "a", count: depth).joined(separator: "/")
    final class Answer: @unchecked Sendable {
      let lock = NSLock()
      var route: String?
    }
    let answer = Answer()
    let thread = Thread {
      let route = try? router.route(for: link)
      answer.lock.withLock { answer.route = route ?? "none" }
    }
    thread.stackSize = 512 * 1024
    thread.start()
    while answer.lock.withLock({ answer.route }) == nil { try await Task.sleep(for: .milliseconds(5)) }
    #expect(answer.lock.withLock { answer.route } == "parameters")
  }
}
