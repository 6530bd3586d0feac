import Foundation
import Testing

@testable import DeepLinkKitRouting

/// The byte sets the library checks text with are written as bits; each one must hold exactly the
/// bytes its definition names, for all 256 bytes.
struct ByteClassTests {
  static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
  static func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
  static func among(_ characters: String) -> (UInt8) -> Bool { { characters.utf8.contains($0) } }

  static var definitions: [(name: String, set: ByteClass, holds: (UInt8) -> Bool)] {
    [
      ("nonASCII", .nonASCII, { $0 >= 128 }),
      ("nul", .nul, { $0 == 0 }),
      ("digits", .digits, isDigit),
      ("upperCaseLetters", .upperCaseLetters, { (65...90).contains($0) }),
      ("upperCaseOrNonASCII", .upperCaseOrNonASCII, { (65...90).contains($0) || $0 >= 128 }),
      ("controls", .controls, { $0 < 32 || $0 == 127 }),
      ("quotable", .quotable, { (32...126).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }),
      ("decimalNumber", .decimalNumber, { isDigit($0) || among("+-.eE")($0) }),
      ("schemeCharacters", .schemeCharacters, { isLetter($0) || isDigit($0) || among("+-.")($0) }),
      ("nameCharacters", .nameCharacters, { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }),
      ("labelCharacters", .labelCharacters, { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }),
      ("hostCharacters", .hostCharacters, { isLetter($0) || isDigit($0) || among("-_.")($0) }),
      (
        "lowercaseHostCharacters", .lowercaseHostCharacters,
        { (97...122).contains($0) || isDigit($0) || among("-_.")($0) }
      ),
      ("keptInPath", .keptInPath, { isLetter($0) || isDigit($0) || among("-._~!$'()*,")($0) }),
      ("keptInQuery", .keptInQuery, { isLetter($0) || isDigit($0) || among("-._~!$'()*,/?:@")($0) }),
    ]
  }

  @Test func everySetHoldsTheBytesItsDefinitionNames() {
    for (name, set, holds) in Self.definitions {
      let wrong = (0...255).map(UInt8.init).filter { set.contains($0) != holds($0) }
      #expect(wrong.isEmpty, "\(name) is wrong for the bytes \(wrong)")
      let inverted = (0...255).map(UInt8.init).filter { set.inverted.contains($0) == holds($0) }
      #expect(inverted.isEmpty, "\(name).inverted is wrong for the bytes \(inverted)")
      let ascii = (0...255).map(UInt8.init).filter { set.ascii.contains($0) != (holds($0) && $0 < 128) }
      #expect(ascii.isEmpty, "\(name).ascii is wrong for the bytes \(ascii)")
    }
  }

  @Test func textsAndBuffersAreSearchedForTheFirstByteOfASet() {
    #expect("abc1".firstByte(in: .digits) == UInt8(ascii: "1"))
    #expect("abc".firstByte(in: .digits) == nil)
    #expect("héllo".firstByte(in: .nonASCII) == 0xC3)
    #expect("2024".allBytes(in: .digits))
    #expect("".allBytes(in: .digits))
    #expect(!"20x4".allBytes(in: .digits))
    let bytes: [UInt8] = Array("ab\u{1}c\u{7F}".utf8)
    #expect(bytes.firstIndex(in: .controls) == 2)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(buffer.firstIndex(in: .controls) == 2)
      #expect(buffer.firstIndex(in: .nonASCII) == nil)
      #expect(!buffer.allBytes(in: .quotable))
      // A slice's positions are the buffer's, not counted from the slice's start.
      #expect(buffer[3...].firstIndex(in: .controls) == 4)
      #expect(buffer[3..<4].allBytes(in: .quotable))
      #expect(buffer[4...].firstIndex(in: .digits) == nil)
    }
  }

  @Test func textsAreComparedByTheirBytes() {
    // A precomposed and a decomposed "é" are one String for `==`, but not the same bytes.
    #expect("\u{E9}" == "e\u{301}")
    #expect(!"\u{E9}".hasUTF8(of: "e\u{301}"))
    #expect("e\u{301}".hasUTF8(of: "e\u{301}"))
    #expect("443".hasUTF8(of: "443"))
    #expect(!"443".hasUTF8(of: "4430"))
    #expect(!"4430".hasUTF8(of: "443"))
    #expect("".hasUTF8(of: ""))
    #expect("HTTPS://a".hasPrefixIgnoringASCIICase("https:"))
    #expect("https:".hasPrefixIgnoringASCIICase("https:"))
    #expect(!"http://a".hasPrefixIgnoringASCIICase("https:"))
    #expect(!"https".hasPrefixIgnoringASCIICase("https:"))
    // Only ASCII letters are folded: a dotless "ı" does not read as "i".
    #expect(!"htt\u{131}ps:".hasPrefixIgnoringASCIICase("https:"))
  }

  @Test func punycodePrefixesAreFoundOnEachLabel() {
    func check(_ text: String) -> (starts: Bool, holds: Bool) {
      Array(text.utf8).withUnsafeBufferPointer { ($0[...].startsWithPunycodePrefix, $0[...].holdsPunycodeLabel) }
    }
    #expect(check("xn--bcher-kva.example") == (true, true))
    #expect(check("www.xn--bcher-kva.example") == (false, true))
    #expect(check("xn-") == (false, false))
    #expect(check("xn--") == (true, true))
    #expect(check("a.xn-") == (false, false))
    #expect(check("axn--b") == (false, false))
    #expect(check("") == (false, false))
  }
}
