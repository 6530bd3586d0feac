// The host check of every universal link, on the scanner's bytes. It only reads the view it is
// given, inside the closure that lends it (the scanner's, or `withUTF8` below), and keeps nothing
// of it: what it returns is a problem or `nil`.

extension HostList {
  /// Why the lowercase ASCII host `text` is not a valid host name, or `nil`: the check a listed
  /// host gets, on the same code as a link's.
  static func problem(ofASCIIHost text: String, idna: IDNA?) -> InvalidHost? {
    var text = text
    return text.withUTF8 { problem(ofASCIIHost: $0[...], idna: idna) }
  }

  /// Why a lowercase ASCII host made of label bytes and dots is not a valid host name, or `nil`.
  /// One pass over the bytes, with no allocation unless a label is Punycode: every universal link
  /// goes through it. Of one type of bytes, the scanner's views into a link: one copy in an app.
  /// An `xn--` label is read by `idna`; without it, the host is an international one, which is
  /// not read (``InvalidHost/international``).
  static func problem(ofASCIIHost bytes: Slice<UnsafeBufferPointer<UInt8>>, idna: IDNA?) -> InvalidHost? {
    if bytes.isEmpty { return InvalidHost(reason: "is empty") }
    if bytes.count > 253 { return InvalidHost(reason: "is \(bytes.count) bytes long; a host name has at most 253") }
    var labelStart = bytes.startIndex
    var index = bytes.startIndex
    while true {
      let isEnd = index == bytes.endIndex
      if isEnd || bytes[index] == UInt8(ascii: ".") {
        if isEnd, labelStart == index { return InvalidHost(reason: "ends with a dot") }
        if let problem = problem(ofLabel: bytes[labelStart..<index], idna: idna) { return problem }
        if isEnd { return nil }
        labelStart = bytes.index(after: index)
      }
      index = bytes.index(after: index)
    }
  }

  private static func problem(ofLabel label: Slice<UnsafeBufferPointer<UInt8>>, idna: IDNA?) -> InvalidHost? {
    if label.isEmpty { return InvalidHost(reason: "has an empty label") }
    if label.count > 63 { return InvalidHost(reason: "has a label of \(label.count) bytes; a label has at most 63") }
    guard label.startsWithPunycodePrefix else {
      if label.first == UInt8(ascii: "-") || label.last == UInt8(ascii: "-") {
        return InvalidHost(reason: "has the label \(quoted(label)), which starts or ends with \"-\"")
      }
      return nil
    }
    guard let idna else { return .international }
    return idna.labelProblem(label).map { InvalidHost(reason: $0) }
  }
}
