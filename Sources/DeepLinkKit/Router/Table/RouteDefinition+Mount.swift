extension RouteDefinition where Route: Hashable & Sendable {
  /// A group of routes of another route type, mounted under a path prefix: each coordinator, or
  /// each level of a nested route enum, declares its own table and its parent mounts it.
  ///
  /// ```swift
  /// enum HomeRoute { case dashboard, card(id: Int, CardRoute) }
  /// enum HomeFlow {
  ///   static let routes: [RouteDefinition<HomeRoute>] = [
  ///     .path("/dashboard", to: .dashboard),
  ///     .mount("/cards/:id", CardFlow.routes, HomeRoute.card),   // the prefix's values first
  ///   ]
  /// }
  /// // In the app's table:
  /// .mount("/home", HomeFlow.routes, AppRoute.home)              // /home/cards/7/detail
  /// ```
  ///
  /// The mounted routes keep their sources, names, push rules and other keys; their patterns
  /// start with the prefix. The table is then one table: precedence, conflicts and limits work
  /// across groups exactly as if every route had been written out in full.
  ///
  /// - Parameters:
  ///   - prefix: The path the group's routes are under; it may have parameters (no query, no
  ///     catch-all), whose values come first.
  ///   - routes: The group's routes, in its own route type.
  ///   - route: Builds the app's route from the prefix's values and the group's route: a case
  ///     (`AppRoute.home`) or a closure.
  public static func mount<Child: Hashable & Sendable>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], _ route: @escaping @Sendable (Child) -> Route
  ) -> Self {
    mount(prefix, routes, codecs: []) { values in route(values[0] as! Child) }
  }

  /// A group of routes mounted under a prefix with one parameter, whose value comes first:
  /// `.mount("/cards/:id", CardFlow.routes, HomeRoute.card)` for `case card(id: Int, CardRoute)`.
  /// See the one-value `mount(_:_:_:)`.
  public static func mount<Child: Hashable & Sendable, A: LinkParameter>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], _ route: @escaping @Sendable (A, Child) -> Route
  ) -> Self {
    mount(prefix, routes, codecs: [A._linkCodec.codec]) { values in
      route(values[0] as! A, values[1] as! Child)
    }
  }

  /// A group of routes mounted under a prefix with two parameters, whose values come first.
  /// See the one-value `mount(_:_:_:)`.
  public static func mount<Child: Hashable & Sendable, A: LinkParameter, B: LinkParameter>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], _ route: @escaping @Sendable (A, B, Child) -> Route
  ) -> Self {
    mount(prefix, routes, codecs: [A._linkCodec.codec, B._linkCodec.codec]) { values in
      route(values[0] as! A, values[1] as! B, values[2] as! Child)
    }
  }

  /// The values reach `build` as the prefix's, in order, then the group's route, each of the type
  /// it was read as (the casts cannot fail).
  private static func mount<Child: Hashable & Sendable>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], codecs: [ParameterCodec],
    build: @escaping @Sendable ([any Sendable]) -> Route
  ) -> Self {
    let declaration = TypedDeclaration(pattern: prefix, codecs: codecs)
    // By index: a generic append or iterator over the group's own route type is a type the
    // first router in a process would pay to instantiate.
    var members: [RouteDefinition<Child>] = []
    for index in routes.indices {
      guard let group = routes[index].members else {
        members.append(routes[index])
        continue
      }
      for member in group.indices { members.append(group[member]) }
    }
    return group(prefix: declaration, build: build, members: members)
  }

  /// The group's routes under a typed prefix, each made into a route of the parent type. (Static
  /// functions, not a type of their own: a type's runtime record kept its code in every app.)
  private static func group<Child: Hashable & Sendable>(
    prefix: TypedDeclaration, build: @escaping @Sendable ([any Sendable]) -> Route, members: [RouteDefinition<Child>]
  ) -> Self {
    var problems = prefix.problems
    if let prefixPattern = prefix.pattern {
      if !prefixPattern.query.isEmpty { problems.append("declares a query; a prefix is a path only") }
      if prefixPattern.segments.contains(where: { if case .catchAll = $0 { true } else { false } }) {
        problems.append("has a catch-all, which would leave nothing for the group's routes")
      }
    }
    var mounted: [RouteDefinition<Route>] = []
    if let prefixPattern = prefix.pattern {
      mounted.reserveCapacity(members.count)
      for index in members.indices {
        mounted.append(member(members[index], prefix: prefix, prefixPattern: prefixPattern, build: build))
      }
    }
    return RouteDefinition(
      pattern: prefix.text, name: nil, sources: nil, body: RouteGroup(members: mounted, problems: problems))
  }

  /// One route of the group, under the prefix: the parent's route holds the prefix's values and
  /// the group's route, which the group's own definition prints.
  private static func member<Child: Hashable & Sendable>(
    _ child: RouteDefinition<Child>, prefix: TypedDeclaration, prefixPattern: RoutePattern,
    build: @escaping @Sendable ([any Sendable]) -> Route
  ) -> Self {
    let text = joined(prefixPattern.description, child.pattern)
    var problems = child.declarationProblems
    var compiled: RoutePattern?
    if let childPattern = child.compiledPattern ?? (try? RoutePattern(child.pattern)) {
      let childNames = childPattern.parameterNames + childPattern.query.map(\.name)
      if let name = prefixPattern.parameterNames.filter(childNames.contains).min() {
        problems.append("uses the parameter name \(quoted(name)) in both the prefix and the group's route")
      } else {
        compiled = RoutePattern(
          description: text, segments: prefixPattern.segments + childPattern.segments, query: childPattern.query)
      }
    }
    let childBody = child.body
    // The printing and checks are closures made here, where the group's route type is known: made
    // in the body's own code, the runtime record of its class kept them in every app.
    let mounted = MountedRoute(prefix: prefix, build: build, child: child)
    let body = MountedBody(
      parse: { parameters in build(try prefix.values(parameters) + [try childBody.parse(parameters)]) },
      compiledPattern: compiled, problems: problems, isPrintable: child.isPrintable,
      print: { route in Result { () throws(DeepLinkError) in try mounted.print(route) } },
      verify: { mounted.verify($0, $1) }, exampleRoute: { mounted.exampleRoute },
      allowedValues: { mounted.allowedValues })
    #if DEBUG
      body.sample = { mounted.sample($0, &$1) }
    #endif
    var definition = RouteDefinition<Route>(pattern: text, name: child.name, sources: child.sources, body: body)
    definition.copyKeys(of: child)
    return definition
  }

  /// `/home` and `/cards/:id` give `/home/cards/:id`; a group's `/` is the prefix itself.
  private static func joined(_ prefix: String, _ pattern: String) -> String {
    let head = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    if pattern == "/" || pattern.hasPrefix("/?") { return (head.isEmpty ? "/" : head) + String(pattern.dropFirst()) }
    return head + pattern
  }
}

