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

  @Test func badInputIsAUsageErrorOrNamesTheFile() throws {
    let aasa = try ToolRunner.temporaryFile(Self.file, name: "apple-app-site-association")
    let broken = try ToolRunner.temporaryFile(#"{"applinks": [}"#, name: "broken")
    let cases: [([String], String)] = [
      (["aasa"], "deeplink: aasa needs a subcommand: match"),
      (["aasa", "verify"], #"deeplink: unknown aasa subcommand "verify"; the subcommands are: match"#),
      (["aasa", "match", "--aasa", aasa, "https://example.com/a"], "deeplink: aasa match needs --domain DOMAIN"),
      (
        ["aasa", "match", "--domain", "example.com", "https://example.com/a"], "deeplink: aasa match needs --aasa FILE"
      ),
      (["aasa", "match", "--aasa", aasa, "--domain", "example.com"], "deeplink: aasa match takes one URL"),
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
