/// The characters a path segment (and a query item's name) may not hold, whatever the source:
/// control characters and the invisible characters that change how text reads without showing.
///
/// Refused, by Unicode general category:
/// - `Cc`, control: C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F, such as U+0085 NEXT
///   LINE and U+009B, the one-byte escape that starts a terminal control sequence);
/// - `Cf`, format: bidirectional embeddings, overrides and isolates (U+202A–U+202E,
///   U+2066–U+2069), marks (U+200E, U+200F, U+061C), zero-width space (U+200B), word joiner and
///   invisible operators (U+2060–U+2064), soft hyphen (U+00AD), the byte-order mark (U+FEFF), tag
///   characters (U+E0001, U+E0020–U+E007F) and the rest of the category, except U+200C ZERO WIDTH
///   NON-JOINER and U+200D ZERO WIDTH JOINER, which are part of emoji sequences (👩‍💻) and of words in
///   Persian and Indic scripts;
/// - `Zl` and `Zp`: U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, which end a line.
///
/// The table is written out (Unicode 15.1) rather than read from the standard library, so that
/// the answer is the same on every platform and OS version; a test compares it with the standard
/// library's categories.
package enum TextRules {
  /// Inclusive ranges of refused scalars, ascending.
  static let refusedRanges: [ClosedRange<UInt32>] = [
    0x0000...0x001F, 0x007F...0x009F, 0x00AD...0x00AD, 0x0600...0x0605, 0x061C...0x061C, 0x06DD...0x06DD,
    0x070F...0x070F, 0x0890...0x0891, 0x08E2...0x08E2, 0x180E...0x180E, 0x200B...0x200B, 0x200E...0x200F,
    0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF, 0xFFF9...0xFFFB, 0x110BD...0x110BD,
    0x110CD...0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001...0xE0001,
    0xE0020...0xE007F,
  ]

  /// Whether a scalar is refused in a path segment.
  package static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return value < 0x20 || value == 0x7F }
    if value < 0xAD { return value <= 0x9F }
    for range in refusedRanges.dropFirst(2) {
      if value < range.lowerBound { return false }
      if value <= range.upperBound { return true }
    }
    return false
  }

  /// The first refused scalar of `text`, if any. Plain ASCII text is checked on its bytes.
  static func firstRefused(in text: String) -> Unicode.Scalar? {
    guard text.firstByte(in: .nonASCII) != nil else {
      return text.firstByte(in: .controls).map { Unicode.Scalar($0) }
    }
    return text.unicodeScalars.first(where: isRefused)
  }

  /// The first refused scalar of UTF-8 `bytes`, if any; plain ASCII is checked byte by byte.
  static func firstRefused(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
    guard bytes.contains(where: { $0 >= 0x80 }) else {
      return bytes.first(where: \.isASCIIControl).map { Unicode.Scalar($0) }
    }
    var iterator = bytes.makeIterator()
    var decoder = Unicode.UTF8()
    while case .scalarValue(let scalar) = decoder.decode(&iterator) {
      if isRefused(scalar) { return scalar }
    }
    return nil
  }

  /// Whether `bytes` are well-formed UTF-8 (no allocation).
  static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.contains(where: { $0 >= 0x80 }) else { return true }
    var iterator = bytes.makeIterator()
    var decoder = Unicode.UTF8()
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue: continue
      case .emptyInput: return true
      case .error: return false
      }
    }
  }

  /// Why `value` cannot be a path segment, as a phrase ("is a dot segment"), or `nil` when it can:
  /// empty, `.` or `..`, or a refused character.
  package static func segmentProblem(_ value: String) -> String? {
    if value.isEmpty { return "is empty" }
    if value == "." || value == ".." { return "is the dot segment \(quoted(value))" }
    if let scalar = firstRefused(in: value) { return "holds the \(describe(scalar))" }
    return nil
  }

  /// `control character U+000A` or `invisible character U+202E`.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    return "\(isControl ? "control" : "invisible") character \(scalar.codePoint)"
  }
}

extension Unicode.Scalar {
  /// `U+000A`: at least four upper-case hex digits.
  package var codePoint: String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
