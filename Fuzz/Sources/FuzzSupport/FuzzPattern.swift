import Foundation

/// A route pattern read by the fuzzers themselves, apart from the library's parser: the fuzzers
/// read only patterns a table was built with, so one this cannot read is itself a finding.
///
/// The grammar (the library's `LinkRouter` documents it): path segments `word` (percent-escapes
/// allowed), `:name`, `:name(int|uuid|string)`, `*` and a last `*name`; after `?`, query items
/// `name`, `name?`, `name*` or `name=value`, each name with an optional `(type)`.
public struct FuzzPattern {
  public enum ParameterType: String { case string, int, uuid }

  public enum Segment: Equatable {
    case literal(String)
    case parameter(name: String, type: ParameterType)
    case wildcard
    case catchAll(name: String)

    /// The name a parameter or catch-all captures.
    public var name: String? {
      switch self {
      case .parameter(let name, _), .catchAll(let name): name
      case .literal, .wildcard: nil
      }
    }
  }

  public enum Presence: Equatable { case required, optional, repeated, defaulted }

  public struct QueryParameter {
    public var name: String
    public var type: ParameterType
    public var presence: Presence
  }

  public let segments: [Segment]
  public let query: [QueryParameter]

  /// Reads `text`, or `nil` when it is not a pattern by the grammar above.
  ///
  /// Split by Unicode scalars, as the library splits: a `/`, `?`, `&` or `=` followed by a
  /// combining mark is one `Character` with it, and a split on characters would not see it.
  public init?(_ text: String) {
    typealias Scalars = Substring.UnicodeScalarView
    let scalars = Scalars(text.unicodeScalars)
    let parts = scalars.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var segments: [Segment] = []
    // Empty pieces are the leading `/` and a trailing one, which patterns ignore.
    for piece in parts[0].split(separator: "/") {
      if piece.elementsEqual(["*"]) {
        segments.append(.wildcard)
      } else if piece.first == "*" {
        segments.append(.catchAll(name: String(piece.dropFirst())))
      } else if piece.first == ":" {
        guard let (name, type) = Self.typed(piece.dropFirst()) else { return nil }
        segments.append(.parameter(name: name, type: type))
      } else {
        guard let literal = String(piece).removingPercentEncoding else { return nil }
        segments.append(.literal(literal))
      }
    }
    var query: [QueryParameter] = []
    if parts.count == 2 {
      for item in parts[1].split(separator: "&") {
        var declaration = item
        var presence = Presence.required
        if let equals = item.firstIndex(of: "=") {
          (declaration, presence) = (item[..<equals], .defaulted)
        } else if item.last == "?" {
          (declaration, presence) = (item.dropLast(), .optional)
        } else if item.last == "*" {
          (declaration, presence) = (item.dropLast(), .repeated)
        }
        guard let (name, type) = Self.typed(declaration) else { return nil }
        query.append(QueryParameter(name: name, type: type, presence: presence))
      }
    }
    self.segments = segments
    self.query = query
  }

  /// A name with an optional `(type)` after it.
  private static func typed(_ text: Substring.UnicodeScalarView) -> (String, ParameterType)? {
    guard let open = text.firstIndex(of: "(") else { return text.isEmpty ? nil : (String(text), .string) }
    guard text.last == ")", open > text.startIndex,
      let type = ParameterType(rawValue: String(text[text.index(after: open)..<text.index(before: text.endIndex)]))
    else { return nil }
    return (String(text[..<open]), type)
  }
}
