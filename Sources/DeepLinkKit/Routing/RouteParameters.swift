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
public struct RouteParameters: Hashable, Sequence {
  /// One named value.
  public struct Parameter: Sendable, Hashable {
    /// The parameter's name.
    public var name: String
    /// Its percent-decoded value.
    public var value: String
  }

  /// Every parameter's name and value as bytes, in one allocation (a resolved link makes no
  /// string for its parameters until they are read); copied on write.
  private var storage: ParameterStorage

  /// Creates parameters; of two with one name, the first wins.
  ///
  /// - Parameter parameters: Names and values, in order.
  public init(_ parameters: [(name: String, value: String)] = []) {
    storage = ParameterStorage.make(
      entries: parameters.count, bytes: parameters.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count })
    for (name, value) in parameters { append(name, value) }
  }

  /// Empty parameters with room for `capacity` of them holding `bytes` bytes of names and values.
  init(capacity: Int, bytes: Int) {
    storage = ParameterStorage.make(entries: capacity, bytes: bytes)
  }

  /// Adds a parameter; one whose name is already there is kept as a later value of that name.
  mutating func append(_ name: String, _ value: String) {
    var name = name
    var value = value
    name.withUTF8 { name in value.withUTF8 { value in append(name, value) } }
  }

  /// Adds a parameter from bytes; one whose name is already there is kept as a later value.
  mutating func append(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
    reserve(bytes: name.count + value.count)
    storage.append(name, value)
  }

  /// Adds a parameter whose value is `parts` joined by `separator` (a catch-all's segments).
  mutating func append(
    _ name: UnsafeBufferPointer<UInt8>, joining parts: Slice<UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>>,
    separator: UInt8
  ) {
    var count = Swift.max(0, parts.count - 1)
    for part in parts { count += part.count }
    reserve(bytes: name.count + count)
    storage.append(name, joining: parts, separator: separator, count: count)
  }

  /// Makes the storage unique, with room for one more parameter of `bytes` bytes.
  private mutating func reserve(bytes: Int) {
    let header = storage.withUnsafeMutablePointerToHeader { $0.pointee }
    let isFull = header.count == header.entryCapacity || header.used + bytes > header.byteCapacity
    guard isFull || !isKnownUniquelyReferenced(&storage) else { return }
    storage = storage.copy(
      entries: isFull ? Swift.max(4, header.entryCapacity * 2) : header.entryCapacity,
      bytes: isFull ? Swift.max(64, header.byteCapacity * 2 + bytes) : header.byteCapacity)
  }

  /// Every value of the name, in order: a query item given more than once has several.
  ///
  /// - Parameter name: The parameter's name.
  /// - Returns: Its values; empty when there is none.
  public func values(_ name: String) -> [String] {
    storage.entries.filter { storage.name(of: $0, is: name) }.map(storage.value)
  }

  /// Calls `body` with the bytes of every value of the name, in order, making no string.
  func forEachValue(named name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    for entry in storage.entries where storage.name(of: entry, is: name) {
      storage.withBytes(entry) { _, value in body(value) }
    }
  }

  /// The value of the parameter named `name`, if there is one.
  public subscript(name: String) -> String? {
    storage.entries.first { storage.name(of: $0, is: name) }.map(storage.value)
  }

  /// The parameters as a dictionary.
  public var dictionary: [String: String] {
    Dictionary(map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The number of parameters (a later value of a name already there is not counted).
  public var count: Int { storage.firstOfTheirName.lazy.filter { $0 }.count }

  /// The parameters in order, a later value of a name already there left out.
  public func makeIterator() -> some IteratorProtocol<Parameter> {
    let storage = self.storage
    let isFirst = storage.firstOfTheirName
    return storage.entries.indices.lazy.filter { isFirst[$0] }.map {
      Parameter(name: storage.name(storage.entries[$0]), value: storage.value(storage.entries[$0]))
    }.makeIterator()
  }

  public static func == (left: RouteParameters, right: RouteParameters) -> Bool {
    left.storage === right.storage || left.storage.isEqual(to: right.storage)
  }

  public func hash(into hasher: inout Hasher) {
    storage.hash(into: &hasher)
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

/// Its storage is shared only when it is not changed any more (copied on write).
extension RouteParameters: @unchecked Sendable {}

extension RouteParameters: ExpressibleByDictionaryLiteral {
  /// Creates parameters from a literal: `["id": "42"]`.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { (name: $0.0, value: $0.1) })
  }
}

/// The bytes of a ``RouteParameters``: entries (where each name and value is), then the bytes
/// themselves, in one block.
final class ParameterStorage: ManagedBuffer<ParameterStorage.Header, UInt8> {
  struct Header {
    var count: Int
    var entryCapacity: Int
    var used: Int
    var byteCapacity: Int
  }

  struct Entry {
    var nameStart: Int32
    var nameCount: Int32
    var valueStart: Int32
    var valueCount: Int32
  }

  private static let entrySize = MemoryLayout<Entry>.stride

  /// The storage of every empty ``RouteParameters`` made with no room (a route without
  /// parameters allocates nothing); adding to it copies it first.
  nonisolated(unsafe) static let empty = makeNew(entries: 0, bytes: 0)

  static func make(entries: Int, bytes: Int) -> ParameterStorage {
    entries == 0 && bytes == 0 ? empty : makeNew(entries: entries, bytes: bytes)
  }

  private static func makeNew(entries: Int, bytes: Int) -> ParameterStorage {
    let storage = create(minimumCapacity: entries * entrySize + bytes) { _ in
      Header(count: 0, entryCapacity: entries, used: 0, byteCapacity: bytes)
    }
    return unsafeDowncast(storage, to: ParameterStorage.self)
  }

  /// A copy with room for `entries` entries and `bytes` bytes.
  func copy(entries: Int, bytes: Int) -> ParameterStorage {
    let copy = ParameterStorage.make(entries: entries, bytes: bytes)
    for entry in self.entries {
      withBytes(entry) { name, value in copy.append(name, value) }
    }
    return copy
  }

  var entries: UnsafeBufferPointer<Entry> {
    withUnsafeMutablePointers { header, elements in
      UnsafeBufferPointer(
        start: UnsafeRawPointer(elements).assumingMemoryBound(to: Entry.self), count: header.pointee.count)
    }
  }

  /// Where the bytes start: after the room for entries.
  private static func bytesBase(_ header: UnsafeMutablePointer<Header>, _ elements: UnsafeMutablePointer<UInt8>)
    -> UnsafeMutablePointer<UInt8>
  {
    elements + header.pointee.entryCapacity * entrySize
  }

  private func bytes(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt8> {
    let base: UnsafeMutablePointer<UInt8> = withUnsafeMutablePointers(Self.bytesBase)
    return UnsafeBufferPointer(start: base + Int(start), count: Int(count))
  }

  func withBytes<Result>(_ entry: Entry, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    body(bytes(entry.nameStart, entry.nameCount), bytes(entry.valueStart, entry.valueCount))
  }

  func name(_ entry: Entry) -> String { String(decoding: bytes(entry.nameStart, entry.nameCount), as: UTF8.self) }

  func value(_ entry: Entry) -> String {
    String(decoding: bytes(entry.valueStart, entry.valueCount), as: UTF8.self)
  }

  func name(of entry: Entry, is name: String) -> Bool {
    bytes(entry.nameStart, entry.nameCount).elementsEqual(name.utf8)
  }

  /// Adds an entry; the caller made room.
  func append(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
    let nameStart = write(name)
    let valueStart = write(value)
    addEntry(name: name, nameStart: nameStart, valueStart: valueStart, valueCount: value.count)
  }

  /// Adds an entry whose value is `parts` joined by `separator`, `count` bytes; the caller made room.
  func append(
    _ name: UnsafeBufferPointer<UInt8>, joining parts: Slice<UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>>,
    separator: UInt8, count: Int
  ) {
    let nameStart = write(name)
    withUnsafeMutablePointers { header, elements in
      let base = Self.bytesBase(header, elements)
      var offset = header.pointee.used
      for (index, part) in zip(parts.indices, parts) {
        if index != parts.startIndex {
          base[offset] = separator
          offset += 1
        }
        if let source = part.baseAddress { (base + offset).update(from: source, count: part.count) }
        offset += part.count
      }
      header.pointee.used = offset
    }
    addEntry(name: name, nameStart: nameStart, valueStart: nameStart + name.count, valueCount: count)
  }

  /// Writes `bytes` after those written; returns where they start. (Through the header's
  /// pointer: `header` itself is a class property, checked for exclusive access at run time.)
  private func write(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    withUnsafeMutablePointers { header, elements in
      let start = header.pointee.used
      if let source = bytes.baseAddress {
        (Self.bytesBase(header, elements) + start).update(from: source, count: bytes.count)
      }
      header.pointee.used += bytes.count
      return start
    }
  }

  /// Adds an entry in constant time: which entries repeat a name is worked out when asked
  /// (``firstOfTheirName``), so that a link of many query items costs their number, not its square.
  private func addEntry(name: UnsafeBufferPointer<UInt8>, nameStart: Int, valueStart: Int, valueCount: Int) {
    withUnsafeMutablePointers { header, elements in
      let entries = UnsafeMutableRawPointer(elements).assumingMemoryBound(to: Entry.self)
      (entries + header.pointee.count).initialize(
        to: Entry(
          nameStart: Int32(nameStart), nameCount: Int32(name.count), valueStart: Int32(valueStart),
          valueCount: Int32(valueCount)))
      header.pointee.count += 1
    }
  }

  /// For each entry, whether it is the first of its name (a later one is a repeated query item,
  /// or a query item that a path parameter of its name overrides). A few entries are compared
  /// with the ones before them; many are looked up by name, in time linear in their number.
  var firstOfTheirName: [Bool] {
    let entries = self.entries
    guard entries.count > 16 else {
      return entries.indices.map { index in
        let name = bytes(entries[index].nameStart, entries[index].nameCount)
        return !entries[..<index].contains { bytes($0.nameStart, $0.nameCount).elementsEqual(name) }
      }
    }
    var seen = Set<[UInt8]>()
    seen.reserveCapacity(entries.count)
    return entries.map { seen.insert(Array(bytes($0.nameStart, $0.nameCount))).inserted }
  }

  func isEqual(to other: ParameterStorage) -> Bool {
    let (left, right) = (entries, other.entries)
    guard left.count == right.count else { return false }
    // (Equal names in the same order repeat alike.)
    for (a, b) in zip(left, right) {
      guard bytes(a.nameStart, a.nameCount).elementsEqual(other.bytes(b.nameStart, b.nameCount)),
        bytes(a.valueStart, a.valueCount).elementsEqual(other.bytes(b.valueStart, b.valueCount))
      else { return false }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    for entry in entries {
      let name = bytes(entry.nameStart, entry.nameCount)
      let value = bytes(entry.valueStart, entry.valueCount)
      hasher.combine(name.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(name))
      hasher.combine(value.count)
      hasher.combine(bytes: UnsafeRawBufferPointer(value))
    }
  }
}
