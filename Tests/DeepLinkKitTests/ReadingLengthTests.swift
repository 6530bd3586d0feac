import Foundation
import Testing

/// What a newcomer reads first, the README and each library's DocC landing page, keeps short
/// sentences: at most 22 words a sentence on average, counted as `sentences(in:)` says.
@Suite struct ReadingLengthTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The sentences of a Markdown page's prose: code blocks, tables, headings, HTML and DocC
  /// directives left out; a list item ends a sentence; a code span or a link counts as its
  /// words; a sentence ends at `.`, `!` or `?` followed by a space. Fragments under three words
  /// (a lone label) are not sentences.
  static func sentences(in markdown: String) -> [[Substring]] {
    var paragraphs: [String] = []
    var current = ""
    var inCode = false
    func close() {
      if !current.isEmpty { paragraphs.append(current) }
      current = ""
    }
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("```") {
        inCode.toggle()
        close()
        continue
      }
      if inCode || text.isEmpty || ["|", "#", "<", "@"].contains(where: text.hasPrefix) {
        close()
        continue
      }
      if let item = ["- ", "* "].first(where: text.hasPrefix) {
        close()
        current = String(text.dropFirst(item.count))
      } else {
        current += current.isEmpty ? text : " " + text
      }
    }
    close()
    var sentences: [[Substring]] = []
    for paragraph in paragraphs {
      var words: [Substring] = []
      for word in paragraph.split(separator: " ") {
        words.append(word)
        if let last = word.last, ".!?".contains(last) {
          if words.count >= 3 { sentences.append(words) }
          words = []
        }
      }
      if words.count >= 3 { sentences.append(words) }
    }
    return sentences
  }

  static let pages =
    ["README.md"]
    + [
      "DeepLinkKit", "DeepLinkKitUIKit", "DeepLinkKitSwiftUI", "DeepLinkKitConfiguration", "DeepLinkKitTesting",
      "DeepLinkKitDeferred",
    ].map { "Sources/\($0)/\($0).docc/\($0).md" }

  @Test(arguments: pages) func aPageReadsAtMost22WordsASentence(_ page: String) throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
    let sentences = Self.sentences(in: text)
    #expect(sentences.count >= 2, "\(page): no prose read")
    let average = Double(sentences.map(\.count).reduce(0, +)) / Double(max(sentences.count, 1))
    let longest = sentences.max { $0.count < $1.count }?.joined(separator: " ") ?? ""
    #expect(average <= 22, "\(page): \(average) words a sentence; the longest: \(longest)")
  }

  /// The counting itself: a code block, a table and a heading are not prose, and a list item is
  /// a sentence of its own.
  @Test func theCountReadsProseOnly() {
    let page = """
      # A heading of many words that would count

      One two three four. Five six seven!

      ```swift
      let these = words.are(not, prose)
      ```

      | a table | of words |
      - an item of five words
      - ok
      """
    #expect(Self.sentences(in: page).map(\.count) == [4, 3, 5])
  }
}
