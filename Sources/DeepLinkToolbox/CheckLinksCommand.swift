import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink check-links FILE`: a team's live links checked against the table (``LinkList``).
enum CheckLinksCommand {
  static let command: Command = Command(
    path: ["check-links"], abstract: "Checks a list of live links: each must open its route with its values.",
    discussion: "Exit 1 when one does not; junit for CI systems.",
    options: [.routes, .format(["text", "json", "junit"])],
    arguments: [
      Argument(
        name: "file", help: "The list: one link a line (LINK, or LINK -> ROUTE NAME=VALUE ...; # comments).",
        completion: .file)
    ],
    run: run)

  static func run(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format(["text", "json", "junit"])
    let file = arguments.positional.first ?? ""
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let router = try loaded.router()
    let text = String(decoding: try AASACommand.readFile(file), as: UTF8.self)
    let results = LinkList(text: text).check(with: router)
    let failed = results.filter { !$0.passed }
    switch format {
    case "json": print(json(results, file: file, failed: failed.count))
    case "junit": print(junit(results, file: file, failed: failed.count), terminator: "")
    default: print(Self.text(results, file: file))
    }
    return failed.isEmpty ? 0 : 1
  }

  /// The text report: a line per failing link, then the count; each line escaped (`printLines`).
  static func text(_ results: [LinkList.Result], file: String) -> String {
    let failed = results.filter { !$0.passed }
    return escapedLines(
      failed.map { "\(file):\($0.line.number): \($0.line.link): \($0.message)" }
        + [
          "\(file): \(counted(results.count, "link")), "
            + (failed.isEmpty ? "all open as expected" : "\(failed.count) failed")
        ])
  }

  static func json(_ results: [LinkList.Result], file: String, failed: Int) -> String {
    let items = results.map { result in
      var members: [(String, String)] = [
        ("line", String(result.line.number)), ("link", JSONText.string(result.line.link)),
        ("status", JSONText.string(result.status.rawValue)),
      ]
      if let opened = result.opened {
        members.append(("route", JSONText.string(opened.name)))
        members.append(("parameters", JSONText.object(opened.parameters)))
      }
      if let expected = result.line.expected {
        members.append(
          (
            "expected",
            JSONText.object([
              ("route", JSONText.string(expected.name)), ("parameters", JSONText.object(expected.parameters)),
            ])
          ))
      }
      if let error = result.error {
        members.append(
          (
            "error",
            JSONText.object([
              ("code", JSONText.string(error.code.rawValue)), ("message", JSONText.string(error.message)),
            ])
          ))
      }
      if !result.passed { members.append(("message", JSONText.string(result.message))) }
      return JSONText.object(members)
    }
    return JSONText.object([
      ("file", JSONText.string(file)), ("links", String(results.count)), ("failed", String(failed)),
      ("results", "[" + items.joined(separator: ",") + "]"),
    ])
  }

  /// JUnit XML, as CI systems read test reports: one test case per link.
  static func junit(_ results: [LinkList.Result], file: String, failed: Int) -> String {
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites tests=\"\(results.count)\" failures=\"\(failed)\">\n"
    xml +=
      "<testsuite name=\"\(XMLText.escaped("check-links " + file))\" tests=\"\(results.count)\" failures=\"\(failed)\">\n"
    for result in results {
      let name = XMLText.escaped("line \(result.line.number): \(result.line.link)")
      xml += "<testcase classname=\"\(XMLText.escaped(file))\" name=\"\(name)\""
      if result.passed {
        xml += "/>\n"
      } else {
        xml +=
          "><failure type=\"\(result.status.rawValue)\" message=\"\(XMLText.escaped(result.message))\"/></testcase>\n"
      }
    }
    return xml + "</testsuite>\n</testsuites>\n"
  }
}

/// Text in an XML attribute: one line, with no character XML 1.0 refuses (control characters
/// are written as escapes first), and markup as entities, by Unicode scalars.
enum XMLText {
  static func escaped(_ text: String) -> String { MarkupText.xml(TextRules.escaped(text), oneLine: true) }
}
