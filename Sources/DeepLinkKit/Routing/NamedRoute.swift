/// A route of a JSON route table: the route's name and the parameters the link supplied.
///
/// Tables loaded with ``RouteTable`` produce these; an app that prefers its own enum registers
/// ``RouteDefinition``s instead. Both go through the same ``Router``.
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

  /// `name` followed by its parameters sorted by name: `messageDetails(id: 42)`.
  public var description: String {
    let list = parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    return "\(name)(\(list))"
  }
}
