/// A set of byte values, tested with one shift: the checks of a text's bytes ("every byte a digit",
/// "a byte that is not ASCII") go through two loops that take such a set (`String.firstByte(in:)`
/// and `UnsafeBufferPointer.firstIndex(in:)`). A closure per check, given to the standard
/// library's `contains(where:)` or `allSatisfy`, was a copy of the loop per check in every app
/// (why: Benchmarks/README.md, "Why the code looks as it does"). The scanner's checks of every
/// link keep their closures, which the optimizer inlines: through a loop here they cost a call and
/// a shift a byte, 190 instructions a link.
///
/// Each set is written as its bits, so that a check compiles to constants; `ByteClassTests`
/// compares every set with its definition for all 256 bytes.
struct ByteClass {
  /// Bytes 0–63, one bit each (bit `n` for byte `n`).
  let low: UInt64
  /// Bytes 64–127 (bit `n` for byte `64 + n`).
  let high: UInt64
  /// Whether the bytes 128–255, which only UTF-8 sequences of non-ASCII characters hold, belong.
  let holdsNonASCII: Bool

  func contains(_ byte: UInt8) -> Bool {
    if byte >= 128 { return holdsNonASCII }
    return (byte < 64 ? low : high) >> UInt64(byte & 63) & 1 != 0
  }

  /// Every byte this set does not hold.
  var inverted: ByteClass { ByteClass(low: ~low, high: ~high, holdsNonASCII: !holdsNonASCII) }
  /// The ASCII bytes this set holds.
  var ascii: ByteClass { ByteClass(low: low, high: high, holdsNonASCII: false) }

  /// 128–255: the bytes of non-ASCII characters.
  static var nonASCII: ByteClass { ByteClass(low: 0, high: 0, holdsNonASCII: true) }
  /// NUL (0).
  static var nul: ByteClass { ByteClass(low: 1, high: 0, holdsNonASCII: false) }
  /// `0`–`9`.
  static var digits: ByteClass { ByteClass(low: 0x03FF_0000_0000_0000, high: 0, holdsNonASCII: false) }
  /// `A`–`Z`.
  static var upperCaseLetters: ByteClass { ByteClass(low: 0, high: 0x0000_0000_07FF_FFFE, holdsNonASCII: false) }
  /// `A`–`Z` and 128–255: the bytes a case-insensitive table lowercases.
  static var upperCaseOrNonASCII: ByteClass { ByteClass(low: 0, high: 0x0000_0000_07FF_FFFE, holdsNonASCII: true) }
  /// C0 controls (0–31) and DEL (127).
  static var controls: ByteClass {
    ByteClass(low: 0x0000_0000_FFFF_FFFF, high: 0x8000_0000_0000_0000, holdsNonASCII: false)
  }
  /// Printable ASCII (32–126) but `"` and `\`, which a quote writes as they are.
  static var quotable: ByteClass {
    ByteClass(low: 0xFFFF_FFFB_0000_0000, high: 0x7FFF_FFFF_EFFF_FFFF, holdsNonASCII: false)
  }
  /// `0`–`9`, `+`, `-`, `.`, `e` and `E`: what a decimal number's text is made of.
  static var decimalNumber: ByteClass {
    ByteClass(low: 0x03FF_6800_0000_0000, high: 0x0000_0020_0000_0020, holdsNonASCII: false)
  }
  /// ASCII letters, digits, `+`, `-` and `.`: a URL scheme's characters (RFC 3986).
  static var schemeCharacters: ByteClass {
    ByteClass(low: 0x03FF_6800_0000_0000, high: 0x07FF_FFFE_07FF_FFFE, holdsNonASCII: false)
  }
  /// ASCII letters, digits and `_`: a parameter name's characters.
  static var nameCharacters: ByteClass {
    ByteClass(low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE, holdsNonASCII: false)
  }
  /// ASCII letters, digits and `-`: a Punycode label's characters.
  static var labelCharacters: ByteClass {
    ByteClass(low: 0x03FF_2000_0000_0000, high: 0x07FF_FFFE_07FF_FFFE, holdsNonASCII: false)
  }
  /// ASCII letters, digits, `-`, `_` and `.`: the ASCII bytes a host may hold.
  static var hostCharacters: ByteClass {
    ByteClass(low: 0x03FF_6000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE, holdsNonASCII: false)
  }
  /// Lowercase ASCII letters, digits, `-`, `_` and `.`: a host already written as it is compared.
  static var lowercaseHostCharacters: ByteClass {
    ByteClass(low: 0x03FF_6000_0000_0000, high: 0x07FF_FFFE_8000_0000, holdsNonASCII: false)
  }
  /// What a path segment keeps unescaped: RFC 3986's unreserved characters (ASCII letters,
  /// digits, `-`, `.`, `_`, `~`) and the sub-delimiters `!`, `$`, `'`, `(`, `)`, `*` and `,`.
  static var keptInPath: ByteClass {
    ByteClass(low: 0x03FF_7792_0000_0000, high: 0x47FF_FFFE_87FF_FFFE, holdsNonASCII: false)
  }
  /// What a query item's name or value keeps unescaped: as a path segment, and `/`, `?`, `:`
  /// and `@`.
  static var keptInQuery: ByteClass {
    ByteClass(low: 0x87FF_F792_0000_0000, high: 0x47FF_FFFE_87FF_FFFF, holdsNonASCII: false)
  }
}

