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
///
/// A refused link's message is written only when it is read (``DeepLinkError/message``): the
/// error keeps the adapter and the link, and scanning the link again writes it. So refusing a
/// link allocates nothing.
final class URLAdapter: Sendable {
  let hosts: HostList
  let limits: InputLimits
  /// The lowercase custom schemes in table order, for messages and printing.
  let schemeList: [String]
  let customSchemeHost: CustomSchemeHost
  /// The schemes as bytes, compared without making a string of the link's scheme.
  fileprivate let schemeBytes: [[UInt8]]
  fileprivate static let https = Array("https".utf8)

  init(schemes: [String], hosts: HostList, limits: InputLimits, customSchemeHost: CustomSchemeHost = .firstSegment) {
    self.schemeList = schemes.map(\.lowercasedASCII)
    self.schemeBytes = schemeList.map { Array($0.utf8) }
    self.hosts = hosts
    self.limits = limits
    self.customSchemeHost = customSchemeHost
  }

  /// The request for `url`, with its segments and query items as strings (for callers off the
  /// hot path; ``LinkRouter`` resolves links through ``withScannedLink(_:source:_:)``).
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: The source to report; `nil` means the URL's own kind (custom scheme or universal link).
  func request(for url: String, source: DeepLinkSource?) throws(DeepLinkError) -> PathRequest {
    try withScannedLink(url, source: source) { link in
      PathRequest(
        source: link.source, kind: link.kind, segments: link.segments.map { String(decoding: $0, as: UTF8.self) },
        query: link.query.map {
          .init(name: String(decoding: $0.name, as: UTF8.self), value: String(decoding: $0.value, as: UTF8.self))
        }, host: link.host.map { String(decoding: $0, as: UTF8.self) })
    }
  }

  /// Scans and checks `url`, and calls `body` with views of its decoded segments and query items,
  /// which live in the link's own bytes and in buffers on the stack: nothing is allocated unless
  /// `body` makes strings of them.
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: The source to report; `nil` means the URL's own kind.
  ///   - body: What to do with the link; the views are valid only inside it.
  func withScannedLink<Result>(
    _ url: String, source: DeepLinkSource?, writingMessages: Bool = false,
    _ body: (ScannedLink) throws(DeepLinkError) -> Result
  ) throws(DeepLinkError) -> Result {
    var bytes = url
    do {
      // `withUTF8` rethrows untyped errors, so the typed error travels out in a `Result`.
      return try bytes.withUTF8 { bytes in
        Swift.Result { () throws(DeepLinkError) in
          try scan(bytes, Refusal(source: source, writesMessages: writingMessages), body)
        }
      }.get()
    } catch {
      // A refusal whose message waits to be written keeps the link (only when there is one).
      throw error.keeping(RefusedLink(adapter: self, url: url, source: source))
    }
  }

  /// The message of a link this adapter refused: the link is scanned again, writing it.
  func message(refusing url: String, source: DeepLinkSource?) -> String {
    do {
      _ = try withScannedLink(url, source: source, writingMessages: true) { _ in () }
      return "the link \(quoted(url)) was refused"
    } catch {
      return error.message
    }
  }

  /// How a scan refuses a link: with its message written at once (to show it), or with what
  /// writes it when it is read (on the hot path; ``withScannedLink(_:source:writingMessages:_:)``
  /// adds the link to the error).
  struct Refusal {
    let source: DeepLinkSource?
    let writesMessages: Bool

    func callAsFunction(_ code: DeepLinkError.Code, _ message: @autoclosure () -> String) -> DeepLinkError {
      writesMessages ? DeepLinkError(code, message()) : DeepLinkError(code, .scan(nil))
    }

    func malformed(_ reason: @autoclosure () -> String) -> DeepLinkError {
      self(.malformedInput, "malformed link: \(reason())")
    }

    func tooLarge(_ what: @autoclosure () -> String, limit: @autoclosure () -> String) -> DeepLinkError {
      self(.inputTooLarge, InputLimits.tooLarge(what(), limit: limit()).message)
    }
  }

  /// A refused link and the adapter that refused it, kept in an error to write its message when
  /// it is read.
  struct RefusedLink: Sendable {
    let adapter: URLAdapter
    let url: String
    let source: DeepLinkSource?
  }

