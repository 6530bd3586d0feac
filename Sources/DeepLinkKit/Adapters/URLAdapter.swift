/// Turns a URL into a ``PathRequest`` under the routing contract's normalization rules.
///
/// - Custom schemes (listed, compared case-insensitively): the host is the first path segment, so
///   `myapp://messages/42`, `myapp:///messages/42`, `myapp:messages/42` and `MYAPP://messages/42`
///   all give `/messages/42`.
/// - Universal links: `https` only, to a listed host (exact, or `*.domain` for any subdomain),
///   compared in lowercase ASCII (Punycode) form; no user info, no port but 443; a host that is
///   not a valid host name (`HostList`: empty labels, over-long labels, bad Punycode, a percent
///   escape, a backslash, a trailing dot, full-width dots, invisible characters) is malformed.
/// - The path is split on `/` before percent-decoding; empty segments are dropped; a dot segment
///   (also encoded), a malformed escape, bytes that do not decode to UTF-8 and the
///   characters `TextRules` refuses (control and invisible format characters) make the link
///   malformed. Query items are decoded (`+` stays `+`); the fragment is ignored.
struct URLAdapter: Sendable {
  var hosts: HostList
  var limits: InputLimits
  /// The lowercase custom schemes in table order, for messages and printing.
  var schemeList: [String]
  /// The same, as bytes, compared without making a string of the link's scheme.
  var customSchemeHost: CustomSchemeHost = .firstSegment
  private var schemeBytes: [[UInt8]]
  private static let https = Array("https".utf8)

  init(schemes: [String], hosts: HostList, limits: InputLimits) {
    self.schemeList = schemes.map(\.lowercasedASCII)
    self.schemeBytes = schemeList.map { Array($0.utf8) }
    self.hosts = hosts
    self.limits = limits
  }

  /// The request for `url`.
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: The source to report; `nil` means the URL's own kind (custom scheme or universal link).
  func request(for url: String, source: DeepLinkSource?) throws(DeepLinkError) -> PathRequest {
    var url = url
    // `withUTF8` rethrows untyped errors, so the typed error travels out in a `Result`.
    return try url.withUTF8 { bytes in
      Result { () throws(DeepLinkError) in try parse(bytes, source: source) }
    }.get()
  }

