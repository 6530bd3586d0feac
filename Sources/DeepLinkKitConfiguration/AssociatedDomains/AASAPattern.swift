import DeepLinkKit

/// One pattern of an apple-app-site-association rule: `*` (zero or more characters), `?` (exactly
/// one), `$(name)` (exactly one of a substitution variable's values, which may hold `*` and `?`
/// themselves), anything else literally. The whole text must match, and `*` and `?` cross `/`.
/// Characters are Swift `Character`s (our choice where Apple is silent: `unicodeCountingRule`).
///
/// Matching runs over sets of positions, token by token, as Apple's guidance on many wildcards
/// asks: a token costs the text's length, a variable's plain values the walk of their trie from
/// each reached position, its values with wildcards a run each. Every match draws on a budget
/// (``AASAMatchBudget``), so a file whose patterns would take too long is refused, not waited on.
struct AASAPattern: Sendable, Equatable {
  enum Token: Sendable, Equatable {
    case literal(Character)
    case one
    case any
    /// Exactly one of the variable's values.
    case variable(AASAVariable)
  }

  /// Why a pattern never matches.
  enum Problem: Sendable, Hashable {
    case undefinedVariable(String)
    case unterminatedVariable
  }

  let tokens: [Token]
  /// Set when the pattern cites an unknown variable or leaves `$(` open: it then never matches
  /// (the spec's decided behaviour).
  let problem: Problem?
  let caseSensitive: Bool

  /// Compiles `text`; `variables` holds the file's variables, compiled once.
  init(_ text: String, variables: AASAVariables, caseSensitive: Bool) {
    self.caseSensitive = caseSensitive
    var tokens: [Token] = []
    var problem: Problem?
    var characters = text[...]
    while let character = characters.first {
      characters = characters.dropFirst()
      switch character {
      case "*": if tokens.last != .any { tokens.append(.any) }
      case "?": tokens.append(.one)
      case "$" where characters.first == "(":
        guard let close = characters.firstIndex(of: ")") else {
          problem = .unterminatedVariable
          characters = characters.dropFirst(characters.count)
          continue
        }
        let name = String(characters[characters.index(after: characters.startIndex)..<close])
        characters = characters[characters.index(after: close)...]
        guard let variable = variables.variable(name, caseSensitive: caseSensitive) else {
          problem = problem ?? .undefinedVariable(name)
          continue
        }
        tokens.append(.variable(variable))
      default:
        tokens.append(.literal(caseSensitive ? character : AASAPattern.folded(character)))
      }
    }
    self.tokens = tokens
    self.problem = problem
  }

  /// A variable's value with wildcards: wildcards and literals, no variables.
  static func plainTokens(_ text: String, caseSensitive: Bool) -> [Token] {
    text.map { character in
      switch character {
      case "*": .any
      case "?": .one
      default: .literal(caseSensitive ? character : folded(character))
      }
    }
  }

  /// ASCII case folded; other characters by their simple (one-character) lowercase, if any.
  static func folded(_ character: Character) -> Character {
    if let ascii = character.asciiValue {
      return ascii >= 0x41 && ascii <= 0x5A ? Character(Unicode.Scalar(ascii + 0x20)) : character
    }
    let lower = character.lowercased()
    return lower.count == 1 ? Character(lower) : character
  }

  /// Whether the whole of `text` matches, drawing on `budget`.
  func matches(_ text: String, budget: inout AASAMatchBudget) throws(AASAMatchBudget.Spent) -> Bool {
    guard problem == nil else { return false }
    let input = AASAUndocumented.characters(of: caseSensitive ? text : String(text.map(AASAPattern.folded)))
    var start = [Bool](repeating: false, count: input.count + 1)
    start[0] = true
    return try Self.run(tokens, input, from: start, budget: &budget)[input.count]
  }

  /// The positions reachable after `tokens`, from the positions marked in `start`.
  private static func run(
    _ tokens: [Token], _ input: [Character], from start: [Bool], budget: inout AASAMatchBudget
  ) throws(AASAMatchBudget.Spent) -> [Bool] {
    var current = start
    for token in tokens {
      try budget.spend(input.count + 1)
      var next = [Bool](repeating: false, count: input.count + 1)
      switch token {
      case .literal(let character):
        for position in 0..<input.count where current[position] && input[position] == character {
          next[position + 1] = true
        }
      case .one:
        for position in 0..<input.count where current[position] { next[position + 1] = true }
      case .any:
        if let first = current.firstIndex(of: true) {
          for position in first...input.count { next[position] = true }
        }
      case .variable(let variable):
        // The plain values: their trie, walked from every reached position.
        for position in 0...input.count where current[position] {
          var node = 0
          var end = position
          while true {
            if variable.ends[node] { next[end] = true }
            guard end < input.count, let child = variable.children[node][input[end]] else { break }
            try budget.spend(1)
            (node, end) = (child, end + 1)
          }
        }
        // The values with wildcards: a run each.
        for value in variable.patterns {
          let reached = try run(value, input, from: current, budget: &budget)
          for position in reached.indices where reached[position] { next[position] = true }
        }
      }
      current = next
      if !current.contains(true) { break }
    }
    return current
  }
}

