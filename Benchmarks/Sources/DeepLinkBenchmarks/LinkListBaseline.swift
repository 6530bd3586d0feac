import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink check-links` as it was before its reader read bytes: lines split by `Character`
/// (`isNewline`), the arrow found with `range(of:)`, then each link resolved and compared as
/// `LinkList.check(with:)` does. The baseline of the check-links row; the list it is given has
/// no carriage returns or byte-order mark, which the two readers would take differently.
enum CharacterLinkList {
  struct Line {
    let number: Int
    let link: String
    let expected: NamedRoute?
  }

  static func lines(_ text: String) -> [Line] {
    var lines: [Line] = []
    var number = 0
    for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      number += 1
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let arrow = line.range(of: " -> ") else {
        lines.append(Line(number: number, link: line, expected: nil))
        continue
      }
      let link = String(line[..<arrow.lowerBound]).trimmingCharacters(in: .whitespaces)
      let words = line[arrow.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" })
      var parameters: [String: String] = [:]
      for word in words.dropFirst() {
        guard let equals = word.firstIndex(of: "=") else { continue }
        parameters[String(word[..<equals])] = String(word[word.index(after: equals)...]).removingPercentEncoding
      }
      lines.append(
        Line(number: number, link: link, expected: NamedRoute(String(words.first ?? ""), parameters: parameters)))
    }
    return lines
  }

  /// How many lines pass: each link opens its expected route with its values.
  static func check(_ text: String, with router: LinkRouter<NamedRoute>) -> Int {
    lines(text).filter { line in
      guard let opened = try? router.resolve(line.link).route else { return false }
      guard let expected = line.expected else { return true }
      return opened.name == expected.name && expected.parameters.allSatisfy { opened.parameters[$0.key] == $0.value }
    }.count
  }
}
