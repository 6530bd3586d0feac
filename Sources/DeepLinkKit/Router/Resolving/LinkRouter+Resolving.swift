import Foundation

/// Resolving: a link (or a request made of strings) to the app's route, with how it matched.
extension LinkRouter {
  /// Resolves a link given as text.
  ///
  /// - Parameters:
  ///   - url: The link, such as `myapp://messages/42` or `https://app.example.com/messages/42`.
  ///   - source: The source to check the route's allow-list against. `nil` (the default) takes
  ///     the URL's own kind: ``DeepLinkSource/customScheme`` or ``DeepLinkSource/universalLink``.
  ///     Pass ``DeepLinkSource/inApp`` for links the app opens itself, or the channel a URL came
  ///     through (a push payload's URL is a ``DeepLinkSource/push``).
  /// - Returns: The route, its parameters and how it matched.
  /// - Throws: ``DeepLinkError`` saying why the link opens nothing.
  @inlinable
  public func resolve(_ url: String, source: DeepLinkSource? = nil) throws(DeepLinkError) -> LinkResolution<Route> {
    // The resolution is put together here, where the caller's code knows `Route` (see
    // `ResolutionDetails`).
    try LinkResolution { (details) throws(DeepLinkError) in try resolvedRoute(url, source: source, details: &details) }
  }

  /// The route a link opens; the rest of its resolution goes in `details`.
  @usableFromInline
  func resolvedRoute(_ url: String, source: DeepLinkSource?, details: inout ResolutionDetails?) throws(DeepLinkError)
    -> Route
  {
    // Scanning and matching make no value of the route type, so that they run specialized
    // whatever `Route` is; only building the route is generic.
    try routeFromMatch(matcher.match(url, source: source), checkingSources: true, details: &details)
  }

  /// Resolves a `URL` value, as UIKit hands it over.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: As for ``resolve(_:source:)-(String,_)``.
  /// - Returns: The route, its parameters and how it matched.
  /// - Throws: ``DeepLinkError`` saying why the link opens nothing.
  public func resolve(_ url: URL, source: DeepLinkSource? = nil) throws(DeepLinkError) -> LinkResolution<Route> {
    try resolve(url.absoluteString, source: source)
  }

  /// The route a link opens.
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: As for ``resolve(_:source:)-(String,_)``.
  /// - Returns: The app's route.
  /// - Throws: ``DeepLinkError`` saying why the link opens nothing.
  public func route(for url: String, source: DeepLinkSource? = nil) throws(DeepLinkError) -> Route {
    var details: ResolutionDetails?
    return try resolvedRoute(url, source: source, details: &details)
  }

  /// The route a `URL` opens.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: As for ``resolve(_:source:)-(String,_)``.
  /// - Returns: The app's route.
  /// - Throws: ``DeepLinkError`` saying why the link opens nothing.
  public func route(for url: URL, source: DeepLinkSource? = nil) throws(DeepLinkError) -> Route {
    try route(for: url.absoluteString, source: source)
  }

  /// Resolves a request made of strings (a printed link read back, a leading part of a path);
  /// `verifying: false` leaves out a debug build's check of the route, for the checks that make
  /// it themselves.
  func resolve(_ request: PathRequest, checkingSources: Bool, verifying: Bool = true) throws(DeepLinkError)
    -> LinkResolution<Route>
  {
    try LinkResolution { (details) throws(DeepLinkError) in
      try routeFromMatch(
        request.withScannedLink { link throws(DeepLinkError) in try matcher.match(link) },
        checkingSources: checkingSources, verifying: verifying, details: &details)
    }
  }

  /// The route of a link the matcher matched.
  private func routeFromMatch(
    _ match: consuming LinkMatch, checkingSources: Bool, verifying: Bool = true, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    if match.parameters.contains(named: LinkPush.replyParameterBytes) { throw .forgedReply(from: match.source) }
    // The match's parameters are handed over, not shared, so that a declared default is added in
    // place rather than to a copy.
    return try buildRoute(
      match.index, match.record, &match.parameters, source: match.source, linkKind: match.kind,
      checkingSources: checkingSources, verifying: verifying, details: &details)
  }

