import DeepLinkKit

/// Text written into HTML, XML and shell commands, escaped one Unicode scalar at a time.
///
/// Never by `Character`: a quote followed by a combining mark (`"` + U+0301), a zero-width
/// non-joiner or a variation selector is one `Character`, so a `switch` on characters or
/// `replacingOccurrences(of:with:)` on a `String` passes the raw quote through, and a value ends
/// the attribute it was written in. Every scalar is looked at on its own here.
package enum MarkupText {
  /// `text` for HTML element content and quoted attribute values: `&`, `<`, `>`, `"` and `'` as
  /// character references, every other scalar as it is.
  package static func html(_ text: String) -> String {
    escape(text) { scalar, out in
      guard let reference = reference(for: scalar) else { return false }
      out += reference
      return true
    }
  }

  /// `text` for XML 1.0 element content and quoted attribute values: `&`, `<`, `>`, `"` and `'` as
  /// references, and each scalar XML 1.0 cannot carry at all, even as a character reference (the
  /// C0 controls but tab, line feed and carriage return; U+FFFE and U+FFFF), written as the
  /// visible text `\u{FFFE}`. With `oneLine`, tab, line feed and carriage return are written
  /// `\t`, `\n` and `\r` too (an attribute value would have them turned into spaces).
  package static func xml(_ text: String, oneLine: Bool = false) -> String {
    escape(text) { scalar, out in
      if let reference = reference(for: scalar) {
        out += reference
        return true
      }
      switch scalar {
      case "\t" where oneLine: out += "\\t"
      case "\n" where oneLine: out += "\\n"
      case "\r" where oneLine: out += "\\r"
      case _ where !isXMLCharacter(scalar): out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: return false
      }
      return true
    }
  }

  /// The reference HTML and XML alike write a markup character as (`&#39;` for `'`, which HTML 4
  /// has no name for).
  private static func reference(for scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "&": "&amp;"
    case "<": "&lt;"
    case ">": "&gt;"
    case "\"": "&quot;"
    case "'": "&#39;"
    default: nil
    }
  }

  /// Whether XML 1.0 can carry `scalar` (its `Char` production): tab, line feed, carriage return,
  /// U+0020–U+D7FF, U+E000–U+FFFD and U+10000 on. (A Swift string holds no lone surrogate.)
  package static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: return true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
    default: return false
    }
  }

  /// `text` as one word for a POSIX shell: in single quotes, each `'` closed, escaped and reopened
  /// (`'\''`), so that nothing in it is expanded.
  package static func shellWord(_ text: String) -> String {
    "'"
      + escape(text) { scalar, out in
        guard scalar == "'" else { return false }
        out += #"'\''"#
        return true
      } + "'"
  }

  /// A JavaScript string literal for an inline `<script>`: JSON's quoting (``JSONValue``), with
  /// every `<` written `\u003C`, so that the literal can neither close the script element nor
  /// open an HTML comment inside it.
  package static func script(_ text: String) -> String {
    escape(JSONValue.quotedJSON(text)) { scalar, out in
      guard scalar == "<" else { return false }
      out += "\\u003C"
      return true
    }
  }

  /// `text` with each scalar that `replace` writes (returning `true`) replaced, the others kept;
  /// text with nothing to replace comes back as it is.
  private static func escape(_ text: String, _ replace: (Unicode.Scalar, inout String) -> Bool) -> String {
    var out = ""
    var changed = false
    for scalar in text.unicodeScalars {
      if replace(scalar, &out) {
        changed = true
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return changed ? out : text
  }
}
