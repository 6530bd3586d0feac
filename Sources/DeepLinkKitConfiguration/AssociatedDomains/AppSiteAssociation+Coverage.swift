import DeepLinkKit

extension AppSiteAssociation.Rule {
  /// Whether the rule matches every URL: path, query and fragment all `*`.
  var constrainsNothing: Bool {
    let path = AppSiteAssociation.pathPatterns(self.path)
    let anyPath = path.pattern.allSatisfy { $0 == "*" } || path.pattern == "/*"
    let anyQuery: Bool
    switch query {
    case .pattern(let text): anyQuery = text.allSatisfy { $0 == "*" }
    case .items(let items): anyQuery = items.values.allSatisfy { $0.allSatisfy { $0 == "*" } }
    }
    return anyPath && anyQuery && fragment.allSatisfy { $0 == "*" }
  }
}

/// A rule's patterns compiled once, to ask which earlier rule covers which later one.
struct CoverageRule {
  enum Query {
    case pattern(AASAPattern)
    case items([String: AASAPattern])
  }

  let rule: AppSiteAssociation.Rule
  /// The path pattern, and the parent pattern of one ending in `/*`.
  let paths: [AASAPattern]
  let fragment: AASAPattern
  let query: Query
  /// What a comparison of two rules costs from the budget before any token is compared.
  static let pairCost = 16

  /// The literal characters every path form starts with, before any wildcard or variable.
  let pathPrefix: [Character]

  init(_ rule: AppSiteAssociation.Rule, in file: AppSiteAssociation) {
    self.rule = rule
    let (path, parent) = AppSiteAssociation.pathPatterns(rule.path)
    paths = ([path] + (parent.map { [$0] } ?? [])).map { file.pattern($0, rule) }
    fragment = file.pattern(rule.fragment, rule)
    switch rule.query {
    case .pattern(let text): query = .pattern(file.pattern(text, rule))
    case .items(let items): query = .items(items.mapValues { file.pattern($0, rule) })
    }
    // The shortest of the forms' literal prefixes (the parent's, when there is one).
    pathPrefix =
      paths.map { form in
        form.tokens.prefix { if case .literal = $0 { true } else { false } }.map { token in
          if case .literal(let character) = token { character } else { " " }
        }
      }.min { $0.count < $1.count } ?? []
  }

  /// Whether the rule matches no URL at all: one of its patterns cites an undefined variable or
  /// leaves `$(` open.
  var neverMatches: Bool {
    let queries: [AASAPattern]
    switch query {
    case .pattern(let pattern): queries = [pattern]
    case .items(let items): queries = Array(items.values)
    }
    return (paths + [fragment] + queries).contains { $0.problem != nil }
  }

  /// Whether this rule matches every URL that `later` matches, so that `later` can never decide.
  /// Sound, not complete: `true` is certain; some covering rules (through variables, or one `?`
  /// standing for a one-character variable) answer `false`, and so does any pair once `budget`
  /// (table cells of the token comparison) is spent.
  func covers(_ later: CoverageRule, budget: inout Int) -> Bool {
    // Every pair costs something, so that the budget bounds the pairs as well as the cells.
    guard budget > 0 else { return false }
    budget -= Self.pairCost
    // A quick refusal first: the later path must start with this one's literal prefix.
    let laterPrefix = rule.caseSensitive ? later.pathPrefix : later.pathPrefix.map(AASAPattern.folded)
    guard rule.percentEncoded == later.rule.percentEncoded, !rule.caseSensitive || later.rule.caseSensitive,
      laterPrefix.starts(with: pathPrefix)
    else { return false }
    func covers(_ a: AASAPattern, _ b: AASAPattern) -> Bool { AASAPattern.covers(a, b, budget: &budget) }
    // Each path form the later rule matches must be matched by a form of this one.
    for form in later.paths where !paths.contains(where: { covers($0, form) }) { return false }
    guard covers(fragment, later.fragment) else { return false }
    switch (query, later.query) {
    case (.pattern(let a), .pattern(let b)):
      return covers(a, b)
    case (.items(let a), .items(let b)):
      // Every item this rule constrains is constrained at least as much by the later one; an item
      // the later rule leaves free must be free here too.
      for (name, pattern) in a {
        guard b[name].map({ covers(pattern, $0) }) ?? pattern.matchesEverything else { return false }
      }
      return true
    case (.items(let a), .pattern):
      return a.values.allSatisfy(\.matchesEverything)
    case (.pattern(let a), .items):
      return a.matchesEverything
    }
  }
}

extension AASAPattern {
  /// `*` alone (or nothing but `*`).
  var matchesEverything: Bool { problem == nil && tokens.allSatisfy { $0 == .any } && !tokens.isEmpty }

  /// Whether every text `later` matches, `earlier` matches too, decided on the tokens: `*`
  /// absorbs any run of the later pattern's tokens, `?` one literal or `?`, a literal the same
  /// literal (case-folded when `earlier` folds), a variable the same variable. A pattern that
  /// never matches is covered by anything and covers nothing. Costs `earlier` × `later` tokens,
  /// taken from `budget`; `false` when the budget does not allow it.
  static func covers(_ earlier: AASAPattern, _ later: AASAPattern, budget: inout Int) -> Bool {
    if later.problem != nil { return true }
    if earlier.problem != nil { return false }
    let a = earlier.tokens
    let b = later.tokens.map { token -> Token in
      guard !earlier.caseSensitive, case .literal(let character) = token else { return token }
      return .literal(folded(character))
    }
    let cost = (a.count + 1) * (b.count + 1)
    guard cost <= budget else { return false }
    budget -= cost
    // next[j] (row i + 1) and row[j] (row i): a[i...] matches every text of b[j...].
    var next = [Bool](repeating: false, count: b.count + 1)
    next[b.count] = true
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      var row = [Bool](repeating: false, count: b.count + 1)
      for j in stride(from: b.count, through: 0, by: -1) {
        switch a[i] {
        case .any:
          row[j] = next[j] || (j < b.count && row[j + 1])
        case .one:
          guard j < b.count else { continue }
          switch b[j] {
          case .one, .literal: row[j] = next[j + 1]
          default: continue
          }
        case .literal, .variable:
          guard j < b.count, a[i] == b[j] else { continue }
          row[j] = next[j + 1]
        }
      }
      next = row
    }
    return next[0]
  }
}
