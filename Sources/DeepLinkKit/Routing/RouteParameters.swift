import Foundation

/// The parameters a link supplies to its route: the path's captured parameters, then the query
/// items, all percent-decoded.
///
/// A path parameter wins over a query item of the same name, and the first of two query items
/// with one name wins (``values(_:)`` has them all). The typed accessors throw ``DeepLinkError``
/// (`invalidParameter`) naming the parameter, for a custom route's builder:
///
/// ```swift
/// .path("/requests/:id(int)", parse: { .request(id: try $0.int("id") * 2) })
/// ```
public struct RouteParameters: Sendable, Hashable, Sequence {
  /// One named value.
  public struct Parameter: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// Its percent-decoded value.
    public var value: String
  }

  private var storage: [Parameter]
  /// Later parameters of a name already in `storage` (a query name given more than once).
  private var repeated: [Parameter] = []

  /// Creates parameters; of two with one name, the first wins.
  ///
  /// - Parameter parameters: Names and values, in order.
  public init(_ parameters: [(name: String, value: String)] = []) {
    storage = []
    for (name, value) in parameters { append(name, value) }
  }

  /// Empty parameters with room for `capacity` of them.
  init(capacity: Int) {
    storage = []
    storage.reserveCapacity(capacity)
  }

  /// Adds a parameter unless one of the same name is already there.
  mutating func append(_ name: String, _ value: String) {
    guard !storage.contains(where: { $0.name == name }) else {
      repeated.append(Parameter(name: name, value: value))
      return
    }
    storage.append(Parameter(name: name, value: value))
  }

  /// Every value of the name, in order: a query item given more than once has several.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: Its values; empty when there is none.
  public func values(_ name: String) -> [String] {
    guard let first = self[name] else { return [] }
    return repeated.isEmpty ? [first] : [first] + repeated.filter { $0.name == name }.map(\.value)
  }

  /// The value of the parameter named `name`, if there is one.
  public subscript(name: String) -> String? {
    storage.first { $0.name == name }?.value
  }

  /// The parameters as a dictionary.
  public var dictionary: [String: String] {
    Dictionary(storage.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The number of parameters.
  public var count: Int { storage.count }

  public func makeIterator() -> IndexingIterator<[Parameter]> { storage.makeIterator() }

  /// The value of a parameter that must be present.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: Its value, which may be empty only if it came from a query item.
  /// - Throws: ``DeepLinkError`` with code `invalidParameter` when it is missing.
  public func string(_ name: String) throws(DeepLinkError) -> String {
    guard let value = self[name] else { throw .invalidParameter(name, "is missing") }
    return value
  }

  /// The value of a parameter that must be a base-10 integer.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The integer.
  /// - Throws: ``DeepLinkError`` with code `invalidParameter` when it is missing, is not an
  ///   integer or does not fit in `Int`.
  public func int(_ name: String) throws(DeepLinkError) -> Int {
    let value = try string(name)
    guard RoutePattern.ParameterType.int.accepts(value), let number = Int(value) else {
      throw .invalidParameter(name, "\(RoutePattern.ParameterType.int.requirement), not \(quoted(value))")
    }
    return number
  }

  /// The value of a parameter that must be a UUID.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: The UUID.
  /// - Throws: ``DeepLinkError`` with code `invalidParameter` when it is missing or not a UUID.
  public func uuid(_ name: String) throws(DeepLinkError) -> UUID {
    let value = try string(name)
    guard RoutePattern.ParameterType.uuid.accepts(value), let uuid = UUID(uuidString: value) else {
      throw .invalidParameter(name, "\(RoutePattern.ParameterType.uuid.requirement), not \(quoted(value))")
    }
    return uuid
  }
}

extension RouteParameters: ExpressibleByDictionaryLiteral {
  /// Creates parameters from a literal: `["id": "42"]`.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { (name: $0.0, value: $0.1) })
  }
}
