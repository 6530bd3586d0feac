import Foundation

extension IDNA {
  /// International host names read by IDNA2008's rules (``HostNames/international``): reached
  /// only from there, and from the tools, which read every host an app or a file may list.
  package static let full = IDNA(
    composed: { raw in
      raw.firstIndex(in: .nonASCII) == nil
        ? raw : Array(String(decoding: raw, as: UTF8.self).precomposedStringWithCanonicalMapping.utf8)
    },
    asciiForm: { (text) throws(HostList.InvalidHost) -> String in
      if let problem = HostList.problem(ofUnicodeHost: text) { throw HostList.InvalidHost(reason: problem) }
      var labels: [String] = []
      for label in text.parts(separatedBy: UInt8(ascii: ".")) {
        guard let converted = Punycode.asciiLabel(label) else {
          throw HostList.InvalidHost(reason: "cannot be converted to its ASCII form")
        }
        labels.append(converted.lowercasedASCII)
      }
      return labels.joined(separator: ".")
    },
    labelProblem: { label in
      guard let unicode = Punycode.unicodeLabel(label) else {
        return "has the label \(quoted(label)), which is not valid Punycode"
      }
      // The label stands for a Unicode one, which keeps the rules a host written in Unicode keeps:
      // `xn--jm6c` is `ﬁ`, which no link carries.
      return HostList.problem(ofUnicodeHost: unicode).map {
        "has the label \(quoted(label)), whose Unicode form \(quoted(unicode)) \($0)"
      }
    },
    unicodeLabel: { label in
      Punycode.unicodeLabel(label).flatMap { HostList.problem(ofUnicodeHost: $0) == nil ? $0 : nil }
    })
}

extension HostList {
  /// Why a host written in Unicode, or the Unicode form of an `xn--` label, is not one a link
  /// can have, or `nil`: a phrase to follow the host's name. These are the rules of IDNA2008
  /// (RFC 5891, 5892) that a Unicode host must keep to be written as browsers and Foundation write
  /// it; the bidi and contextual rules, which only decide which names can be registered, are not
  /// checked.
  static func problem(ofUnicodeHost text: String) -> String? {
    // A host is composed (NFC) before it gets here; an `xn--` label may stand for one that is not.
    if !text.hasUTF8(of: text.precomposedStringWithCanonicalMapping) {
      return "is not in its composed form (NFC)"
    }
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x3002, 0xFF0E, 0xFF61: return "holds the full-width dot \(scalar.codePoint); a host's dots are \".\""
      // RFC 5892's OldHangulJamo: Hangul is written in syllables; jamo that composition left
      // apart are not a name.
      case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
        return "holds the conjoining jamo \(scalar.codePoint); a host writes Hangul in syllables"
      default: break
      }
      // Default-ignorable characters (variation selectors, joiners) are invisible, and browsers
      // drop them from a host.
      if TextRules.isRefused(scalar) || scalar.properties.isDefaultIgnorableCodePoint {
        return "holds the \(TextRules.describe(scalar))"
      }
      switch scalar.properties.generalCategory {
      case .unassigned, .privateUse: return "holds \(scalar.codePoint), which is not a character a host name may hold"
      default: break
      }
      // A compatibility character (`ﬁ`, `①`, a full-width letter) is carried by links as what
      // it stands for (`fi`), so a host that holds one would never match (IDNA2008 disallows it).
      let character = String(scalar)
      let standsFor = character.precomposedStringWithCompatibilityMapping
      if standsFor != character {
        return "holds the compatibility character \(scalar.codePoint), which links carry as \(quoted(standsFor))"
      }
    }
    // Browsers fold a host's case, which for a few lowercase letters (Cherokee's small letters)
    // gives another letter; ß and ς, which they keep, excepted.
    if let scalar = text.lowercased().unicodeScalars.first(where: {
      $0.properties.changesWhenCaseFolded && $0 != "ß" && $0 != "ς"
    }) {
      return "holds \(scalar.codePoint), which links carry case-folded to another letter"
    }
    // Labels are split on the dot's byte: a dot followed by a combining mark is one character, and
    // a split on characters would take the two for one label.
    for label in text.parts(separatedBy: UInt8(ascii: ".")) {
      let scalars = Array(label.unicodeScalars)
      // An ASCII label has the ASCII checks (`ab--cd` is a name, as browsers read it).
      guard scalars.contains(where: { !$0.isASCII }) else { continue }
      // RFC 5891, section 4.2.3.2: a label does not begin with a combining mark.
      if let first = scalars.first {
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark:
          return "has a label that begins with the combining mark \(first.codePoint)"
        default: break
        }
      }
      // Section 4.2.3.1: nor with a hyphen, nor ends with one, nor has two in its third and
      // fourth places (the ASCII form would hide them: `-ő` is `xn----dma`).
      if scalars.first == "-" || scalars.last == "-" {
        return "has the label \(quoted(label)), which starts or ends with \"-\""
      }
      if scalars.count >= 4, scalars[2] == "-", scalars[3] == "-" {
        return "has the label \(quoted(label)), which has \"--\" in its third and fourth places"
      }
    }
    return nil
  }
}
