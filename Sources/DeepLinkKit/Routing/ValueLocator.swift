/// Finds where a declaration's route keeps each of the values it was built from, so that the
/// route can be taken apart again for printing, with no second, hand-written closure.
///
/// The route is built once from example values, then once more per value with that value
/// changed; the place (a path of child positions through `Mirror`) holding the first example in
/// the one and the second in the other is where the value lives. Printing reads each value back
/// from its place and accepts the result only if building the route from those values gives the
/// route being printed, so a wrong place can refuse a route but never print a wrong link. (This
/// is how CasePaths took enum payloads apart before Swift had macros.)
struct ValueLocator<Route: Hashable & Sendable>: Sendable {
  typealias Slot = ValueSlot
  typealias Failure = ValueLocatorFailure

  private let slots: [Slot]
  private let paths: [[Int]]
  private let build: @Sendable ([any Sendable]) -> Route

  /// The route built from each slot's first example.
  let example: Route

  /// Locates every slot's value in the routes `build` makes.
  init(slots: [Slot], build: @escaping @Sendable ([any Sendable]) -> Route) throws(Failure) {
    var baseline: [any Sendable] = []
    for (index, slot) in slots.enumerated() {
      guard let first = slot.examples.first else { throw .noExample(index) }
      baseline.append(first)
    }
    let example = build(baseline)
    var paths: [[Int]] = []
    for (index, slot) in slots.enumerated() {
      var changed = baseline
      if slot.examples.count > 1 { changed[index] = slot.examples[1] }
      let isKeptHere = { (original: Any, variant: Any) -> Bool in
        guard let value = slot.cast(original), slot.equal(value, baseline[index]),
          let other = slot.cast(variant), slot.equal(other, changed[index])
        else { return false }
        return true
      }
      guard let path = Self.path(in: example, and: build(changed), where: isKeptHere, depth: 0) else {
        throw .notKept(index)
      }
      paths.append(path)
    }
    self.slots = slots
    self.paths = paths
    self.build = build
    self.example = example
  }

  /// The values `route` was built from, or `nil` when this declaration did not build it.
  func values(of route: Route) -> [any Sendable]? {
    var values: [any Sendable] = []
    values.reserveCapacity(slots.count)
    for (slot, path) in zip(slots, paths) {
      guard let node = Self.node(of: route, at: path), let value = slot.cast(node) else { return nil }
      values.append(value)
    }
    return build(values) == route ? values : nil
  }

  /// The first place, top-down, where `original` and `variant` (built alike) hold values that
  /// `isKeptHere` accepts. Shallow: routes nest a handful of levels.
  private static func path(in original: Any, and variant: Any, where isKeptHere: (Any, Any) -> Bool, depth: Int)
    -> [Int]?
  {
    if isKeptHere(original, variant) { return [] }
    guard depth < 16 else { return nil }
    let children = zip(Mirror(reflecting: original).children, Mirror(reflecting: variant).children)
    for (position, (left, right)) in children.enumerated() {
      if let rest = path(in: left.value, and: right.value, where: isKeptHere, depth: depth + 1) {
        return [position] + rest
      }
    }
    return nil
  }

  private static func node(of value: Any, at path: [Int]) -> Any? {
    var node = value
    for position in path {
      let children = Mirror(reflecting: node).children
      guard position < children.count else { return nil }
      node = children[children.index(children.startIndex, offsetBy: position)].value
    }
    return node
  }
}

/// One value a route is built from, as ``ValueLocator`` sees it.
struct ValueSlot: Sendable {
  /// One value, or two distinct ones when the type has them.
  var examples: [any Sendable]
  /// The value as the slot's type, if it is one.
  var cast: @Sendable (Any) -> (any Sendable)?
  /// Whether two values of the slot's type are equal.
  var equal: @Sendable (any Sendable, any Sendable) -> Bool
}

/// Why a declaration's values could not be located.
enum ValueLocatorFailure: Error {
  /// The slot at this position has no example value.
  case noExample(Int)
  /// The route does not keep the value of the slot at this position as it was given.
  case notKept(Int)
}
