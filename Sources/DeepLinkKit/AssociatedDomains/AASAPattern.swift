/// One pattern of an apple-app-site-association rule: `*` (zero or more characters), `?` (exactly
/// one), `$(name)` (exactly one of a substitution variable's values, which may hold `*` and `?`
/// themselves), anything else literally. The whole text must match, and `*` and `?` cross `/`.
/// Characters are Swift `Character`s (our choice where Apple is silent: `unicodeCountingRule`).
///
/// Matching runs over sets of positions, token by token, so it costs O(tokens × length) whatever
/// the wildcards, as Apple's guidance on many wildcards asks.
struct AASAPattern: Sendable, Hashable {
  enum Token: Sendable, Hashable {
    case literal(Character)
    case one
    case any
    /// Exactly one of these values, each a pattern without variables.
    case variable([[Token]])
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

  /// Compiles `text`; `variables` maps names to values (predefined ones included).
  init(_ text: String, variables: [String: [String]], caseSensitive: Bool) {
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
        guard let values = variables[name] else {
          problem = problem ?? .undefinedVariable(name)
          continue
        }
        tokens.append(
          .variable(values.map { Self.plainTokens($0, caseSensitive: caseSensitive) }))
      default:
        tokens.append(.literal(caseSensitive ? character : AASAPattern.folded(character)))
      }
    }
    self.tokens = tokens
    self.problem = problem
  }

  /// A variable's value: wildcards and literals, no variables.
  private static func plainTokens(_ text: String, caseSensitive: Bool) -> [Token] {
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

  /// Whether the whole of `text` matches.
  func matches(_ text: String) -> Bool {
    guard problem == nil else { return false }
    let input = AASAUndocumented.characters(of: caseSensitive ? text : String(text.map(AASAPattern.folded)))
    var start = [Bool](repeating: false, count: input.count + 1)
    start[0] = true
    return Self.run(tokens, input, from: start)[input.count]
  }

  /// The positions reachable after `tokens`, from the positions marked in `start`.
  private static func run(_ tokens: [Token], _ input: [Character], from start: [Bool]) -> [Bool] {
    var current = start
    for token in tokens {
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
      case .variable(let values):
        for value in values {
          let reached = run(value, input, from: current)
          for position in reached.indices where reached[position] { next[position] = true }
        }
      }
      current = next
      if !current.contains(true) { break }
    }
    return current
  }
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
