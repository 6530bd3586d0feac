import Foundation

/// Turns links into the app's own route type, and routes back into links.
///
/// A router is built once from a table of ``RouteDefinition``s and is immutable and `Sendable`
/// afterwards, so one instance can serve every thread.
///
/// ```swift
/// let router = try LinkRouter<DeeplinkType>(
///   schemes: ["myapp"], hosts: ["app.example.com"],
///   routes: [
///     .path("/activity", to: .activity),
///     .path("/requests/:id", DeeplinkType.request),
///   ])
/// try router.route(for: "myapp://requests/7")          // .request(id: 7)
/// try router.urlString(for: .request(id: 7))            // "https://app.example.com/requests/7"
/// ```
///
/// Matching follows the routing contract: segment by segment from the left, a literal beats a
/// typed parameter, which beats an untyped one, which beats `*`, which beats `*name`; a preferred
/// branch that fails further right gives way to the next. Registration order never matters.
public struct LinkRouter<Route: Hashable & Sendable>: Sendable {
  /// Everything that scans and matches a link, free of the route type (and first, at a place
  /// that does not depend on it), so that resolving runs specialized whatever `Route` is.
  let matcher: LinkMatcher
  package let definitions: [RouteDefinition<Route>]
  /// Each definition's parse closure, by route index, read where a hit builds its route.
  private let parsers: [Parser]
  let keyed: KeyedRoutes
  /// The definitions that print routes, in table order.
  private let printable: [Int]
  /// The table's options as given, for ``routeTable``.
  package let isCaseSensitive: Bool
  package let pushURLKeys: [String]

  /// A route's parse closure, in a struct: kept bare as an array's element, a closure would be
  /// wrapped in a thunk taking its parameters indirectly (one more object per route).
  private struct Parser {
    let parse: RouteDefinition<Route>.Parse
  }

