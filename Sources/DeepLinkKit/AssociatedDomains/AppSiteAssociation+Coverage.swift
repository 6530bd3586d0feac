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

extension AppSiteAssociation {
  /// Whether `earlier` matches every URL that `later` matches, so that `later` can never decide.
  /// Sound, not complete: `true` is certain; some covering rules (through variables, or one `?`
  /// standing for a one-character variable) answer `false`.
  func covers(_ earlier: Rule, _ later: Rule) -> Bool {
    guard earlier.percentEncoded == later.percentEncoded,
      !earlier.caseSensitive || later.caseSensitive
    else { return false }
    let compile = { (text: String, rule: Rule) in self.pattern(text, rule) }
    let covers = { (a: String, b: String) in
      AASAPattern.covers(compile(a, earlier), compile(b, later))
    }
    // Paths: each form the later rule matches must be matched by a form of the earlier one.
    let (a, aParent) = Self.pathPatterns(earlier.path)
    let (b, bParent) = Self.pathPatterns(later.path)
    let aForms = [a] + (aParent.map { [$0] } ?? [])
    guard aForms.contains(where: { covers($0, b) }) else { return false }
    if let bParent, !aForms.contains(where: { covers($0, bParent) }) { return false }
    guard covers(earlier.fragment, later.fragment) else { return false }
    switch (earlier.query, later.query) {
    case (.pattern(let a), .pattern(let b)):
      return covers(a, b)
    case (.items(let a), .items(let b)):
      // Every item the earlier rule constrains is constrained at least as much by the later one;
      // an item the later rule leaves free must be free in the earlier one too.
      return a.allSatisfy { name, pattern in
        b[name].map { covers(pattern, $0) } ?? pattern.allSatisfy { $0 == "*" }
      }
    case (.items(let a), .pattern):
      return a.values.allSatisfy { $0.allSatisfy { $0 == "*" } }
    case (.pattern(let a), .items):
      return a.allSatisfy { $0 == "*" }
    }
  }
}

extension AASAPattern {
  /// Whether every text `later` matches, `earlier` matches too, decided on the tokens: `*`
  /// absorbs any run of the later pattern's tokens, `?` one literal or `?`, a literal the same
  /// literal (case-folded when `earlier` folds), a variable the same variable. A pattern that
  /// never matches is covered by anything and covers nothing.
  static func covers(_ earlier: AASAPattern, _ later: AASAPattern) -> Bool {
    if later.problem != nil { return true }
    if earlier.problem != nil { return false }
    let a = earlier.tokens
    let b = later.tokens.map { token -> Token in
      guard !earlier.caseSensitive, case .literal(let character) = token else { return token }
      return .literal(folded(character))
    }
    // covered[i][j]: a[i...] matches every text of b[j...].
    var covered = [[Bool]](repeating: [Bool](repeating: false, count: b.count + 1), count: a.count + 1)
    covered[a.count][b.count] = true
    for i in stride(from: a.count, through: 0, by: -1) {
      for j in stride(from: b.count, through: 0, by: -1) where !(i == a.count && j == b.count) {
        guard i < a.count else { continue }  // b has tokens left and a none: b can make more text
        switch a[i] {
        case .any:
          covered[i][j] = covered[i + 1][j] || (j < b.count && covered[i][j + 1])
        case .one:
          guard j < b.count else { continue }
          switch b[j] {
          case .one, .literal: covered[i][j] = covered[i + 1][j + 1]
          default: continue
          }
        case .literal, .variable:
          guard j < b.count, a[i] == b[j] else { continue }
          covered[i][j] = covered[i + 1][j + 1]
        }
      }
    }
    return covered[0][0]
  }
}