/// A mounted route's body: its parse reads the prefix's values and parses the group's route from
/// the same parameters; its printing and checks are closures that `mount` made, for the group's
/// own route type, which the parent's does not name (see `RouteDefinition+Operations.swift`), so
/// that an app that mounts no group keeps none of them.
final class MountedBody<Route>: RouteBody<Route>, @unchecked Sendable {
  /// Not a typed-throws closure: the type of one needs iOS 18's runtime.
  let print: @Sendable (Route) -> Result<[(name: String, value: String)]?, DeepLinkError>
  let verify: @Sendable (Route, RouteParameters) -> String?
  let exampleRoute: @Sendable () -> Route?
  let allowedValues: @Sendable () -> [String: [String]]
  #if DEBUG
    /// Set once, by `mount`, before the body is shared.
    var sample: @Sendable (Int, inout SplitMix) -> (route: Route, parameters: [(name: String, value: String)])? = {
      _, _ in nil
    }
  #endif
  private let pattern: RoutePattern?
  private let found: [String]
  private let printable: Bool
  private let parseRoute: RouteDefinition<Route>.Parse

  init(
    parse: @escaping RouteDefinition<Route>.Parse, compiledPattern: RoutePattern?, problems: [String],
    isPrintable: Bool, print: @escaping @Sendable (Route) -> Result<[(name: String, value: String)]?, DeepLinkError>,
    verify: @escaping @Sendable (Route, RouteParameters) -> String?, exampleRoute: @escaping @Sendable () -> Route?,
    allowedValues: @escaping @Sendable () -> [String: [String]]
  ) {
    self.print = print
    self.verify = verify
    self.exampleRoute = exampleRoute
    self.allowedValues = allowedValues
    self.pattern = compiledPattern
    self.found = problems
    self.printable = isPrintable
    self.parseRoute = parse
  }

