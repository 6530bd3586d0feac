import DeepLinkKit

/// A strict JSON parser (RFC 8259) for route tables, on bytes. Beyond what `JSONDecoder` checks, it
/// refuses an object that has a key twice (JSON parsers disagree on which value wins, so a table
/// could mean one thing to this library and another to a reviewer's tool), and it names the
/// problem and where it is: invalid UTF-8, a raw control character in a string, a lone surrogate
/// escape, nesting deeper than 512 levels.
package struct JSONParser {
  package struct Failure: Error {
    package let message: String
  }

  static let maxDepth = 512

  private let bytes: UnsafeBufferPointer<UInt8>
  private var index = 0
  private var depth = 0
  /// Where the parser is, for messages: object keys and array positions from the root.
  private var path: [PathComponent] = []

  private enum PathComponent {
    case key(String)
    case position(Int)
  }

  private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  /// The bytes after a UTF-8 byte-order mark (EF BB BF), or all of them when there is none.
  package static func withoutByteOrderMark<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
    bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
  }

  /// Parses one JSON value, with nothing but white space around it. A UTF-8 byte-order mark at
  /// the start is skipped: editors write one, and RFC 8259 lets a parser ignore it.
  package static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
    let array = Array(withoutByteOrderMark(bytes))
    return try array.withUnsafeBufferPointer { buffer in
      Result { () throws(Failure) in
        var parser = JSONParser(buffer)
        parser.skipWhiteSpace()
        let value = try parser.value()
        parser.skipWhiteSpace()
        guard parser.index == buffer.count else { throw parser.failure("unexpected text after the JSON value") }
        return value
      }
    }.get()
  }

  private mutating func value() throws(Failure) -> JSONValue {
    guard index < bytes.count else { throw failure("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
    default: throw unexpected()
    }
  }

  private mutating func object() throws(Failure) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhiteSpace()
    if peek(UInt8(ascii: "}")) {
      index += 1
      return .object(members)
    }
    while true {
      skipWhiteSpace()
      guard peek(UInt8(ascii: "\"")) else { throw failure("an object key must be a string") }
      let keyStart = index
      let key = try string()
      skipWhiteSpace()
      try expect(UInt8(ascii: ":"))
      skipWhiteSpace()
      path.append(.key(key))
      let member = try value()
      path.removeLast()
      if members.updateValue(member, forKey: key) != nil {
        index = keyStart
        throw failure(
          "\(location) has the key \(quoted(key)) twice; JSON parsers disagree on which value wins, so keep one")
      }
      skipWhiteSpace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"))
      return .object(members)
    }
  }

  private mutating func array() throws(Failure) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhiteSpace()
    if peek(UInt8(ascii: "]")) {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhiteSpace()
      path.append(.position(elements.count))
      elements.append(try value())
      path.removeLast()
      skipWhiteSpace()
      if peek(UInt8(ascii: ",")) {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"))
      return .array(elements)
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maxDepth { throw failure("arrays and objects nest more than \(Self.maxDepth) levels deep") }
  }

  /// A string, from its opening quote.
  private mutating func string() throws(Failure) -> String {
    let start = index
    index += 1
    var decoded: [UInt8] = []
    var runStart = index
    while true {
      guard index < bytes.count else {
        index = start
        throw failure("a string is not closed")
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") { break }
      if byte < 0x20 {
        throw failure(
          "a string holds the raw control character \(Unicode.Scalar(byte).codePoint); write it as an escape")
      }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      decoded.append(contentsOf: bytes[runStart..<index])
      index += 1
      guard index < bytes.count else { throw failure("a string ends inside an escape") }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
      case UInt8(ascii: "b"): decoded.append(0x08)
      case UInt8(ascii: "f"): decoded.append(0x0C)
      case UInt8(ascii: "n"): decoded.append(0x0A)
      case UInt8(ascii: "r"): decoded.append(0x0D)
      case UInt8(ascii: "t"): decoded.append(0x09)
      case UInt8(ascii: "u"):
        var value = try hex4()
        if (0xD800...0xDBFF).contains(value) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else { throw failure("a \\u escape is half of a surrogate pair") }
          index += 2
          let low = try hex4()
          guard (0xDC00...0xDFFF).contains(low) else { throw failure("a \\u escape is half of a surrogate pair") }
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw failure("a \\u escape is half of a surrogate pair") }
        decoded.append(contentsOf: String(scalar).utf8)
      default:
        index -= 2
        throw failure("a string holds the unknown escape \(quoted(bytes: [UInt8(ascii: "\\"), escape]))")
      }
      runStart = index
    }
    let raw = bytes[runStart..<index]
    index += 1
    let text: String
    if decoded.isEmpty {
      text = String(decoding: raw, as: UTF8.self)
      guard text.utf8.count == raw.count, text.utf8.elementsEqual(raw) else { throw invalidUTF8(from: start) }
    } else {
      decoded.append(contentsOf: raw)
      text = String(decoding: decoded, as: UTF8.self)
      guard text.utf8.elementsEqual(decoded) else { throw invalidUTF8(from: start) }
    }
    return text
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = bytes[index].hexValue else { throw failure("a \\u escape needs four hex digits") }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func number() throws(Failure) -> Double {
    let start = index
    if peek(UInt8(ascii: "-")) { index += 1 }
    guard index < bytes.count, bytes[index].isASCIIDigit else { throw failure("a number needs digits") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }
    if peek(UInt8(ascii: ".")) {
      index += 1
      guard index < bytes.count, bytes[index].isASCIIDigit else { throw failure("a number needs digits after \".\"") }
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, bytes[index].isASCIIDigit else { throw failure("a number's exponent needs digits") }
      while index < bytes.count, bytes[index].isASCIIDigit { index += 1 }
    }
    guard let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
      throw failure("a number cannot be read")
    }
    return number
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
    let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard index + word.count <= bytes.count, bytes[index..<(index + word.count)].elementsEqual(word) else {
      throw unexpected()
    }
    index += word.count
    return value
  }

  private mutating func skipWhiteSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
      default: return
      }
    }
  }

  private func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

  private mutating func expect(_ byte: UInt8) throws(Failure) {
    guard peek(byte) else { throw unexpected(expecting: byte) }
    index += 1
  }

  // MARK: - Messages

  private func unexpected(expecting byte: UInt8? = nil) -> Failure {
    let wanted = byte.map { " where \(quoted(bytes: CollectionOfOne($0))) should be" } ?? ""
    guard index < bytes.count else { return failure("the text ends\(wanted.isEmpty ? " early" : wanted)") }
    if bytes[index] >= 0x80 { return failure("unexpected non-ASCII byte\(wanted)") }
    return failure("unexpected \(quoted(bytes: CollectionOfOne(bytes[index])))\(wanted)")
  }

  private func invalidUTF8(from start: Int) -> Failure {
    var invalid = JSONParser(bytes)
    invalid.index = start
    invalid.path = path
    return invalid.failure("a string is not valid UTF-8")
  }

  /// `message at line L, column C` (columns count bytes), and where in the document for a value.
  private func failure(_ message: String) -> Failure {
    var line = 1
    var lineStart = 0
    for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
      line += 1
      lineStart = position + 1
    }
    let inside = path.isEmpty || message.hasPrefix(location) ? "" : " (in \(location))"
    return Failure(message: "\(message) at line \(line), column \(index - lineStart + 1)\(inside)")
  }

  /// `routes[2].push`: where the parser is, from the root; `the table` at the root.
  private var location: String {
    guard !path.isEmpty else { return "the table" }
    var text = ""
    for component in path.prefix(8) {
      switch component {
      case .key(let key): text += (text.isEmpty ? "" : ".") + TextRules.escaped(key)
      case .position(let position): text += "[\(position)]"
      }
    }
    return path.count > 8 ? text + "…" : text
  }
}

/// Bytes of the document, read as UTF-8 and quoted for a message (the library's `quoted` takes
/// text only, so that an app carries one copy of it).
private func quoted(bytes: some Collection<UInt8>) -> String { quoted(String(decoding: bytes, as: UTF8.self)) }
