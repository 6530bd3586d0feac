/// The checks a route table passes while a ``LinkRouter`` is built, one small rule each, as
/// swift-argument-parser checks a command with its validators: a rule looks at one part of the
/// table and names what is wrong with it, or nothing. The router runs them in order, gathers
/// every problem, and throws them together (``RouteTableError``).
///
/// Two kinds: rules of the table's options (`OptionRules.swift`), run once, and rules of each
/// route (`RouteRules.swift`), run on its definition and its parsed pattern. What needs the whole
/// table at once is checked where it is gathered: conflicts in the trie, keyed sources in
/// ``KeyedRoutes``.
enum TableRules {
  /// Every problem of the table's options, in the order they are reported. (Called one by one,
  /// not through a protocol and a list of rule types: a rule's witness table and the list are
  /// runtime records and code every app kept, 1.1 KB; and each is given the option it checks,
  /// not a struct of all four, whose value witnesses every app kept.)
  /// The valid hosts are added to `hostList`.
  static func problems(
    schemes: [String], hosts: [String], limits: InputLimits, pushURLKeys: [String], hostList: inout HostList
  ) -> [RouteTableError.Problem] {
    SchemeRule.problems(in: schemes) + HostRule.problems(in: hosts, listing: &hostList)
      + LimitsRule.problems(in: limits) + PushURLKeysRule.problems(in: pushURLKeys)
  }

  /// Every problem of one route, and whether the route must be left out of the table (no link
  /// could match it): then no later rule and no conflict check reports it again.
  static func problems<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern, limits: InputLimits)
    -> (problems: [RouteTableError.Problem], excluded: Bool)
  {
    var problems = DeclarationRule.problems(of: definition)
    let unmatchable = MatchableRule.problems(of: definition, pattern: pattern, limits: limits)
    problems.appendUnspecialized(contentsOf: unmatchable)
    if !unmatchable.isEmpty { return (problems, true) }
    problems.appendUnspecialized(contentsOf: SourcesRule.problems(of: definition, pattern: pattern))
    return (problems, false)
  }
}
