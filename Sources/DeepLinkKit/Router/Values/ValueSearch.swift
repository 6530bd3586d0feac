/// Finds, in a route the app made, the values a declaration could have built it from: every value
/// the route holds of each declared type (read through `Mirror`), combined and tried with the
/// declaration's own closure. A route prints only if exactly one combination builds it.
///
/// Nothing is invented: the closure is called only with values the route itself holds, so a
/// declaration is never run on values that came neither from a link nor from the app. This is
/// what printing and the debug-build check of every resolved route share; no router building
/// calls it.
struct ValueSearch: Sendable {
  /// One value a route is built from, as the search sees it.
  struct Slot: Sendable {
    /// The value's exact type: a value of another type (a subclass, an `Optional` of it) is not
    /// taken for it.
    var type: ObjectIdentifier
    /// The value as `any Sendable`, if `Any` holds one of that type.
    var cast: @Sendable (Any) -> (any Sendable)?
    /// What tells two values apart: the texts a parameter prints as, compared as Swift compares
    /// them (as the route compares its values), a group's route itself.
    var key: @Sendable (any Sendable) -> AnyHashable?
  }

  /// What the search found.
  enum Outcome {
    /// No combination of the route's values builds it: the route does not keep a value as given.
    case none
    /// Exactly one.
    case one([any Sendable])
    /// Two or more, so two links would open the route; the first two.
    case several([any Sendable], [any Sendable])
    /// The route holds more values of the declared types than the search tries.
    case tooMany
  }

  let slots: [Slot]

  /// The most combinations tried for one route.
  static let maxCombinations = 256
  /// How deep the search looks into a route: routes nest a handful of levels.
  static let maxDepth = 16

  /// The values `build` makes `route` from, looked for among those `route` holds (`build`
  /// gives `nil` for values it builds nothing from).
  func values<Route: Equatable>(of route: Route, build: ([any Sendable]) -> Route?) -> Outcome {
    var found: [ObjectIdentifier: [(key: AnyHashable, value: any Sendable)]] = [:]
    for slot in slots where found[slot.type] == nil { found[slot.type] = [] }
    collect(route, into: &found, depth: 0)
    var candidates: [[(key: AnyHashable, value: any Sendable)]] = []
    var combinations = 1
    for slot in slots {
      let values = found[slot.type] ?? []
      guard !values.isEmpty else { return .none }
      combinations *= values.count
      guard combinations <= Self.maxCombinations else { return .tooMany }
      candidates.append(values)
    }
    var matches: [[any Sendable]] = []
    var choice = [Int](repeating: 0, count: slots.count)
    while true {
      let values = choice.indices.map { candidates[$0][choice[$0]].value }
      if build(values) == route {
        matches.append(values)
        if matches.count == 2 { return .several(matches[0], matches[1]) }
      }
      // The next combination, the last slot turning fastest.
      var position = slots.count - 1
      while position >= 0 {
        choice[position] += 1
        if choice[position] < candidates[position].count { break }
        choice[position] = 0
        position -= 1
      }
      if position < 0 { break }
    }
    return matches.first.map(Outcome.one) ?? .none
  }

  /// Every value of a slot's type that `value` holds, at any depth, each once (by its key); a
  /// value of a slot's type is not looked into.
  private func collect(
    _ value: Any, into found: inout [ObjectIdentifier: [(key: AnyHashable, value: any Sendable)]], depth: Int
  ) {
    let type = ObjectIdentifier(Swift.type(of: value))
    if found[type] != nil {
      guard let slot = slots.first(where: { $0.type == type }), let typed = slot.cast(value),
        let key = slot.key(typed)
      else { return }
      if !found[type, default: []].contains(where: { $0.key == key }) { found[type]?.append((key, typed)) }
      return
    }
    guard depth < Self.maxDepth else { return }
    for child in Mirror(reflecting: value).children { collect(child.value, into: &found, depth: depth + 1) }
  }
}
