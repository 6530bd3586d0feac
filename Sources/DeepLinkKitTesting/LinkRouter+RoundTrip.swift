import DeepLinkKit

// The round-trip checks behind `roundTripProblems()`: here, not in DeepLinkKit, so that an app
// carries none of them; they read the router through its few `package` entry points, which a
// debug build of DeepLinkKit has (`DEBUG` set) and a release build leaves out of an app.
#if DEBUG
  extension LinkRouter {
    /// Why some route of the table does not come back as itself when printed; one message per
    /// failing route, empty when every route round-trips.
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
        guard prints(definitionAt: index) else { continue }  // never printed: nothing to check
        // `*` cannot be printed, by design.
        if patterns[index].segments.contains(where: { if case .wildcard = $0 { true } else { false } }) { continue }
        let problem: String?
        if sample(definitionAt: index, edge: 0, using: &generator) != nil {
          problem = declaredRoundTripProblem(index, samples: samples, using: &generator)
        } else {
          problem =
            (0..<samples).lazy.compactMap { _ in
              self.sampleRoute(index, using: &generator).flatMap(self.roundTripProblem)
            }.first
        }
        if let problem { problems.append("\(definitions[index].label): \(problem)") }
      }
      return problems
    }

    /// The first problem of a declared route built from edge values, then drawn ones.
    private func declaredRoundTripProblem(_ index: Int, samples: Int, using generator: inout SplitMix) -> String? {
      for edge in Array(0..<Self.edgesTried) + Array(repeating: -1, count: samples) {
        guard let (route, values) = sample(definitionAt: index, edge: edge, using: &generator) else { continue }
        if let reply = values.first(where: { $0.name == LinkPush.replyParameter }) {
          // No link may carry a typed reply: the route comes back through the action that types it.
          if let problem = replyProblem(index, route, values, reply: reply.value) { return problem }
          continue
        }
        guard let link = try? urlString(definitionAt: index, parameters: values), carries(link)
        else { continue }  // values no link can carry (an empty segment, a dot segment)
        let opened: Route
        let parameters: RouteParameters
        do {
          let resolution = try resolvePrinted(link, verifying: false)
          // A value that opens a literal sibling (or a typed one's fallback) is that route's link.
          guard resolution.pattern == definitions[index].pattern else { continue }
          (opened, parameters) = (resolution.route, resolution.parameters)
        } catch {
          return "the link \(quoted(link)) of \(quoted(String(describing: route))) does not open it: \(error.message)"
        }
        if let problem = verify(definitionAt: index, opened, parameters) {
          return "the link \(quoted(link)): \(problem)"
        }
        if opened != route {
          return
            "the link \(quoted(link)) of \(quoted(String(describing: route))) opens \(quoted(String(describing: opened)))"
        }
        if let problem = roundTripProblem(route) { return problem }
      }
      return nil
    }

    /// Why `route`, built with a typed reply, does not come back through a notification action
    /// of its push rules that types one: the payload carries its other values in the rule's
    /// fields, and the reply is typed. `nil` when it does, or when no such rule carries them all.
    private func replyProblem(
      _ index: Int, _ route: Route, _ values: [(name: String, value: String)], reply: String
    ) -> String? {
      for rule in definitions[index].pushRules {
        guard !rule.answersTap, let action = rule.action else { continue }  // a tap types no reply
        var fields = rule.when
        for (name, value) in values where name != LinkPush.replyParameter {
          guard let field = rule.parameters[name] else { return nil }  // a value this rule cannot carry
          fields[field] = value
        }
        let push = LinkPush(fields: fields, actionIdentifier: action, replyText: reply)
        let description = "the reply \(quoted(reply)) to the action \(quoted(action))"
        do {
          let opened = try resolve(.push(push)).route
          if opened != route {
            return "\(description) of \(quoted(String(describing: route))) opens \(quoted(String(describing: opened)))"
          }
        } catch {
          return "\(description) of \(quoted(String(describing: route))) does not open it: \(error.message)"
        }
      }
      return nil
    }

    /// A route of the custom definition at `index`, from a link its pattern matches filled with
    /// generated values, or `nil` when the values drawn open another route (a literal sibling, or a
    /// typed parameter's fallback).
    private func sampleRoute(_ index: Int, using generator: inout SplitMix) -> Route? {
      let pattern = patterns[index]
      let segments = pattern.segments.flatMap { generator.sample($0) }
      var query: [(name: String, value: String)] = []
      for parameter in pattern.query where parameter.presence == .required {
        query.append((parameter.name, generator.sample(.parameter(name: parameter.name, type: parameter.type))[0]))
      }
      guard let resolution = try? resolve(segments: segments, query: query), resolution.pattern == pattern.description
      else { return nil }
      return resolution.route
    }

    private func roundTripProblem(_ route: Route) -> String? {
      do {
        let link = try urlString(for: route)
        let again = try resolvePrinted(link).route
        return again == route
          ? nil : "\(quoted("\(route)")) prints as \(quoted(link)), which opens \(quoted("\(again)"))"
      } catch {
        return "\(quoted("\(route)")) does not come back: \(error.message)"
      }
    }
  }

  extension SplitMix {
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
  }
#endif
