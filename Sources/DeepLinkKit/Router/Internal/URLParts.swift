/// The parts of an absolute URL, as ranges of its UTF-8 bytes (RFC 3986, section 3):
/// `scheme ":" ["//" authority] path ["?" query] ["#" fragment]`.
///
/// The split is purely syntactic; what each part may hold is the adapter's business.
struct URLParts {
  var scheme: Range<Int>
  var authority: Range<Int>?
  var path: Range<Int>
  var query: Range<Int>?

  /// Splits `bytes`, or returns `nil` when it does not start with a scheme and a colon. (Of a
  /// buffer only: each kind of collection it was given was a copy of it in every app.)
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    let end = bytes.endIndex
    guard end > bytes.startIndex, bytes[bytes.startIndex].isASCIILetter else { return nil }
    var index = bytes.startIndex + 1
    while index < end, bytes[index] != UInt8(ascii: ":") {
      let byte = bytes[index]
      guard
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
      else { return nil }
      index += 1
    }
    guard index < end else { return nil }
    scheme = bytes.startIndex..<index
    index += 1  // ":"

    authority = nil
    if index + 1 < end, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
      let start = index + 2
      index = start
      while index < end, !Self.endsAuthority(bytes[index]) { index += 1 }
      authority = start..<index
    }

    let pathStart = index
    while index < end, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
    path = pathStart..<index

    query = nil
    if index < end, bytes[index] == UInt8(ascii: "?") {
      let start = index + 1
      index = start
      while index < end, bytes[index] != UInt8(ascii: "#") { index += 1 }
      query = start..<index
    }
    // The fragment, if any, is ignored.
  }

  private static func endsAuthority(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
  }
}