  private func scan<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ refusal: Refusal,
    _ body: (ScannedLink) throws(DeepLinkError) -> Result
  ) throws(DeepLinkError) -> Result {
    guard !bytes.isEmpty else { throw refusal.malformed("the link is empty") }
    guard bytes.count <= limits.maxURLLength else {
      throw refusal.tooLarge("the link is \(bytes.count) bytes long", limit: "\(limits.maxURLLength) bytes")
    }
    if let control = bytes.first(where: \.isASCIIControl) {
      throw refusal.malformed("it holds the control character \(Unicode.Scalar(control).codePoint)")
    }
    guard let parts = URLParts(bytes) else {
      throw refusal.malformed("\(quoted(bytes)) is not an absolute URL (it has no scheme, as in myapp://path)")
    }
    if bytes[parts.scheme.lowerBound..<(parts.query?.upperBound ?? parts.path.upperBound)].contains(UInt8(ascii: "\\"))
    {
      throw refusal.malformed("it holds a backslash")
    }
    var slashes = 0
    for byte in bytes[parts.path] where byte == UInt8(ascii: "/") { slashes += 1 }
    var ampersands = 0
    if let query = parts.query { for byte in bytes[query] where byte == UInt8(ascii: "&") { ampersands += 1 } }
    // Decoded segments and query items are no longer than their raw bytes; a host's ASCII form
    // (Punycode) may be longer than its raw bytes, but never more than 253 bytes.
    // The buffers' closures do not throw (the SDKs before Swift 6.2 declare them `rethrows`, with
    // no typed error): the outcome travels out in a `Result`.
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 256) { scratch in
      withUnsafeTemporaryAllocation(of: SegmentBytes.self, capacity: min(slashes + 2, limits.maxSegments + 1)) {
        segments in
        withUnsafeTemporaryAllocation(
          of: ScannedLink.QueryItem.self, capacity: min(ampersands + 1, limits.maxQueryItems)
        ) { items in
          Swift.Result { () throws(DeepLinkError) -> Result in
            var scanner = Scanner(
              adapter: self, refusal: refusal, bytes: bytes, scratch: scratch, segments: segments, items: items)
            return try body(scanner.scan(parts))
          }
        }
      }
    }.get()
  }

  /// Fills the buffers `scan` gives it.
  private struct Scanner {
    /// Valid while the scan lasts (``URLAdapter/withScannedLink(_:source:writingMessages:_:)``).
    let refusal: Refusal
    let bytes: UnsafeBufferPointer<UInt8>
    let scratch: UnsafeMutableBufferPointer<UInt8>
    let segments: UnsafeMutableBufferPointer<SegmentBytes>
    let items: UnsafeMutableBufferPointer<ScannedLink.QueryItem>
    var used = 0
    var segmentCount = 0
    var itemCount = 0

    init(
      adapter: URLAdapter, refusal: Refusal, bytes: UnsafeBufferPointer<UInt8>,
      scratch: UnsafeMutableBufferPointer<UInt8>,
      segments: UnsafeMutableBufferPointer<SegmentBytes>, items: UnsafeMutableBufferPointer<ScannedLink.QueryItem>
    ) {
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
          try appendSegment(host)
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
      defer { used += count }
      return UnsafeMutableBufferPointer(rebasing: scratch[used..<(used + count)])
    }

    private mutating func appendSegment(_ raw: Slice<UnsafeBufferPointer<UInt8>>) throws(DeepLinkError) {
      let segment = try decodedSegment(raw)
      // Decoding only shortens, so only a long raw segment needs its decoded length checked.
      if raw.count > limits.maxValueLength { try checkLength(segment.count, "a path segment") }
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
        guard port.allSatisfy(\.isASCIIDigit) else {
          throw refusal.malformed("the port \(quoted(port)) is not a number")
        }
        let value = port.drop { $0 == UInt8(ascii: "0") }
        if !port.isEmpty, !value.elementsEqual("443".utf8) {
          throw refusal.malformed("it names the port \(quoted(port)); only the default port is accepted")
        }
        host = authority[..<colon]
      }
      // Fast path: a host already in lowercase ASCII letters, digits, "-", "_" and "." that is a
      // valid host name as it is.
      if host.allSatisfy({
        ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || $0.isASCIIDigit || $0 == UInt8(ascii: "-")
          || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
      }), HostList.problem(ofASCIIHost: host) == nil {
        return SegmentBytes(rebasing: host)
      }
      var normalized: String
      do {
        normalized = try HostList.normalize(host)
      } catch {
        throw refusal.malformed("the host \(quoted(host)) \(error.reason)")
      }
      return normalized.withUTF8 { ascii in
        let target = take(ascii.count)
        _ = target.initialize(from: ascii)
        return UnsafeBufferPointer(target)
      }
    }
  }

  func unsupportedSchemeMessage(_ scheme: String) -> String {
    var handled = schemeList
    if !hosts.isEmpty { handled.append("https") }
    let list = handled.isEmpty ? "none are listed" : "handled: " + handled.joined(separator: ", ")
    let hint = scheme == "http" ? "; universal links must use https" : ""
    return "the scheme \(quoted(scheme)) is not handled (\(list))\(hint)"
  }

  /// Whether the host, in lowercase ASCII form, is listed.
  func lists(_ host: SegmentBytes) -> Bool { hosts.contains(host) }

  var tooManySegmentsText: String { "the link has more than \(limits.maxSegments) path segments" }
}

/// A link scanned and checked: views of its percent-decoded segments and query items, valid only
/// inside ``URLAdapter/withScannedLink(_:source:_:)``'s body.
struct ScannedLink {
  struct QueryItem {
    var name: SegmentBytes
    var value: SegmentBytes
  }

  var source: DeepLinkSource
  /// ``DeepLinkSource/customScheme`` or ``DeepLinkSource/universalLink``.
  var kind: DeepLinkSource
  /// Whether a refusal's message is written at once (a link made of strings, or one scanned to
  /// write a message), or when it is read.
  var writesMessages: Bool
  /// Percent-decoded, non-empty segments, split before decoding (`%2F` stays inside its segment).
  var segments: UnsafeBufferPointer<SegmentBytes>
  /// Percent-decoded query items in order; `+` stays `+`.
  var query: UnsafeBufferPointer<QueryItem>
  /// The link's host in lowercase ASCII form: a universal link's, or a custom-scheme link's when
  /// the table reads its host as a host.
  var host: SegmentBytes?

  /// The path as people read it, for messages: `/messages/42`.
  var pathDescription: String {
    "/" + segments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "/")
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