  /// Builds a router, checking the whole table.
  ///
  /// - Parameters:
  ///   - schemes: The app's custom URL schemes (compared case-insensitively).
  ///   - hosts: The universal-link hosts; `*.example.com` allows any subdomain of `example.com`.
  ///   - isCaseSensitive: Whether literal segments must match in case (the default).
  ///   - limits: Bounds on what one input may hold; see ``InputLimits``.
  ///   - pushURLKeys: The payload fields that may hold a link in a push notification, tried at
  ///     the top level, then inside `data`.
  ///   - customSchemeHost: Whether a custom-scheme link's host is its first path segment (the
  ///     default, `myapp://messages/42`) or a listed host (`myapp://app.example.com/messages/42`).
  ///   - routes: The routes, in any order.
  /// - Throws: ``RouteTableError`` listing every bad pattern, conflict, scheme and host.
  public init(
    schemes: [String] = [], hosts: [String] = [], isCaseSensitive: Bool = true,
    limits: InputLimits = InputLimits(), pushURLKeys: [String] = LinkRouter.defaultPushURLKeys,
    customSchemeHost: CustomSchemeHost = .firstSegment, routes: [RouteDefinition<Route>]
  ) throws(RouteTableError) {
    var problems: [RouteTableError.Problem] = []
    for scheme in schemes {
      if let reason = Self.schemeProblem(scheme) {
        problems.append(.init(.invalidOption, "scheme \(quoted(scheme)): \(reason)"))
      }
    }
    var hostList = HostList()
    for host in hosts {
      do { try hostList.add(host) } catch { problems += error.problems }
    }
    problems += limits.problems
    if pushURLKeys.contains(where: \.isEmpty) {
      problems.append(.init(.invalidOption, "pushURLKeys holds an empty key; name the payload fields that hold a link"))
    }

    var hostTries: [String: SegmentTrie.Builder] = [:]
    var patterns: [RoutePattern] = []
    var kept: [RouteDefinition<Route>] = []
    // What the matcher needs, gathered in the one pass over the definitions:
    // every further pass over an array of a generic type costs a metadata lookup per element.
    var summaries: [LinkMatcher.RouteSummary] = []
    // A group counts its members, so that the lists the router keeps are made once at their size.
    var routeCount = 0
    for index in routes.indices { routeCount += routes[index].members?.count ?? 1 }
    summaries.reserveCapacity(routeCount)
    var trie = SegmentTrie.Builder(isCaseSensitive: isCaseSensitive, expectedRoutes: routeCount)
    patterns.reserveCapacity(routeCount)
    kept.reserveCapacity(routeCount)
    // Indices of the kept definitions that print: gathered here, since every separate pass over
    // a large table's definitions copies each (a measurable cost).
    var printable: [Int] = []
    func add(_ definition: RouteDefinition<Route>) {
      let pattern: RoutePattern
      if let compiled = definition.compiledPattern {
        pattern = compiled
      } else {
        do {
          pattern = try RoutePattern(definition.pattern)
        } catch {
          problems += error.problems
          return
        }
      }
      for problem in definition.declarationProblems {
        problems.append(.init(.invalidDeclaration, "\(definition.label) \(problem)"))
      }
      if let reason = Self.unmatchable(pattern, limits: limits) {
        problems.append(.init(.invalidPattern, "\(definition.label) \(reason)"))
        return
      }
      problems += Self.unreachableSources(definition, pattern)
      var conflict: Int?
      if let host = definition.host {
        guard let normalized = Self.listHost(host, in: &hostList, problems: &problems) else { return }
        conflict = hostTries[
          normalized, default: SegmentTrie.Builder(isCaseSensitive: isCaseSensitive, expectedRoutes: 8)
        ]
        .insert(pattern, route: kept.count)
      } else {
        conflict = trie.insert(pattern, route: kept.count)
      }
      if let existing = conflict {
        let other = kept[existing]
        let relation =
          other.pattern == definition.pattern ? "are registered with the same pattern" : "have the same shape"
        problems.append(
          .init(.conflict, "\(other.label) and \(definition.label) \(relation); a link could match either"))
        return
      }
      patterns.append(pattern)
      kept.append(definition)
      summaries.append(
        LinkMatcher.RouteSummary(
          pattern: definition.pattern, name: definition.name, sources: definition.sources,
          requiresConfirmation: definition.requiresConfirmation))
      if definition.isPrintable { printable.append(kept.count - 1) }
    }
    for definition in routes {
      guard definition.isGroup else {
        add(definition)
        continue
      }
      problems += Self.groupProblems(definition)
      let members = definition.members ?? []
      for index in members.indices { add(members[index]) }
    }
    let keyed = KeyedRoutes(kept, pushURLKeys: pushURLKeys, problems: &problems)
    guard problems.isEmpty else { throw RouteTableError(problems: problems) }
    self.keyed = keyed
    self.isCaseSensitive = isCaseSensitive
    self.pushURLKeys = pushURLKeys
    self.printable = printable
    self.definitions = kept
    self.parsers = kept.map { Parser(parse: $0.parse) }
    self.matcher = LinkMatcher(
      routes: summaries, patterns: patterns, trie: trie,
      hostTries: hostTries.sorted { $0.key < $1.key }.map { (Array($0.key.utf8), $0.value) },
      adapter: URLAdapter(schemes: schemes, hosts: hostList, limits: limits, customSchemeHost: customSchemeHost))
  }

  /// The normalized name of a host group's host, listed among the universal-link hosts if it is
  /// not yet; `nil` (with the problem) when it is not a valid host name or is a wildcard.
  private static func listHost(_ host: String, in list: inout HostList, problems: inout [RouteTableError.Problem])
    -> String?
  {
    var single = HostList()
    do throws(RouteTableError) {
      guard !host.hasPrefix("*.") else {
        throw RouteTableError(
          problems: [.init(.invalidOption, "the host group \(quoted(host)) is a wildcard; a group names one host")])
      }
      try single.add(host)
      let normalized = single.entries[0]
      if !list.entries.contains(normalized) { try list.add(host) }
      return normalized
    } catch {
      if !problems.contains(where: { error.problems.contains($0) }) { problems += error.problems }
      return nil
    }
  }

  /// What is wrong with a group itself (its routes are checked one by one).
  private static func groupProblems(_ group: RouteDefinition<Route>) -> [RouteTableError.Problem] {
    var problems: [RouteTableError.Problem] = []
    let label = "the group at \(TextRules.escaped(group.pattern))"
    if group.hasKeyedSource || group.requiresConfirmation {
      problems.append(
        .init(.invalidDeclaration, "\(label) has a source or confirmation of its own; give them to its routes"))
    }
    for problem in group.declarationProblems { problems.append(.init(.invalidDeclaration, "\(label) \(problem)")) }
    return problems
  }

