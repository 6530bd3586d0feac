/// RFC 3492 Punycode, used to compare hosts in their ASCII form (`exаmple.com`, with a Cyrillic
/// `а`, becomes `xn--exmple-4nf.com` and no longer looks like `example.com`).
enum Punycode {
  private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
  private static let initialBias = 72, initialN = 128

  /// The ASCII form of one host label: the label itself when it is ASCII, else `xn--` and its
  /// Punycode encoding. Returns `nil` if the encoding would overflow.
  static func asciiLabel(_ label: String) -> String? {
    guard label.firstByte(in: .nonASCII) != nil else { return label }
    guard let encoded = encode(label.lowercased().unicodeScalars.map(\.value)) else { return nil }
    return "xn--" + encoded
  }

  /// The Unicode label a lowercase `xn--` label is the Punycode form of, or `nil` when it is not
  /// one: a label of other bytes than letters, digits and `-`, or one that does not decode,
  /// decodes to ASCII only, or is not written as Punycode writes its Unicode form. (What the
  /// Unicode label may hold is ``HostList/problem(ofUnicodeHost:)``'s to say.)
  static func unicodeLabel(_ label: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
    guard label.startsWithPunycodePrefix, label.allBytes(in: .labelCharacters),
      let unicode = decode(String(decoding: label.dropFirst(4), as: UTF8.self)),
      unicode.firstByte(in: .nonASCII) != nil,
      asciiLabel(unicode)?.hasUTF8(UnsafeBufferPointer(rebasing: label)) == true
    else { return nil }
    return unicode
  }

  private static func encode(_ input: [UInt32]) -> String? {
    var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
    let basicCount = output.count
    var handled = basicCount
    if basicCount > 0 { output.append(UInt8(ascii: "-")) }
    var n = initialN
    var delta = 0
    var bias = initialBias
    while handled < input.count {
      guard let next = input.lazy.map({ Int($0) }).filter({ $0 >= n }).min() else { return nil }
      let (product, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
      guard !overflow, delta <= Int(Int32.max) - product else { return nil }
      delta += product
      n = next
      for scalar in input.map({ Int($0) }) {
        if scalar < n { delta += 1 }
        guard scalar == n else { continue }
        var q = delta
        var k = base
        while true {
          let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
          if q < t { break }
          output.append(digit(t + (q - t) % (base - t)))
          q = (q - t) / (base - t)
          k += base
        }
        output.append(digit(q))
        bias = adapt(delta, handled + 1, isFirst: handled == basicCount)
        delta = 0
        handled += 1
      }
      delta += 1
      n += 1
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The Unicode form of a label's Punycode payload (what follows `xn--`), or `nil` when it is
  /// not valid Punycode (RFC 3492, section 6.2).
  static func decode(_ payload: String) -> String? {
    guard payload.firstByte(in: .nonASCII) == nil else { return nil }
    let bytes = Array(payload.utf8)
    let delimiter = bytes.lastIndex(of: UInt8(ascii: "-"))
    var output: [UInt32] = delimiter.map { bytes[..<$0].map(UInt32.init) } ?? []
    var index = delimiter.map { $0 + 1 } ?? 0
    var n = initialN
    var i = 0
    var bias = initialBias
    while index < bytes.count {
      let oldI = i
      var weight = 1
      var k = base
      while true {
        guard index < bytes.count, let value = digitValue(bytes[index]) else { return nil }
        index += 1
        let (product, overflow) = value.multipliedReportingOverflow(by: weight)
        guard !overflow, i <= Int(Int32.max) - product else { return nil }
        i += product
        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
        if value < t { break }
        let (next, nextOverflow) = weight.multipliedReportingOverflow(by: base - t)
        guard !nextOverflow, next <= Int(Int32.max) else { return nil }
        weight = next
        k += base
      }
      bias = adapt(i - oldI, output.count + 1, isFirst: oldI == 0)
      n += i / (output.count + 1)
      i %= output.count + 1
      guard n <= 0x10FFFF, Unicode.Scalar(UInt32(n)) != nil else { return nil }
      output.insert(UInt32(n), at: i)
      i += 1
    }
    var text = ""
    for value in output {
      guard let scalar = Unicode.Scalar(value) else { return nil }
      text.unicodeScalars.append(scalar)
    }
    return text
  }

  private static func digitValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
    default: nil
    }
  }

  private static func digit(_ value: Int) -> UInt8 {
    value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
  }

  private static func adapt(_ delta: Int, _ count: Int, isFirst: Bool) -> Int {
    var delta = isFirst ? delta / damp : delta / 2
    delta += delta / count
    var k = 0
    while delta > ((base - tMin) * tMax) / 2 {
      delta /= base - tMin
      k += base
    }
    return k + (base - tMin + 1) * delta / (delta + skew)
  }
}