extension String {
  /// The first byte of the text's UTF-8 that `set` holds, if any.
  func firstByte(in set: ByteClass) -> UInt8? {
    for byte in utf8 where set.contains(byte) { return byte }
    return nil
  }

  /// Whether every byte of the text's UTF-8 is in `set` (an empty text's are).
  func allBytes(in set: ByteClass) -> Bool { firstByte(in: set.inverted) == nil }

  /// Whether the text's UTF-8 is `bytes`, byte for byte (not Swift's `==`, which takes a
  /// precomposed and a decomposed `é` for one text). One loop for every such comparison: the
  /// standard library's `elementsEqual` was a copy for each pair of collection types.
  func hasUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    for byte in utf8 {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
    }
    return index == bytes.count
  }

  /// Whether the text starts with `prefix`, ASCII letters in either case (`prefix` is lowercase):
  /// `HTTPS://` starts with `https:`.
  func hasPrefixIgnoringASCIICase(_ prefix: String) -> Bool {
    var bytes = utf8.makeIterator()
    for expected in prefix.utf8 {
      guard let byte = bytes.next(), byte.lowercasedASCII == expected else { return false }
    }
    return true
  }

  /// Whether the text's UTF-8 is `other`'s, byte for byte.
  func hasUTF8(of other: String) -> Bool {
    var other = other
    return other.withUTF8 { hasUTF8($0) }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The position of the first byte `set` holds, if any.
  func firstIndex(in set: ByteClass) -> Int? {
    for index in indices where set.contains(self[index]) { return index }
    return nil
  }

  /// Whether every byte is in `set` (no bytes are).
  func allBytes(in set: ByteClass) -> Bool { firstIndex(in: set.inverted) == nil }
}

extension Slice<UnsafeBufferPointer<UInt8>> {
  /// The position of the first byte `set` holds, if any.
  func firstIndex(in set: ByteClass) -> Int? {
    UnsafeBufferPointer(rebasing: self).firstIndex(in: set).map { startIndex + $0 }
  }

  /// Whether every byte is in `set` (no bytes are).
  func allBytes(in set: ByteClass) -> Bool { UnsafeBufferPointer(rebasing: self).allBytes(in: set) }
}

extension [UInt8] {
  /// The position of the first byte `set` holds, if any.
  func firstIndex(in set: ByteClass) -> Int? { withUnsafeBufferPointer { $0.firstIndex(in: set) } }
}
