/// Percent-decoding and -encoding of URL components, on UTF-8 bytes.
package enum PercentEncoding {
  enum DecodingFailure: Error {
    case malformedEscape
    case invalidUTF8
  }

  /// Decodes `%XX` escapes; `+` stays `+`.
  ///
  /// - Returns: The decoded text, or `nil` for a malformed escape or bytes that are not UTF-8.
  ///
  /// Not generic: the linker keeps every `package` function in every app, and a generic one
  /// unspecialized (see Benchmarks/README.md, "Why the code looks as it does").
  package static func decode(_ bytes: ArraySlice<UInt8>) -> String? {
    try? decoding(bytes)
  }

  /// Decodes `%XX` escapes; `+` stays `+`.
  static func decoding<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(DecodingFailure) -> String {
    guard bytes.contains(UInt8(ascii: "%")) else {
      // The bytes come from a Swift string, so they are valid UTF-8 already.
      return String(decoding: bytes, as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      bytes.formIndex(after: &index)
      guard byte == UInt8(ascii: "%") else {
        decoded.append(byte)
        continue
      }
      guard index != bytes.endIndex, let high = bytes[index].hexValue else { throw .malformedEscape }
      bytes.formIndex(after: &index)
      guard index != bytes.endIndex, let low = bytes[index].hexValue else { throw .malformedEscape }
      bytes.formIndex(after: &index)
      decoded.append(high << 4 | low)
    }
    let text = String(decoding: decoded, as: UTF8.self)
    // Decoding repairs invalid UTF-8 with U+FFFD, which changes the bytes.
    guard decoded.withUnsafeBufferPointer({ text.hasUTF8($0) }) else { throw .invalidUTF8 }
    return text
  }

  /// Characters left as they are in a path segment: RFC 3986's unreserved set and a few
  /// sub-delimiters that no parser treats specially.
  package static func encodePathSegment(_ text: String) -> String { encode(text, inQuery: false) }

  /// Characters left as they are in a query item's name or value: as for a path segment, plus
  /// `/`, `?`, `:` and `@`, which RFC 3986 allows in a query.
  static func encodeQueryComponent(_ text: String) -> String { encode(text, inQuery: true) }

  /// One encoder for both kinds of component, told which by a flag: a predicate closure per kind
  /// was a copy of the encoder per kind in an app's code.
  private static func encode(_ text: String, inQuery: Bool) -> String {
    let kept: ByteClass = inQuery ? .keptInQuery : .keptInPath
    guard !text.allBytes(in: kept) else { return text }
    let hex = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
      if kept.contains(byte) {
        encoded.append(byte)
      } else {
        encoded.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
      }
    }
    return String(decoding: encoded, as: UTF8.self)
  }
}