  /// The route of the definition at `index`, whose record is `essentials` (as the trie found it
  /// beside the route, or from the matcher's list), built from its parameters: the one place a
  /// route is built, whatever its source. It checks the source, adds a declared query's defaults,
  /// runs the route's parse closure, and in a debug build checks that the route prints back; the
  /// rest of the resolution goes in `details`.
  func buildRoute(
    _ index: Int, _ essentials: RouteEssentials, _ parameters: inout RouteParameters, source: DeepLinkSource,
    linkKind: DeepLinkSource?, checkingSources: Bool, verifying: Bool = true, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    if checkingSources, essentials.sources & source.bit == 0 { throw sourceNotAllowed(index, source) }
    if essentials.declaresQuery { try applyDeclaredQuery(of: index, to: &parameters) }
    let route: Route
    do {
      // (The router's list holds only bodies of `Route`.)
      route = try unsafeDowncast(parsers[index], to: RouteBody<Route>.self).parse(parameters)
    } catch let error as DeepLinkError {
      throw error
    } catch let error as InvalidParameterValue {
      throw .invalidParameter(error.name, "of \(routeNames.label(index)) \(error.reason)")
    } catch {
      throw DeepLinkError(.invalidParameter, "\(routeNames.label(index)) could not be built: \(error)")
    }
    if BuildConfiguration.checksAssertions, verifying,
      let problem = definitions[index].verify(route, parameters)
    {
      // A debug build refuses a route that would not print back with the link's values (see
      // `RouteDefinition.path(_:name:sources:_:)`); a release build calls nothing more.
      throw DeepLinkError(.invalidParameter, "\(routeNames.label(index)), \(problem) (checked in debug builds)")
    }
    details = ResolutionDetails(
      source: source, parameters: parameters, names: routeNames, index: index,
      requiresConfirmation: essentials.requiresConfirmation, linkKind: linkKind)
    return route
  }

  /// Checks the query parameters the pattern of the definition at `index` declares: a required
  /// one must be there, a value must have the declared type, and a default fills an absent one.
  private func applyDeclaredQuery(of index: Int, to parameters: inout RouteParameters) throws(DeepLinkError) {
    for parameter in patterns[index].query {
      var isPresent = false
      var wrongValue: String?
      parameters.forEachValue(named: parameter.name) { value in
        // Of a parameter that is not repeated, the first item is its value, and the others are
        // not read (the routing contract): only the first is checked.
        guard !isPresent || parameter.presence == .repeated else { return }
        isPresent = true
        // A query item's value may be empty: only a typed one is checked here.
        if wrongValue == nil, parameter.type != .string, !value.withUnsafeBufferPointer(parameter.type.accepts) {
          wrongValue = String(decoding: value, as: UTF8.self)
        }
      }
      if let wrongValue {
        throw .invalidParameter(
          parameter.name, "of \(routeNames.label(index)) \(parameter.type.requirement), not \(quoted(wrongValue))")
      }
      guard !isPresent else { continue }
      switch parameter.presence {
      case .required: throw .invalidParameter(parameter.name, "of \(routeNames.label(index)) is missing")
      case .defaulted(let value): parameters.append(parameter.name, value)
      case .optional, .repeated: break
      }
    }
  }

  /// The refusal of the route at `index` from `source`, which its sources leave out.
  private func sourceNotAllowed(_ index: Int, _ source: DeepLinkSource) -> DeepLinkError {
    let sources = definitions[index].sources ?? []
    let allowed = DeepLinkSource.allCases.filter(sources.contains).map(\.rawValue).joined(separator: ", ")
    return DeepLinkError(
      .sourceNotAllowed, "\(routeNames.label(index)) cannot be opened from \(source.phrase) (allowed: \(allowed))")
  }

  /// Checks a route the app resolved itself against its definition, the one whose link opens it
  /// (``definitionPrinting(_:)``, as ``urlString(for:)`` finds it): whether `source` may open it,
  /// and whether it requires confirmation. A route no definition prints has nothing to check.
  ///
  /// - Returns: Whether the route's definition requires confirmation.
  /// - Throws: ``DeepLinkError/Code/sourceNotAllowed`` when the definition's sources leave
  ///   `source` out.
  package func checkedRoute(_ route: Route, from source: DeepLinkSource) throws(DeepLinkError) -> Bool {
    guard let index = definitionPrinting(route)?.index else { return false }
    if let sources = definitions[index].sources, !sources.contains(source) { throw sourceNotAllowed(index, source) }
    return definitions[index].requiresConfirmation
  }
}
