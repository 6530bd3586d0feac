extension UInt8 {
  package var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
  package var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isASCIIHexDigit: Bool {
    isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
  }
  /// C0 controls and DEL.
  var isASCIIControl: Bool { self < 0x20 || self == 0x7F }
  package var lowercasedASCII: UInt8 { (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")) ? self | 0x20 : self }

  package var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension String {
  /// The string with ASCII letters lowercased; other characters are kept.
  package var lowercasedASCII: String {
    guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
    return String(decoding: utf8.map(\.lowercasedASCII), as: UTF8.self)
  }
}

extension Dictionary where Key == String, Value == String {
  /// The entries by key, so that the same values give the same answer on every run. (One sort
  /// shared by every caller: each call site's own closure was another copy of the sort in an
  /// app's code.)
  var sortedByKey: [(key: String, value: String)] { sorted { $0.key < $1.key } }
}
