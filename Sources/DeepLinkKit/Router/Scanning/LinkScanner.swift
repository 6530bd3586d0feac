/// Fills the buffers ``URLAdapter``'s scan gives it, and checks the link on the way (see
/// `URLAdapter+Scanning.swift` for the invariants those buffers rely on).
struct LinkScanner {
  /// Valid while the scan lasts (``URLAdapter/scanned(_:source:writingMessages:matcher:request:)``).
  let refusal: URLAdapter.Refusal
  let bytes: UnsafeBufferPointer<UInt8>
  let scratch: UnsafeMutableBufferPointer<UInt8>
  let segments: UnsafeMutableBufferPointer<SegmentBytes>
  let items: UnsafeMutableBufferPointer<ScannedLink.QueryItem>
  /// Whether a label of the link's authority starts with `xn--`, which the scan worked out to size
  /// the scratch buffer (see `firstSegment(ofAuthority:)`).
  let authorityHoldsPunycode: Bool
  var used = 0
  var segmentCount = 0
  var itemCount = 0

  init(
    adapter: URLAdapter, refusal: URLAdapter.Refusal, bytes: UnsafeBufferPointer<UInt8>,
    scratch: UnsafeMutableBufferPointer<UInt8>,
    segments: UnsafeMutableBufferPointer<SegmentBytes>, items: UnsafeMutableBufferPointer<ScannedLink.QueryItem>,
    authorityHoldsPunycode: Bool
  ) {
    self.authorityHoldsPunycode = authorityHoldsPunycode
    self.refusal = refusal
    self.adapter = adapter
    self.bytes = bytes
    self.scratch = scratch
    self.segments = segments
    self.items = items
  }

  private let adapter: URLAdapter
  private var limits: InputLimits { adapter.limits }

  mutating func scan(_ parts: URLParts) throws(DeepLinkError) -> ScannedLink {
    let scheme = bytes[parts.scheme]
    let kind: DeepLinkSource
    var linkHost: SegmentBytes?
    if scheme.equalsLowercased(URLAdapter.https) {
      kind = .universalLink
      guard let authority = parts.authority else {
        throw refusal.malformed("an https link needs a host, as in https://host/path")
      }
      linkHost = try listed(hostOfUniversalLink(bytes[authority]), as: "universal-link host")
    } else if adapter.schemeBytes.contains(where: scheme.equalsLowercased) {
      kind = .customScheme
      if adapter.customSchemeHost == .host, let authority = parts.authority, !authority.isEmpty {
        // `myapp://app.example.com/messages/42`: the host is a host, checked as a universal link's.
        linkHost = try listed(hostOfUniversalLink(bytes[authority]), as: "host")
      } else if let authority = parts.authority, !authority.isEmpty {
        let host = bytes[authority]
        if host.contains(UInt8(ascii: "@")) { throw refusal.malformed("it holds user info before the host") }
        if host.contains(UInt8(ascii: ":")) {
          throw refusal.malformed("a custom-scheme link cannot name a port")
        }
        try appendSegment(firstSegment(ofAuthority: host))
      }
    } else {
      throw refusal(
        .unsupportedScheme, adapter.unsupportedSchemeMessage(String(decoding: scheme, as: UTF8.self).lowercasedASCII))
    }

    var start = parts.path.lowerBound
    for index in parts.path where bytes[index] == UInt8(ascii: "/") {
      if index > start {
        guard segmentCount < limits.maxSegments else {
          throw refusal.tooLarge(adapter.tooManySegmentsText, limit: "\(limits.maxSegments)")
        }
        try appendSegment(bytes[start..<index])
      }
      start = index + 1
    }
    if parts.path.upperBound > start {
      guard segmentCount < segments.count else {
        throw refusal.tooLarge(adapter.tooManySegmentsText, limit: "\(limits.maxSegments)")
      }
      try appendSegment(bytes[start..<parts.path.upperBound])
    }
    if segmentCount > limits.maxSegments {
      throw refusal.tooLarge(adapter.tooManySegmentsText, limit: "\(limits.maxSegments)")
    }
    if let query = parts.query { try scanQuery(bytes[query]) }
    return ScannedLink(
      source: refusal.source ?? kind, kind: kind, writesMessages: refusal.writesMessages,
      segments: UnsafeBufferPointer(rebasing: segments[..<segmentCount]),
      query: UnsafeBufferPointer(rebasing: items[..<itemCount]), host: linkHost)
  }

