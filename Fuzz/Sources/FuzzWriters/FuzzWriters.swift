import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation
import FuzzSupport

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Any bytes through the `deeplink` tool's writers and parsers, each read back by something
/// independent of it:
/// - the escapers (HTML, XML, shell words, script literals): an entity decoder written here, an
///   XML parser, a POSIX shell-word reader written here, and a JSON parser each give the text
///   back, and no raw quote, `<` or `&` is left, whatever combining mark follows it;
/// - `check-links`' reports: its JUnit XML parses, with a test case per link named after it, its
///   JSON parses with a result per link, its text is a line per failing link and one more;
/// - the command-line parser, against a model of the documented rules written here (options
///   anywhere, `--name=value`, `--` ends options, `-` is an argument, a flag takes no value, an
///   option given twice, unknown or missing its value is a usage error); an empty `--output` is
///   always a usage error;
/// - the all-or-nothing writer, on paths made of the input in a scratch folder with a symbolic
///   link to a folder beside it: either every file is written under the root with its bytes, or
///   none is; nothing outside the root changes, ever.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWriters(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  let text = String(decoding: bytes, as: UTF8.self)
  checkEscapers(text)
  checkReports(text)
  checkArguments(text)
  if bytes.first.map({ $0 & 0x7 == 0 }) ?? false { checkTree(text) }  // one input in eight: disk work
  return 0
}

// MARK: - Escapers

private func checkEscapers(_ text: String) {
  let escaped = _ToolboxFuzzing.escaped(text)
  // HTML: no raw markup scalar; the five references decode back to the text.
  if escaped.html.unicodeScalars.contains(where: { ["\"", "'", "<", ">"].contains($0) }) {
    violation("raw markup in HTML \(escaped.html.debugDescription)")
  }
  if decodingEntities(escaped.html) != text {
    violation("HTML \(escaped.html.debugDescription) is not \(text.debugDescription)")
  }
  // XML: a parser reads the attribute (one line) and the content back as the visible form.
  let visible = visibleXML(text, oneLine: false)
  let line = visibleXML(text, oneLine: true)
  guard let element = parseXML("<a v=\"\(escaped.xmlLine)\" w='\(escaped.xmlLine)'>\(escaped.xml)</a>") else {
    violation("XML of \(text.debugDescription) does not parse")
  }
  if element.attributes["v"] != line || element.attributes["w"] != line {
    violation("XML attribute \(String(describing: element.attributes)) is not \(line.debugDescription)")
  }
  // A parser reads a carriage return (alone or before a line feed) as a line feed.
  var content = String.UnicodeScalarView()
  var afterReturn = false
  for scalar in visible.unicodeScalars {
    if scalar == "\n", afterReturn {
      afterReturn = false
      continue
    }
    afterReturn = scalar == "\r"
    content.append(afterReturn ? "\n" : scalar)
  }
  if element.text.unicodeScalars.elementsEqual(content) == false {
    violation("XML content \(element.text.debugDescription) is not \(String(content).debugDescription)")
  }
  // A shell word: one word, read back as the text, with nothing left to expand.
  if readShellWord(escaped.shell) != text { violation("shell word \(escaped.shell.debugDescription)") }
  // A script literal: no `<` and no line separator; JSON reads it back.
  if escaped.script.unicodeScalars.contains(where: { $0 == "<" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
    violation("script literal \(escaped.script.debugDescription)")
  }
  let decoded = try? JSONSerialization.jsonObject(with: Data("[\(escaped.script)]".utf8)) as? [String]
  if decoded != [text] {
    violation("script literal \(escaped.script.debugDescription) reads as \(String(describing: decoded))")
  }
}

/// The text as XML carries it: each scalar XML 1.0 cannot hold as `\u{HEX}`, and in one line, tab
/// and line breaks as `\t`, `\n`, `\r`. Written here from the XML 1.0 `Char` production.
private func visibleXML(_ text: String, oneLine: Bool) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    let value = scalar.value
    switch value {
    case 0x9 where oneLine: out += "\\t"
    case 0xA where oneLine: out += "\\n"
    case 0xD where oneLine: out += "\\r"
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...: out.unicodeScalars.append(scalar)
    default: out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
    }
  }
  return out
}

/// HTML's five references decoded, scalar by scalar; any other `&` is an error (the escaper
/// writes every `&` as a reference).
private func decodingEntities(_ text: String) -> String? {
  let entities: [(String, Unicode.Scalar)] = [
    ("amp;", "&"), ("lt;", "<"), ("gt;", ">"), ("quot;", "\""), ("#39;", "'"),
  ]
  let scalars = Array(text.unicodeScalars)
  var out = String.UnicodeScalarView()
  var index = 0
  while index < scalars.count {
    guard scalars[index] == "&" else {
      out.append(scalars[index])
      index += 1
      continue
    }
    guard
      let (name, value) = entities.first(where: { name, _ in
        let count = name.unicodeScalars.count
        return index + 1 + count <= scalars.count
          && scalars[(index + 1)..<(index + 1 + count)].elementsEqual(name.unicodeScalars)
      })
    else { return nil }
    out.append(value)
    index += 1 + name.unicodeScalars.count
  }
  return String(out)
}

