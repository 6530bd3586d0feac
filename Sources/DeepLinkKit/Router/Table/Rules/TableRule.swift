/// The checks a route table passes while a ``LinkRouter`` is built, one small rule each, as
/// swift-argument-parser checks a command with its validators: a rule looks at one part of the
/// table and names what is wrong with it, or nothing. The router runs them in order, gathers
/// every problem, and throws them together (``RouteTableError``).
///
/// Two kinds: rules of the table's options (``TableOptionsRule``), run once, and rules of each
/// route (``RouteRule``), run on its definition and its parsed pattern. What needs the whole
/// table at once is checked where it is gathered: conflicts in the trie, keyed sources in
/// ``KeyedRoutes``.
enum TableRules {
  /// In the order their problems are reported.
  /// (Computed, not stored: a stored list of metatypes is shared mutable state to Swift 6.)
  static var options: [any TableOptionsRule.Type] {
    [SchemeRule.self, HostRule.self, LimitsRule.self, PushURLKeysRule.self]
  }
  static var routes: [any RouteRule.Type] { [DeclarationRule.self, MatchableRule.self, SourcesRule.self] }

  /// Every problem of the table's options.
  static func problems(in options: TableOptions) -> [RouteTableError.Problem] {
    Self.options.flatMap { $0.problems(in: options) }
  }

  /// Every problem of one route, and whether the route must be left out of the table (no link
  /// could match it).
  static func problems<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern, limits: InputLimits)
    -> (problems: [RouteTableError.Problem], excluded: Bool)
  {
    var problems: [RouteTableError.Problem] = []
    for rule in routes {
      let found = rule.problems(of: definition, pattern: pattern, limits: limits)
      problems += found
      if rule.excludesTheRoute, !found.isEmpty { return (problems, true) }
    }
    return (problems, false)
  }
}

/// What a table is built with, apart from its routes.
struct TableOptions {
  var schemes: [String]
  var hosts: [String]
  var limits: InputLimits
  var pushURLKeys: [String]
}

/// A check of a table's options.
protocol TableOptionsRule {
  static func problems(in options: TableOptions) -> [RouteTableError.Problem]
}

/// A check of one route: its definition, and its pattern as parsed.
protocol RouteRule {
  /// Whether a route this rule finds a problem with is left out of the table, so that no later
  /// rule and no conflict check reports it again.
  static var excludesTheRoute: Bool { get }

  static func problems<Route>(of definition: RouteDefinition<Route>, pattern: RoutePattern, limits: InputLimits)
    -> [RouteTableError.Problem]
}

extension RouteRule {
  static var excludesTheRoute: Bool { false }
}
