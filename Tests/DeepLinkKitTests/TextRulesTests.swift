import Foundation
import Testing

@testable import DeepLinkKit
@testable import DeepLinkKitRouting

/// The characters refused in path segments, and how messages quote what they show (round 2 of
/// the hardening: C1 and invisible characters, forged lines).
@Suite struct TextRulesTests {
  /// The written-out table agrees with the standard library's Unicode categories for every scalar:
  /// `Cc`, `Cf` (but ZWNJ and ZWJ), `Zl` and `Zp` are refused, nothing else is.
  @Test func refusedTableMatchesTheUnicodeCategories() {
    var disagreements: [String] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = RoundTripTests.isRefusedInASegment(scalar)
      if TextRules.isRefused(scalar) != expected { disagreements.append(scalar.codePoint) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
  }

  @Test(arguments: [
    ("plain", #""plain""#),
    ("line\nforged", #""line\nforged""#),
    ("a\"b", #""a\"b""#),
    ("back\\slash", #""back\\slash""#),
    ("\u{1B}[31mred", #""\u{1B}[31mred""#),
    ("\u{9B}31m", #""\u{9B}31m""#),
    ("abc\u{202E}fdp.exe", #""abc\u{202E}fdp.exe""#),
    ("tab\there\r", #""tab\there\r""#),
    ("👩‍💻 é", "\"👩‍💻 é\""),
  ])
  func quotingEscapes(text: String, expected: String) {
    #expect(quoted(text) == expected)
  }

  /// Cut after at most 80 bytes of input, on a character boundary: never half a UTF-8 sequence,
  /// never half an emoji sequence.
  @Test func quotingCutsOnCharacterBoundaries() {
    let text = String(repeating: "é", count: 100)  // 2 bytes each
    #expect(quoted(text) == "\"" + String(repeating: "é", count: 40) + "…\"")
    let odd = "a" + String(repeating: "é", count: 100)  // the 80th byte is the middle of an "é"
    #expect(quoted(odd) == "\"a" + String(repeating: "é", count: 39) + "…\"")
    let family = String(repeating: "x", count: 75) + "👩‍👩‍👧‍👦" + "tail"  // 25 bytes of emoji at byte 75
    #expect(quoted(family) == "\"" + String(repeating: "x", count: 75) + "…\"")
    #expect(!quoted(odd).contains("\u{FFFD}"))
  }

  @Test func refusalsQuoteOnOneLine() throws {
    let router = try makeRouter(["/messages/:id"])
    let error = try #require(router.error("myapp://nothing/" + String(repeating: "é", count: 50) + "%0A%1B"))
    #expect(!error.message.contains("\u{FFFD}"))
    let forged = try #require(router.error("myapp://messages/x%0Alink%20%232%20delivered"))
    #expect(!forged.message.contains("\n"))
    #expect(forged.message.contains(#"x%0Alink%20%232%20delivered"#))
  }

  @MainActor @Test func dispatchLogIsOneLinePerEvent() {
    struct Shouting: Hashable, Sendable, CustomStringConvertible {
      var description: String { "route\n0.000s link #9 delivered fake\u{1B}[2J" }
    }
    let events: [LinkEvent<Shouting>] = [
      LinkEvent(link: LinkID(1), time: .zero, kind: .resolved(Shouting())),
      LinkEvent(link: LinkID(1), time: .zero, kind: .delivered(Shouting(), heldFor: .zero)),
      LinkEvent(link: LinkID(1), time: .zero, kind: .confirmationRequested(Shouting())),
    ]
    for event in events {
      let line = LinkEventLog.line(for: event)
      #expect(!line.contains("\n") && !line.contains("\u{1B}"), "\(line)")
      #expect(line.contains(#"route\n0.000s link #9"#))
    }
  }

  /// The library's one sort orders by rank, then text (as `<` on strings orders them), and keeps
  /// equal keys in their first order, whatever order the sort itself would leave them in.
  @Test func stableOrderRanksThenTextsAndKeepsTies() {
    let keys: [(rank: Int, text: String)] = [
      (1, "b"), (0, "z"), (1, "a"), (0, "z"), (-2, "m"), (1, "b"), (0, "Z"), (0, "é"), (0, "e"),
    ]
    #expect(stableOrder(keys) == [4, 6, 8, 1, 3, 7, 2, 0, 5])
    #expect(stableOrder([]) == [])
    // Many equal keys: positions alone decide.
    #expect(stableOrder(Array(repeating: (3, "same"), count: 100)) == Array(0..<100))
  }

  /// The sort is the library's own (a merge sort): for lists of every length up to 70, in runs
  /// that do not divide evenly, it orders as the standard library's sort with the same comparison.
  @Test func stableOrderOrdersAsTheStandardLibrarysSort() {
    var generator = SplitMix(seed: 43)
    let texts = ["", "a", "b", "é", "e\u{301}", "Z", "ab"]
    for count in 0...70 {
      let keys = (0..<count).map { _ in
        (rank: Int(generator.next() % 3) - 1, text: texts[Int(generator.next() % UInt64(texts.count))])
      }
      let expected = Array(keys.indices).sorted { left, right in
        let (a, b) = (keys[left], keys[right])
        return a.rank != b.rank ? a.rank < b.rank : a.text != b.text ? a.text < b.text : left < right
      }
      #expect(stableOrder(keys) == expected, "\(count) keys")
    }
  }
}