/// One POSIX shell word made of single-quoted runs and backslash-escaped characters, read as the
/// shell reads it; `nil` when anything else is in it (a character the shell would expand or
/// split on), or a quote is left open.
private func readShellWord(_ word: String) -> String? {
  var out = String.UnicodeScalarView()
  var iterator = word.unicodeScalars.makeIterator()
  while let scalar = iterator.next() {
    switch scalar {
    case "'":
      var closed = false
      while let inner = iterator.next() {
        if inner == "'" {
          closed = true
          break
        }
        out.append(inner)
      }
      if !closed { return nil }
    case "\\":
      guard let escaped = iterator.next() else { return nil }
      out.append(escaped)
    default: return nil
    }
  }
  return String(out)
}

// MARK: - Reports

private func checkReports(_ text: String) {
  // The file's name: the first line of the input, bounded.
  let first = String(String.UnicodeScalarView(text.unicodeScalars.prefix { $0 != "\n" }.prefix(40)))
  let name = first.isEmpty ? "links.txt" : first
  let lines = _ToolboxFuzzing.checkLinkList(text).results
  let count = lines.count
  guard count <= 64 else { return }  // a report's size grows with the lines; the writers do not
  // JUnit: well-formed, a test case per line that names a link, named after it.
  let junit = _ToolboxFuzzing.checkLinksReport(text, file: name, format: "junit")
  guard let elements = parseXMLElements(junit) else {
    violation("the JUnit report is not XML: \(junit.debugDescription)")
  }
  let cases = elements.filter { $0.name == "testcase" }
  if cases.count != count { violation("\(count) links gave \(cases.count) test cases") }
  for (line, element) in zip(lines, cases) {
    let expected = "line \(line.line): \(line.link)"
    if isPlain(line.link), element.attributes["name"] != expected {
      violation("the test case \(String(describing: element.attributes["name"])) is not \(expected.debugDescription)")
    }
  }
  if elements.first(where: { $0.name == "testsuite" })?.attributes["name"] == nil {
    violation("a suite without its name")
  }
  // JSON: parses, a result per line, each with its link.
  let json = _ToolboxFuzzing.checkLinksReport(text, file: name, format: "json")
  guard let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
    let results = object["results"] as? [[String: Any]], object["file"] as? String == name
  else { violation("the JSON report does not parse: \(json.debugDescription)") }
  if results.count != count { violation("\(count) links gave \(results.count) JSON results") }
  for (line, result) in zip(lines, results) where result["link"] as? String != line.link {
    violation("the JSON result \(result) is not the link \(line.link.debugDescription)")
  }
  // Text: one line per failing link, and the count.
  let report = _ToolboxFuzzing.checkLinksReport(text, file: name, format: "text")
  let failed = results.filter { $0["message"] != nil }.count
  if report.split(separator: "\n", omittingEmptySubsequences: false).count != failed + 1 {
    violation("the text report has a line that is not one line: \(report.debugDescription)")
  }
}

/// Whether a link shows as itself in a report: printable, no backslash, no character the reports
/// write as an escape (controls, invisible format characters, line separators, XML's refused).
private func isPlain(_ link: String) -> Bool {
  link.unicodeScalars.allSatisfy { scalar in
    if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" }
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse: return false
    default: return scalar.value < 0xFFFE || scalar.value > 0xFFFF
    }
  }
}

// MARK: - The command line

/// The input as command-line words (split at line feeds and NULs), parsed by the tool and by the
/// model of its rules: both agree, word for word.
private func checkArguments(_ text: String) {
  let words = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\0" })
    .prefix(12).map(String.init)
  let valued: Set<String> = ["routes", "output", "format"]
  let repeatable: Set<String> = ["app-id"]
  let flags: Set<String> = ["strict"]
  let tool = _ToolboxFuzzing.arguments(words, valued: valued, repeatable: repeatable, flags: flags)
  let model = modelArguments(words, valued: valued, repeatable: repeatable, flags: flags)
  switch (tool, model) {
  case (nil, nil): break
  case (let tool?, let model?):
    if tool.options != model.options || tool.repeated != model.repeated || tool.positional != model.positional
      || tool.flags != model.flags
    {
      violation("\(words) parsed as \(tool), not \(model)")
    }
  default: violation("\(words): the tool says \(String(describing: tool)), the rules \(String(describing: model))")
  }
  for word in words.prefix(3) where (_ToolboxFuzzing.output(word) == nil) != word.isEmpty {
    violation("--output \(word.debugDescription) was \(word.isEmpty ? "taken" : "refused")")
  }
}

