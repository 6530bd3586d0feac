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

@Suite struct URLCommandTests {
  /// QA commands: the simulator command that opens a route's link, and a push payload file for
  /// `xcrun simctl push` that the tool resolves to the same route.
  @Test func simulatorCommands() throws {
    let open = try ToolRunner.run("url", "--simctl", "request", "id=7")
    #expect(
      open == .init(status: 0, output: "xcrun simctl openurl booted 'https://app.example.com/requests/7'\n", error: ""))
    let quoted = try ToolRunner.run("url", "messageDetails", "id=it's", "--simctl")
    #expect(quoted.output == #"xcrun simctl openurl booted 'https://app.example.com/messages/it'\''s'"# + "\n")

    let file = try ToolRunner.temporaryFile("", name: "message.apns")
    let written = try ToolRunner.run("url", "messageDetails", "id=42", "--apns", file, "--bundle-id", "com.example.app")
    #expect(written.status == 0)
    let payload = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
    #expect(payload["Simulator Target Bundle"] as? String == "com.example.app")
    #expect(payload["aps"] is [String: Any])
    #expect(payload["deeplink"] as? String == "https://app.example.com/messages/42")
    let resolved = try ToolRunner.run("resolve", "--format", "json", "--push", "@" + file)
    #expect(resolved.status == 0)
    #expect(resolved.output == #"{"route":"messageDetails","parameters":{"id":"42"},"source":"push"}"# + "\n")

    #expect(try ToolRunner.run("url", "request", "id=7", "--bundle-id", "com.example.app").status == 2)
  }

  /// A route limited to the app's own links: the simulator and a push cannot open it, so the tool
  /// prints neither; the plain link is printed with a warning.
  @Test func aRouteNoOutsideLinkOpensGetsNoWayToOpenIt() throws {
    let simctl = try ToolRunner.run("url", "--simctl", "deleteAccount")
    #expect(simctl.status == 1 && simctl.output.isEmpty)
    #expect(simctl.error.hasPrefix("deeplink: sourceNotAllowed: the simulator cannot open it: "))
    #expect(simctl.error.contains("(allowed: inApp)"))
    let file = try ToolRunner.temporaryFile("", name: "delete.apns")
    let apns = try ToolRunner.run("url", "deleteAccount", "--apns", file)
    #expect(apns.status == 1 && apns.output.isEmpty)
    #expect(apns.error.hasPrefix("deeplink: sourceNotAllowed: a push carrying it cannot open it: "))
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty)
    let plain = try ToolRunner.run("url", "deleteAccount")
    #expect(plain.status == 0 && plain.output == "https://app.example.com/settings/account/delete\n")
    #expect(plain.error.hasPrefix("deeplink: warning: "))
    #expect(plain.error.hasSuffix("; the link opens the route only from within the app\n"))
  }

  @Test(arguments: [
    (["messageDetails", "id=42"], "https://app.example.com/messages/42"),
    (["messages"], "https://app.example.com/messages"),
    (["request", "id=7", "ref=mail"], "https://app.example.com/requests/7?ref=mail"),
    (
      ["messageDetails", "id=a/b ?%+é", "q=x&y=z"],
      "https://app.example.com/messages/a%2Fb%20%3F%25%2B%C3%A9?q=x%26y%3Dz"
    ),
    (["settingsSection", "section=profile"], "https://app.example.com/settings/profile"),
  ])
  func printsUniversalLinks(arguments: [String], link: String) throws {
    #expect(try ToolRunner.run(["url"] + arguments) == .init(status: 0, output: link + "\n", error: ""))
    // The printed link resolves back to the same route.
    let resolved = try ToolRunner.run("resolve", "--format", "json", link)
    #expect(resolved.status == 0)
    #expect(resolved.output.hasPrefix(#"{"route":""# + arguments[0] + "\""))
  }

  /// An in-app-only route still has a link (the app may open it itself), but the link refuses
  /// to open it from outside.
  @Test func inAppOnlyRouteHasALinkThatOutsidersCannotUse() throws {
    let link = "https://app.example.com/settings/account/delete"
    let url = try ToolRunner.run("url", "deleteAccount")
    #expect(url.status == 0 && url.output == link + "\n")
    let resolved = try ToolRunner.run("resolve", "--format", "json", link)
    #expect(resolved.status == 1)
    #expect(resolved.output.contains(#""code":"sourceNotAllowed""#))
  }

  @Test func customSchemeWhenNoPlainHost() throws {
    let file = try ToolRunner.temporaryFile(
      #"{"schemes": ["shop", "shop2"], "hosts": ["*.shop.example"], "routes": [{"name": "item", "path": "/items/:sku"}]}"#
    )
    #expect(
      try ToolRunner.run("url", "--routes", file, "item", "sku=A 1")
        == .init(status: 0, output: "shop://items/A%201\n", error: ""))
  }

  @Test(arguments: [
    (["request"], #"deeplink: invalidParameter: parameter "id" of route "request" (/requests/:id(int)) is missing"#),
    (
      ["request", "id=seven"],
      #"deeplink: invalidParameter: parameter "id" of route "request" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not "seven""#
    ),
    (
      ["messageDetails", "id="],
      #"deeplink: invalidParameter: parameter "id" of route "messageDetails" (/messages/:id) is empty"#
    ),
    (["messageDetails", "id=new"], ""),
    (
      ["nothing"],
      "deeplink: noRoute: no route is named \"nothing\" (routes: messages, messageDetails, activity, newListing, request, post, settings, settingsSection, deleteAccount)"
    ),
  ])
  func refusalsExit1(arguments: [String], message: String) throws {
    let result = try ToolRunner.run(["url"] + arguments)
    if message.isEmpty {
      #expect(result.status == 0)  // "new" is a plain value in the example table
    } else {
      #expect(result == .init(status: 1, output: "", error: message + "\n"))
    }
  }

  /// A defaulted query parameter may be left out, and a repeated one given more than once.
  @Test func defaultsAndRepeatedParameters() throws {
    let routes = try ToolRunner.temporaryFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "search", "path": "/search?q&page=1&tag*"}]}"#)
    #expect(
      try ToolRunner.run("url", "--routes", routes, "search", "q=a")
        == .init(status: 0, output: "https://example.com/search?q=a\n", error: ""))
    #expect(
      try ToolRunner.run("url", "--routes", routes, "search", "q=a", "page=2", "tag=x", "tag=y")
        == .init(status: 0, output: "https://example.com/search?q=a&page=2&tag=x&tag=y\n", error: ""))
    #expect(
      try ToolRunner.run(
        "resolve", "--routes", routes, "--format", "json", "https://example.com/search?q=a&tag=x&tag=y"
      )
      .output == #"{"route":"search","parameters":{"page":"1","q":"a","tag":["x","y"]},"source":"universalLink"}"#
        + "\n")
  }

  @Test(arguments: [["url"], ["url", "request", "id"], ["url", "request", "=7"], ["url", "request", "id=1", "id=2"]])
  func usageErrorsExit2(arguments: [String]) throws {
    #expect(try ToolRunner.run(arguments).status == 2)
  }
}

