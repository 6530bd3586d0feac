/// Scans and matches links for a ``LinkRouter``, with no value of its route type on the way: a
/// generic router's own code runs unspecialized (the app's route type is not known where the
/// library is compiled), and every generic type it touches costs a metadata lookup; this part is
/// not generic, so it runs specialized, and the router only builds the route.
final class LinkMatcher: Sendable {
  let adapter: URLAdapter
  let patterns: [RoutePattern]
  /// The captures of routes with more than two, end to end.
  private let overflowCaptures: [RouteCapture]
  /// The names of every route's path parameters and catch-alls, each once; and the same as bytes,
  /// end to end.
  private let captureNames: [String]
  private let captureNameBytes: [UInt8]
  private let captureNameRanges: [Range<Int32>]
  /// Each route's pattern and name, shared by every resolution and message of the router.
  let routeNames: RouteNames
  private let trie: SegmentTrie
  /// The routes of ``RouteDefinition/host(_:_:)`` groups, with their normalized host's bytes.
  private let hostTries: [(host: [UInt8], trie: SegmentTrie)]
  /// The routes other sources open by key (`KeyedLookup.swift` finds them).
  let keyed: KeyedRoutes

  /// What the matcher needs of a route's definition.
  struct RouteSummary {
    var pattern: String
    var name: String?
    var sources: Set<DeepLinkSource>?
    var requiresConfirmation: Bool

    /// How the route reads in messages (``RouteLabel``).
    var label: String { RouteLabel(pattern: pattern, name: name).text }
  }

  init(
    routes: [RouteSummary], patterns: [RoutePattern], trie: SegmentTrie.Builder,
    hostTries: [(host: [UInt8], trie: SegmentTrie.Builder)], keyed: KeyedRoutes, adapter: URLAdapter
  ) {
    self.adapter = adapter
    self.keyed = keyed
    self.patterns = patterns
    var essentials: [RouteEssentials] = []
    var routeNames: [String?] = []
    var overflow: [RouteCapture] = []
    var names: [String] = []
    var nameIndices: [String: Int] = [:]
    essentials.reserveCapacityUnspecialized(routes.count)
    routeNames.reserveCapacityUnspecialized(routes.count)
    // By index rather than zipped: a zip of these arrays is a generic type of its own, which the
    // first router in a process would pay to instantiate.
    for index in routes.indices {
      let (route, pattern) = (routes[index], patterns[index])
      routeNames.appendUnspecialized(route.name)
      var captureCount = 0
      var first = RouteCapture.none
      var second = RouteCapture.none
      let overflowStart = overflow.count
      for (position, segment) in pattern.segments.enumerated() {
        let name: String
        let isCatchAll: Bool
        switch segment {
        case .parameter(let parameter, _): (name, isCatchAll) = (parameter, false)
        case .catchAll(let parameter): (name, isCatchAll) = (parameter, true)
        case .literal, .wildcard: continue
        }
        // A table has few names: a short list is searched, a long one hashed.
        var index = names.count <= 16 ? names.firstIndex(of: name) : nameIndices[name]
        if index == nil {
          index = names.count
          names.appendUnspecialized(name)
          nameIndices[name] = index
        }
        let capture = RouteCapture(position: position, isCatchAll: isCatchAll, name: index!)
        switch captureCount {
        case 0: first = capture
        case 1: second = capture
        default:
          if captureCount == 2 { overflow.appendUnspecialized(contentsOf: [first, second]) }
          overflow.appendUnspecialized(capture)
        }
        captureCount += 1
      }
      essentials.appendUnspecialized(
        RouteEssentials(
          sources: RouteEssentials.bits(of: route.sources),
          requiresConfirmation: route.requiresConfirmation, declaresQuery: !pattern.query.isEmpty,
          capacity: UInt16(clamping: pattern.capturedCount),
          defaultBytes: UInt16(
            clamping: pattern.query.reduce(0) { total, parameter in
              guard case .defaulted(let value) = parameter.presence else { return total }
              return total + parameter.name.utf8.count + value.utf8.count
            }), captureCount: UInt16(captureCount), first: first, second: second,
          overflow: UInt32(overflowStart)))
    }
    // What resolving a link needs of each route, laid out flat, apart from its definition
    // (whose strings, sets and closures live in many objects): the tries hold each route's
    // record beside the node where the route ends, and the router keeps no other copy.
    self.routeNames = RouteNames(patterns: patterns, names: routeNames)
    self.trie = trie.build(records: essentials)
    self.hostTries = hostTries.mapUnspecialized { ($0.host, $0.trie.build(records: essentials)) }
    self.overflowCaptures = overflow
    self.captureNames = names
    var nameBytes: [UInt8] = []
    var ranges: [Range<Int32>] = []
    for name in names {
      let start = Int32(nameBytes.count)
      nameBytes += name.utf8
      ranges.appendUnspecialized(start..<Int32(nameBytes.count))
    }
    self.captureNameBytes = nameBytes
    self.captureNameRanges = ranges
  }

