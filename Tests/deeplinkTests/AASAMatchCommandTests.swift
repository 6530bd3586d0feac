import Foundation
import Testing

/// `deeplink aasa match` on the built binary: which app a URL opens, its exit statuses and errors.
@Suite struct AASAMatchCommandTests {
  static let file = """
    {"applinks": {"details": [
      {"appIDs": ["ABCDE12345.com.example.app"], "components": [
        {"/": "/buy/*", "exclude": true, "comment": "no purchases"}, {"/": "/*"}]},
      {"appID": "FGHIJ67890.com.example.other", "paths": ["/other/*"]}
    ]}}
    """

  @Test func aMatchNamesTheDecidingRule() throws {
    let aasa = try ToolRunner.temporaryFile(Self.file, name: "apple-app-site-association")
    let result = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "--app-id", "ABCDE12345.com.example.app",
      "--format", "json", "https://example.com/help?x=1")
    #expect(result.status == 0)
    #expect(
      result.output
        == ##"{"url":"https://example.com/help?x=1","domain":"example.com","results":[{"appID":"ABCDE12345.com.example.app","decision":"match","details":0,"component":1,"rule":{"/":"/*","?":"*","#":"*","exclude":false},"comment":null,"caseSensitive":true,"percentEncoded":true}],"opens":["ABCDE12345.com.example.app"]}"##
        + "\n")
  }

  @Test func everyAppIsReportedAsSwcutilWordsIt() throws {
    let aasa = try ToolRunner.temporaryFile(Self.file, name: "apple-app-site-association")
    let blocked = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "https://example.com/buy/1")
    #expect(blocked.status == 1)
    #expect(
      blocked.output == """
        { s = applinks, a = ABCDE12345.com.example.app, d = example.com }: Pattern "https://example.com/buy/1" blocked match. (details 0, component 0: "no purchases")
        { s = applinks, a = FGHIJ67890.com.example.other, d = example.com }: Pattern "https://example.com/buy/1" did not match.

        """)
    let legacy = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "--format", "json", "https://example.com/other/1")
    #expect(legacy.status == 0)
    #expect(
      legacy.output.contains(
        #""appID":"FGHIJ67890.com.example.other","decision":"match","details":1,"component":null,"legacyPath":0"#))
    #expect(legacy.output.contains(#""opens":["ABCDE12345.com.example.app","FGHIJ67890.com.example.other"]"#))
  }

  @Test func aURLOffTheDomainOpensNothing() throws {
    let aasa = try ToolRunner.temporaryFile(Self.file, name: "apple-app-site-association")
    let result = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "https://shop.example.com/a")
    #expect(result.status == 1)
    #expect(result.output.hasPrefix(#"no app can open it: the URL's host "shop.example.com" is not "example.com""#))
    let subdomains = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "--subdomains", "https://shop.example.com/a")
    #expect(subdomains.status == 0)
  }

  /// A file with only `webcredentials` is answered, not refused: it opens nothing; so is one over
  /// 128 KB, which iOS ignores.
  @Test func aFileIOSReadsNoRuleFromOpensNothing() throws {
    let credentials = try ToolRunner.temporaryFile(
      #"{"webcredentials": {"apps": ["ABCDE12345.com.example.app"]}}"#, name: "apple-app-site-association")
    let result = try ToolRunner.run(
      "aasa", "match", "--aasa", credentials, "--domain", "example.com", "https://example.com/a")
    #expect(result.status == 1)
    #expect(
      result.output == #"no app can open it: the file has no "applinks" object, so it opens no app by a universal link"#
        + "\nthe file names no app\n")
    let padding = String(repeating: "x", count: 131_072)
    let large = try ToolRunner.temporaryFile(
      Self.file.replacingOccurrences(of: #""comment": "no purchases""#, with: #""comment": "\#(padding)""#),
      name: "apple-app-site-association")
    let ignored = try ToolRunner.run(
      "aasa", "match", "--aasa", large, "--domain", "example.com", "https://example.com/a")
    #expect(ignored.status == 1)
    #expect(ignored.output.hasPrefix("no app can open it: the file is 131"))
  }

  @Test func badInputIsAUsageErrorOrNamesTheFile() throws {
    let aasa = try ToolRunner.temporaryFile(Self.file, name: "apple-app-site-association")
    let broken = try ToolRunner.temporaryFile(#"{"applinks": [}"#, name: "broken")
    let cases: [([String], String)] = [
      (["aasa"], "deeplink: aasa needs a subcommand: generate, verify, lint or match"),
      (
        ["aasa", "check"],
        #"deeplink: unknown aasa subcommand "check"; the subcommands are: generate, verify, lint, match"#
      ),
      (["aasa", "match", "--aasa", aasa, "https://example.com/a"], "deeplink: aasa match needs --domain <domain>"),
      (
        ["aasa", "match", "--domain", "example.com", "https://example.com/a"],
        "deeplink: aasa match needs --aasa <file>"
      ),
      (["aasa", "match", "--aasa", aasa, "--domain", "example.com"], "deeplink: aasa match needs <url>"),
    ]
    for (arguments, message) in cases {
      let result = try ToolRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.error.hasPrefix(message), "\(result.error)")
    }
    let unreadable = try ToolRunner.run(
      "aasa", "match", "--aasa", broken, "--domain", "example.com", "https://example.com/a")
    #expect(unreadable.status == 2)
    #expect(unreadable.error.hasPrefix("deeplink: \(broken): the file is not valid JSON"))
  }
}

