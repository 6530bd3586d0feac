import Foundation
import Testing

@testable import DeepLinkToolbox

/// `deeplink qa`: the QA site of a table, through the built tool. Every code reads back (zbarimg)
/// as the link it stands for, every link opens the route and values it says, every push payload
/// opens its route; a route no link may open gets no code; table values are escaped.
@Suite struct QACommandTests {
  static func site(_ arguments: String...) throws -> (URL, [String]) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qa-\(UUID().uuidString)")
    let result = try ToolRunner.run(["qa", "--output", directory.path] + arguments)
    #expect(result.status == 0, "\(result.error)")
    return (directory, result.output.split(separator: "\n").map(String.init))
  }

  @Test(.enabled(if: QRCodeTests.zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"))
  func everyCodeOpensWhatItSays() throws {
    let (directory, written) = try Self.site()
    #expect(written.contains { $0.hasSuffix("/index.html") } && written.contains { $0.hasSuffix("/links.json") })
    let links = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("links.json")))
        as? [[String: Any]])
    #expect(links.count >= 10)
    for entry in links {
      let link = try #require(entry["link"] as? String)
      let image = try #require(entry["qr"] as? String)
      let png = try Data(contentsOf: directory.appendingPathComponent(image))
      #expect(try QRCodeTests.decode(Array(png)) == link)
      let resolved = try ToolRunner.run("resolve", "--format", "json", link)
      let object = try #require(try JSONSerialization.jsonObject(with: Data(resolved.output.utf8)) as? [String: Any])
      #expect(object["route"] as? String == entry["route"] as? String)
      let expected = try #require(entry["parameters"] as? [String: String])
      let opened = try #require(object["parameters"] as? [String: String])
      #expect(expected.allSatisfy { opened[$0.key] == $0.value }, "\(link)")
    }
    // The built-in table's in-app route: no code, and the page says why.
    #expect(!links.contains { $0["route"] as? String == "deleteAccount" })
    let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("No link may open it from outside"))
    // The push route's payload opens it.
    let apns = directory.appendingPathComponent("apns/messageDetails-1.apns")
    let push = try ToolRunner.run("resolve", "--format", "json", "--push", "@" + apns.path)
    #expect(push.output.hasPrefix(#"{"route":"messageDetails","#))
  }

  @Test func tableValuesAreEscapedAndFileNamesSafe() throws {
    let table = try ToolRunner.temporaryFile(
      #"{"schemes": ["x"], "routes": [{"name": "a<b>&\"c\"/../d", "path": "/a"}, {"name": "a.b", "path": "/b"}, "#
        + #"{"name": "a_b", "path": "/c"}]}"#)
    let (directory, written) = try Self.site("--routes", table)
    #expect(written.allSatisfy { $0.hasPrefix(directory.path + "/") && !$0.contains("..") })
    let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(!page.contains("a<b>") && page.contains("a&lt;b&gt;&amp;&quot;c&quot;"))
    // Two names that read alike as files get files of their own.
    for file in ["a_b___c_____d-1.png", "a_b-1.png", "a_b_-1.png"] {
      #expect(written.contains { $0.hasSuffix("/qr/" + file) }, "\(written)")
    }
  }

  /// `--domain` must be one the table serves, as for `site generate`: a QA site on another domain
  /// would have every universal link refused (`unknownHost`), and `links.json` lose them all.
  @Test func aDomainTheTableDoesNotServeIsRefused() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qa-\(UUID().uuidString)")
    let refused = try ToolRunner.run("qa", "--output", directory.path, "--domain", "evil.example")
    #expect(refused.status == 2 && refused.error.contains("serves no universal links on \"evil.example\""))
    #expect(!FileManager.default.fileExists(atPath: directory.path))
    let served = try ToolRunner.run("qa", "--output", directory.path, "--domain", "APP.example.com")
    #expect(served.status == 0)
    let links = try String(contentsOf: directory.appendingPathComponent("links.json"), encoding: .utf8)
    #expect(links.contains("https://app.example.com/"))
  }

  @Test func usage() throws {
    #expect(try ToolRunner.run("qa").status == 2)
    #expect(try ToolRunner.run("qa", "--output").status == 2)
  }
}
