import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Every escaper the project writes HTML, XML, JSON and shell words with works on Unicode scalars:
/// a quote, `<` or `&` followed by a combining mark (one `Character` with it) is still escaped.
/// Each is read back by something independent of it: an XML parser, the shell, JSON's parser, and
/// an entity decoder written here.
@Suite struct EscapingTests {
  /// The characters each writer must escape, and the scalars that join the one before them into a
  /// single `Character`: a combining acute accent, a zero-width non-joiner, a variation selector,
  /// an Arabic combining mark.
  static let specials: [Unicode.Scalar] = ["\"", "'", "<", ">", "&"]
  static let marks: [Unicode.Scalar] = ["\u{0301}", "\u{200C}", "\u{FE0F}", "\u{0611}"]

  /// `a` + the special + the mark + `b`, for each pair; and every special and mark at once.
  static let texts: [String] =
    specials.flatMap { special in marks.map { mark in "a" + String(special) + String(mark) + "b" } }
    + [String(String.UnicodeScalarView(specials + marks + specials))]

  @Test(arguments: texts) func htmlKeepsNoRawMarkup(text: String) {
    let escaped = MarkupText.html(text)
    #expect(!escaped.unicodeScalars.contains { ["\"", "'", "<", ">"].contains($0) })
    #expect(Self.decodingEntities(escaped) == text)
  }

  @Test(arguments: texts) func xmlIsReadBackByAParser(text: String) throws {
    let escaped = MarkupText.xml(text)
    let document = try Self.parseXML("<a v=\"\(escaped)\" w='\(escaped)'>\(escaped)</a>")
    #expect(document.attributes == ["v": text, "w": text])
    #expect(document.text == text)
  }

  /// XML 1.0 cannot carry U+FFFE, U+FFFF or most C0 controls, even as character references: they
  /// are written as visible escapes, and the document still parses.
  @Test func xmlWritesWhatItCannotCarryAsVisibleEscapes() throws {
    let text = "x\u{FFFE}y\u{FFFF}z\u{1}\u{B}\u{0}"
    let escaped = MarkupText.xml(text)
    let visible = #"x\u{FFFE}y\u{FFFF}z\u{1}\u{B}\u{0}"#
    #expect(escaped == visible)
    #expect(try Self.parseXML("<a v=\"\(escaped)\"/>").attributes["v"] == escaped)
    let oneLine = #"a\tb\nc"#
    #expect(MarkupText.xml("a\tb\nc", oneLine: true) == oneLine)
  }

  @Test(arguments: texts + ["it's", "''", "$(reboot) `x` \\ \"\u{0301}"])
  func aShellWordIsOneWordTheShellReadsBack(text: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf %s " + MarkupText.shellWord(text)]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(String(decoding: output, as: UTF8.self) == text)
  }

  @Test(arguments: texts + ["</script><script>alert(1)</script>", "<!--", "\u{2028}\u{2029}"])
  func aScriptLiteralCannotLeaveItsScript(text: String) throws {
    let literal = MarkupText.script(text)
    #expect(!literal.unicodeScalars.contains("<"))
    #expect(!literal.unicodeScalars.contains("\u{2028}") && !literal.unicodeScalars.contains("\u{2029}"))
    let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
    #expect(decoded == [text])
  }