/// `deeplink aasa generate` and `verify` on the built binary.
@Suite struct AASAGenerateCommandTests {
  static let table = """
    {"hosts": ["example.com"], "routes": [
      {"name": "message", "path": "/messages/:id"},
      {"name": "delete", "path": "/settings/account/delete", "sources": ["inApp"]},
      {"name": "section", "path": "/settings/:section"}
    ]}
    """

  @Test func theGeneratedFilePassesItsOwnVerification() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let generated = try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", "ABCDE12345.com.example.app")
    #expect(generated.status == 0)
    #expect(generated.error.isEmpty)
    #expect(generated.output.contains(#""/": "/settings/account/delete""#))
    let aasa = try ToolRunner.temporaryFile(generated.output, name: "apple-app-site-association")
    let verified = try ToolRunner.run(
      "aasa", "verify", "--routes", routes, "--aasa", aasa, "--app-id", "ABCDE12345.com.example.app", "--strict")
    #expect(verified == .init(status: 0, output: "no problems\n", error: ""))
    let deleted = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "https://example.com/settings/account/delete")
    #expect(deleted.status == 1)
  }

  /// One finding has one severity in `generate` and `verify`: a route's required query item,
  /// which no file can require, is information in both, so a generated file passes `--strict`.
  @Test func generateAndVerifyAgreeOnAFinding() throws {
    let routes = try ToolRunner.temporaryFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "search", "path": "/search?q"}]}"#)
    let generated = try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", "ABCDE12345.com.example.app")
    #expect(generated.status == 0)
    let aasa = try ToolRunner.temporaryFile(generated.output, name: "apple-app-site-association")
    let verified = try ToolRunner.run(
      "aasa", "verify", "--routes", routes, "--aasa", aasa, "--app-id", "ABCDE12345.com.example.app", "--strict")
    #expect(verified.status == 0, "\(verified)")
    #expect(
      verified.output.contains(
        "info: queryWidened: https://example.com/search opens the app although a required query item is missing"))
    #expect(generated.error.hasPrefix("info: queryWidened: https://example.com/search opens the app"))
  }

  @Test func verifyReportsAFileThatOpensAForbiddenRoute() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let aasa = try ToolRunner.temporaryFile(
      #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"}]}]}}"#,
      name: "apple-app-site-association")
    let result = try ToolRunner.run(
      "aasa", "verify", "--routes", routes, "--aasa", aasa, "--app-id", "ABCDE12345.com.example.app", "--format", "json"
    )
    #expect(result.status == 1)
    #expect(
      result.output.contains(
        #"{"code":"forbiddenRouteOpened","severity":"error","message":"https://example.com/settings/account/delete opens the app (details 0, component 0) but route \"delete\" forbids universal links","route":"delete","url":"https://example.com/settings/account/delete","details":0,"component":0}"#
      ))
  }

  @Test func aTableThatCannotBeEncodedSafelyIsRefused() throws {
    let routes = try ToolRunner.temporaryFile(
      #"{"hosts": ["example.com"], "routes": [{"name": "n", "path": "/a/:id(int)"}, {"name": "s", "path": "/a/:name", "sources": ["inApp"]}]}"#
    )
    let result = try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", "ABCDE12345.com.example.app")
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    #expect(result.error.contains(#"the generated file would open a forbidden route"#))
    let usage = try ToolRunner.run("aasa", "generate", "--routes", routes)
    #expect(usage.status == 2 && usage.error.hasPrefix("deeplink: aasa generate needs --app-id <id>"))
  }
}
