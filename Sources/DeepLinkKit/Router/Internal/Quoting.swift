/// Quotes a piece of input for a message: in double quotes, with `"`, `\`, line breaks, tabs and
/// every character `TextRules` refuses written as escapes (`\"`, `\\`, `\n`, `\u{1B}`), and cut
/// after at most `limit` bytes of the input, on a character boundary, with `…`. So a hostile value
/// can neither flood a log, nor end the line (forging a second one), nor reach a terminal as a
/// control sequence, nor make the quote ambiguous.
///
/// Not generic over its input's type (bytes and substrings are made a string first), nor a
/// generic `package` function (why: Benchmarks/README.md, "Why the code looks as it does").
func quoted<Bytes: Collection<UInt8>>(_ bytes: Bytes, limit: Int = 80) -> String {
  quoted(String(decoding: bytes, as: UTF8.self), limit: limit)
}

func quoted(_ text: Substring, limit: Int = 80) -> String { quoted(String(text), limit: limit) }

package func quoted(_ text: String, limit: Int = 80) -> String {
  // Plain ASCII that needs no escape: every byte is a character, so it is cut on bytes.
  if text.allBytes(in: .quotable) {
    let utf8 = text.utf8
    guard utf8.count > limit else { return "\"" + text + "\"" }
    return "\"" + String(decoding: utf8.prefix(limit), as: UTF8.self) + "…\""
  }
  var out = "\""
  var used = 0
  for character in text {
    used += character.utf8.count
    if used > limit { return out + "…\"" }
    for scalar in character.unicodeScalars { TextRules.appendEscaped(scalar, to: &out, quotes: true) }
  }
  return out + "\""
}

extension TextRules {
  /// `text` on one line: line breaks, tabs and every refused character written as escapes (`\n`,
  /// `\u{202E}`); with `quotes`, `"` and `\` too. Text that needs no escape is returned as it is.
  package static func escaped(_ text: String, quotes: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: { needsEscape($0, quotes: quotes) }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out, quotes: quotes) }
    return out
  }

  private static func needsEscape(_ scalar: Unicode.Scalar, quotes: Bool) -> Bool {
    isRefused(scalar) || (quotes && (scalar == "\"" || scalar == "\\"))
  }

  static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String, quotes: Bool) {
    switch scalar {
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    case "\"" where quotes: out += "\\\""
    case "\\" where quotes: out += "\\\\"
    case _ where isRefused(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    default: out.unicodeScalars.append(scalar)
    }
  }
}
