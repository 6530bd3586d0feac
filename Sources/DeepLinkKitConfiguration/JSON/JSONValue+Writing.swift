import DeepLinkKit

extension JSONValue {
  /// The value as JSON text for people and diffs: keys sorted, two-space indents, one array item
  /// or member per line, `/` and non-ASCII characters as they are.
  package func prettyText(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let number):
      if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
      return String(number)
    case .string(let text): return Self.quotedJSON(text)
    case .array(let items):
      guard !items.isEmpty else { return "[]" }
      return "[\n" + items.map { inner + $0.prettyText(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      guard !members.isEmpty else { return "{}" }
      let lines = members.keys.sorted().map { key in
        inner + Self.quotedJSON(key) + ": " + members[key]!.prettyText(indent: inner)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  /// A JSON string literal: `"`, `\` and line breaks escaped, and control and invisible
  /// characters as `\u` escapes (beyond the BMP as a surrogate pair), so that JSON shown in a
  /// terminal carries no control sequence or bidi override.
  package static func quotedJSON(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where TextRules.isRefused(scalar):
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
