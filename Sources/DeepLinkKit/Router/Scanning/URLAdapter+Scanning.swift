// Scanning a link: its bytes split and checked under the routing contract's normalization rules
// (``URLAdapter``), into views of its decoded segments and query items.
//
// This is where the engine uses pointers: a link is scanned into buffers on the stack
// (`withUnsafeTemporaryAllocation`: the decoded bytes, the segments' views, the query items'
// views), and its segments are views of its own bytes (why: Benchmarks/README.md, "Why the code
// looks as it does"). The invariants: every view
// points into the link's bytes (held by `withUTF8`) or into the stack buffers, and none outlives
// ``URLAdapter/scanned(_:source:writingMessages:matcher:request:)``'s body (the router copies what it
// keeps into ``RouteParameters``); a buffer is written only below the capacity worked out
// before it is made (see `scan`), which each write checks with a `precondition` (a buffer
// pointer checks its bounds only in debug builds).

/// A link's path segments as bytes (percent-decoded): views into the link's own bytes, or into a
/// buffer its escaped segments were decoded into.
typealias SegmentBytes = UnsafeBufferPointer<UInt8>

extension URLAdapter {
  /// Scans and checks `url`, and matches it with `matcher`, or reads it into `request` without
  /// one. The link's views live in its own bytes and in buffers on the stack, and end with the
  /// scan: nothing is allocated unless the match or the request makes strings of them.
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: The source to report; `nil` means the URL's own kind.
  ///   - writingMessages: Whether a refusal writes its message at once.
  ///   - matcher: The matcher to match the link with; `nil` to read it into `request`.
  ///   - request: Set to the link's request when there is no matcher.
  /// - Returns: The match, when there is a matcher.
  func scanned(
    _ url: String, source: DeepLinkSource?, writingMessages: Bool = false, matcher: LinkMatcher?,
    request: inout PathRequest?
  ) throws(DeepLinkError) -> LinkMatch? {
    // One closure for both, so that an app carries one copy of the scan: the optimizer makes a
    // copy of it for each closure it is given (a generic body made two, 2.7 KB more).
    var match: LinkMatch?
    try scanLink(url, source: source, writingMessages: writingMessages) { (link) throws(DeepLinkError) in
      if let matcher { match = try matcher.match(link) } else { request = PathRequest(link) }
    }
    return match
  }

  private func scanLink(
    _ url: String, source: DeepLinkSource?, writingMessages: Bool, _ body: (ScannedLink) throws(DeepLinkError) -> Void
  ) throws(DeepLinkError) {
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

  /// How a scan refuses a link: with its message written at once (to show it), or with what
  /// writes it when it is read (on the hot path; ``scanned(_:source:writingMessages:matcher:request:)``
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

  private func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, _ refusal: Refusal, _ body: (ScannedLink) throws(DeepLinkError) -> Void
  ) throws(DeepLinkError) {
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
    // (Punycode) may be longer than its raw bytes, but never more than 253 bytes; a custom-scheme
    // authority's Unicode form, read from Punycode, takes at most four bytes for each of its own
    // (each character is at least one byte of Punycode), so up to three times its length more.
    let punycodeAuthority = parts.authority.map { bytes[$0].holdsPunycodeLabel } ?? false
    let scratchCount = bytes.count + 256 + (punycodeAuthority ? 3 * (parts.authority?.count ?? 0) : 0)
    // The buffers' closures do not throw (the SDKs before Swift 6.2 declare them `rethrows`, with
    // no typed error): the outcome travels out in a `Result`.
    return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCount) { scratch in
      withUnsafeTemporaryAllocation(of: SegmentBytes.self, capacity: min(slashes + 2, limits.maxSegments + 1)) {
        segments in
        withUnsafeTemporaryAllocation(
          of: ScannedLink.QueryItem.self, capacity: min(ampersands + 1, limits.maxQueryItems)
        ) { items in
          Swift.Result { () throws(DeepLinkError) -> Void in
            var scanner = LinkScanner(
              adapter: self, refusal: refusal, bytes: bytes, scratch: scratch, segments: segments, items: items,
              authorityHoldsPunycode: punycodeAuthority)
            return try body(scanner.scan(parts))
          }
        }
      }
    }.get()
  }

}

/// A link scanned and checked: views of its percent-decoded segments and query items, valid only
/// inside ``URLAdapter/scanned(_:source:writingMessages:matcher:request:)``'s body.
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