  /// The attack from the hardening round: a description that ends the `content` attribute with a
  /// quote joined to a combining mark, and adds `http-equiv=refresh`, turned the link domain's
  /// 404 page into a redirect to another site. Every attribute of every page now reads back as
  /// the value written.
  @Test func aDescriptionCannotAddAttributesToThePagesMetaTags() throws {
    let description = "0;url=https://evil.example/\"\u{0301} http-equiv=refresh x=\""
    let title = "T\"\u{0301} onload=alert(1) x=\"<\u{0301}b>&\u{0301}"
    let json: [String: Any] = [
      "hosts": ["app.example.com"], "routes": [["name": "a", "path": "/a", "page": ["title": title]]],
    ]
    let table = try RouteTable(json: try JSONSerialization.data(withJSONObject: json))
    let site = try table.site(
      LinkSite.Options(name: "App", appIDs: ["ABCDE12345.com.example.app"], description: description))
    for file in site.files where file.path.hasSuffix(".html") {
      let tags = Self.metaTags(file.contents)
      #expect(!tags.isEmpty, "\(file.path)")
      for tag in tags {
        #expect(!tag.keys.contains("http-equiv") && !tag.keys.contains("x") && !tag.keys.contains("onload"), "\(tag)")
      }
      let contents = tags.compactMap { $0["content"] }
      if file.path == "404.html" { #expect(contents.contains(description)) }
      if file.path == "_dlk/a.html" { #expect(contents.contains(title)) }
    }
  }

  /// The JUnit report of `check-links` is XML whatever the links and the file's name hold: a
  /// quote joined to a combining mark, U+FFFE and U+FFFF, which XML 1.0 cannot carry.
  @Test func theJUnitReportIsXMLWhateverTheLinksHold() throws {
    let name = "links \u{FFFE}\"\u{0301}.txt"
    let links = [
      "https://app.example.com/messages/a\"\u{0301}b -> messageDetails id=x",
      "deeplink-example://activity\u{FFFF}<\u{0301}&\u{200C}",
      "https://app.example.com/messages/1 -> messageDetails id=1",
    ]
    let file = try ToolRunner.temporaryFile(links.joined(separator: "\n"), name: name)
    let result = try ToolRunner.run("check-links", file, "--format", "junit")
    #expect(result.status == 1)
    let elements = try Self.parseXMLElements(result.output)
    let suite = try #require(elements.first { $0.name == "testsuite" })
    let shownName = "check-links " + String(file.dropLast(name.count)) + #"links \u{FFFE}"# + "\"\u{0301}.txt"
    #expect(suite.attributes["name"] == shownName)
    let cases = elements.filter { $0.name == "testcase" }.compactMap { $0.attributes["name"] }
    #expect(cases.count == 3)
    let first = "line 1: https://app.example.com/messages/a\"\u{0301}b"
    #expect(cases[0] == first)
    let second = #"line 2: deeplink-example://activity\u{FFFF}<"# + "\u{0301}&\u{200C}"
    #expect(cases[1] == second)
    #expect(elements.filter { $0.name == "failure" }.count == 2)
  }

  // MARK: - Readers independent of the writers

  /// HTML's five character references decoded, scalar by scalar.
  static func decodingEntities(_ text: String) -> String {
    let entities = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]
    var scalars = Substring.UnicodeScalarView(text.unicodeScalars)
    var out = String.UnicodeScalarView()
    while let first = scalars.first {
      if first == "&", let (entity, value) = entities.first(where: { String(scalars).utf8.starts(with: $0.key.utf8) }) {
        out.append(contentsOf: value.unicodeScalars)
        scalars.removeFirst(entity.unicodeScalars.count)
      } else {
        out.append(first)
        scalars.removeFirst()
      }
    }
    return String(out)
  }

  /// The attributes of each `<meta …>` tag of a page, read scalar by scalar as an HTML tokenizer
  /// reads a start tag: a name, `=`, and a value in `"` or `'` up to the same quote.
  static func metaTags(_ page: String) -> [[String: String]] {
    let scalars = Array(page.unicodeScalars)
    var tags: [[String: String]] = []
    var index = 0
    let opening = Array("<meta ".unicodeScalars)
    while index + opening.count <= scalars.count {
      guard Array(scalars[index..<index + opening.count]) == opening else {
        index += 1
        continue
      }
      index += opening.count
      var attributes: [String: String] = [:]
      while index < scalars.count, scalars[index] != ">" {
        if scalars[index] == " " || scalars[index] == "/" {
          index += 1
          continue
        }
        var name = String.UnicodeScalarView()
        while index < scalars.count, !["=", " ", ">"].contains(scalars[index]) {
          name.append(scalars[index])
          index += 1
        }
        var value = ""
        if index < scalars.count, scalars[index] == "=" {
          index += 1
          let quote = scalars[index]
          index += 1
          var raw = String.UnicodeScalarView()
          while index < scalars.count, scalars[index] != quote {
            raw.append(scalars[index])
            index += 1
          }
          index += 1
          value = decodingEntities(String(raw))
        }
        attributes[String(name)] = value
      }
      tags.append(attributes)
    }
    return tags
  }

  struct Element {
    var name: String
    var attributes: [String: String]
    var text = ""
  }

  /// Every element of an XML document, in document order, read by Foundation's XML parser (a
  /// document that is not well-formed throws).
  static func parseXMLElements(_ document: String) throws -> [Element] {
    final class Collector: NSObject, XMLParserDelegate {
      var elements: [Element] = []
      var open: [Int] = []
      func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
      ) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
      }
      func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
      }
      func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
      }
    }
    struct NotWellFormed: Error { let reason: String }
    let parser = XMLParser(data: Data(document.utf8))
    let collector = Collector()
    parser.delegate = collector
    guard parser.parse() else { throw NotWellFormed(reason: String(describing: parser.parserError)) }
    return collector.elements
  }

  static func parseXML(_ document: String) throws -> Element {
    try #require(try parseXMLElements(document).first)
  }
}
