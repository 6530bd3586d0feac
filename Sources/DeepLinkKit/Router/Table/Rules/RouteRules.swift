/// A route's declaration is sound: each typed value has a parameter of its pattern, and each
/// parameter a value (``RouteDefinition/path(_:name:sources:_:)``).
enum DeclarationRule {
  static func problems<Route>(of definition: RouteDefinition<Route>) -> [RouteTableError.Problem] {
    definition.declarationProblems.mapUnspecialized { .init(.invalidDeclaration, "\(definition.label) \($0)") }
  }
}

/// Some link within the limits can match the pattern: it has no more segments than a link may
/// have, and no literal longer than a segment may be. (This also bounds how deep a match goes.)
/// A route that no link can match is left out (``TableRules``).
enum MatchableRule {
  static func problems<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern, limits: InputLimits)
    -> [RouteTableError.Problem]
  {
    func problem(_ reason: String) -> [RouteTableError.Problem] {
      [.init(.invalidPattern, "\(definition.label) \(reason)")]
    }
    if pattern.segments.count > limits.maxSegments {
      return problem(
        "has \(pattern.segments.count) segments; no link can match it, since a link has at most \(limits.maxSegments) (maxSegments)"
      )
    }
    for case .literal(let text) in pattern.segments where text.utf8.count > limits.maxValueLength {
      return problem(
        "has a segment of \(text.utf8.count) bytes; no link can match it, since a segment has at most \(limits.maxValueLength) (maxValueLength)"
      )
    }
    return []
  }
}

/// Every way a route says it opens can open it: its `sources` list is not empty, and the reply is
/// not a path parameter, which no link could fill. (Its push rules are checked with its keys:
/// ``PushRulesRule``.)
enum SourcesRule {
  static func problems<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern)
    -> [RouteTableError.Problem]
  {
    var problems: [RouteTableError.Problem] = []
    if definition.sources?.isEmpty == true {
      problems.appendUnspecialized(
        .init(.invalidOption, definition.label + " has an empty list of sources, so nothing can open it"))
    }
    let reply = LinkPush.replyParameter
    for case .parameter(reply, _) in pattern.segments {
      problems.appendUnspecialized(
        .init(
          .invalidPattern,
          definition.label
            + " has the path parameter \(quoted(reply)), which only a notification's typed reply fills, so no link can open it; make it an optional query parameter (?\(reply)?)"
        ))
    }
    return problems
  }
}

/// Each push rule of a route can open it: it names the fields that pick it (or an action) and
/// fills every path parameter (but the reply, which only a typed reply fills), or its route could
/// never be built. Run with the route's keys (``RouteTableCompiler``), which only a route with
/// keys reaches.
enum PushRulesRule {
  static func problems(of rules: [PushRule], pattern: RoutePattern, label: String) -> [RouteTableError.Problem] {
    var problems: [RouteTableError.Problem] = []
    // Each message follows the route's label.
    func add(_ reason: String) {
      problems.appendUnspecialized(.init(.invalidOption, label + " " + reason))
    }
    let reply = LinkPush.replyParameter
    for rule in rules {
      if rule.when.isEmpty, rule.answersTap {
        add(
          "has a push rule with no \"when\" fields and no action, so any notification would open it; name the fields that pick it"
        )
      }
      if rule.runsInBackground, rule.answersTap {
        let tap = rule.action == nil ? "a tap" : "a tap (\(quoted(LinkPush.defaultAction)) is the tap's own action)"
        add(
          "has a push rule that runs in the background for \(tap), which always opens the app; give it the action that runs in the background"
        )
      }
      if rule.action == LinkPush.dismissAction {
        add(
          "has a push rule for the dismiss action (\(quoted(LinkPush.dismissAction))), which opens no route; remove it")
      }
      if rule.parameters[reply] != nil {
        add(
          "has a push rule that fills \(quoted(reply)) from the payload; only the notification's typed reply fills it")
      }
      for name in pattern.parameterNames where rule.parameters[name] == nil && name != reply {
        add("has a push rule that never fills its path parameter \(quoted(name)); add it to the rule's parameters")
      }
    }
    return problems
  }
}

/// A group has no source or confirmation of its own (its routes have them), and its own
/// declaration is sound; its routes are checked one by one.
enum GroupRule {
  static func problems<Route>(of group: RouteDefinition<Route>) -> [RouteTableError.Problem] {
    var problems: [RouteTableError.Problem] = []
    let label = "the group at \(TextRules.escaped(group.pattern))"
    if group.hasKeyedSource || group.requiresConfirmation {
      problems.appendUnspecialized(
        .init(.invalidDeclaration, "\(label) has a source or confirmation of its own; give them to its routes"))
    }
    for problem in group.declarationProblems {
      problems.appendUnspecialized(.init(.invalidDeclaration, "\(label) \(problem)"))
    }
    return problems
  }
}

/// A route whose first segment is an international name (`/bücher/:id`) is opened by custom-scheme
/// links only when the router reads international host names: that segment is the link's host,
/// which Foundation writes in Punycode (`URL(string: "myapp://bücher/1")` is
/// `myapp://xn--bcher-kva/1`), and a router of ASCII host names keeps as it is.
enum FirstSegmentRule {
  static func problem<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern) -> RouteTableError.Problem? {
    guard definition.host == nil, case .literal(let text)? = pattern.segments.first,
      text.firstByte(in: .nonASCII) != nil
    else { return nil }
    return .init(
      .invalidOption,
      "\(definition.label) begins with the international name \(quoted(text)), which custom-scheme links made by "
        + "Foundation carry as their host in Punycode; read them with hostNames: .international")
  }
}

/// A host group names one valid host, not a wildcard; it is listed among the universal-link
/// hosts if it is not yet.
enum HostGroupRule {
  /// The normalized name of `host`, added to `list` if it is not there; `nil` (with the problem)
  /// when it is not a valid host name or is a wildcard.
  static func listing(_ host: String, in list: inout HostList, problems: inout [RouteTableError.Problem]) -> String? {
    var single = HostList(idna: list.idna)
    do throws(RouteTableError) {
      guard !host.hasPrefix("*.") else {
        throw RouteTableError(
          problems: [.init(.invalidOption, "the host group \(quoted(host)) is a wildcard; a group names one host")])
      }
      try single.add(host)
      let normalized = single.entries[0]
      if !list.entries.contains(normalized) { try list.add(host) }
      return normalized
    } catch {
      if !problems.contains(where: { error.problems.contains($0) }) {
        problems.appendUnspecialized(contentsOf: error.problems)
      }
      return nil
    }
  }
}
