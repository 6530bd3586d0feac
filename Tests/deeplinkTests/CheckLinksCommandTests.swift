import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `deeplink check-links`: a team's live links checked against the table, through the built tool.
@Suite struct CheckLinksCommandTests {
  static let list = """
    # spring campaign, in emails and on posters
    https://app.example.com/messages/42?utm_campaign=spring -> messageDetails id=42
    https://app.example.com/messages/42 -> messageDetails id=43
    deeplink-example://requests/seven
    https://app.example.com/requests/7 -> request id=7 ref

    deeplink-example://activity#top
    https://app.example.com/messages/a%20b -> messageDetails id=a%20b
    https://app.example.com/requests/8 -> messageDetails
    """

  @Test func eachFailingLineIsNamedWithItsNumberAndWhy() throws {
    let file = try ToolRunner.temporaryFile(Self.list, name: "links.txt")
    let result = try ToolRunner.run("check-links", file)
    #expect(result.status == 1)
    #expect(
      result.output == """
        \(file):3: https://app.example.com/messages/42: opens messageDetails(id: 42): id "42", not "43"
        \(file):4: deeplink-example://requests/seven: refused: invalidParameter: parameter "id" of route "request" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not "seven"
        \(file):5: https://app.example.com/requests/7: "ref" is not NAME=VALUE
        \(file):9: https://app.example.com/requests/8: opens request(id: 8): route "request", not "messageDetails"
        \(file): 7 links, 4 failed

        """)
  }

  @Test func aListThatStillOpensExits0() throws {
    let file = try ToolRunner.temporaryFile(
      "https://app.example.com/messages/1 -> messageDetails id=1\r\ndeeplink-example://activity\r\n", name: "links.txt")
    #expect(
      try ToolRunner.run("check-links", file)
        == .init(status: 0, output: "\(file): 2 links, all open as expected\n", error: ""))
  }

  @Test func jsonHasEveryLine() throws {
    let file = try ToolRunner.temporaryFile(Self.list, name: "links.txt")
    let result = try ToolRunner.run("check-links", file, "--format", "json")
    #expect(result.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["links"] as? Int == 7 && object["failed"] as? Int == 4)
    let results = try #require(object["results"] as? [[String: Any]])
    #expect(results.map { $0["line"] as? Int } == [2, 3, 4, 5, 7, 8, 9])
    #expect(
      results.map { $0["status"] as? String } == ["ok", "unexpected", "refused", "invalid", "ok", "ok", "unexpected"])
    #expect((results[2]["error"] as? [String: Any])?["code"] as? String == "invalidParameter")
    #expect((results[0]["parameters"] as? [String: String])?["utm_campaign"] == "spring")
  }

  /// The JUnit report, read back by an XML parser of its own: a test case per link, a failure
  /// for each that fails; a link's control characters and quotes cannot break the document.
  @Test func junitIsWhatCISystemsRead() throws {
    let hostile = Self.list + "\nhttps://app.example.com/x\u{1B}[31m\"<&> -> messageDetails id=\"\n"
    let file = try ToolRunner.temporaryFile(hostile, name: "links.txt")
    let result = try ToolRunner.run("check-links", file, "--format", "junit")
    #expect(result.status == 1)
    final class Counter: NSObject, XMLParserDelegate {
      var cases: [String] = []
      var failures: [String] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        if name == "testcase" { cases.append(attributes["name"] ?? "") }
        if name == "failure" { failures.append(attributes["type"] ?? "") }
      }
    }
    let counter = Counter()
    let parser = XMLParser(data: Data(result.output.utf8))
    parser.delegate = counter
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(counter.cases.count == 8)
    #expect(counter.failures == ["unexpected", "refused", "invalid", "unexpected", "refused"])
    #expect(counter.cases.last?.contains("\\u{1B}") == true)
  }

  /// A file of 100,000 links is checked in one run (its time is the benchmarks' to measure).
  @Test func aHundredThousandLinks() throws {
    var lines: [String] = []
    for number in 0..<100_000 {
      lines.append(
        number % 2 == 0
          ? "https://app.example.com/messages/\(number) -> messageDetails id=\(number)"
          : "https://app.example.com/nowhere/\(number)")
    }
    let file = try ToolRunner.temporaryFile(lines.joined(separator: "\n"), name: "links.txt")
    let result = try ToolRunner.run("check-links", file)
    #expect(result.status == 1)
    #expect(result.output.hasSuffix("\(file): 100000 links, 50000 failed\n"))
  }

  @Test func anEmptyListOrOneOfCommentsPasses() throws {
    for text in ["", "\n\n", "# nothing yet\n"] {
      let file = try ToolRunner.temporaryFile(text, name: "links.txt")
      #expect(
        try ToolRunner.run("check-links", file)
          == .init(status: 0, output: "\(file): 0 links, all open as expected\n", error: ""))
    }
  }

  @Test func usageErrors() throws {
    #expect(try ToolRunner.run("check-links").status == 2)
    let file = try ToolRunner.temporaryFile("deeplink-example://activity\n", name: "links.txt")
    #expect(try ToolRunner.run("check-links", file, "--format", "xml").status == 2)
    #expect(try ToolRunner.run("check-links", "/no/such/file").status == 2)
  }
}