  /// The route a link matches, and the parameters it gives.
  func match(_ url: String, source: DeepLinkSource?) throws(DeepLinkError) -> LinkMatch {
    var unused: PathRequest?
    // (Never nil: with a matcher, the scan matches the link, or throws.)
    return try adapter.scanned(url, source: source, matcher: self, request: &unused)!
  }

  func match(_ link: ScannedLink) throws(DeepLinkError) -> LinkMatch {
    guard
      let (index, record) = hostTrie(for: link)?.match(link.segments) ?? trie.match(link.segments)
    else { throw failure(for: link) }
    let parameters = try capturedParameters(index, record, link)
    return LinkMatch(index: index, record: record, parameters: parameters, source: link.source, kind: link.kind)
  }

  /// The routes of the link's host, if it has its own (a table without host groups looks no host up).
  private func hostTrie(for link: ScannedLink) -> SegmentTrie? {
    guard !hostTries.isEmpty, let host = link.host else { return nil }
    return hostTries.first { $0.host.elementsEqual(host) }?.trie
  }

  /// Explains a link that matched nothing: a typed parameter of the wrong type, or no route. (For
  /// a scanned link, the message is written when it is read, from the link that
  /// ``URLAdapter/scanned(_:source:writingMessages:matcher:request:)`` adds to the error.)
  private func failure(for link: ScannedLink) -> DeepLinkError {
    if let index =
      (hostTrie(for: link)?.match(link.segments, checkingTypes: false)
      ?? trie.match(link.segments, checkingTypes: false))?.index
    {
      for (position, (segment, value)) in zip(patterns[index].segments, link.segments).enumerated() {
        if case .parameter(let name, let type) = segment, !type.accepts(value) {
          guard !link.writesMessages else {
            return .invalidParameter(name, "of \(routeNames.label(index)) \(type.requirement), not \(quoted(value))")
          }
          return DeepLinkError(
            .invalidParameter,
            .parameterType(nil, position: position, parameter: name, type: type, route: routeNames.labelParts(index)))
        }
      }
    }
    guard !link.writesMessages else {
      return DeepLinkError(.noRoute, "no route matches the path \(quoted(link.pathDescription))")
    }
    return DeepLinkError(.noRoute, .noRoute(nil))
  }

  /// The parameters a matched link gives: its captures, then its query items, as bytes in one
  /// block. A catch-all joins its segments with `/`, so a segment holding an encoded slash
  /// (`a%2F..`) would forge segments in the joined value; such a link is refused, and a
  /// catch-all's value, split on `/`, is exactly the link's segments.
  private func capturedParameters(_ index: Int, _ essentials: RouteEssentials, _ link: ScannedLink)
    throws(DeepLinkError) -> RouteParameters
  {
    let segments = link.segments
    let count = Int(essentials.captureCount)
    let start = Int(essentials.overflow)
    func capture(_ position: Int) -> RouteCapture {
      count > 2 ? overflowCaptures[start + position] : position == 0 ? essentials.first : essentials.second
    }
    func name(_ capture: RouteCapture) -> ArraySlice<UInt8> {
      let range = captureNameRanges[capture.name]
      return captureNameBytes[Int(range.lowerBound)..<Int(range.upperBound)]
    }
    // The exact room: names and values, then the defaults of declared query parameters.
    var bytes = Int(essentials.defaultBytes)
    for position in 0..<count {
      let capture = capture(position)
      bytes += name(capture).count
      if capture.isCatchAll {
        bytes += segments[capture.position...].reduce(-1) { $0 + $1.count + 1 }
      } else {
        bytes += segments[capture.position].count
      }
    }
    for item in link.query { bytes += item.name.count + item.value.count }
    var parameters = RouteParameters(capacity: Int(essentials.capacity) + link.query.count, bytes: bytes)
    for position in 0..<count {
      let capture = capture(position)
      guard capture.isCatchAll else {
        parameters.append(name(capture), segments[capture.position])
        continue
      }
      let captured = segments[capture.position...]
      if let forged = captured.first(where: { $0.contains(UInt8(ascii: "/")) }) {
        throw .invalidParameter(
          captureNames[capture.name],
          "of \(routeNames.label(index)) holds the segment \(quoted(forged)), whose encoded slash would read as more than one segment"
        )
      }
      parameters.append(name(capture), joining: captured, separator: UInt8(ascii: "/"))
    }
    for item in link.query { parameters.append(item.name, item.value) }
    return parameters
  }
}