  private func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: DeepLinkSource?) throws(DeepLinkError) -> PathRequest
  {
    guard !bytes.isEmpty else { throw .malformed("the link is empty") }
    guard bytes.count <= limits.maxURLLength else {
      throw InputLimits.tooLarge("the link is \(bytes.count) bytes long", limit: "\(limits.maxURLLength) bytes")
    }
    if let control = bytes.first(where: \.isASCIIControl) {
      throw .malformed("it holds the control character \(Unicode.Scalar(control).codePoint)")
    }
    guard let parts = URLParts(bytes) else {
      throw .malformed("\(quoted(bytes)) is not an absolute URL (it has no scheme, as in myapp://path)")
    }
    if bytes[parts.scheme.lowerBound..<(parts.query?.upperBound ?? parts.path.upperBound)].contains(UInt8(ascii: "\\"))
    {
      throw .malformed("it holds a backslash")
    }
    let scheme = bytes[parts.scheme]
    var segments: [String] = []
    var slashes = 0
    for byte in bytes[parts.path] where byte == UInt8(ascii: "/") { slashes += 1 }
    segments.reserveCapacity(min(slashes + 1, limits.maxSegments + 1))
    let kind: DeepLinkSource
    var linkHost: String?
    if scheme.equalsLowercased(Self.https) {
      kind = .universalLink
      guard let authority = parts.authority else {
        throw .malformed("an https link needs a host, as in https://host/path")
      }
      linkHost = try listed(hostOfUniversalLink(bytes[authority]), as: "universal-link host")
    } else if schemeBytes.contains(where: scheme.equalsLowercased) {
      kind = .customScheme
      if customSchemeHost == .host, let authority = parts.authority, !authority.isEmpty {
        // `myapp://app.example.com/messages/42`: the host is a host, checked as a universal link's.
        linkHost = try listed(hostOfUniversalLink(bytes[authority]), as: "host")
      } else if let authority = parts.authority, !authority.isEmpty {
        let host = bytes[authority]
        if host.contains(UInt8(ascii: "@")) { throw .malformed("it holds user info before the host") }
        if host.contains(UInt8(ascii: ":")) { throw .malformed("a custom-scheme link cannot name a port") }
        segments.append(try decodeSegment(host))
      }
    } else {
      throw DeepLinkError(.unsupportedScheme, unsupportedSchemeMessage(String(utf8Bytes: scheme).lowercasedASCII))
    }

    var start = parts.path.lowerBound
    for index in parts.path where bytes[index] == UInt8(ascii: "/") {
      if index > start {
        guard segments.count < limits.maxSegments else { throw tooManySegments() }
        segments.append(try decodeSegment(bytes[start..<index]))
      }
      start = index + 1
    }
    if parts.path.upperBound > start { segments.append(try decodeSegment(bytes[start..<parts.path.upperBound])) }

    if segments.count > limits.maxSegments { throw tooManySegments() }
    let query = try parts.query.map { range throws(DeepLinkError) in try queryItems(bytes[range]) } ?? []
    return PathRequest(source: source ?? kind, kind: kind, segments: segments, query: query, host: linkHost)
  }

  /// `host`, if the table lists it; else `unknownHost`, naming it as `what`.
  private func listed(_ host: String, as what: String) throws(DeepLinkError) -> String {
    guard hosts.contains(host) else {
      let listed = hosts.isEmpty ? "no hosts are listed" : "listed: " + hosts.entries.joined(separator: ", ")
      throw DeepLinkError(.unknownHost, "the host \(quoted(host)) is not a listed \(what) (\(listed))")
    }
    return host
  }

  private func unsupportedSchemeMessage(_ scheme: String) -> String {
    var handled = schemeList
    if !hosts.isEmpty { handled.append("https") }
    let list = handled.isEmpty ? "none are listed" : "handled: " + handled.joined(separator: ", ")
    let hint = scheme == "http" ? "; universal links must use https" : ""
    return "the scheme \(quoted(scheme)) is not handled (\(list))\(hint)"
  }

  private func hostOfUniversalLink(_ authority: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) -> String {
    if authority.contains(UInt8(ascii: "@")) { throw .malformed("it holds user info before the host") }
    var host = authority
    // A port follows the last ":" that is not inside an IPv6 literal's brackets.
    if let colon = authority.lastIndex(of: UInt8(ascii: ":")),
      authority.lastIndex(of: UInt8(ascii: "]")).map({ $0 < colon }) ?? true
    {
      let port = authority[(colon + 1)...]
      guard port.allSatisfy(\.isASCIIDigit) else { throw .malformed("the port \(quoted(port)) is not a number") }
      let value = port.drop { $0 == UInt8(ascii: "0") }
      if !port.isEmpty, !value.elementsEqual("443".utf8) {
        throw .malformed("it names the port \(quoted(port)); only the default port is accepted")
      }
      host = authority[..<colon]
    }
    // Fast path: a host already in lowercase ASCII letters, digits, "-", "_" and "." that is a
    // valid host name as it is.
    if host.allSatisfy({
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0.isASCIIDigit || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
    }), HostList.problem(ofASCIIHost: host) == nil {
      return String(utf8Bytes: host)
    }
    do {
      return try HostList.normalize(host)
    } catch {
      throw .malformed("the host \(quoted(host)) \(error.reason)")
    }
  }

  private func decodeSegment(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) -> String {
    let segment = try decodeSegmentText(raw)
    // Decoding only shortens, so only a long raw segment needs its decoded length checked.
    if raw.count > limits.maxValueLength { try checkLength(segment, "a path segment") }
    return segment
  }

  private func checkLength(_ value: String, _ what: String) throws(DeepLinkError) {
    let length = value.utf8.count
    if length > limits.maxValueLength {
      throw InputLimits.tooLarge("\(what) is \(length) bytes long", limit: "\(limits.maxValueLength) bytes")
    }
  }

  private func decodeSegmentText(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) -> String {
    guard raw.contains(UInt8(ascii: "%")) else {
      // Raw ASCII control characters were refused for the whole link already.
      if raw.isDotSegment { throw .malformed("the segment \(quoted(raw)) is a dot segment") }
      let segment = String(utf8Bytes: raw)
      if raw.contains(where: { $0 >= 0x80 }), let scalar = TextRules.firstRefused(in: segment) {
        throw .malformed("the segment \(quoted(raw)) holds the \(TextRules.describe(scalar))")
      }
      return segment
    }
    let segment: String
    do {
      segment = try PercentEncoding.decoding(raw)
    } catch .malformedEscape {
      throw .malformed("the segment \(quoted(raw)) holds a malformed percent escape")
    } catch {
      throw .malformed("the segment \(quoted(raw)) does not decode to UTF-8 text")
    }
    if segment == "." || segment == ".." {
      throw .malformed("the segment \(quoted(raw)) is a dot segment")
    }
    if let scalar = TextRules.firstRefused(in: segment) {
      throw .malformed("the segment \(quoted(raw)) decodes to the \(TextRules.describe(scalar))")
    }
    return segment
  }

  /// Splits a query on `&`, each item on its first `=`; items with an empty name are skipped.
  private func queryItems(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) -> [PathRequest.QueryItem] {
    var items: [PathRequest.QueryItem] = []
    for item in raw.split(separator: UInt8(ascii: "&")) {
      let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
      let rawName = item[..<equals]
      let rawValue = equals == item.endIndex ? item[equals...] : item[(equals + 1)...]
      guard !rawName.isEmpty else { continue }
      guard let name = PercentEncoding.decode(rawName), let value = PercentEncoding.decode(rawValue) else {
        throw .malformed("the query item \(quoted(item)) holds a malformed percent escape or bytes that are not UTF-8")
      }
      if let scalar = TextRules.firstRefused(in: name) {
        throw .malformed("the query item \(quoted(item)) has a name that decodes to the \(TextRules.describe(scalar))")
      }
      if value.utf8.contains(0) {
        throw .malformed("the query item \(quoted(item)) has a value that decodes to the control character U+0000")
      }
      if item.count > limits.maxValueLength {
        try checkLength(name, "the query item name \(quoted(name))")
        try checkLength(value, "the value of the query item \(quoted(name))")
      }
      guard items.count < limits.maxQueryItems else {
        throw InputLimits.tooLarge(
          "the link has more than \(limits.maxQueryItems) query items", limit: "\(limits.maxQueryItems)")
      }
      items.append(.init(name: name, value: value))
    }
    return items
  }

  private func tooManySegments() -> DeepLinkError {
    InputLimits.tooLarge("the link has more than \(limits.maxSegments) path segments", limit: "\(limits.maxSegments)")
  }
}

/// How a table reads the host of a custom-scheme link.
public enum CustomSchemeHost: String, Sendable, Hashable, CaseIterable {
  /// The host is the first path segment: `myapp://messages/42` is `/messages/42` (the default).
  case firstSegment
  /// The host is a host, which must be listed: `myapp://app.example.com/messages/42` is
  /// `/messages/42` on `app.example.com`, as some apps' existing links are written;
  /// `myapp:///messages/42` has no host.
  case host
}