  private func checkLength(_ length: Int, _ what: @autoclosure () -> String) throws(DeepLinkError) {
    if length > limits.maxValueLength {
      throw refusal.tooLarge("\(what()) is \(length) bytes long", limit: "\(limits.maxValueLength) bytes")
    }
  }

  /// Takes `count` bytes of the scratch buffer.
  private mutating func take(_ count: Int) -> UnsafeMutableBufferPointer<UInt8> {
    // (A buffer pointer checks its bounds only in debug builds; these checks stay in release.)
    precondition(used + count <= scratch.count, "the scratch buffer is too small")
    defer { used += count }
    return UnsafeMutableBufferPointer(rebasing: scratch[used..<(used + count)])
  }

  /// A custom-scheme link's authority read as its first segment: in its Unicode form when its
  /// labels are Punycode and the router reads international names (``HostNames``), as Foundation
  /// writes a Unicode host (`URL(string: "myapp://bücher/1")` is `myapp://xn--bcher-kva/1`); its
  /// bytes as they are otherwise. An `xn--` label that is not
  /// the Punycode of a label a host may have keeps the whole authority as it is, and so does a
  /// percent escape, which Foundation does not write beside Punycode. The Unicode form goes to the
  /// scratch buffer, which has room for it (see `URLAdapter.scan`), and needs no more room: it
  /// holds no escape to decode.
  private mutating func firstSegment(ofAuthority authority: Slice<UnsafeBufferPointer<UInt8>>)
    -> Slice<UnsafeBufferPointer<UInt8>>
  {
    guard authorityHoldsPunycode, let idna = adapter.hosts.idna, !authority.contains(UInt8(ascii: "%")) else {
      return authority
    }
    var unicode: [UInt8] = []
    var start = authority.startIndex
    while true {
      let end = authority[start...].firstIndex(of: UInt8(ascii: ".")) ?? authority.endIndex
      let label = authority[start..<end]
      if let text = idna.unicodeLabel(label) {
        unicode += text.utf8
      } else if label.startsWithPunycodePrefix {
        return authority
      } else {
        // As a buffer, whose appending an app carries already (a slice's was a copy of its own).
        unicode += UnsafeBufferPointer(rebasing: label)
      }
      guard end < authority.endIndex else { break }
      unicode.append(UInt8(ascii: "."))
      start = end + 1
    }
    let target = take(unicode.count)
    _ = target.initialize(from: unicode)
    return UnsafeBufferPointer(target)[...]
  }

  private mutating func appendSegment(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) {
    let segment = try decodedSegment(raw)
    // Decoding only shortens, so only a long raw segment needs its decoded length checked.
    if raw.count > limits.maxValueLength { try checkLength(segment.count, "a path segment") }
    precondition(segmentCount < segments.count, "the segments buffer is too small")
    segments[segmentCount] = segment
    segmentCount += 1
  }

  private mutating func decodedSegment(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError)
    -> SegmentBytes
  {
    guard raw.contains(UInt8(ascii: "%")) else {
      // Raw ASCII control characters were refused for the whole link already.
      if raw.isDotSegment { throw refusal.malformed("the segment \(quoted(raw)) is a dot segment") }
      let segment = SegmentBytes(rebasing: raw)
      if raw.contains(where: { $0 >= 0x80 }), let scalar = TextRules.firstRefused(inUTF8: segment) {
        throw refusal.malformed("the segment \(quoted(raw)) holds the \(TextRules.describe(scalar))")
      }
      return segment
    }
    let segment: SegmentBytes
    do {
      segment = try decoded(raw)
    } catch .malformedEscape {
      throw refusal.malformed("the segment \(quoted(raw)) holds a malformed percent escape")
    } catch {
      throw refusal.malformed("the segment \(quoted(raw)) does not decode to UTF-8 text")
    }
    if segment.isDotSegment { throw refusal.malformed("the segment \(quoted(raw)) is a dot segment") }
    if let scalar = TextRules.firstRefused(inUTF8: segment) {
      throw refusal.malformed("the segment \(quoted(raw)) decodes to the \(TextRules.describe(scalar))")
    }
    return segment
  }