  override func parse(_ parameters: RouteParameters) throws -> Route { try parseRoute(parameters) }
  override var compiledPattern: RoutePattern? { pattern }
  override var problems: [String] { found }
  override var isPrintable: Bool { printable }
}

/// A mounted route: the parent's route holds the prefix's values and the group's route, which
/// the group's own definition prints.
private final class MountedRoute<Route: Hashable & Sendable, Child: Hashable & Sendable>: @unchecked Sendable {
  let prefix: TypedDeclaration
  let build: @Sendable ([any Sendable]) -> Route
  let child: RouteDefinition<Child>

  init(prefix: TypedDeclaration, build: @escaping @Sendable ([any Sendable]) -> Route, child: RouteDefinition<Child>) {
    self.prefix = prefix
    self.build = build
    self.child = child
  }

  private var search: ValueSearch {
    ValueSearch(
      slots: prefix.slots + [
        ValueSearch.Slot(
          type: ObjectIdentifier(Child.self), cast: { $0 as? Child }, key: { ($0 as? Child).map(AnyHashable.init) })
      ])
  }

  func print(_ route: Route) throws(DeepLinkError) -> [(name: String, value: String)]? {
    switch search.values(of: route, build: build) {
    case .none: return nil
    case .one(let values):
      guard let inner = values.last as? Child, let printed = try child.print(inner),
        let outer = prefix.parameters(printing: values.dropLast())
      else { return nil }
      return outer + printed
    case .several(let first, let second):
      throw DeepLinkError(.invalidParameter, builtAlike(route, first, second))
    case .tooMany:
      throw DeepLinkError(.invalidParameter, RouteValues.tooMany(route))
    }
  }

  func verify(_ route: Route, _ parameters: RouteParameters) -> String? {
    // The values the link gave: the prefix's, and the group's route (parsed again: debug only).
    guard let values = try? prefix.values(parameters), let expected = prefix.parameters(printing: values),
      let inner = try? child.parse(parameters)
    else { return nil }
    switch search.values(of: route, build: build) {
    case .one(let found):
      let printed = prefix.parameters(printing: found.dropLast()) ?? []
      guard RouteValues.same(printed, expected), found.last as? Child == inner else {
        return RouteValues.changed(
          route, from: expected + [groupRoute(inner)], printsAs: printed + [groupRoute(found.last as Any)])
      }
      return child.verify(inner, parameters)
    case .none: return RouteValues.notKept(route, expected + [groupRoute(inner)])
    case .several(let first, let second): return builtAlike(route, first, second)
    case .tooMany: return RouteValues.tooMany(route)
    }
  }

  var exampleRoute: Route? {
    guard let values = prefix.exampleValues(), let inner = child.exampleRoute else { return nil }
    return build(values + [inner])
  }

  #if DEBUG
    func sample(_ edge: Int, _ generator: inout SplitMix)
      -> (route: Route, parameters: [(name: String, value: String)])?
    {
      guard let values = prefix.sampleValues(edge, using: &generator), let outer = prefix.parameters(printing: values),
        let inner = child.sample(edge, &generator)
      else { return nil }
      return (build(values + [inner.route]), outer + inner.parameters)
    }
  #endif

  /// The prefix's and the group route's; the prefix's win a name both have. (A loop, for size.)
  var allowedValues: [String: [String]] {
    var values = child.allowedValues
    for (name, texts) in prefix.allowedValues { values[name] = texts }
    return values
  }

  /// Why a route that two sets of values build cannot be printed: the prefix's values, and the
  /// group's route each holds.
  private func builtAlike(_ route: Route, _ first: [any Sendable], _ second: [any Sendable]) -> String {
    let listed = [first, second].map { values in
      (prefix.parameters(printing: values.dropLast()) ?? []) + [groupRoute(values.last as Any)]
    }
    return RouteValues.builtAlike(route, listed[0], listed[1])
  }

  /// The group's route, as the messages list it beside the prefix's values.
  private func groupRoute(_ route: Any) -> (name: String, value: String) {
    ("group route", String(describing: route))
  }
}