/// What a link matched, before the app's route is built from it.
struct LinkMatch {
  var index: Int
  var record: RouteEssentials
  var parameters: RouteParameters
  var source: DeepLinkSource
  var kind: DeepLinkSource
}

/// What resolving a link needs of one route, apart from its definition and its parse closure
/// (which the router keeps): 24 bytes, so that a table of 10,000 routes keeps it in 240 KB.
/// Plain bits (`BitwiseCopyable`, checked by the compiler), as the trie stores a copy of each
/// in its own memory.
struct RouteEssentials: BitwiseCopyable {
  /// The sources allowed to open it, a bit each (``DeepLinkSource/bit``).
  var sources: UInt16
  var requiresConfirmation: Bool
  /// Whether its pattern declares query parameters.
  var declaresQuery: Bool
  /// How many parameters it can have (captures and declared query parameters).
  var capacity: UInt16
  /// The bytes of its declared query parameters' names and defaults, which may be added.
  var defaultBytes: UInt16
  /// Its path parameters and catch-all (``RouteCapture``): the first two here, more in the
  /// router's overflow list from `overflow` on.
  var captureCount: UInt16
  var first: RouteCapture
  var second: RouteCapture
  var overflow: UInt32

  /// The bit of each source in `sources` (``DeepLinkSource/bit``); every bit for `nil`, which
  /// allows all.
  static func bits(of sources: Set<DeepLinkSource>?) -> UInt16 { sources.map { $0.reduce(0) { $0 | $1.bit } } ?? .max }
}

/// A path parameter or catch-all of a route in 32 bits: its segment's position, whether it is a
/// catch-all, and its name's place in the router's list of names.
struct RouteCapture: BitwiseCopyable {
  var code: UInt32

  init(position: Int, isCatchAll: Bool, name: Int) {
    code = UInt32(position) | (isCatchAll ? 0x200 : 0) | UInt32(name) << 10
  }

  static let none = RouteCapture(position: 0, isCatchAll: false, name: 0)

  var position: Int { Int(code & 0x1FF) }
  var isCatchAll: Bool { code & 0x200 != 0 }
  var name: Int { Int(code >> 10) }
}

/// Every route's pattern and name, in one object that all resolutions of a router share, so that
/// a resolution retains one object the router keeps hot rather than a route's strings.
final class RouteNames: Sendable {
  /// The matcher's own list of patterns (one buffer, not a second list of strings).
  private let patterns: [RoutePattern]
  /// Each route's name; empty when no route has one (a Swift table's routes seldom do).
  private let names: [String?]

  init(patterns: [RoutePattern], names: [String?]) {
    self.patterns = patterns
    self.names = names.contains { $0 != nil } ? names : []
  }

  /// The pattern of route `index`, as written.
  func pattern(_ index: Int) -> String { patterns[index].description }
  /// The name of route `index`, if it has one.
  func name(_ index: Int) -> String? { names.isEmpty ? nil : names[index] }

  func labelParts(_ index: Int) -> RouteLabel { RouteLabel(pattern: pattern(index), name: name(index)) }

  /// How the route reads in messages: `route "messageDetails" (/messages/:id)`.
  func label(_ index: Int) -> String { labelParts(index).text }
}
