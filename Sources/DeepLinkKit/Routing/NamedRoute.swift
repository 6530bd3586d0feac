/// A route of a JSON route table: the route's name and the parameters the link supplied.
///
/// Tables loaded with ``RouteTable`` produce these; an app that prefers its own enum registers
/// ``RouteDefinition``s instead. Both go through the same ``LinkRouter``.
public struct NamedRoute: Sendable, Hashable, CustomStringConvertible {
  /// The route's name in the table.
  public var name: String
  /// The path parameters and query items, percent-decoded.
  public var parameters: [String: String]

  /// Creates a named route.
  public init(_ name: String, parameters: [String: String] = [:]) {
    self.name = name
    self.parameters = parameters
  }

  /// `name` followed by its parameters sorted by name: `messageDetails(id: 42)`. A name or value
  /// that is empty, or holds `,`, `(`, `)`, `:`, `"`, `\`, a space at either end or a control or
  /// invisible character, is quoted with escapes (`search(q: "a, b")`, `message(id: "1\n")`), so
  /// the description is one line that no value can forge.
  public var description: String {
    let list = parameters.sorted { $0.key < $1.key }.map { "\(Self.shown($0.key)): \(Self.shown($0.value))" }
    return "\(Self.shown(name))(\(list.joined(separator: ", ")))"
  }

  private static func shown(_ text: String) -> String {
    let needsQuotes =
      text.isEmpty || text.first == " " || text.last == " "
      || text.unicodeScalars.contains { ",():\"\\".unicodeScalars.contains($0) || TextRules.isRefused($0) }
    return needsQuotes ? quoted(text, limit: .max) : text
  }
}