/// The documented rules, written again here.
private func modelArguments(
  _ words: [String], valued: Set<String>, repeatable: Set<String>, flags allowed: Set<String>
) -> (options: [String: String], repeated: [String: [String]], positional: [String], flags: Set<String>)? {
  var options: [String: String] = [:]
  var repeated: [String: [String]] = [:]
  var positional: [String] = []
  var flags: Set<String> = []
  var index = 0
  var ended = false
  while index < words.count {
    let word = words[index]
    index += 1
    if ended || word == "-" || !word.utf8.starts(with: "--".utf8) {
      positional.append(word)
      continue
    }
    if word == "--" {
      ended = true
      continue
    }
    let body = word.utf8.dropFirst(2)
    let equals = body.firstIndex(of: UInt8(ascii: "="))
    let name = String(Substring(equals.map { body[..<$0] } ?? body))
    let inline = equals.map { String(Substring(body[body.index(after: $0)...])) }
    if allowed.contains(name), inline == nil {
      guard flags.insert(name).inserted else { return nil }
      continue
    }
    guard valued.contains(name) || repeatable.contains(name) else { return nil }
    let value: String
    if let inline {
      value = inline
    } else {
      guard index < words.count else { return nil }
      value = words[index]
      index += 1
    }
    if repeatable.contains(name) {
      repeated[name, default: []].append(value)
    } else {
      guard options[name] == nil else { return nil }
      options[name] = value
    }
  }
  return (options, repeated, positional, flags)
}

// MARK: - The all-or-nothing writer

private let scratch: URL = {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-writers-\(getpid())")
  try? FileManager.default.removeItem(at: url)
  try? FileManager.default.createDirectory(at: url.appendingPathComponent("outside"), withIntermediateDirectories: true)
  try? Data("keep".utf8).write(to: url.appendingPathComponent("outside/kept"))
  return url
}()

/// The input's lines as paths (each file's bytes: its path), written under a root that holds a
/// symbolic link to a folder outside it and a file; then everything is compared.
private func checkTree(_ text: String) {
  let manager = FileManager.default
  let root = scratch.appendingPathComponent("root")
  try? manager.removeItem(at: root)
  try? manager.createDirectory(at: root, withIntermediateDirectories: true)
  try? manager.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "../outside")
  try? Data("old".utf8).write(to: root.appendingPathComponent("old"))
  let before = tree(scratch)
  let paths = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8).map(String.init)
  let files = paths.map { (path: $0, contents: Array($0.utf8)) }
  let result = _ToolboxFuzzing.writeTree(files, under: root.path)
  let after = tree(scratch)
  // Outside the root nothing changed.
  let outside = { (entries: [String: String]) in entries.filter { !$0.key.hasPrefix("root/") } }
  if outside(after) != outside(before) { violation("writing \(paths) changed \(outside(after)) outside the root") }
  switch result {
  case .success(let written):
    if written.count != files.count { violation("\(files.count) files, \(written.count) written") }
    var expected = before
    for (file, path) in zip(files, written) {
      guard path.hasPrefix(root.path + "/") else { violation("\(path) is not under the root") }
      expected["root/" + path.dropFirst(root.path.count + 1)] = String(decoding: file.contents, as: UTF8.self)
    }
    for (path, contents) in expected where path.hasPrefix("root/") && after[path] != contents {
      violation("\(path) holds \(String(describing: after[path])), not \(contents.debugDescription)")
    }
  case .failure(let refusal):
    if after != before { violation("a refused write (\(refusal.message)) changed \(after) from \(before)") }
    if !refusal.message.hasPrefix("nothing was written") {
      violation("a refusal that does not say so: \(refusal.message)")
    }
  }
}

/// Every regular file under `folder` (not through a symbolic link) with its text, and every
/// folder and link as an empty entry, by path relative to `folder`.
private func tree(_ folder: URL) -> [String: String] {
  var entries: [String: String] = [:]
  let manager = FileManager.default
  func walk(_ url: URL, _ relative: String) {
    guard let names = try? manager.contentsOfDirectory(atPath: url.path) else { return }
    for name in names {
      let child = url.appendingPathComponent(name)
      let path = relative.isEmpty ? name : relative + "/" + name
      let type = (try? manager.attributesOfItem(atPath: child.path))?[.type] as? FileAttributeType
      switch type {
      case .typeDirectory?:
        entries[path + "/"] = ""
        walk(child, path)
      // The bytes as they are: `String(contentsOf:encoding:)` drops a leading byte order mark.
      case .typeRegular?:
        let data = try? Data(contentsOf: child)
        entries[path] = data.map { String(decoding: $0, as: UTF8.self) } ?? "<unreadable>"
      default: entries[path + "@"] = (try? manager.destinationOfSymbolicLink(atPath: child.path)) ?? ""
      }
    }
  }
  walk(folder, "")
  return entries
}

// MARK: - XML

private struct Element {
  var name: String
  var attributes: [String: String]
  var text = ""
}

private final class Collector: NSObject, XMLParserDelegate {
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

private func parseXMLElements(_ document: String) -> [Element]? {
  let parser = XMLParser(data: Data(document.utf8))
  let collector = Collector()
  parser.delegate = collector
  return parser.parse() ? collector.elements : nil
}

private func parseXML(_ document: String) -> Element? { parseXMLElements(document)?.first }
