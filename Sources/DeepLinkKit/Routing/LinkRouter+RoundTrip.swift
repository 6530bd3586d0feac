extension LinkRouter {
  /// Why some route of the table does not come back as itself when printed, tried on `samples`
  /// links a route's pattern matches, filled with generated values of each parameter's type
  /// (text with spaces, `%`, `/`, `+`, non-ASCII and emoji for untyped parameters); one message
  /// per failing route. Empty when every route round-trips. `DeepLinkKitTesting` exposes it.
  package func checkRoundTrips(samples: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    var problems: [String] = []
    for (index, pattern) in patterns.enumerated() {
      let label = definitions[index].label
      guard definitions[index].print != nil else { continue }  // never printed: nothing to check
      if pattern.segments.contains(.wildcard) { continue }  // `*` cannot be printed, by design
      for _ in 0..<samples {
        let segments = pattern.segments.flatMap { generator.sample($0) }
        let request = PathRequest(source: .inApp, kind: .customScheme, segments: segments, query: [])
        guard let resolution = try? resolve(request, checkingSources: false), resolution.pattern == pattern.description
        else { continue }  // another route's literal, or a typed parameter's fallback: not this route
        let route = resolution.route
        do {
          let link = try urlString(for: route)
          let again = try resolve(adapter.request(for: link, source: nil), checkingSources: false).route
          if again != route {
            problems.append(
              "\(label): \(quoted("\(route)")) prints as \(quoted(link)), which opens \(quoted("\(again)"))")
            break
          }
        } catch {
          problems.append("\(label): \(quoted("\(route)")) does not come back: \(error.message)")
          break
        }
      }
    }
    return problems
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

  /// Decoded segments that `segment` matches, with generated values.
  mutating func sample(_ segment: RoutePattern.Segment) -> [String] {
    switch segment {
    case .literal(let text): return [text]
    case .parameter(_, .int): return [String(next() % 2_000_000)]
    case .parameter(_, .uuid):
      let hex = Array("0123456789ABCDEF")
      let digits = String((0..<32).map { _ in hex[Int(next() % 16)] })
      let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map {
        String(digits.dropFirst($0.lowerBound).prefix($0.count))
      }
      return [parts.joined(separator: "-")]
    case .parameter: return [text()]
    case .catchAll: return (0...Int(next() % 3)).map { _ in text() }
    case .wildcard: return ["any"]
    }
  }

  /// A non-empty text that a segment can hold.
  mutating func text() -> String {
    while true {
      let length = 1 + Int(next() % 6)
      let text = (0..<length).map { _ in Self.alphabet[Int(next() % UInt64(Self.alphabet.count))] }.joined()
      if TextRules.segmentProblem(text) == nil { return text }
    }
  }
}
