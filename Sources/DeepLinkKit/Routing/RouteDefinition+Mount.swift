extension RouteDefinition {
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
    mount(prefix, routes, types: []) { values in route(values[0] as! Child) }
  }

  /// A group of routes mounted under a prefix with one parameter, whose value comes first:
  /// `.mount("/cards/:id", CardFlow.routes, HomeRoute.card)` for `case card(id: Int, CardRoute)`.
  /// See the one-value `mount(_:_:_:)`.
  public static func mount<Child: Hashable & Sendable, A: LinkParameter>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], _ route: @escaping @Sendable (A, Child) -> Route
  ) -> Self {
    mount(prefix, routes, types: [(ParameterCodec.make(A.self), "\(A.self)")]) { values in
      route(values[0] as! A, values[1] as! Child)
    }
  }

  /// A group of routes mounted under a prefix with two parameters, whose values come first.
  /// See the one-value `mount(_:_:_:)`.
  public static func mount<Child: Hashable & Sendable, A: LinkParameter, B: LinkParameter>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], _ route: @escaping @Sendable (A, B, Child) -> Route
  ) -> Self {
    mount(
      prefix, routes, types: [(ParameterCodec.make(A.self), "\(A.self)"), (ParameterCodec.make(B.self), "\(B.self)")]
    ) {
      values in route(values[0] as! A, values[1] as! B, values[2] as! Child)
    }
  }

  /// The values reach `build` as the prefix's, in order, then the group's route, each of the type
  /// it was read as (the casts cannot fail).
  private static func mount<Child: Hashable & Sendable>(
    _ prefix: String, _ routes: [RouteDefinition<Child>], types: [(ParameterCodec?, String)],
    build: @escaping @Sendable ([any Sendable]) -> Route
  ) -> Self {
    let declaration = TypedDeclaration(pattern: prefix, codecs: types.map(\.0), typeNames: types.map(\.1))
    return Mount<Route, Child>(prefix: declaration, build: build).definition(
      members: routes.flatMap { $0.members ?? [$0] })
  }
}

/// A group's routes under a typed prefix, each made into a route of the parent type.
private struct Mount<Route: Hashable & Sendable, Child: Hashable & Sendable> {
  let prefix: TypedDeclaration
  let build: @Sendable ([any Sendable]) -> Route

  func definition(members: [RouteDefinition<Child>]) -> RouteDefinition<Route> {
    var problems = prefix.problems
    let prefixPattern = prefix.pattern
    if let prefixPattern {
      if !prefixPattern.query.isEmpty { problems.append("declares a query; a prefix is a path only") }
      if prefixPattern.segments.contains(where: { if case .catchAll = $0 { true } else { false } }) {
        problems.append("has a catch-all, which would leave nothing for the group's routes")
      }
    }
    // Two distinct routes of the group, to locate where the app's route keeps the group's.
    var childExamples: [Child] = []
    for example in members.lazy.flatMap(\.examples) where !childExamples.contains(example) {
      childExamples.append(example)
      if childExamples.count == 2 { break }
    }
    let childSlot = ValueSlot(
      examples: childExamples, cast: { $0 as? Child }, equal: { ($0 as? Child) == ($1 as? Child) })
    var locator: ValueLocator<Route>?
    if problems.isEmpty, prefixPattern != nil {
      do {
        locator = try ValueLocator(slots: prefix.slots + [childSlot], build: build)
      } catch {
        problems.append(
          prefix.explain(
            error,
            extra: childExamples.isEmpty
              ? "has no route that can be printed, so the group's routes cannot be located in the app's"
              : "does not keep the group's route in its route as given, so its routes cannot be printed"))
      }
    }
    let mounted = prefixPattern.map { prefixPattern in
      members.map {
        member(prefixPattern, $0, locator: locator, baseline: locator.map { _ in prefix.slots.map { $0.examples[0] } })
      }
    }
    return RouteDefinition(
      pattern: prefix.text, name: nil, sources: nil,
      parse: { _ in throw DeepLinkError(.noRoute, "a group is not a route") }, printer: nil, problems: problems,
      members: mounted ?? [])
  }

  /// One route of the group, under the prefix.
  private func member(
    _ prefixPattern: RoutePattern, _ child: RouteDefinition<Child>, locator: ValueLocator<Route>?,
    baseline: [any Sendable]?
  ) -> RouteDefinition<Route> {
    let (prefix, build) = (self.prefix, self.build)
    let text = Self.joined(prefixPattern.description, child.pattern)
    var problems = child.declarationProblems
    var compiled: RoutePattern?
    if let childPattern = child.compiledPattern ?? (try? RoutePattern(child.pattern)) {
      let clash = Set(prefixPattern.parameterNames).intersection(
        childPattern.parameterNames + childPattern.query.map(\.name))
      if let name = clash.sorted().first {
        problems.append("uses the parameter name \(quoted(name)) in both the prefix and the group's route")
      } else {
        compiled = RoutePattern(
          description: text, segments: prefixPattern.segments + childPattern.segments, query: childPattern.query)
      }
    }
    var printer: RouteDefinition<Route>.Printer?
    if let locator, let childPrinter = child.printer {
      printer = { route in
        guard let values = locator.values(of: route), let inner = values.last as? Child,
          let printed = childPrinter(inner), let outer = prefix.parameters(printing: values.dropLast().map { $0 })
        else { return nil }
        return outer + printed
      }
    }
    var generate: (@Sendable (inout SplitMix) -> Route?)?
    if let generateChild = child.generate {
      generate = { generator in
        var values: [any Sendable] = []
        for binding in prefix.bindings {
          guard let value = binding.codec.generate(&generator) else { return nil }
          values.append(value)
        }
        guard let inner = generateChild(&generator) else { return nil }
        return build(values + [inner])
      }
    }
    var definition = RouteDefinition<Route>(
      pattern: text, name: child.name, sources: child.sources,
      parse: { parameters in build(try prefix.values(parameters) + [try child.parse(parameters)]) },
      printer: printer, compiledPattern: compiled,
      examples: baseline.map { baseline in child.examples.map { build(baseline + [$0]) } } ?? [],
      generate: generate, allowedValues: prefix.allowedValues.merging(child.allowedValues) { first, _ in first },
      problems: problems)
    definition.copyKeys(of: child)
    return definition
  }

  /// `/home` and `/cards/:id` give `/home/cards/:id`; a group's `/` is the prefix itself.
  private static func joined(_ prefix: String, _ pattern: String) -> String {
    let head = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    if pattern == "/" || pattern.hasPrefix("/?") { return (head.isEmpty ? "/" : head) + pattern.dropFirst() }
    return head + pattern
  }
}
