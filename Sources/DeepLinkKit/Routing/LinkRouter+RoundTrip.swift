extension LinkRouter {
  /// Why some route of the table does not come back as itself when printed; one message per
  /// failing route, empty when every route round-trips. A declared route is built `samples`
  /// times from generated values of each parameter's Swift type (text with spaces, `%`, `/`, `+`,
  /// non-ASCII and emoji; negative and large numbers; empty and repeated arrays; absent
  /// optionals); a custom route from links its pattern matches, filled the same way.
  /// `DeepLinkKitTesting` exposes it.
  package func checkRoundTrips(samples: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    var problems: [String] = []
    for (index, pattern) in patterns.enumerated() {
      let definition = definitions[index]
      guard definition.printer != nil else { continue }  // never printed: nothing to check
      if pattern.segments.contains(.wildcard) { continue }  // `*` cannot be printed, by design
      for _ in 0..<samples {
        guard let route = sampleRoute(index, pattern, using: &generator) else { continue }
        if let problem = roundTripProblem(route) {
          problems.append("\(definition.label): \(problem)")
          break
        }
      }
    }
    return problems
  }

  /// A route of the definition at `index` built from generated values, or `nil` when the values
  /// drawn open another route (a literal sibling, or a typed parameter's fallback).
  private func sampleRoute(_ index: Int, _ pattern: RoutePattern, using generator: inout SplitMix) -> Route? {
    if let generate = definitions[index].generate { return generate(&generator) }
    let segments = pattern.segments.flatMap { generator.sample($0) }
    var query: [PathRequest.QueryItem] = []
    for parameter in pattern.query where parameter.presence == .required {
      let value = generator.sample(.parameter(name: parameter.name, type: parameter.type))[0]
      query.append(PathRequest.QueryItem(name: parameter.name, value: value))
    }
    let request = PathRequest(source: .inApp, kind: .customScheme, segments: segments, query: query)
    guard let resolution = try? resolve(request, checkingSources: false), resolution.pattern == pattern.description
    else { return nil }
    return resolution.route
  }

  private func roundTripProblem(_ route: Route) -> String? {
    do {
      let link = try urlString(for: route)
      let again = try resolve(adapter.request(for: link, source: nil), checkingSources: false).route
      return again == route
        ? nil : "\(quoted("\(route)")) prints as \(quoted(link)), which opens \(quoted("\(again)"))"
    } catch {
      return "\(quoted("\(route)")) does not come back: \(error.message)"
    }
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
  package mutating func sample(_ segment: RoutePattern.Segment) -> [String] {
    switch segment {
    case .literal(let text): return [text]
    case .parameter(_, .int): return [String(next() % 2_000_000)]
    case .parameter(_, .uuid): return [uuidText()]
    case .parameter: return [text()]
    case .catchAll: return (0...Int(next() % 3)).map { _ in text() }
    case .wildcard: return ["any"]
    }
  }

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
