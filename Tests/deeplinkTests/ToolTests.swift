import Foundation
import Testing

@Suite struct ResolveCommandTests {
  @Test(arguments: [
    ("deeplink-example://messages/42", #"{"route":"messageDetails","parameters":{"id":"42"},"source":"customScheme"}"#),
    ("deeplink-example:messages", #"{"route":"messages","parameters":{},"source":"customScheme"}"#),
    (
      "https://app.example.com/requests/7?ref=mail&ref=x",
      #"{"route":"request","parameters":{"id":"7","ref":"mail"},"source":"universalLink"}"#
    ),
    ("https://APP.example.com/post/10", #"{"route":"post","parameters":{"id":"10"},"source":"universalLink"}"#),
    (
      "https://app.example.com/settings/profile",
      #"{"route":"settingsSection","parameters":{"section":"profile"},"source":"universalLink"}"#
    ),
    (
      "deeplink-example://messages/say%20%22hi%22%5C",
      #"{"route":"messageDetails","parameters":{"id":"say \"hi\"\\"},"source":"customScheme"}"#
    ),
    (
      "deeplink-example://messages/x?text=a%0Ab",
      #"{"route":"messageDetails","parameters":{"id":"x","text":"a\nb"},"source":"customScheme"}"#
    ),
  ])
  func resolvesAsJSON(url: String, json: String) throws {
    #expect(try ToolRunner.run("resolve", url, "--format", "json") == .init(status: 0, output: json + "\n", error: ""))
  }

  @Test(arguments: [
    ("deeplink-example://nowhere", "noRoute", #"no route matches the path \"/nowhere\""#),
    (
      "https://app.example.com/requests/seven", "invalidParameter",
      #"parameter \"id\" of route \"request\" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not \"seven\""#
    ),
    (
      "https://app.example.com/settings/account/delete", "sourceNotAllowed",
      #"route \"deleteAccount\" (/settings/account/delete) cannot be opened from a universal link (allowed: inApp)"#
    ),
    (
      "https://evil.example.com/messages", "unknownHost",
      #"the host \"evil.example.com\" is not a listed universal-link host (listed: app.example.com)"#
    ),
    (
      "mailto:someone@example.com", "unsupportedScheme",
      #"the scheme \"mailto\" is not handled (handled: deeplink-example, https)"#
    ),
    (
      "deeplink-example://messages/%2e%2e", "malformedInput",
      #"malformed link: the segment \"%2e%2e\" is a dot segment"#
    ),
  ])
  func refusesAsJSONWithStatus1(url: String, code: String, message: String) throws {
    let expected = #"{"error":{"code":""# + code + #"","message":""# + message + "\"}}\n"
    #expect(try ToolRunner.run("--format=json", "resolve", url).status == 2)  // options follow the command
    #expect(try ToolRunner.run("resolve", "--format=json", url) == .init(status: 1, output: expected, error: ""))
  }

  @Test func tooLargeIsRefused() throws {
    let result = try ToolRunner.run(
      "resolve", "--format", "json", "deeplink-example://messages/" + String(repeating: "a", count: 5000))
    #expect(result.status == 1)
    #expect(
      result.output
        == #"{"error":{"code":"inputTooLarge","message":"the link is 5028 bytes long; the limit is 4096 bytes"}}"#
        + "\n")
  }

  @Test func textFormatIsTheDefault() throws {
    let result = try ToolRunner.run("resolve", "deeplink-example://post/10?ref=push")
    #expect(
      result
        == .init(
          status: 0,
          output: """
            deeplink-example://post/10?ref=push
              route       post
              pattern     /post/:id(int)
              source      customScheme
              parameters  id = 10
                          ref = push

            """, error: ""))
    let refused = try ToolRunner.run("resolve", "--format", "text", "deeplink-example://nowhere")
    #expect(
      refused
        == .init(
          status: 1,
          output: """
            deeplink-example://nowhere
              refused     noRoute
              reason      no route matches the path "/nowhere"

            """, error: ""))
  }

  @Test func customTable() throws {
    let file = try ToolRunner.temporaryFile(
      #"{"schemes": ["shop"], "routes": [{"name": "item", "path": "/items/:sku"}]}"#)
    #expect(
      try ToolRunner.run("resolve", "--routes", file, "--format", "json", "shop://items/A-1")
        == .init(
          status: 0, output: #"{"route":"item","parameters":{"sku":"A-1"},"source":"customScheme"}"# + "\n", error: ""))
  }

  @Test(arguments: [
    ["resolve"],
    ["resolve", "a://b", "c://d"],
    ["resolve", "--format", "xml", "a://b"],
    ["resolve", "--format"],
    ["resolve", "--colour", "red", "a://b"],
    ["resolve", "--routes", "/nonexistent/routes.json", "a://b"],
    ["frobnicate"],
    [],
  ])
  func usageErrorsExit2(arguments: [String]) throws {
    let result = try ToolRunner.run(arguments)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(!result.error.isEmpty)
  }

  /// A usage error says what is wrong, the command's usage and where its help is: three lines.
  @Test func usageErrorSaysWhatIsWrong() throws {
    let result = try ToolRunner.run("resolve", "--format", "xml", "a://b")
    let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(
      lines == [
        #"deeplink: --format must be text or json, not "xml""#,
        "Usage: deeplink resolve [--routes <file>] [--format <format>] [--push <json>] [--action <id>] "
          + "[--reply <text>] [--shortcut <type>] [--user-info <json>] [--intent <name>] [--param <key=value> ...] "
          + "[--activity <type>] [--webpage-url <url>] [<url>]",
        "  See 'deeplink resolve --help' for more information.",
      ])
  }

  @Test func tableThatCannotBeBuiltExits2() throws {
    let file = try ToolRunner.temporaryFile(#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a/:"}]}"#)
    let result = try ToolRunner.run("resolve", "--routes", file, "x://a")
    #expect(result.status == 2)
    #expect(
      result.error == "deeplink: \(file) cannot be built:\n  pattern \"/a/:\": \":\" has an empty parameter name\n")
    let unreadable = try ToolRunner.temporaryFile("{ not json")
    #expect(try ToolRunner.run("resolve", "--routes", unreadable, "x://a").status == 2)
  }
}

@Suite struct LintCommandTests {
  @Test func cleanTableExits0() throws {
    #expect(
      try ToolRunner.run("lint") == .init(status: 0, output: "built-in table: 9 routes, no problems\n", error: ""))
    let file = try ToolRunner.temporaryFile(#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a"}]}"#)
    #expect(
      try ToolRunner.run("lint", "--routes", file)
        == .init(status: 0, output: "\(file): 1 route, no problems\n", error: ""))
  }

  /// The typed reply as a path parameter: no link can fill it, so `lint` says so.
  @Test func aReplyInThePathIsAProblem() throws {
    let file = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "routes": [{"name": "r", "path": "/r/:replyText", "push": {"when": {"t": "r"}, "action": "REPLY"}}]}"#
    )
    let result = try ToolRunner.run("lint", "--routes", file)
    #expect(
      result.output == """
        \(file): invalidPattern: route "r" (/r/:replyText) has the path parameter "replyText", which only a notification's typed reply fills, so no link can open it; make it an optional query parameter (?replyText?)
        \(file): 1 problem

        """)
    #expect(result.status == 1)
  }

  /// A notification action needs a category for iOS to show it: `lint` warns of an action with
  /// none, and refuses one action that both opens the app and runs in the background.
  @Test func notificationActionsAndTheirCategories() throws {
    let warned = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "routes": [{"name": "r", "path": "/r/:id?replyText?", "push": {"when": {"t": "r"}, "parameters": {"id": "i"}, "action": "REPLY", "background": true}}]}"#
    )
    #expect(
      try ToolRunner.run("lint", "--routes", warned)
        == .init(
          status: 0,
          output: """
            \(warned): warning: actionWithoutCategory: route "r" (/r/:id?replyText?) answers the notification action "REPLY" and names no category: iOS shows the action only in a category the app registers itself, and the payloads `url --apns` and `qa` write name none; give the rule a "category" (router.notificationCategories(titles:) makes it)
            \(warned): 1 route, no problems

            """, error: ""))
    let categorized = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "routes": [{"name": "r", "path": "/r/:id?replyText?", "push": {"when": {"t": "r"}, "parameters": {"id": "i"}, "action": "REPLY", "background": true, "category": "M"}}]}"#
    )
    #expect(
      try ToolRunner.run("lint", "--routes", categorized)
        == .init(status: 0, output: "\(categorized): 1 route, no problems\n", error: ""))
    let clash = try ToolRunner.temporaryFile(
      """
      {"schemes": ["x"], "routes": [
        {"name": "a", "path": "/a/:id", "push": {"when": {"t": "a"}, "parameters": {"id": "i"}, "action": "GO", "category": "M"}},
        {"name": "b", "path": "/b/:id", "push": {"when": {"t": "b"}, "parameters": {"id": "i"}, "action": "GO", "category": "M", "background": true}}
      ]}
      """)
    let result = try ToolRunner.run("lint", "--routes", clash)
    #expect(result.status == 1)
    #expect(
      result.output == """
        \(clash): categoryActionConflict: the action "GO" of category "M" opens the app for route "a" (/a/:id) and runs in the background for route "b" (/b/:id); one action does one or the other, so give them two actions
        \(clash): 1 problem

        """)
  }

  @Test func sameShapeRoutesExit1NamingBoth() throws {
    let file = try ToolRunner.temporaryFile(
      """
      {"schemes": ["x"], "routes": [
        {"name": "messageDetails", "path": "/messages/:id"},
        {"name": "messageByNumber", "path": "/messages/:number"}
      ]}
      """)
    let result = try ToolRunner.run("lint", "--routes", file)
    #expect(
      result
        == .init(
          status: 1,
          output: """
            \(file): conflict: route "messageDetails" (/messages/:id) and route "messageByNumber" (/messages/:number) have the same shape; a link could match either
            \(file): 1 problem

            """, error: ""))
  }

  @Test func everyProblemIsReported() throws {
    let file = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "extra": 1, "routes": [{"name": "a", "path": "/a/:"}, {"name": "b", "path": "/b/*r/c"}, {"name": "b", "path": "/c"}]}"#
    )
    let result = try ToolRunner.run("lint", "--routes", file)
    #expect(result.status == 1)
    #expect(
      result.output == """
        \(file): invalidTable: the table has the unknown key "extra"; the keys are caseSensitive, customSchemeHost, hostNames, hosts, maxPayloadDepth, maxPayloadFields, maxQueryItems, maxSegments, maxURLLength, maxValueLength, pushURLKeys, routes, schemes
        \(file): invalidPattern: pattern "/a/:": ":" has an empty parameter name
        \(file): invalidPattern: pattern "/b/*r/c": the catch-all "*r" must be the last segment
        \(file): duplicateName: two routes are named "b"
        \(file): 4 problems

        """)
  }

  /// Tables that `lint` passed with "no problems" though parts of them can never work (round 2 of
  /// the hardening): each now gets its own problem, and the status is 1.
  @Test func tablesThatCannotWorkAreReported() throws {
    let file = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "hosts": ["*.com", "10.0.0.1"], "routes": [{"name": "a", "path": "/a%0A"},"#
        + #"{"name": "b", "path": "/b", "sources": []},"#
        + #"{"name": "c", "path": "/c/:id", "push": {"when": {"t": "c"}}}]}"#)
    let result = try ToolRunner.run("lint", "--routes", file)
    #expect(result.status == 1)
    #expect(
      result.output == """
        \(file): invalidOption: the host "*.com" covers every site under the public suffix "com"; name the app's own domain
        \(file): invalidOption: the host "10.0.0.1" is an IP address; universal links need a domain name
        \(file): invalidPattern: pattern "/a%0A": segment 1 "a%0A" holds the control character U+000A, which no link can match
        \(file): invalidOption: route "b" (/b) has an empty list of sources, so nothing can open it
        \(file): invalidOption: route "c" (/c/:id) has a push rule that never fills its path parameter "id"; add it to the rule's parameters
        \(file): 5 problems

        """)
    let twice = try ToolRunner.temporaryFile(#"{"schemes": ["x"], "routes": [], "schemes": ["y"]}"#)
    let duplicate = try ToolRunner.run("lint", "--routes", twice)
    #expect(duplicate.status == 1)
    #expect(
      duplicate.output.contains(#"invalidTable: the table is not valid JSON: the table has the key "schemes" twice"#))
  }

  /// A route name or value holding a line break or an escape sequence cannot forge a line of
  /// output or reach the terminal (round 2 of the hardening: `lint` printed a fake "no problems").
  @Test func valuesCannotForgeLines() throws {
    let table = try ToolRunner.temporaryFile(
      #"{"schemes": ["myapp"], "routes": [{"name": "a\nroutes.json: 0 routes, no problems", "path": "/a"},"#
        + #"{"name": "b\u001b[2J", "path": "/a"}]}"#)
    let lint = try ToolRunner.run("lint", "--routes", table)
    #expect(lint.status == 1)
    #expect(!lint.output.contains("\u{1B}"))
    #expect(!lint.output.split(separator: "\n").contains { $0.hasSuffix(": 0 routes, no problems") })
    #expect(lint.output.split(separator: "\n").count == 2, "\(lint.output)")

    let resolve = try ToolRunner.run(
      "resolve", "deeplink-example://messages/42?q=x%0A%20%20route%20%20%20%20%20%20%20admin%1B[2J")
    #expect(resolve.status == 0)
    #expect(!resolve.output.contains("\u{1B}"))
    #expect(!resolve.output.contains("\n  route       admin"))
    #expect(resolve.output.contains(#"q = x\n  route       admin\u{1B}[2J"#), "\(resolve.output)")
  }

  @Test func invalidJSONIsAProblem() throws {
    let file = try ToolRunner.temporaryFile("{")
    let result = try ToolRunner.run("lint", "--routes", file)
    #expect(result.status == 1)
    #expect(result.output.contains("invalidTable: the table is not valid JSON"))
  }

  @Test func unreadableFileExits2() throws {
    let result = try ToolRunner.run("lint", "--routes", "/nonexistent/routes.json")
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("deeplink: cannot read /nonexistent/routes.json"))
  }
}
