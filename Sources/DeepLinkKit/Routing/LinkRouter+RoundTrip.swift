extension LinkRouter {
  /// Why some route of the table does not come back as itself when printed; one message per
  /// failing route, empty when every route round-trips. `DeepLinkKitTesting` exposes it.
  ///
  /// A declared route is built from every edge value of each parameter's Swift type, then from
  /// `samples` sets of values drawn at random; for each set that a link can carry, the link the
  /// values print as must open the route, the route must print back with those very values
  /// (which a closure that changes, drops or swaps a value fails), and printing it must give a
  /// link that opens it again. A custom route is built from links its pattern matches, filled the
  /// same way. The route's closures are called with each value, as a link carrying it would.
  package func checkRoundTrips(samples: Int, seed: UInt64) -> [String] {
    var generator = SplitMix(seed: seed)
    var problems: [String] = []
    for index in definitions.indices {
      let definition = definitions[index]
      guard definition.isPrintable else { continue }  // never printed: nothing to check
      if patterns[index].segments.contains(.wildcard) { continue }  // `*` cannot be printed, by design
      let problem: String?
      if let declared = definition.declared, declared.sample(0, &generator) != nil {
        problem = declaredRoundTripProblem(index, declared, samples: samples, using: &generator)
      } else {
        problem =
          (0..<samples).lazy.compactMap { _ in
            self.sampleRoute(index, using: &generator).flatMap(self.roundTripProblem)
          }.first
      }
      if let problem { problems.append("\(definition.label): \(problem)") }
    }
    return problems
  }

  /// The edges each parameter type is tried at before drawn values: enough for every edge of
  /// the built-in types, in each of an array's shapes.
  static var edgesTried: Int { 4 * max(EdgeValues.int.count, EdgeValues.text.count, EdgeValues.double.count) }

  /// The first problem of a declared route built from edge values, then drawn ones.
  private func declaredRoundTripProblem(
    _ index: Int, _ declared: any DeclaredRoute<Route>, samples: Int, using generator: inout SplitMix
  ) -> String? {
    for edge in Array(0..<Self.edgesTried) + Array(repeating: -1, count: samples) {
      guard let (route, values) = declared.sample(edge, &generator),
        let link = try? urlString(definitionAt: index, parameters: values),
        let request = try? adapter.request(for: link, source: nil)
      else { continue }  // values no link can carry (an empty segment, a dot segment)
      let opened: Route
      let parameters: RouteParameters
      do {
        let resolution = try resolve(request, checkingSources: false, verifying: false)
        // A value that opens a literal sibling (or a typed one's fallback) is that route's link.
        guard resolution.pattern == definitions[index].pattern else { continue }
        (opened, parameters) = (resolution.route, resolution.parameters)
      } catch {
        return "the link \(quoted(link)) of \(quoted(String(describing: route))) does not open it: \(error.message)"
      }
      if let problem = declared.verify(opened, parameters) { return "the link \(quoted(link)): \(problem)" }
      if opened != route {
        return
          "the link \(quoted(link)) of \(quoted(String(describing: route))) opens \(quoted(String(describing: opened)))"
      }
      if let problem = roundTripProblem(route) { return problem }
    }
    return nil
  }

  /// A route of the custom definition at `index`, from a link its pattern matches filled with
  /// generated values, or `nil` when the values drawn open another route (a literal sibling, or a
  /// typed parameter's fallback).
  private func sampleRoute(_ index: Int, using generator: inout SplitMix) -> Route? {
    let pattern = patterns[index]
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
