import Foundation
import Testing

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
