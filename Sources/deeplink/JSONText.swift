import DeepLinkKit

/// Writes JSON by hand so that keys keep the order the output format promises.
enum JSONText {
  static func string(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where TextRules.isRefused(scalar):
        // Control and invisible characters as escapes, so that JSON output shown in a terminal
        // carries no control sequence or bidi override; beyond the BMP as a surrogate pair.
        for unit in String(scalar).utf16 {
          let hex = String(unit, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  /// An object from keys and already-encoded values, in the given order.
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// An object of string values, sorted by key.
  static func object(_ dictionary: [String: String]) -> String {
    object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, string($0.value)) })
  }
}
