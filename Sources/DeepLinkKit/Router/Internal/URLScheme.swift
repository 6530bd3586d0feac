/// What may be a custom URL scheme: RFC 3986's `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`,
/// and not `http` or `https`, which open Safari or the app as universal links.
package enum URLScheme {
  package enum Problem {
    /// Not a letter followed by letters, digits, `+`, `-` or `.`.
    case notAScheme
    /// `http` or `https`.
    case webScheme
  }

  package static func problem(_ scheme: String) -> Problem? {
    guard let first = scheme.utf8.first, first.isASCIILetter, scheme.allBytes(in: .schemeCharacters) else {
      return .notAScheme
    }
    return ["http", "https"].contains(scheme.lowercasedASCII) ? .webScheme : nil
  }
}