  package var patterns: [RoutePattern] { matcher.patterns }
  var adapter: URLAdapter { matcher.adapter }
  var routeNames: RouteNames { matcher.routeNames }

  // What the configuration product reads of a router, and no more of its insides.

  /// The custom schemes, lowercased, in the table's order.
  package var schemeList: [String] { adapter.schemeList }
  /// The universal-link hosts in their ASCII form, wildcards as `*.example.com`.
  package var hostEntries: [String] { adapter.hosts.entries }
  /// How a custom-scheme link's host is read.
  package var customSchemeHost: CustomSchemeHost { adapter.customSchemeHost }

  /// Resolves `url` as if `source` sent it, its route's `sources` aside: what the route table
  /// answers for a link, whoever may open it.
  package func resolveIgnoringSources(_ url: String, as source: DeepLinkSource) throws(DeepLinkError)
    -> Resolution<Route>
  {
    try resolve(adapter.request(for: url, source: source), checkingSources: false)
  }

  /// The payload fields a push notification's link may be under, unless a table says otherwise.
  public static var defaultPushURLKeys: [String] { ["deeplink", "deep_link", "link", "url"] }

  /// The bounds on what one input may hold.
  public var limits: InputLimits { adapter.limits }

  /// The number of routes in the table.
  public var routeCount: Int { definitions.count }

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
  public func resolve(_ url: String, source: DeepLinkSource? = nil) throws(DeepLinkError) -> Resolution<Route> {
    // The resolution is put together here, where the caller's code knows `Route` (see
    // `ResolutionDetails`).
    try Resolution { (details) throws(DeepLinkError) in try resolvedRoute(url, source: source, details: &details) }
  }

  /// The route a link opens; the rest of its resolution goes in `details`.
  @usableFromInline
  func resolvedRoute(_ url: String, source: DeepLinkSource?, details: inout ResolutionDetails?) throws(DeepLinkError)
    -> Route
  {
    // Scanning and matching make no value of the route type, so that they run specialized
    // whatever `Route` is; only building the route is generic.
    try buildRoute(matcher.match(url, source: source), checkingSources: true, details: &details)
  }

