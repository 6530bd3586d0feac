import Foundation

/// The universal-link hosts a table accepts: exact names and `*.domain` entries, all kept in
/// lowercase ASCII (Punycode) form.
///
/// A host, listed or arriving, must be a valid host name: at most 253 bytes in ASCII form, labels
/// of 1 to 63 letters, digits, `-` (not first or last) or `_`. An international one (a Unicode
/// host, or an `xn--` label) is read only when the router reads them (``HostNames``): an `xn--`
/// label must then be valid Punycode, and a Unicode host, or an `xn--` label's Unicode form, keeps
/// the rules of ``problem(ofUnicodeHost:)`` (no full-width dot, no invisible or compatibility
/// character, ...). A listed host may not be an IP address, and a wildcard may not cover a public
/// suffix (`*.com`, `*.co.uk`, `*.github.io`).
package struct HostList: Sendable {
  /// How international host names are read; `nil` when they are not (``HostNames/ascii``).
  package let idna: IDNA?
  private(set) var exact: Set<String> = []
  /// `.example.com` for an entry `*.example.com`.
  private(set) var suffixes: [String] = []
  /// The entries as normalized, in table order, for messages and for printing links.
  package private(set) var entries: [String] = []
  /// The same, as bytes, for ``contains(_:)-(UnsafeBufferPointer<UInt8>)``.
  private var entryBytes: [[UInt8]] = []

  /// No host: each is added with ``add(_:)``.
  package init(idna: IDNA? = nil) { self.idna = idna }

  /// The first entry without a wildcard: the host that printed universal links use.
  var canonicalHost: String? { entries.first { !$0.hasPrefix("*.") } }

  var isEmpty: Bool { entries.isEmpty }

  /// Common public suffixes of more than one label that a wildcard may not cover. This is not the
  /// whole Public Suffix List: it catches the usual mistakes, and one-label suffixes (`*.com`)
  /// are refused whatever they are.
  static let publicSuffixes: [String] = [
    "ac.uk", "co.uk", "gov.uk", "org.uk", "me.uk", "ltd.uk", "plc.uk", "com.au", "net.au", "org.au", "co.nz",
    "co.jp", "ne.jp", "or.jp", "co.kr", "com.br", "com.cn", "com.mx", "com.tr", "com.tw", "co.in", "co.za",
    "com.sg", "com.hk", "appspot.com", "azurewebsites.net", "blogspot.com", "cloudfront.net", "firebaseapp.com",
    "github.io", "gitlab.io", "herokuapp.com", "netlify.app", "pages.dev", "vercel.app", "web.app", "workers.dev",
  ]

  /// Adds a listed host, or explains why it cannot be listed.
  package mutating func add(_ entry: String) throws(RouteTableError) {
    let isWildcard = entry.hasPrefix("*.")
    let name = isWildcard ? String(entry.dropFirst(2)) : entry
    let normalized: String
    do throws(InvalidHost) {
      normalized = try Self.normalize(Array(name.utf8), idna: idna)
      if normalized.parts(separatedBy: UInt8(ascii: ".")).last?.allBytes(in: .digits) == true {
        throw InvalidHost(reason: "is an IP address; universal links need a domain name")
      }
      if isWildcard, !normalized.contains(".") || Self.publicSuffixes.contains(normalized) {
        throw InvalidHost(
          reason: "covers every site under the public suffix \(quoted(normalized)); name the app's own domain")
      }
    } catch {
      throw RouteTableError(problems: [.init(.invalidOption, "the host \(quoted(entry)) \(error.reason)")])
    }
    if isWildcard {
      suffixes.appendUnspecialized("." + normalized)
      entries.appendUnspecialized("*." + normalized)
    } else {
      exact.insertUnspecialized(normalized)
      entries.appendUnspecialized(normalized)
    }
    entryBytes.appendUnspecialized(Array(entries[entries.count - 1].utf8))
  }

  package func contains(_ host: String) -> Bool {
    exact.contains(host) || suffixes.contains { host.utf8.count > $0.utf8.count && host.hasSuffix($0) }
  }

  /// Whether the host in lowercase ASCII form is listed, compared on its bytes (a table lists few
  /// hosts; a long list is looked up by string).
  func contains(_ host: some Collection<UInt8>) -> Bool {
    guard entries.count <= 16 else { return contains(String(decoding: host, as: UTF8.self)) }
    return entryBytes.contains { entry in
      guard entry.first == UInt8(ascii: "*") else { return host.count == entry.count && host.elementsEqual(entry) }
      // `*.example.com`: a longer host that ends with `.example.com`.
      let suffix = entry.count - 1
      return host.count > suffix && host.dropFirst(host.count - suffix).elementsEqual(entry.dropFirst())
    }
  }

  /// Why a host is not a valid host name, as a phrase to follow the host's name.
  package struct InvalidHost: Error {
    package let reason: String

    /// An international host name, to a router that reads ASCII ones only.
    static var international: InvalidHost { InvalidHost(reason: internationalReason) }
    private static var internationalReason: String {
      "is an international host name, which a router reads with hostNames: .international"
    }

    /// Whether it is an international host name, which a router of ASCII host names does not
    /// read (a link's is then not listed: `unknownHost`). Told by its reason, so that the check
    /// every universal link's host gets returns one string, as it did.
    var isInternational: Bool { reason == Self.internationalReason }
  }

  /// The lowercase ASCII form of a host, or why it is not a valid host name.
  ///
  /// - Parameters:
  ///   - raw: The host's bytes, as written.
  ///   - idna: How international names are read; `nil` refuses them (``InvalidHost/international``).
  package static func normalize(_ raw: [UInt8], idna: IDNA?) throws(InvalidHost) -> String {
    guard !raw.isEmpty else { throw InvalidHost(reason: "is empty") }
    // Canonically equivalent texts are one host: a `ü` written as `u` and U+0308 is composed into
    // one character (NFC), as browsers and Apple's URL parsing write a host before its Punycode
    // form; the checks below then read the composed bytes.
    let bytes = idna.map { $0.composed(raw) } ?? raw
    if bytes.contains(UInt8(ascii: "%")) { throw InvalidHost(reason: "holds a percent escape") }
    if bytes.contains(UInt8(ascii: "\\")) { throw InvalidHost(reason: "holds a backslash") }
    if bytes.first == UInt8(ascii: "[") {
      throw InvalidHost(reason: "is an IP address; universal links need a domain name")
    }
    // An ASCII byte that is not a letter, a digit, `-`, `_` or `.` (other bytes are read below, as
    // Unicode).
    if let index = bytes.firstIndex(in: ByteClass.hostCharacters.inverted.ascii) {
      throw InvalidHost(reason: "holds the character \(quoted(CollectionOfOne(bytes[index])))")
    }
    let ascii: String
    if bytes.firstIndex(in: .nonASCII) != nil {
      guard let idna else { throw InvalidHost.international }
      ascii = try idna.asciiForm(String(decoding: bytes, as: UTF8.self))
    } else {
      ascii = String(decoding: bytes.map(\.lowercasedASCII), as: UTF8.self)
    }
    if let problem = problem(ofASCIIHost: ascii, idna: idna) { throw problem }
    return ascii
  }

  /// ``normalize(_:idna:)`` with this list's reading of international names.
  package func normalize(_ host: String) throws(InvalidHost) -> String {
    try Self.normalize(Array(host.utf8), idna: idna)
  }
}
