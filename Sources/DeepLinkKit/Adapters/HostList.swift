/// The universal-link hosts a table accepts: exact names and `*.domain` entries, all kept in
/// lowercase ASCII (Punycode) form.
struct HostList: Sendable, Hashable {
  private(set) var exact: Set<String> = []
  /// `.example.com` for an entry `*.example.com`.
  private(set) var suffixes: [String] = []
  /// The entries as normalized, in table order, for messages and for printing links.
  private(set) var entries: [String] = []

  /// The first entry without a wildcard: the host that printed universal links use.
  var canonicalHost: String? { entries.first { !$0.hasPrefix("*.") } }

  var isEmpty: Bool { entries.isEmpty }

  /// Adds a listed host, or explains why it cannot be listed.
  mutating func add(_ entry: String) throws(RouteTableError) {
    let isWildcard = entry.hasPrefix("*.")
    let name = isWildcard ? String(entry.dropFirst(2)) : entry
    let normalized: String
    do {
      normalized = try Self.normalize(Array(name.utf8))
    } catch {
      throw RouteTableError(problems: [.init(.invalidOption, "the host \(quoted(entry)) \(error.reason)")])
    }
    if isWildcard {
      suffixes.append("." + normalized)
      entries.append("*." + normalized)
    } else {
      exact.insert(normalized)
      entries.append(normalized)
    }
  }

  func contains(_ host: String) -> Bool {
    exact.contains(host) || suffixes.contains { host.utf8.count > $0.utf8.count && host.hasSuffix($0) }
  }

  struct InvalidHost: Error { let reason: String }

  /// The lowercase ASCII form of a host, or why it is not acceptable (a phrase to follow the host's name): empty, a trailing dot, a
  /// percent escape, a backslash or another character that has no place in a host name.
  static func normalize<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) throws(InvalidHost) -> String {
    guard !bytes.isEmpty else { throw InvalidHost(reason: "is empty") }
    if bytes.contains(UInt8(ascii: "%")) { throw InvalidHost(reason: "holds a percent escape") }
    if bytes.contains(UInt8(ascii: "\\")) { throw InvalidHost(reason: "holds a backslash") }
    if bytes.last == UInt8(ascii: ".") { throw InvalidHost(reason: "ends with a dot") }
    let isIPv6 = bytes.first == UInt8(ascii: "[") && bytes.last == UInt8(ascii: "]")
    for byte in bytes where byte < 0x80 {
      let isAllowed =
        byte.isASCIILetter || byte.isASCIIDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: "_")
        || (isIPv6 && (byte == UInt8(ascii: ":") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")))
      guard isAllowed else {
        throw InvalidHost(reason: "holds the character \(quoted(CollectionOfOne(byte)))")
      }
    }
    if bytes.contains(where: { $0 >= 0x80 }) {
      let labels = String(decoding: bytes, as: UTF8.self).split(separator: ".", omittingEmptySubsequences: false)
      var ascii: [String] = []
      for label in labels {
        guard let converted = Punycode.asciiLabel(String(label)) else {
          throw InvalidHost(reason: "cannot be converted to its ASCII form")
        }
        ascii.append(converted.lowercasedASCII)
      }
      return ascii.joined(separator: ".")
    }
    return String(decoding: bytes.lazy.map(\.lowercasedASCII), as: UTF8.self)
  }
}