/// How much work matching one URL against a file may take: each token step costs the length of
/// the text it runs over, and each character a variable's trie reads costs one. A file of
/// thousands of variables, each of thousands of values with wildcards, stops here rather than
/// running for minutes.
struct AASAMatchBudget {
  /// The work one URL may cost: a few hundred milliseconds on a phone-class core at most.
  static let perURL = 20_000_000

  /// The budget ran out.
  struct Spent: Error {}

  private(set) var remaining = Self.perURL

  mutating func spend(_ cost: Int) throws(Spent) {
    remaining -= cost
    if remaining < 0 { throw Spent() }
  }
}

/// A substitution variable's values, compiled once per file and case rule: the values without a
/// wildcard in a trie of characters, so that `$(lang)` costs the length of its longest code from
/// each position rather than a run per code; the values with `*` or `?` as patterns of their own.
final class AASAVariable: Sendable, Equatable {
  let name: String
  /// The trie of plain values: each node's children by character; node 0 is the root.
  let children: [[Character: Int]]
  /// Whether a plain value ends at each node.
  let ends: [Bool]
  /// The values that hold a wildcard.
  let patterns: [[AASAPattern.Token]]

  init(name: String, values: [String], caseSensitive: Bool) {
    self.name = name
    var children: [[Character: Int]] = [[:]]
    var ends = [false]
    var patterns: [[AASAPattern.Token]] = []
    for value in values {
      guard !value.contains(where: { $0 == "*" || $0 == "?" }) else {
        patterns.append(AASAPattern.plainTokens(value, caseSensitive: caseSensitive))
        continue
      }
      var node = 0
      for character in value {
        let key = caseSensitive ? character : AASAPattern.folded(character)
        if let child = children[node][key] {
          node = child
        } else {
          children.append([:])
          ends.append(false)
          children[node][key] = children.count - 1
          node = children.count - 1
        }
      }
      ends[node] = true
    }
    self.children = children
    self.ends = ends
    self.patterns = patterns
  }

  /// One compiled variable is one variable: a pattern compares variables as names.
  static func == (left: AASAVariable, right: AASAVariable) -> Bool { left === right }
}

/// A file's substitution variables, the predefined ones among them, each compiled once for each
/// case rule when the file is read.
struct AASAVariables: Sendable {
  /// Each variable's values, as the file (or the predefined list) gives them.
  let values: [String: [String]]
  private let compiled: [String: (sensitive: AASAVariable, folded: AASAVariable)]

  /// The predefined variables, and `custom` ones over them (a custom variable named like a
  /// predefined one wins: the spec's decided choice).
  init(custom: [String: [String]] = [:]) {
    var values = AASAPattern.predefinedVariables
    var compiled = Self.predefined
    for (name, items) in custom {
      values[name] = items
      compiled[name] = (
        AASAVariable(name: name, values: items, caseSensitive: true),
        AASAVariable(name: name, values: items, caseSensitive: false)
      )
    }
    self.values = values
    self.compiled = compiled
  }

  /// The variable named `name`, compiled for `caseSensitive`; `nil` when there is none.
  func variable(_ name: String, caseSensitive: Bool) -> AASAVariable? {
    compiled[name].map { caseSensitive ? $0.sensitive : $0.folded }
  }

  /// The predefined variables, compiled once per process.
  private static let predefined: [String: (sensitive: AASAVariable, folded: AASAVariable)] = Dictionary(
    uniqueKeysWithValues: AASAPattern.predefinedVariables.map { name, values in
      (
        name,
        (
          AASAVariable(name: name, values: values, caseSensitive: true),
          AASAVariable(name: name, values: values, caseSensitive: false)
        )
      )
    })
}

extension AASAPattern {
  /// The predefined substitution variables: `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`,
  /// `$(digit)`, `$(xdigit)` (each value one ASCII character, so each matches exactly one), and
  /// `$(region)` and `$(lang)`, Apple's ISO lists pinned in ``ISOCodes``.
  static let predefinedVariables: [String: [String]] = {
    let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    let lower = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    let digit = (UInt8(ascii: "0")...UInt8(ascii: "9")).map { String(UnicodeScalar($0)) }
    return [
      "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digit, "digit": digit,
      "xdigit": digit + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
      "region": ISOCodes.regions, "lang": ISOCodes.languages,
    ]
  }()
}

/// Where Apple is silent about apple-app-site-association matching, the choice made, one name
/// each, so that a future finding changes one place (the spec's open questions). Also chosen,
/// and structural rather than switchable: each app is decided by its own entries (an `exclude`
/// for one app never stops another's); an invalid percent escape stays as written when a
/// component is decoded; empty segments inside a path (`/a//b`) are compared as written.
enum AASAUndocumented {
  /// `?` matches any one character, `/` included, and counts Swift `Character`s (grapheme
  /// clusters) of the compared form.
  static func characters(of text: String) -> [Character] { Array(text) }
  /// An app's details entry with no matching rule falls through to the app's next entry.
  static let entryFallsThrough = true
  /// `defaults` do not apply to legacy `paths`, which are case-sensitive and see only the path.
  static let defaultsApplyToLegacyPaths = false
  /// Under `caseSensitive: false`, query item names are folded too. (Items are split on `&`
  /// and on the first `=`; `+` stays `+`; `percentEncoded: false` decodes names and values.)
  static let queryNamesFollowCaseSensitivity = true
}