  /// `raw` percent-decoded into the scratch buffer (`+` stays `+`), checked to be UTF-8.
  private mutating func decoded(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(PercentEncoding.DecodingFailure)
    -> SegmentBytes
  {
    guard raw.contains(UInt8(ascii: "%")) else { return SegmentBytes(rebasing: raw) }
    let target = take(raw.count)
    let count = try PercentEncoding.decode(raw, into: target)
    used -= raw.count - count
    let result = UnsafeBufferPointer(rebasing: target[..<count])
    guard TextRules.isValidUTF8(result) else { throw .invalidUTF8 }
    return result
  }

  /// Splits a query on `&`, each item on its first `=`; items with an empty name are skipped.
  private mutating func scanQuery(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) {
    var rest = raw
    while !rest.isEmpty {
      let end = rest.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
      let item = rest[..<end]
      rest = end == rest.endIndex ? rest[end...] : rest[(end + 1)...]
      if item.isEmpty { continue }
      let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
      let rawName = item[..<equals]
      let rawValue = equals == item.endIndex ? item[equals...] : item[(equals + 1)...]
      guard !rawName.isEmpty else { continue }
      let name: SegmentBytes
      let value: SegmentBytes
      do {
        name = try decoded(rawName)
        value = try decoded(rawValue)
      } catch {
        throw refusal.malformed(
          "the query item \(quoted(item)) holds a malformed percent escape or bytes that are not UTF-8")
      }
      if let scalar = TextRules.firstRefused(inUTF8: name) {
        throw refusal.malformed(
          "the query item \(quoted(item)) has a name that decodes to the \(TextRules.describe(scalar))")
      }
      if value.contains(0) {
        throw refusal.malformed(
          "the query item \(quoted(item)) has a value that decodes to the control character U+0000")
      }
      if item.count > limits.maxValueLength {
        let text = String(decoding: name, as: UTF8.self)
        try checkLength(name.count, "the query item name \(quoted(text))")
        try checkLength(value.count, "the value of the query item \(quoted(text))")
      }
      guard itemCount < limits.maxQueryItems else {
        throw refusal.tooLarge(
          "the link has more than \(limits.maxQueryItems) query items", limit: "\(limits.maxQueryItems)")
      }
      precondition(itemCount < items.count, "the query items buffer is too small")
      items[itemCount] = ScannedLink.QueryItem(name: name, value: value)
      itemCount += 1
    }
  }

  /// `host`, if the table lists it; else `unknownHost`, naming it as `what`.
  private func listed(_ host: SegmentBytes, as what: String) throws(DeepLinkError) -> SegmentBytes {
    guard adapter.lists(host) else {
      let hosts = adapter.hosts
      throw refusal(
        .unknownHost,
        "the host \(quoted(host)) is not a listed \(what) ("
          + (hosts.isEmpty ? "no hosts are listed" : "listed: " + hosts.entries.joined(separator: ", ")) + ")")
    }
    return host
  }

  /// The host of an authority in lowercase ASCII form: a view of the link's bytes when it is
  /// already in that form, else its normalized form in the scratch buffer.
  private mutating func hostOfUniversalLink(_ authority: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError)
    -> SegmentBytes
  {
    if authority.contains(UInt8(ascii: "@")) { throw refusal.malformed("it holds user info before the host") }
    var host = authority
    // A port follows the last ":" that is not inside an IPv6 literal's brackets.
    if let colon = authority.lastIndex(of: UInt8(ascii: ":")),
      authority.lastIndex(of: UInt8(ascii: "]")).map({ $0 < colon }) ?? true
    {
      let port = authority[(colon + 1)...]
      guard port.allBytes(in: .digits) else {
        throw refusal.malformed("the port \(quoted(port)) is not a number")
      }
      let value = port.drop { $0 == UInt8(ascii: "0") }
      if !port.isEmpty, !"443".hasUTF8(UnsafeBufferPointer(rebasing: value)) {
        throw refusal.malformed("it names the port \(quoted(port)); only the default port is accepted")
      }
      host = authority[..<colon]
    }
    // Fast path: a host already in lowercase ASCII letters, digits, "-", "_" and "." that is a
    // valid host name as it is.
    if host.allSatisfy({
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0.isASCIIDigit || $0 == UInt8(ascii: "-")
        || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
    }), HostList.problem(ofASCIIHost: host, idna: adapter.hosts.idna) == nil {
      return SegmentBytes(rebasing: host)
    }
    var normalized: String
    do {
      normalized = try HostList.normalize(Array(host), idna: adapter.hosts.idna)
    } catch {
      // An international host, to a router that does not read them, is none of its hosts.
      if error.isInternational {
        throw refusal(.unknownHost, "the host \(quoted(host)) is not a listed host: it \(error.reason)")
      }
      throw refusal.malformed("the host \(quoted(host)) \(error.reason)")
    }
    return normalized.withUTF8 { ascii in
      let target = take(ascii.count)
      _ = target.initialize(from: ascii)
      return UnsafeBufferPointer(target)
    }
  }
}