  /// Resolves a `URL` value, as UIKit hands it over.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: As for ``resolve(_:source:)-(String,_)``.
  /// - Returns: The route, its parameters and how it matched.
  /// - Throws: ``DeepLinkError`` saying why the link opens nothing.
  public func resolve(_ url: URL, source: DeepLinkSource? = nil) throws(DeepLinkError) -> Resolution<Route> {
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
    -> Resolution<Route>
  {
    try Resolution { (details) throws(DeepLinkError) in
      try buildRoute(
        request.withScannedLink { link throws(DeepLinkError) in try matcher.match(link) },
        checkingSources: checkingSources, verifying: verifying, details: &details)
    }
  }

  private func buildRoute(
    _ match: consuming LinkMatch, checkingSources: Bool, verifying: Bool = true, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    // The match's parameters are handed over, not shared, so that a declared default is added in
    // place rather than to a copy.
    try buildRoute(
      match.index, match.record, &match.parameters, source: match.source, linkKind: match.kind,
      checkingSources: checkingSources, verifying: verifying, details: &details)
  }

  /// Checks the source and builds the route of the definition at `index` from its parameters;
  /// the rest of the resolution goes in `details`.
  func buildRoute(
    _ index: Int, _ parameters: RouteParameters, source: DeepLinkSource, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    var parameters = parameters
    return try buildRoute(
      index, matcher.essentials[index], &parameters, source: source, linkKind: nil, checkingSources: true,
      details: &details)
  }

  /// The route of the definition at `index`, whose record is `essentials` (as the trie found it
  /// beside the route, or from the matcher's list).
  private func buildRoute(
    _ index: Int, _ essentials: RouteEssentials, _ parameters: inout RouteParameters, source: DeepLinkSource,
    linkKind: DeepLinkSource?, checkingSources: Bool, verifying: Bool = true, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    if checkingSources, essentials.sources & source.bit == 0 {
      let sources = definitions[index].sources ?? []
      let allowed = DeepLinkSource.allCases.filter(sources.contains).map(\.rawValue).joined(separator: ", ")
      throw DeepLinkError(
        .sourceNotAllowed,
        "\(routeNames.label(index)) cannot be opened from \(source.phrase) (allowed: \(allowed))")
    }
    if essentials.declaresQuery { try applyDeclaredQuery(of: index, to: &parameters) }
    let route: Route
    do {
      route = try parsers[index].parse(parameters)
    } catch let error as DeepLinkError {
      throw error
    } catch let error as InvalidParameterValue {
      throw .invalidParameter(error.name, "of \(routeNames.label(index)) \(error.reason)")
    } catch {
      throw DeepLinkError(.invalidParameter, "\(routeNames.label(index)) could not be built: \(error)")
    }
    if BuildConfiguration.checksAssertions, verifying,
      let problem = definitions[index].declared?.verify(route, parameters)
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
        if wrongValue == nil, parameter.type != .string, !parameter.type.accepts(value) {
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

  /// Builds the route of the definition at `index` from named values (a quick action's
  /// `userInfo`, an intent's parameters, a push rule's fields), checking them exactly as a link's
  /// are: a value that fills a path parameter or catch-all by a decoded path segment's rules, any
  /// other by a query item's. The rest of the resolution goes in `details`.
  func buildRoute(
    _ index: Int, values: [String: String], source: DeepLinkSource, details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    let definition = definitions[index]
    // Sorted, so that the same values give the same answer (and the same message) on every run.
    let sorted = values.sorted { $0.key < $1.key }
    try checkValues(sorted)
    var parameters = RouteParameters()
    for segment in patterns[index].segments {
      if let (name, value) = try namedValue(
        for: segment, in: values, of: definition, segmentCount: patterns[index].segments.count)
      {
        parameters.append(name, value)
      }
    }
    for (name, value) in sorted {
      try checkQueryLike(name, value)
      parameters.append(name, value)
    }
    return try buildRoute(index, parameters, source: source, details: &details)
  }

  /// The value `values` holds for a named segment (a parameter or catch-all) of a pattern of
  /// `segmentCount` segments, checked the way a link's decoded segments are (`TextRules`, and a
  /// link's number of segments); `nil` for a literal or `*`. Serves every source that supplies
  /// parameters by name, and printing.
  private func namedValue(
    for segment: RoutePattern.Segment, in values: [String: String], of definition: RouteDefinition<Route>,
    segmentCount: Int
  ) throws(DeepLinkError) -> (name: String, value: String)? {
    switch segment {
    case .parameter(let name, let type):
      guard let value = values[name] else { throw .invalidParameter(name, "of \(definition.label) is missing") }
      if let problem = TextRules.segmentProblem(value) {
        throw .invalidParameter(name, "of \(definition.label) \(problem)")
      }
      guard type.accepts(value) else {
        throw .invalidParameter(name, "of \(definition.label) \(type.requirement), not \(quoted(value))")
      }
      return (name, value)
    case .catchAll(let name):
      guard let value = values[name], !value.isEmpty else {
        throw .invalidParameter(name, "of \(definition.label) is missing")
      }
      // A catch-all spans segments: each part between slashes must be one a link could carry, and
      // no more of them than a link could carry beside the pattern's other segments.
      let parts = value.slashSeparatedParts
      let limit = adapter.limits.maxSegments - segmentCount + 1
      if parts.count > limit {
        throw InputLimits.tooLarge(
          "the catch-all \(quoted(name)) of \(definition.label) holds \(parts.count) segments",
          limit: "\(limit), with the pattern's other segments \(adapter.limits.maxSegments) (maxSegments)")
      }
      for part in parts {
        if let problem = TextRules.segmentProblem(part) {
          throw .invalidParameter(name, "of \(definition.label) holds a segment that \(problem)")
        }
      }
      return (name, value)
    case .literal, .wildcard:
      return nil
    }
  }

  /// Refuses too many values, or a value that is too long, before a route is built from them.
  func checkValues(_ values: [(key: String, value: String)]) throws(DeepLinkError) {
    let limits = adapter.limits
    if values.count > limits.maxPayloadFields {
      throw InputLimits.tooLarge("the input has \(values.count) values", limit: "\(limits.maxPayloadFields)")
    }
    for (name, value) in values where max(value.utf8.count, name.utf8.count) > limits.maxValueLength {
      let what = value.utf8.count > limits.maxValueLength ? "the value of \(quoted(name))" : "a value's name"
      let length = max(value.utf8.count, name.utf8.count)
      throw InputLimits.tooLarge("\(what) is \(length) bytes long", limit: "\(limits.maxValueLength) bytes")
    }
  }

  /// Refuses a named value that a link's query item could not carry: a name with a character a
  /// query name may not hold (`TextRules`), or a value with NUL.
  private func checkQueryLike(_ name: String, _ value: String) throws(DeepLinkError) {
    if let scalar = TextRules.firstRefused(in: name) {
      throw DeepLinkError(.malformedInput, "the value name \(quoted(name)) holds the \(TextRules.describe(scalar))")
    }
    if value.utf8.contains(0) {
      throw DeepLinkError(.malformedInput, "the value of \(quoted(name)) holds the control character U+0000")
    }
  }

  /// Why no link within `limits` can match `pattern`, or `nil`: more segments than a link may
  /// have, or a literal longer than a segment may be. (This also bounds how deep a match goes.)
  private static func unmatchable(_ pattern: RoutePattern, limits: InputLimits) -> String? {
    if pattern.segments.count > limits.maxSegments {
      return
        "has \(pattern.segments.count) segments; no link can match it, since a link has at most \(limits.maxSegments) (maxSegments)"
    }
    for case .literal(let text) in pattern.segments where text.utf8.count > limits.maxValueLength {
      return
        "has a segment of \(text.utf8.count) bytes; no link can match it, since a segment has at most \(limits.maxValueLength) (maxValueLength)"
    }
    return nil
  }

  /// The ways a definition says it opens that can never open it: an empty `sources` list, and a
  /// push rule that does not fill every path parameter (its route could never be built).
  private static func unreachableSources(_ definition: RouteDefinition<Route>, _ pattern: RoutePattern)
    -> [RouteTableError.Problem]
  {
    var problems: [RouteTableError.Problem] = []
    if definition.sources?.isEmpty == true {
      problems.append(.init(.invalidOption, "\(definition.label) has an empty list of sources, so nothing can open it"))
    }
    if let rule = definition.pushRule {
      if rule.when.isEmpty, rule.action == nil {
        problems.append(
          .init(
            .invalidOption,
            "\(definition.label) has a push rule with no \"when\" fields and no action, so any notification would open it; name the fields that pick it"
          ))
      }
      for name in pattern.parameterNames where rule.parameters[name] == nil && name != "replyText" {
        problems.append(
          .init(
            .invalidOption,
            "\(definition.label) has a push rule that never fills its path parameter \(quoted(name)); add it to the rule's parameters"
          ))
      }
    }
    return problems
  }

  private static func schemeProblem(_ scheme: String) -> String? {
    switch URLScheme.problem(scheme) {
    case nil: nil
    case .notAScheme?: "a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""
    case .webScheme?: "http and https are not custom schemes; list universal-link hosts instead"
    }
  }
}

extension LinkRouter {
  /// The link that opens `route`, as text.
  ///
  /// The first definition whose `print` accepts the route prints it: path parameters fill the
  /// pattern, percent-encoded; other parameters become query items, sorted by name. The form is a
  /// universal link on the first listed host without a wildcard, or else the first custom scheme
  /// (`myapp://messages/42`). The printed link is resolved again before it is returned, so a link
  /// that would open something else (a parameter value that collides with a literal route, or a
  /// `parse` that disagrees with its `print`) is refused rather than handed out.
  ///
  /// - Parameter route: The app's route.
  /// - Returns: A link that resolves to `route`.
  /// - Throws: ``DeepLinkError``: `noRoute` when no definition prints the route,
  ///   `invalidParameter` when a parameter is missing, has the wrong type or cannot round-trip.
  public func urlString(for route: Route) throws(DeepLinkError) -> String {
    var printed: (index: Int, values: [(name: String, value: String)])?
    for index in printable {
      do {
        if let values = try definitions[index].print(route) {
          printed = (index, values)
          break
        }
      } catch {
        throw DeepLinkError(
          error.code, "\(definitions[index].label) cannot print \(quoted(String(describing: route))): \(error.message)")
      }
    }
    guard let (index, values) = printed else {
      throw DeepLinkError(.noRoute, "no route definition prints \(quoted(String(describing: route)))")
    }
    return try checkedLink(definitionAt: index, values: values, for: route)
  }

  /// The link the definition at `index` prints from `values`, resolved again: it must open `route`.
  private func checkedLink(definitionAt index: Int, values: [(name: String, value: String)], for route: Route)
    throws(DeepLinkError) -> String
  {
    let link = try urlString(definitionAt: index, parameters: values)
    let request = try adapter.request(for: link, source: nil)
    let resolved: Resolution<Route>
    do {
      resolved = try resolve(request, checkingSources: false)
    } catch {
      throw DeepLinkError(
        .invalidParameter,
        "the link \(quoted(link)) printed by \(definitions[index].label) does not open it: \(error.message)")
    }
    guard resolved.route == route else {
      if resolved.pattern == definitions[index].pattern {
        throw DeepLinkError(
          .invalidParameter,
          "the link \(quoted(link)) printed by \(definitions[index].label) opens \(quoted(String(describing: resolved.route))) instead; a value does not read back as itself"
        )
      }
      throw DeepLinkError(
        .invalidParameter,
        "the link \(quoted(link)) printed by \(definitions[index].label) opens route \(resolved.pattern) instead; a parameter value collides with another route"
      )
    }
    return link
  }

  /// The link that opens `route`, as a `URL`.
  ///
  /// - Parameter route: The app's route.
  /// - Returns: A link that resolves to `route`.
  /// - Throws: As ``urlString(for:)`` does.
  public func url(for route: Route) throws(DeepLinkError) -> URL {
    let text = try urlString(for: route)
    guard let url = URL(string: text) else {
      throw .malformed("Foundation does not accept the printed link \(quoted(text))")
    }
    return url
  }

  /// Prints the link for the definition at `index` from its parameters.
  func urlString(definitionAt index: Int, parameters list: [(name: String, value: String)]) throws(DeepLinkError)
    -> String
  {
    let definition = definitions[index]
    let parameters = Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    var path: [String] = []
    var used: Set<String> = []
    for segment in patterns[index].segments {
      switch segment {
      case .literal(let text):
        path.append(PercentEncoding.encodePathSegment(text))
      case .parameter, .catchAll:
        guard
          let (name, value) = try namedValue(
            for: segment, in: parameters, of: definition, segmentCount: patterns[index].segments.count)
        else { continue }
        // A catch-all's value spans segments; a parameter's is one, with any "/" encoded.
        let parts: [String]
        if case .catchAll = segment {
          parts = value.slashSeparatedParts.map(String.init)
        } else {
          parts = [value]
        }
        for part in parts { path.append(PercentEncoding.encodePathSegment(part)) }
        used.insert(name)
      case .wildcard:
        throw DeepLinkError(
          .noRoute, "\(definition.label) has an unnamed wildcard \"*\", so no link can be printed for it")
      }
    }
    let declared = patterns[index].query
    for parameter in declared where parameter.presence == .required && parameters[parameter.name] == nil {
      throw .invalidParameter(parameter.name, "of \(definition.label) is missing")
    }
    // Declared query parameters in the pattern's order, then the others by name; the items of a
    // repeated name keep their order.
    let rank = { (name: String) in declared.firstIndex { $0.name == name } ?? declared.count }
    let query = list.enumerated().filter { !used.contains($0.element.name) }
      .sorted {
        (rank($0.element.name), $0.element.name, $0.offset) < (rank($1.element.name), $1.element.name, $1.offset)
      }
      .map {
        PercentEncoding.encodeQueryComponent($0.element.name) + "="
          + PercentEncoding.encodeQueryComponent($0.element.value)
      }
      .joined(separator: "&")
    let suffix = query.isEmpty ? "" : "?" + query
    if let host = definition.host.flatMap({ try? HostList.normalize(Array($0.utf8)) }) ?? adapter.hosts.canonicalHost {
      return "https://\(host)/" + path.joined(separator: "/") + suffix
    }
    if let scheme = adapter.schemeList.first {
      return "\(scheme)://" + path.joined(separator: "/") + suffix
    }
    throw DeepLinkError(.unsupportedScheme, "the table lists no scheme and no host, so no link can be printed")
  }
}

extension String {
  /// The parts between `/` characters, empty ones kept. Split on the bytes, not on characters: a
  /// `/` followed by a combining mark or U+200D forms one character with it, and splitting
  /// characters would miss that slash.
  package var slashSeparatedParts: [Substring] {
    utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
  }
}
