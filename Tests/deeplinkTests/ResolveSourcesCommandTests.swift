import Testing

/// `deeplink resolve` with every source given by options.
@Suite struct ResolveSourcesCommandTests {
  static func json(_ arguments: String...) throws -> ToolRunner.Result {
    try ToolRunner.run(["resolve", "--format", "json"] + arguments)
  }

  @Test(arguments: [
    (
      ["--push", #"{"type": "message", "message_id": 42}"#],
      #"{"route":"messageDetails","parameters":{"id":"42"},"source":"push"}"#
    ),
    (
      ["--push", #"{"aps": {"alert": "Hi"}, "deeplink": "deeplink-example://post/3"}"#],
      #"{"route":"post","parameters":{"id":"3"},"source":"push"}"#
    ),
    (
      ["--push", #"{"data": {"url": "https://app.example.com/requests/8"}}"#],
      #"{"route":"request","parameters":{"id":"8"},"source":"push"}"#
    ),
    (["--shortcut", "com.example.deeplink.activity"], #"{"route":"activity","parameters":{},"source":"shortcut"}"#),
    (
      ["--shortcut", "com.example.deeplink.new-listing", "--user-info", #"{"v": 2}"#],
      #"{"route":"newListing","parameters":{"v":"2"},"source":"shortcut"}"#
    ),
    (
      ["--intent", "ShowActivityIntent", "--param", "from=siri", "--param", "x=1"],
      #"{"route":"activity","parameters":{"from":"siri","x":"1"},"source":"intent"}"#
    ),
    (
      ["--activity", "NSUserActivityTypeBrowsingWeb", "--webpage-url", "https://app.example.com/messages/9"],
      #"{"route":"messageDetails","parameters":{"id":"9"},"source":"universalLink"}"#
    ),
    (
      [
        "--activity", "com.apple.corespotlightitem", "--user-info",
        #"{"kCSSearchableItemActivityIdentifier": "deeplink-example://requests/5"}"#,
      ], #"{"route":"request","parameters":{"id":"5"},"source":"userActivity"}"#
    ),
  ])
  func resolves(arguments: [String], output: String) throws {
    #expect(
      try ToolRunner.run(["resolve", "--format", "json"] + arguments)
        == .init(status: 0, output: output + "\n", error: ""))
  }

  /// A typed reply to a notification action, played with `--reply`; only with an action.
  @Test func aTypedReply() throws {
    let table = try ToolRunner.temporaryFile(
      #"{"schemes": ["chat"], "routes": [{"name": "conversation", "path": "/conversations/:id(int)?replyText?", "push": ["#
        + #"{"when": {"type": "message"}, "parameters": {"id": "conversation_id"}},"#
        + #"{"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "REPLY", "background": true}]}]}"#
    )
    let payload = #"{"type": "message", "conversation_id": "7"}"#
    #expect(
      try Self.json("--routes", table, "--push", payload, "--action", "REPLY", "--reply", "On my way")
        == .init(
          status: 0,
          output:
            #"{"route":"conversation","parameters":{"id":"7","replyText":"On my way"},"source":"push","background":true}"#
            + "\n",
          error: ""))
    let text = try ToolRunner.run("resolve", "--routes", table, "--push", payload, "--action", "REPLY", "--reply", "Hi")
    #expect(text.output.hasPrefix(#"push notification (REPLY, reply "Hi")"#))
    // The action runs with the app in the background: the output says so; a tap does not.
    #expect(text.output.contains("  runs        in the background: no window and no .ready"))
    let tap = try ToolRunner.run("resolve", "--routes", table, "--push", payload)
    #expect(tap.status == 0 && !tap.output.contains("background"))
    #expect(try Self.json("--routes", table, "--push", payload).output.contains("background") == false)
    let noAction = try Self.json("--routes", table, "--push", payload, "--reply", "Hi")
    #expect(noAction.status == 2)
    #expect(noAction.error.contains("--reply is the text typed into a notification action; give its --action"))
    let notPush = try Self.json("--routes", table, "chat://conversations/7", "--reply", "Hi")
    #expect(notPush.status == 2 && notPush.error.contains("--reply goes with --push"))
  }

  @Test func pushFromAFile() throws {
    let file = try ToolRunner.temporaryFile(#"{"type": "message", "message_id": "7"}"#, name: "push.json")
    #expect(
      try Self.json("--push", "@" + file)
        == .init(
          status: 0, output: #"{"route":"messageDetails","parameters":{"id":"7"},"source":"push"}"# + "\n", error: ""))
  }

  @Test(arguments: [
    (
      [
        "--push", #"{"deeplink": "deeplink-example://post/1"}"#, "--action",
        "com.apple.UNNotificationDismissActionIdentifier",
      ], "noRoute"
    ),
    (["--push", #"{"type": "other"}"#], "noRoute"),
    (["--push", #"{"type": "message"}"#], "invalidParameter"),
    (["--shortcut", "com.example.unknown"], "noRoute"),
    (["--intent", "OrderSoupIntent"], "noRoute"),
    (
      ["--activity", "NSUserActivityTypeBrowsingWeb", "--webpage-url", "http://app.example.com/activity"],
      "unsupportedScheme"
    ),
    (["--push", #"{"deeplink": "https://app.example.com/settings/account/delete"}"#], "sourceNotAllowed"),
  ])
  func refusalsExit1(arguments: [String], code: String) throws {
    let result = try ToolRunner.run(["resolve", "--format", "json"] + arguments)
    #expect(result.status == 1)
    #expect(result.output.hasPrefix(#"{"error":{"code":""# + code + "\""))
  }

  @Test func textFormatNamesTheSource() throws {
    let result = try ToolRunner.run("resolve", "--shortcut", "com.example.deeplink.activity")
    #expect(
      result.output == """
        quick action com.example.deeplink.activity
          route       activity
          pattern     /activity
          source      shortcut

        """)
  }

  /// A payload file an editor saved with a byte-order mark reads, as a route table does.
  @Test func pushFromAFileWithAByteOrderMark() throws {
    let file = try ToolRunner.temporaryFile(
      "\u{FEFF}" + #"{"type": "message", "message_id": "7"}"#, name: "push-bom.json")
    #expect(try Self.json("--push", "@" + file).output.hasPrefix(#"{"route":"messageDetails""#))
  }

  @Test(arguments: [
    (["--push", "{bad"], "deeplink: --push is not valid JSON"),
    // The rules a route table is read by: no trailing comma, no key twice.
    (["--push", #"{"type": "message",}"#], "deeplink: --push is not valid JSON: "),
    (["--push", #"{"type": "a", "type": "b"}"#], "deeplink: --push is not valid JSON: "),
    (["--push", "[1, 2]"], "deeplink: --push must be a JSON object"),
    (["--shortcut", "t", "--user-info", "nope"], "deeplink: --user-info is not valid JSON"),
    (["--push", "@/nonexistent/push.json"], "deeplink: cannot read /nonexistent/push.json"),
    (
      ["deeplink-example://post/1", "--push", "{}"],
      "deeplink: resolve takes one URL or one of --push, --shortcut, --intent, --activity, not several"
    ),
    (
      ["--shortcut", "a", "--intent", "b"],
      "deeplink: resolve takes one URL or one of --push, --shortcut, --intent, --activity, not several"
    ),
    ([], "deeplink: resolve takes a URL, or one of --push, --shortcut, --intent, --activity"),
    (["--shortcut", "a", "--action", "x"], "deeplink: --action goes with --push"),
    (["--push", "{}", "--param", "a=b"], "deeplink: --param goes with --intent"),
    (["--intent", "a", "--webpage-url", "https://x"], "deeplink: --webpage-url goes with --activity"),
    (["--push", "{}", "--user-info", "{}"], "deeplink: --user-info goes with --shortcut or --activity"),
    (["--intent", "a", "--param", "novalue"], #"deeplink: --param "novalue" is not KEY=VALUE"#),
  ])
  func usageErrorsExit2(arguments: [String], message: String) throws {
    let result = try ToolRunner.run(["resolve"] + arguments)
    #expect(result.status == 2)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix(message), "\(result.error)")
  }
}
