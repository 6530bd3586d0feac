// The declarations need the route's equality and sendability; the type itself does not, so
// that an app's group route types (`RouteDefinition<HomeRoute>`) are instantiated at launch with
// no conformance look-up.
extension RouteDefinition where Route: Hashable & Sendable {
  /// A route built from the pattern's parameters, and printed back from the route: one
  /// declaration for both directions.
  ///
  /// ```swift
  /// .path("/requests/:id(int)", DeeplinkType.request)               // case request(id: Int)
  /// .path("/cards/:id/detail") { .home(.dashboard(.card(id: $0, .detail))) }
  /// .path("/search?q&page=1&tag*", DeeplinkType.search)             // (String, Int, [String])
  /// ```
  ///
  /// The values are the pattern's parameters in order: path parameters, then the query
  /// parameters after `?`. Each value's Swift type (a ``LinkValue``) is what the link's text must
  /// read as, or the link is refused with `invalidParameter` naming the parameter; an `Int` or
  /// `UUID` path parameter matches only such segments, as `:id(int)` does. A query parameter may
  /// be `Optional` (absent allowed) or an `Array` (every item of the name); `name=value` in the
  /// pattern gives a default, which printing omits. The route must keep each value as given (a
  /// case's associated value, at any depth), so that it can be printed: a route prints from the
  /// values of the declared types it holds, tried with `route`, when exactly one combination
  /// builds it. A debug build refuses a link whose route does not print back as the link's own
  /// values (`{ .item(id: abs($0)) }` and `/items/-5`); a release build trusts the declaration.
  ///
  /// - Parameters:
  ///   - pattern: The path pattern, with any declared query parameters.
  ///   - name: A name for messages and exported tables; optional.
  ///   - sources: The sources allowed to open the route; `nil` (the default) allows all.
  ///   - route: Builds the route from the values: an enum case (`DeeplinkType.request`) or a
  ///     closure.
  public static func path<each Value: LinkParameter>(
    _ pattern: String, name: String? = nil, sources: Set<DeepLinkSource>? = nil,
    _ route: @escaping @Sendable (repeat each Value) -> Route
  ) -> Self {
    var codecs: [ParameterCodec] = []
    for type in repeat (each Value).self { codecs.append(type._linkCodec.codec) }
    let declaration = TypedDeclaration(pattern: pattern, codecs: codecs)
    return declaration.definition(name: name, sources: sources, make: make(declaration, route))
  }

  /// The route of a link's parameters, each value read as its own type: no box, no cast and no
  /// list of values per link; or of values that a route held or a check drew, of these very
  /// types. A declaration with problems, which the router refuses, builds nothing.
  private static func make<each Value: LinkParameter>(
    _ declaration: TypedDeclaration, _ route: @escaping @Sendable (repeat each Value) -> Route
  ) -> TypedRoute<Route>.Make {
    let bindings = declaration.bindings
    var position = 0
    var isComplete = declaration.problems.isEmpty
    func check<T>(_: T.Type) {
      defer { position += 1 }
      isComplete =
        isComplete && bindings.indices.contains(position) && bindings[position].codec.typedRead is TypedRead<T>
    }
    repeat check((each Value).self)
    guard isComplete else {
      return { _ in throw DeepLinkError(.invalidParameter, "\(declaration.text) is not a valid declaration") }
    }
    // The closure holds the bindings' array (one reference, shared with the declaration), so
    // that each route keeps a small context.
    return { input in
      var position = 0
      switch input {
      case .link(let parameters):
        func next<T>(_: T.Type) throws(InvalidParameterValue) -> T {
          defer { position += 1 }
          // The check above found a binding with a reader of this very type at this position.
          return try bindings[position].codec.value(T.self, parameters, bindings[position].name)
        }
        return try route(repeat next((each Value).self))
      case .values(let values):
        // Values of the declared types, in order (the search casts each to its binding's type).
        func next<T>(_: T.Type) -> T {
          defer { position += 1 }
          return values[position] as! T
        }
        return route(repeat next((each Value).self))
      }
    }
  }

  /// A route that takes no parameters: the pattern always gives `route`, and `route` prints as
  /// the pattern.
  ///
  /// - Parameters:
  ///   - pattern: The path pattern, such as `/messages`.
  ///   - route: The route it opens.
  ///   - name: A name for messages; optional.
  ///   - sources: The sources allowed to open the route; `nil` (the default) allows all.
  public static func path(
    _ pattern: String, to route: Route, name: String? = nil, sources: Set<DeepLinkSource>? = nil
  ) -> Self {
    // One closure, which holds the route, whatever it is given.
    TypedDeclaration(pattern: pattern, codecs: []).definition(name: name, sources: sources) { _ in route }
  }

  /// A route built and printed by closures of the app's own, for what ``path(_:name:sources:_:)``
  /// cannot express (a route computed from its parameters). Prefer the declaration: nothing
  /// checks that these two closures agree before a link is printed.
  ///
  /// - Parameters:
  ///   - pattern: The path pattern, such as `/messages/:id`.
  ///   - name: A name for messages; optional.
  ///   - sources: The sources allowed to open the route; `nil` (the default) allows all.
  ///   - parse: Builds the route; a thrown ``DeepLinkError`` is passed on, any other error becomes
  ///     `invalidParameter`.
  ///   - print: The parameters for a route this definition prints, or `nil` for other routes
  ///     (parameters not in the pattern become query items). Omit it for a route that is never
  ///     printed.
  public static func path(
    _ pattern: String, name: String? = nil, sources: Set<DeepLinkSource>? = nil,
    parse: @escaping @Sendable (RouteParameters) throws -> Route,
    print: (@Sendable (Route) -> [String: String]?)? = nil
  ) -> Self {
    var printer: Printer?
    if let print {
      printer = { route in
        guard let values = print(route) else { return nil }
        return values.sortedByKey.map { (name: $0.key, value: $0.value) }
      }
    }
    return Self(pattern: pattern, name: name, sources: sources, parse: parse, printer: printer)
  }
}
