#if DEBUG
  // Only in a debug build (`DEBUG` set, as `swift build`, `swift test` and Xcode's Debug
  // configuration compile a package): a release build leaves the round-trip checks' entry points
  // and the value generators out of an app; `roundTripProblems()` then says so.

  extension LinkRouter {
    // What DeepLinkKitTesting's round-trip checks read of a router, and no more of its insides:
    // the checks themselves live there, so that an app does not carry them.

    /// Whether the definition at `index` prints routes.
    package func prints(definitionAt index: Int) -> Bool { definitions[index].isPrintable }

    /// A route the declared definition at `index` builds from edge `edge` of each parameter's
    /// values (drawn ones for a negative `edge`), and the parameters those values print as; `nil`
    /// for a custom definition, or when a type gives no values.
    package func sample(definitionAt index: Int, edge: Int, using generator: inout SplitMix)
      -> (route: Route, parameters: [(name: String, value: String)])?
    {
      definitions[index].sample(edge, &generator)
    }

    /// Why `route`, opened by a link with `parameters`, does not print back with the link's own
    /// values; `nil` when it does, or for a custom definition.
    package func verify(definitionAt index: Int, _ route: Route, _ parameters: RouteParameters) -> String? {
      definitions[index].verify(route, parameters)
    }

    /// Whether the router's adapter takes `link` at all (its scheme, host and form), before routing.
    package func carries(_ link: String) -> Bool { (try? adapter.request(for: link, source: nil)) != nil }

    /// Resolves a printed link whatever its source and the route's sources; `verifying: false`
    /// leaves out a debug build's check of the route, for the checks that make it themselves.
    package func resolvePrinted(_ link: String, verifying: Bool = true) throws(DeepLinkError) -> LinkResolution<Route> {
      try resolve(adapter.request(for: link, source: nil), checkingSources: false, verifying: verifying)
    }

    /// Resolves the decoded path `segments` and `query` as an in-app custom-scheme link would
    /// carry them, whatever the route's sources.
    package func resolve(segments: [String], query: [(name: String, value: String)]) throws(DeepLinkError)
      -> LinkResolution<Route>
    {
      let request = PathRequest(
        source: .inApp, kind: .customScheme, segments: segments,
        query: query.map { PathRequest.QueryItem(name: $0.name, value: $0.value) })
      return try resolve(request, checkingSources: false)
    }

    /// The edges each parameter type is tried at before drawn values: enough for every edge of
    /// the built-in types, in each of an array's shapes.
    package static var edgesTried: Int {
      4 * max(EdgeValues.int.count, EdgeValues.text.count, EdgeValues.double.count)
    }
  }

  /// A small seeded generator (SplitMix64), so that a failing round trip replays; the package's
  /// property tests use it too.
  package struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  extension SplitMix {
    private static let alphabet = [
      "a", "Z", "7", "-", "_", "~", " ", "%", "+", "&", "=", "?", "#", "é", "例", "😀", ".", "'",
    ]

    /// A random UUID's text, upper case.
    package mutating func uuidText() -> String {
      let hex = Array("0123456789ABCDEF")
      let digits = String((0..<32).map { _ in hex[Int(next() % 16)] })
      let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map {
        String(digits.dropFirst($0.lowerBound).prefix($0.count))
      }
      return parts.joined(separator: "-")
    }

    /// A non-empty text that a segment can hold.
    package mutating func text() -> String {
      while true {
        let length = 1 + Int(next() % 6)
        let text = (0..<length).map { _ in Self.alphabet[Int(next() % UInt64(Self.alphabet.count))] }.joined()
        if TextRules.segmentProblem(text) == nil { return text }
      }
    }
  }
#endif