@Suite struct RoutesAndHelpCommandTests {
  @Test func listsTheBuiltInTable() throws {
    #expect(
      try ToolRunner.run("routes")
        == .init(
          status: 0,
          output: """
            schemes: deeplink-example
            hosts:   app.example.com
            messages         /messages
            messageDetails   /messages/:id  (push: type=message)
            activity         /activity  (shortcut: com.example.deeplink.activity; intent: ShowActivityIntent)
            newListing       /listings/new  (shortcut: com.example.deeplink.new-listing)
            request          /requests/:id(int)
            post             /post/:id(int)
            settings         /settings
            settingsSection  /settings/:section
            deleteAccount    /settings/account/delete  (sources: inApp)

            """, error: ""))
  }

  @Test func helpExits0() throws {
    let result = try ToolRunner.run("help")
    #expect(result.status == 0 && result.error.isEmpty)
    #expect(result.output.hasPrefix("OVERVIEW: Resolves links"))
    #expect(result.output.contains("\nUSAGE: deeplink <subcommand>\n"))
    #expect(try ToolRunner.run("--help") == result)
  }
}

/// Each command's own help: `COMMAND --help`, `COMMAND -h` and `help COMMAND` print its page on
/// standard output and exit 0; a subcommand's is its own.
@Suite struct CommandHelpTests {
  static let commands = ["demo", "resolve", "url", "lint", "routes", "aasa", "site", "doctor", "plist", "help"]

  @Test(arguments: commands)
  func everyCommandHasItsOwnHelp(command: String) throws {
    let help = try ToolRunner.run(command, "--help")
    #expect(help.status == 0 && help.error.isEmpty)
    #expect(help.output.hasPrefix("OVERVIEW: "))
    #expect(help.output.contains("\nUSAGE: deeplink \(command)"))
    #expect(help.output.contains("EXIT STATUS"))
    #expect(try ToolRunner.run(command, "-h") == help)
    if command != "help" { #expect(try ToolRunner.run("help", command) == help) }
  }

  @Test func aSubcommandsHelpIsItsOwn() throws {
    let generate = try ToolRunner.run("aasa", "generate", "--help")
    #expect(generate.status == 0)
    #expect(generate.output.contains("USAGE: deeplink aasa generate") && !generate.output.contains("aasa verify"))
    #expect(try ToolRunner.run("help", "aasa", "generate") == generate)
    #expect(try ToolRunner.run("aasa", "generate", "--app-id", "X", "-h") == generate)
    // A group lists its subcommands.
    let aasa = try ToolRunner.run("aasa", "--help").output
    for subcommand in ["generate", "verify", "lint", "match"] {
      #expect(aasa.contains("\n  \(subcommand) "), "\(subcommand)")
    }
  }

  @Test func helpForACommandThatDoesNotExistIsAUsageError() throws {
    let result = try ToolRunner.run("help", "nosuch")
    #expect(result.status == 2 && result.output.isEmpty)
    #expect(result.error.hasPrefix(#"deeplink: unknown command "nosuch""#))
    // `resolve -h` is the help; after `--`, "-h" is the link to resolve.
    #expect(try ToolRunner.run("resolve", "-h").output.contains("Resolves a link"))
    let link = try ToolRunner.run("resolve", "--", "-h")
    #expect(link.status == 1 && link.output.hasPrefix("-h\n  refused     malformedInput"))
  }
}
