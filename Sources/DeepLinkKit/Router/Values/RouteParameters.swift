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
public struct RouteParameters: Hashable, Sendable, Sequence, CustomStringConvertible {
  /// One named value.
  public struct Parameter: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// Its percent-decoded value.
    public var value: String
  }

  /// Where a parameter's name and value lie in ``records``.
  private struct Entry {
    var name: Range<Int>
    var value: Range<Int>
  }

  /// Every parameter in order, as a record: its name's and its value's lengths (4 bytes each,
  /// least significant first), then its name and its value as UTF-8. One array, so that a link's
  /// parameters take one allocation and make no string until they are read; parameters added
  /// alike lay out alike, so comparing or hashing the array compares the parameters.
  private var records: [UInt8] = []

  /// Bytes of a record before its name.
  private static let headerBytes = 8

  /// Creates parameters; of two with one name, the first wins.
  ///
  /// - Parameter parameters: Names and values, in order.
  public init(_ parameters: [(name: String, value: String)] = []) {
    self.init(
      capacity: parameters.count,
      bytes: parameters.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count })
    for (name, value) in parameters { append(name, value) }
  }

  /// Empty parameters with room for `capacity` of them holding `bytes` bytes of names and values.
  init(capacity: Int, bytes: Int) {
    // None: no call (a delivery's context is made with none, for every link).
    if capacity > 0 { records.reserveCapacity(capacity * Self.headerBytes + bytes) }
  }

  /// Adds a parameter; one whose name is already there is kept as a later value of that name.
  mutating func append(_ name: String, _ value: String) {
    append(name.utf8, value.utf8)
  }

  /// Adds a parameter from bytes; one whose name is already there is kept as a later value.
  mutating func append(_ name: some Collection<UInt8>, _ value: some Collection<UInt8>) {
    let start = beginRecord(name)
    records.append(contentsOf: value)
    endRecord(start)
  }

  /// Adds a parameter whose value is `parts` joined by `separator` (a catch-all's segments).
  mutating func append(
    _ name: some Collection<UInt8>, joining parts: some Collection<some Collection<UInt8>>, separator: UInt8
  ) {
    let start = beginRecord(name)
    for (index, part) in parts.enumerated() {
      if index > 0 { records.append(separator) }
      records.append(contentsOf: part)
    }
    endRecord(start)
  }

  /// Writes a record's header and name; the value follows, and ``endRecord(_:)`` writes its length.
  private mutating func beginRecord(_ name: some Collection<UInt8>) -> Int {
    let start = records.count
    for shift in stride(from: 0, to: 32, by: 8) { records.append(UInt8(truncatingIfNeeded: name.count >> shift)) }
    records.append(contentsOf: [0, 0, 0, 0])
    records.append(contentsOf: name)
    return start
  }

  private mutating func endRecord(_ start: Int) {
    let count = records.count - start - Self.headerBytes - length(at: start)
    for (index, shift) in stride(from: 0, to: 32, by: 8).enumerated() {
      records[start + 4 + index] = UInt8(truncatingIfNeeded: count >> shift)
    }
  }

  /// The 4-byte length at `offset`.
  private func length(at offset: Int) -> Int {
    Int(records[offset]) | Int(records[offset + 1]) << 8 | Int(records[offset + 2]) << 16
      | Int(records[offset + 3]) << 24
  }

  /// Every parameter's entry, in order, read from the records as they are walked.
  private var entries: Entries { Entries(parameters: self) }

  private struct Entries: Sequence, IteratorProtocol {
    let parameters: RouteParameters
    var offset = 0

    mutating func next() -> Entry? {
      guard offset < parameters.records.count else { return nil }
      let nameStart = offset + RouteParameters.headerBytes
      let valueStart = nameStart + parameters.length(at: offset)
      offset = valueStart + parameters.length(at: offset + 4)
      return Entry(name: nameStart..<valueStart, value: valueStart..<offset)
    }
  }

  private func name(of entry: Entry) -> ArraySlice<UInt8> { records[entry.name] }

  private func value(of entry: Entry) -> ArraySlice<UInt8> { records[entry.value] }

  private func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

  /// Every value of the name, in order: a query item given more than once has several.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: Its values; empty when there is none.
  public func values(_ name: String) -> [String] {
    var values: [String] = []
    forEachValue(named: name) { values.append(text($0)) }
    return values
  }

  /// Calls `body` with the bytes of every value of the name, in order, making no string.
  func forEachValue(named name: String, _ body: (ArraySlice<UInt8>) -> Void) {
    for entry in entries where self.name(of: entry).elementsEqual(name.utf8) { body(value(of: entry)) }
  }

  /// Whether a parameter is named `name`, given as bytes: lengths are compared first, so that a
  /// check on every link (the reply parameter's) costs a few instructions a parameter.
  func contains(named name: [UInt8]) -> Bool {
    entries.contains { $0.name.count == name.count && self.name(of: $0).elementsEqual(name) }
  }

  /// The value of the parameter named `name`, if there is one.
  public subscript(name: String) -> String? {
    entries.first { self.name(of: $0).elementsEqual(name.utf8) }.map { text(value(of: $0)) }
  }

  /// The parameters as a dictionary.
  public var dictionary: [String: String] {
    var dictionary: [String: String] = [:]
    for parameter in self { dictionary[parameter.name] = parameter.value }  // each name once
    return dictionary
  }

  /// The number of parameters (a later value of a name already there is not counted).
  public var count: Int {
    var all = 0
    for _ in entries { all += 1 }
    return all <= 16 ? entries.count(where: isFirstOfItsName) : firstOfTheirName.count(where: \.self)
  }

  /// The parameters as a person reads them: `[id: "7", utm_campaign: "spring"]`, each value
  /// quoted with escapes, in order, so that printing a `DeliveryContext` shows text, not bytes.
  public var description: String {
    "[" + map { "\(TextRules.escaped($0.name)): \(quoted($0.value))" }.joined(separator: ", ") + "]"
  }

  /// The parameters in order, a later value of a name already there left out.
  public func makeIterator() -> some IteratorProtocol<Parameter> {
    let isFirst = firstOfTheirName
    var parameters: [Parameter] = []
    for (index, entry) in entries.enumerated() where isFirst[index] {
      parameters.append(Parameter(name: text(name(of: entry)), value: text(value(of: entry))))
    }
    return parameters.makeIterator()
  }

  /// For each entry, whether it is the first of its name (a later one is a repeated query item,
  /// or a query item that a path parameter of its name overrides), worked out when asked, so that
  /// adding a parameter takes constant time. A few entries are compared with the ones before
  /// them; many are looked up by name, in time linear in their number.
  private var firstOfTheirName: [Bool] {
    let names = entries.map(name(of:))
    guard names.count > 16 else { return entries.map(isFirstOfItsName) }
    // A set of strings, which the router has already, not one more of byte slices (2.4 KB). Names
    // are the same when their bytes are, so each byte is one scalar of the key (U+0000 to U+00FF):
    // as UTF-8, a precomposed and a decomposed `é` would be one key, and in that range no two
    // keys are canonically equivalent (it holds no combining mark).
    var seen = Set<String>()
    seen.reserveCapacityUnspecialized(names.count)
    return names.map { name in
      var key = String.UnicodeScalarView()
      for byte in name { key.append(Unicode.Scalar(byte)) }
      return seen.insertUnspecialized(String(key))
    }
  }

  /// Whether no entry before `entry` has its name.
  private func isFirstOfItsName(_ entry: Entry) -> Bool {
    let name = name(of: entry)
    for earlier in entries {
      if earlier.name.lowerBound == entry.name.lowerBound { return true }
      if self.name(of: earlier).elementsEqual(name) { return false }
    }
    return true
  }

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
