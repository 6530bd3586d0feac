import DeepLinkKit
import Foundation
import Testing

/// Every bound of `InputLimits`, at the bound (accepted) and one past it (refused, saying which).
@Suite struct LimitsTests {
  static func router(_ limits: InputLimits) throws -> Router<NamedRoute> {
    try RouteTable(
      schemes: ["myapp"], limits: limits,
      routes: [
        .init(name: "rest", path: "/r/*rest"),
        .init(name: "search", path: "/search"),
        .init(
          name: "item", path: "/items/:id", shortcut: "com.example.item",
          push: PushRule(when: ["type": "item"], parameters: ["id": "item_id"])),
      ]
    ).makeRouter()
  }

  static func error(_ router: Router<NamedRoute>, _ input: DeepLinkInput) -> DeepLinkError? {
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
    #expect(Self.error(router, .url("myapp://search?" + query)) == nil)
    #expect(
      Self.error(router, .url("myapp://search?" + query + "&last=v"))
        == DeepLinkError(.inputTooLarge, "the link has more than \(limit) query items; the limit is \(limit)"))
  }

  @Test func valueLengthOfASegment() throws {
    let router = try Self.router(InputLimits(maxValueLength: 8))
    #expect(Self.error(router, .url("myapp://items/12345678")) == nil)
    #expect(Self.error(router, .url("myapp://items/%41%42%43%44%45%46%47%48")) == nil)  // 8 bytes once decoded
    #expect(
      Self.error(router, .url("myapp://items/123456789"))
        == DeepLinkError(.inputTooLarge, "a path segment is 9 bytes long; the limit is 8 bytes"))
    #expect(
      Self.error(router, .url("myapp://items/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9"))
        == DeepLinkError(.inputTooLarge, "a path segment is 10 bytes long; the limit is 8 bytes"))
  }

  @Test func valueLengthOfAQueryItem() throws {
    let router = try Self.router(InputLimits(maxValueLength: 8))
    #expect(Self.error(router, .url("myapp://search?q=12345678")) == nil)
    #expect(
      Self.error(router, .url("myapp://search?q=123456789"))
        == DeepLinkError(.inputTooLarge, #"the value of the query item "q" is 9 bytes long; the limit is 8 bytes"#))
    #expect(
      Self.error(router, .url("myapp://search?abcdefghi=1"))
        == DeepLinkError(.inputTooLarge, #"the query item name "abcdefghi" is 9 bytes long; the limit is 8 bytes"#))
  }

  @Test func defaultValueLengthIs1024Bytes() throws {
    let router = try Self.router(InputLimits())
    #expect(Self.error(router, .url("myapp://items/" + String(repeating: "x", count: 1024))) == nil)
    #expect(Self.error(router, .url("myapp://items/" + String(repeating: "x", count: 1025)))?.code == .inputTooLarge)
  }

  @Test func valueLengthOfOtherSources() throws {
    let router = try Self.router(InputLimits(maxValueLength: 4))
    #expect(Self.error(router, .quickAction(QuickAction(type: "com.example.item", userInfo: ["id": "1234"]))) == nil)
    #expect(
      Self.error(router, .quickAction(QuickAction(type: "com.example.item", userInfo: ["id": "12345"])))
        == DeepLinkError(.inputTooLarge, #"the value of "id" is 5 bytes long; the limit is 4 bytes"#))
    #expect(
      Self.error(router, .push(PushNotification(userInfo: ["type": "item", "item_id": "12345"])))
        == DeepLinkError(.inputTooLarge, #"the value of "id" is 5 bytes long; the limit is 4 bytes"#))
  }

  @Test func payloadFields() throws {
    let router = try Self.router(InputLimits(maxPayloadFields: 3))
    #expect(Self.error(router, .push(PushNotification(userInfo: ["type": "item", "item_id": "1", "x": 1]))) == nil)
    #expect(
      Self.error(router, .push(PushNotification(userInfo: ["type": "item", "item_id": "1", "x": 1, "y": 2])))
        == DeepLinkError(.inputTooLarge, "the notification's payload has 4 fields; the limit is 3"))
    #expect(
      Self.error(
        router, .quickAction(QuickAction(type: "com.example.item", userInfo: ["id": "1", "a": "", "b": "", "c": ""])))
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
    #expect(PushNotification(userInfo: nested(limit)).depth == limit)
    #expect(Self.error(router, .push(PushNotification(userInfo: nested(limit)))) == nil)
    #expect(
      Self.error(router, .push(PushNotification(userInfo: nested(limit + 1))))
        == DeepLinkError(
          .inputTooLarge, "the notification's payload nests \(limit + 1) levels deep; the limit is \(limit)"))
  }

  @Test func payloadsDeeperThanConversionFollowsAreRefusedToo() throws {
    var payload: [AnyHashable: Any] = ["leaf": "x"]
    for _ in 0..<200 { payload = ["n": payload] }
    let notification = PushNotification(userInfo: payload)
    #expect(notification.depth == Payload.maxDepth + 1)
    #expect(Self.error(try Self.router(InputLimits()), .push(notification))?.code == .inputTooLarge)
  }

  @Test(arguments: [
    (InputLimits(maxSegments: 0), "maxSegments must be at least 1, not 0"),
    (InputLimits(maxValueLength: -1), "maxValueLength must be at least 1, not -1"),
    (InputLimits(maxPayloadDepth: 65), "maxPayloadDepth can be at most 64, not 65"),
  ])
  func unusableLimitsAreRefusedWhenTheTableIsBuilt(limits: InputLimits, message: String) {
    #expect(throws: RouteTableError(problems: [.init(.invalidOption, message)])) {
      try Router<String>(schemes: ["x"], limits: limits, routes: [])
    }
  }

  @Test func jsonTablesSetEveryLimit() throws {
    let json =
      #"{"maxURLLength": 100, "maxSegments": 5, "maxQueryItems": 6, "maxValueLength": 7, "maxPayloadFields": 8, "maxPayloadDepth": 9, "routes": []}"#
    let table = try RouteTable(json: Data(json.utf8))
    #expect(
      table.limits
        == InputLimits(
          maxURLLength: 100, maxSegments: 5, maxQueryItems: 6, maxValueLength: 7, maxPayloadFields: 8,
          maxPayloadDepth: 9))
    #expect(try table.makeRouter().limits == table.limits)
    #expect(throws: RouteTableError.self) {
      try RouteTable.makeRouter(json: Data(#"{"maxPayloadDepth": 99, "routes": []}"#.utf8))
    }
    #expect(throws: RouteTableError.self) { try RouteTable(json: Data(#"{"maxSegments": "many", "routes": []}"#.utf8)) }
  }
}