extension SegmentBytes {
  /// Calls `body` with byte views of `segments`, laid end to end in one buffer.
  static func withSegments<Result, Failure: Error>(
    of segments: [String], _ body: (UnsafeBufferPointer<SegmentBytes>) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let bytes = segments.flatMap(\.utf8)
    return try bytes.withUnsafeBufferPointer { (all) throws(Failure) -> Result in
      var views: [SegmentBytes] = []
      views.reserveCapacity(segments.count)
      var start = 0
      for segment in segments {
        let count = segment.utf8.count
        views.append(SegmentBytes(rebasing: all[start..<(start + count)]))
        start += count
      }
      return try views.withUnsafeBufferPointer(body)
    }
  }
}

extension PathRequest {
  /// Calls `body` with views of this request's strings, as a link scanned by the adapter has them.
  func withScannedLink<Result>(_ body: (ScannedLink) throws(DeepLinkError) -> Result) throws(DeepLinkError)
    -> Result
  {
    let texts = segments + query.flatMap { [$0.name, $0.value] } + (host.map { [$0] } ?? [])
    return try SegmentBytes.withSegments(of: texts) { (views) throws(DeepLinkError) -> Result in
      let items = stride(from: segments.count, to: segments.count + 2 * query.count, by: 2).map {
        ScannedLink.QueryItem(name: views[$0], value: views[$0 + 1])
      }
      return try items.withUnsafeBufferPointer { (items) throws(DeepLinkError) -> Result in
        try body(
          ScannedLink(
            source: source, kind: kind, writesMessages: true,
            segments: UnsafeBufferPointer(rebasing: views[..<segments.count]),
            query: items, host: host == nil ? nil : views[views.count - 1]))
      }
    }
  }
}

extension PercentEncoding {
  /// Decodes `%XX` escapes of `bytes` into `target`, which holds at least `bytes.count` bytes;
  /// `+` stays `+`.
  ///
  /// - Returns: The number of bytes written.
  /// - Throws: `malformedEscape` for a `%` not followed by two hex digits. (The bytes written are
  ///   not checked to be UTF-8.)
  static func decode(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, into target: UnsafeMutableBufferPointer<UInt8>)
    throws(DecodingFailure) -> Int
  {
    var count = 0
    var index = bytes.startIndex
    while index != bytes.endIndex {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "%") else {
        target[count] = byte
        count += 1
        continue
      }
      guard index + 1 < bytes.endIndex, let high = bytes[index].hexValue, let low = bytes[index + 1].hexValue
      else { throw .malformedEscape }
      index += 2
      target[count] = high << 4 | low
      count += 1
    }
    return count
  }
}

extension Slice where Base == UnsafeBufferPointer<UInt8> {
  /// Whether these bytes equal `lowercase` when ASCII letters are lowercased.
  func equalsLowercased(_ lowercase: [UInt8]) -> Bool {
    count == lowercase.count && zip(self, lowercase).allSatisfy { $0.lowercasedASCII == $1 }
  }

  /// Whether these bytes are `.` or `..`.
  var isDotSegment: Bool {
    (count == 1 || count == 2) && allSatisfy { $0 == UInt8(ascii: ".") }
  }

  /// Whether a label of these bytes (a host or an authority, labels split by `.`) starts with
  /// `xn--`. Byte by byte: every link's authority is read by it.
  var holdsPunycodeLabel: Bool {
    var index = startIndex
    while index + 3 < endIndex {
      if self[index] == UInt8(ascii: "x"), self[index + 1] == UInt8(ascii: "n"), self[index + 2] == UInt8(ascii: "-"),
        self[index + 3] == UInt8(ascii: "-")
      {
        return true
      }
      guard let dot = self[index...].firstIndex(of: UInt8(ascii: ".")) else { return false }
      index = dot + 1
    }
    return false
  }

  /// Whether these bytes start with `xn--`, the prefix of a Punycode label. Byte by byte: the
  /// standard library's `starts(with:)` was a copy of its loop.
  var startsWithPunycodePrefix: Bool {
    count >= 4 && self[startIndex] == UInt8(ascii: "x") && self[startIndex + 1] == UInt8(ascii: "n")
      && self[startIndex + 2] == UInt8(ascii: "-") && self[startIndex + 3] == UInt8(ascii: "-")
  }
}

extension UnsafeBufferPointer where Element == UInt8 {
  /// Whether these bytes are `.` or `..`.
  var isDotSegment: Bool {
    (count == 1 || count == 2) && allSatisfy { $0 == UInt8(ascii: ".") }
  }
}
