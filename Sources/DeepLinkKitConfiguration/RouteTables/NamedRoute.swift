import DeepLinkKit

/// A route of a JSON route table: the route's name and the parameters the link supplied.
///
/// Tables loaded with ``RouteTable`` produce these; an app that prefers its own enum registers
/// `RouteDefinition`s instead. Both go through the same `LinkRouter`.
public struct NamedRoute: Sendable, Hashable, CustomStringConvertible {
  /// The route's name in the table.
  public var name: String
  /// The path parameters and query items, percent-decoded; a repeated one's first item.
  public var parameters: [String: String]
  /// Every item of each repeated query parameter (declared `name*`) the link holds, in order;
  /// ``parameters`` holds the first.
  public var repeated: [String: [String]]

  /// Creates a named route.
  ///
  /// - Parameters:
  ///   - name: The route's name in the table.
  ///   - parameters: The parameters by name.
  ///   - repeated: Every item of each repeated query parameter; its first is taken into
  ///     `parameters` when `parameters` has none of that name.
  public init(_ name: String, parameters: [String: String] = [:], repeated: [String: [String]] = [:]) {
    self.name = name
    var parameters = parameters
    for (key, values) in repeated where parameters[key] == nil { parameters[key] = values.first }
    self.parameters = parameters
    self.repeated = repeated.filter { !$0.value.isEmpty }
  }

  /// `name` followed by its parameters sorted by name: `messageDetails(id: 42)`; a repeated one
  /// lists its items, `search(tag: [a, b])`. A name or value
  /// that is empty, or holds `,`, `(`, `)`, `:`, `"`, `\`, a space at either end or a control or
  /// invisible character, is quoted with escapes (`search(q: "a, b")`, `message(id: "1\n")`), so
  /// the description is one line that no value can forge.
  public var description: String {
    let list = parameters.sorted { $0.key < $1.key }.map { parameter in
      let shown = repeated[parameter.key].map { "[" + $0.map(Self.shown).joined(separator: ", ") + "]" }
      return "\(Self.shown(parameter.key)): \(shown ?? Self.shown(parameter.value))"
    }
    return "\(Self.shown(name))(\(list.joined(separator: ", ")))"
  }

  private static func shown(_ text: String) -> String {
    let needsQuotes =
      text.isEmpty || text.first == " " || text.last == " "
      || text.unicodeScalars.contains { ",():\"\\".unicodeScalars.contains($0) || TextRules.isRefused($0) }
    return needsQuotes ? quoted(text, limit: .max) : text
  }
}
