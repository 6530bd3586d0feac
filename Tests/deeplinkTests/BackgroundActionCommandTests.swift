import Foundation
import Testing

/// A route only a background action opens ("Save for later"): no tap opens it, `url --apns`
/// writes the action's payload (its fields, its category), and the QA kit writes a file per
/// action with its category and what the tester chooses.
@Suite struct BackgroundActionCommandTests {
  static let table = #"""
    {"schemes": ["news"], "routes": [
      {"name": "article", "path": "/articles/:id(int)",
       "push": {"when": {"type": "article"}, "parameters": {"id": "article_id"}}},
      {"name": "saveForLater", "path": "/articles/:id(int)/save",
       "push": {"when": {"type": "article"}, "parameters": {"id": "article_id"}, "action": "SAVE",
                "background": true, "category": "ARTICLE"}}
    ]}
    """#

  @Test func aBackgroundOnlyRouteOpensFromItsActionNotFromATap() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("save-\(UUID().uuidString).apns").path
    let url = try ToolRunner.run("url", "--routes", routes, "--apns", file, "saveForLater", "id=3")
    #expect(url.status == 0 && url.output == "news://articles/3/save\n")
    #expect(url.error.contains("opens only from the notification action \"SAVE\", which runs in the background"))
    let payload = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
    #expect(payload["type"] as? String == "article" && payload["article_id"] as? String == "3")
    #expect((payload["aps"] as? [String: Any])?["category"] as? String == "ARTICLE")
    #expect(payload["deeplink"] == nil)
    // Choosing the action opens it, in the background; a tap on the same payload opens the article.
    let action = try ToolRunner.run(
      "resolve", "--routes", routes, "--format", "json", "--push", "@" + file, "--action", "SAVE")
    #expect(action.output.hasPrefix(#"{"route":"saveForLater","parameters":{"id":"3"}"#))
    #expect(action.output.contains(#""background":true"#))
    let tap = try ToolRunner.run("resolve", "--routes", routes, "--format", "json", "--push", "@" + file)
    #expect(tap.output.hasPrefix(#"{"route":"article""#))
    // A tap that carries the route's link is refused, not opened as navigation.
    let link = try ToolRunner.run(
      "resolve", "--routes", routes, "--format", "json", "--push", #"{"deeplink": "news://articles/3/save"}"#)
    #expect(link.status == 1 && link.output.contains(#""code":"sourceNotAllowed""#))
    #expect(link.output.contains("opens only from the notification action"))
  }

  @Test func theQAKitWritesAPayloadPerActionWithItsCategory() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qa-\(UUID().uuidString)")
    #expect(try ToolRunner.run("qa", "--routes", routes, "--output", directory.path).status == 0)
    let tap = try String(contentsOf: directory.appendingPathComponent("apns/article-1.apns"), encoding: .utf8)
    let save = try String(contentsOf: directory.appendingPathComponent("apns/saveForLater-1.apns"), encoding: .utf8)
    #expect(!tap.contains("category") && tap.contains("QA: tap"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(save.utf8)) as? [String: Any])
    let aps = try #require(object["aps"] as? [String: Any])
    #expect(aps["category"] as? String == "ARTICLE")
    #expect((aps["alert"] as? [String: String])?["body"] == "Long-press, then choose SAVE (it runs in the background)")
    let page = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(
      page.contains(
        "Push action <code>SAVE</code>: long-press the notification and choose it (category <code>ARTICLE</code>"))
  }
}
