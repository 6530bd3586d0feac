import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// What a JSON route table says of the core's options (push rules, confirmation, limits), what
/// its `NamedRoute` prints, and the JSON guide's block: the core's own tests declare their tables
/// in Swift and need no tooling product.
@Suite struct TableOptionsTests {
  static func push(
    _ userInfo: [AnyHashable: Any], action: String = LinkPush.defaultAction, reply: String? = nil
  ) -> DeepLinkInput {
    .push(LinkPush(userInfo: userInfo, actionIdentifier: action, replyText: reply))
  }

  // MARK: Push rules

  @Test func jsonTableReadsAListOfPushRulesAndWritesItBack() throws {
    let json = #"""
      {"schemes": ["x"], "routes": [{"name": "r", "path": "/r/:id", "push": [
        {"when": {"kind": "r"}, "parameters": {"id": "rid"}},
        {"when": {"kind": "r"}, "parameters": {"id": "rid"}, "action": "REPLY"}]}]}
      """#
    let table = try RouteTable(json: Data(json.utf8))
    #expect(
      table.routes[0].pushRules == [
        PushRule(when: ["kind": "r"], parameters: ["id": "rid"]),
        PushRule(when: ["kind": "r"], parameters: ["id": "rid"], action: "REPLY"),
      ])
    let router = try table.makeRouter()
    #expect(try router.resolve(Self.push(["kind": "r", "rid": "1"], action: "REPLY")).route.parameters == ["id": "1"])
    // The router's own table writes both rules, and reads back the same.
    let written = router.routeTable
    #expect(written.routes[0].pushRules == table.routes[0].pushRules)
    #expect(try RouteTable(json: Data(written.jsonText.utf8)).routes[0].pushRules == table.routes[0].pushRules)
    #expect(written.jsonText.contains(#""push" : ["#))
  }

  @Test func jsonPushRuleListItemsAreCheckedEach() {
    let json = #"{"routes": [{"name": "r", "path": "/r", "push": [{"when": {"a": "b"}}, "reply"]}]}"#
    #expect(
      throws: RouteTableError(problems: [
        .init(.invalidTable, #"routes[0] ("r"): "push"[1] must be an object (or a list of objects), not a string"#)
      ])
    ) {
      try RouteTable(json: Data(json.utf8))
    }
  }

  @Test func jsonTableReadsPushRules() throws {
    let table = try RouteTable(
      json: Data(
        #"{"schemes": ["x"], "pushURLKeys": ["go"], "routes": [{"name": "r", "path": "/r/:id", "push": {"when": {"kind": "r"}, "parameters": {"id": "rid"}, "action": "OPEN"}}]}"#
          .utf8))
    #expect(table.pushURLKeys == ["go"])
    #expect(table.routes[0].push == PushRule(when: ["kind": "r"], parameters: ["id": "rid"], action: "OPEN"))
  }

  @Test(arguments: [
    (#"{"when": {"badge": 1}}"#, #"routes[0] ("r"): "push": "when": "badge" must be a string, not a number"#),
    (#"{"when": []}"#, #"routes[0] ("r"): "push": "when" must be an object of strings, not an array"#),
    (
      #"{"if": {}}"#,
      #"routes[0] ("r"): "push" has the unknown key "if"; the keys are action, background, category, parameters, when"#
    ),
    (#""message""#, #"routes[0] ("r"): "push" must be an object (or a list of objects), not a string"#),
    (#"{"action": 3}"#, #"routes[0] ("r"): "push": "action" must be a string, not a number"#),
  ])
  func jsonPushRuleShapes(push: String, message: String) {
    let json = #"{"routes": [{"name": "r", "path": "/r", "push": "# + push + "}]}"
    #expect(throws: RouteTableError(problems: [.init(.invalidTable, message)])) {
      try RouteTable(json: Data(json.utf8))
    }
  }

  // MARK: Confirmation and limits

  @Test func jsonTablesDeclareConfirmation() throws {
    let router = try RouteTable.makeRouter(
      json: Data(#"{"schemes": ["myapp"], "routes": [{"name": "a", "path": "/a", "confirm": true}]}"#.utf8))
    #expect(try router.resolve("myapp://a", source: .inApp).requiresConfirmation)
    #expect(throws: RouteTableError.self) {
      try RouteTable(json: Data(#"{"routes": [{"name": "a", "path": "/a", "confirm": "yes"}]}"#.utf8))
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

  // MARK: Named routes

  @Test func namedRouteDescriptionsCannotBeForged() {
    #expect(NamedRoute("message", parameters: ["id": "42"]).description == "message(id: 42)")
    #expect(NamedRoute("search", parameters: ["q": "a, admin: true"]).description == #"search(q: "a, admin: true")"#)
    #expect(
      NamedRoute("m", parameters: ["id": "1\nlink #2 delivered"]).description == #"m(id: "1\nlink #2 delivered")"#)
    #expect(NamedRoute("m", parameters: ["id": ""]).description == #"m(id: "")"#)
    #expect(NamedRoute("a\u{1B}[2J", parameters: [:]).description == #""a\u{1B}[2J"()"#)
  }

  /// The JSON guide's block (`RouteTablesAsJSON.md`); ReadmeTests checks that it is here.
  @Test func routeTablesAsJSON() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/DeepLinkKitConfiguration/DeepLinkKitConfiguration.docc/RouteTablesAsJSON.md")
    let lines = try String(contentsOf: guide, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "```json"))
    let end = try #require(lines[(start + 1)...].firstIndex(of: "```"))
    let json = lines[(start + 1)..<end].joined(separator: "\n")
    let tableFile = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).json")
    try Data(json.utf8).write(to: tableFile)
    defer { try? FileManager.default.removeItem(at: tableFile) }

    let tableRouter = try RouteTable.makeRouter(json: Data(contentsOf: tableFile))  // LinkRouter<NamedRoute>
    let named = try tableRouter.route(for: "deeplink-example://messages/42")
    // NamedRoute("messageDetails", parameters: ["id": "42"])
    #expect(named == NamedRoute("messageDetails", parameters: ["id": "42"]))
  }
}

// Compile-only: the table's values cross concurrency domains.
private func requireSendable<T: Sendable>(_: T.Type) {}

private func tableTypesAreSendable() {
  requireSendable(RouteTable.self)
  requireSendable(NamedRoute.self)
  requireSendable(LinkRouter<NamedRoute>.self)
}
