// What a definition does beyond parsing a link: print its route, check it in a debug build, and
// give the tools its values. Each asks the body's own kind (a declared route, a custom one, a
// mounted one; a group does none of it) rather than a method a subclass overrides: the runtime
// record of a class's type, which no app can strip, keeps every method of its table, and these
// reach the value search, the codecs' printing and the checks' messages. Here, an app that never
// prints a link keeps none of it. (14.5 KB of the router-only app of `Benchmarks/ios-size`.)
extension RouteDefinition where Route: Hashable & Sendable {
  /// The parameters that print `route`, in order; `nil` for a route this definition does not
  /// print; throws when the route is this definition's but no one link prints it.
  package func print(_ route: Route) throws(DeepLinkError) -> [(name: String, value: String)]? {
    switch body {
    case let typed as TypedRoute<Route>: return try typed.print(route)
    case let custom as CustomRoute<Route>: return custom.printer?(route)
    case let mounted as MountedBody<Route>: return try mounted.print(route).get()
    default: return nil
    }
  }

  /// Why `route`, opened by a link with these parameters, does not print back with the link's
  /// own values; `nil` when it does, or for a custom definition. A debug build asks it of every
  /// route it opens.
  func verify(_ route: Route, _ parameters: RouteParameters) -> String? {
    switch body {
    case let typed as TypedRoute<Route>: return typed.verify(route, parameters)
    case let mounted as MountedBody<Route>: return mounted.verify(route, parameters)
    default: return nil
    }
  }

  /// A route this declared definition builds from the first value of each parameter's type
  /// (``ParameterCodec/example``), for naming it after its case; `nil` for a custom one, or when
  /// a type gives no values.
  package var exampleRoute: Route? {
    switch body {
    case let typed as TypedRoute<Route>: return typed.exampleRoute
    case let mounted as MountedBody<Route>: return mounted.exampleRoute()
    default: return nil
    }
  }

  /// The texts each parameter with few values allows (a raw-value enum's cases), for export.
  package var allowedValues: [String: [String]] {
    switch body {
    case let typed as TypedRoute<Route>: return typed.allowedValues
    case let mounted as MountedBody<Route>: return mounted.allowedValues()
    default: return [:]
    }
  }

  #if DEBUG
    /// A route built from edge `edge` of each parameter's values (drawn ones for a negative
    /// `edge`), and the parameters those values print as; `nil` for a custom definition, or when
    /// a type gives no values. Only in a debug build, for `DeepLinkKitTesting`'s round-trip checks.
    func sample(_ edge: Int, _ generator: inout SplitMix)
      -> (route: Route, parameters: [(name: String, value: String)])?
    {
      switch body {
      case let typed as TypedRoute<Route>: return typed.sample(edge, &generator)
      case let mounted as MountedBody<Route>: return mounted.sample(edge, &generator)
      default: return nil
      }
    }
  #endif
}
