/// Compiles a table of route definitions into what a router keeps, checking the whole table.
///
/// It parses each pattern (or takes the one a typed declaration completed), asks the table's rules
/// (`Rules/`) what is wrong with each route, opens a group's members in place, inserts each route
/// into its host's trie or the shared one, and reports two routes of one shape as a conflict. In the
/// same single pass it gathers what the matcher, the keyed routes and printing keep: every further
/// pass over an array of a generic type costs a metadata look-up per element.
///
/// A group, a route with keys and a host group's route are added through a function that only
/// the API declaring them makes (``RouteGroup``, ``RouteKeys``): an app that declares none carries
/// none of that code.
///
/// Not generic: only `compile`, `add` and `addGroup` name the app's route type. (A generic
/// compiler, holding the kept definitions, was 4.9 KB more of a router-only app at -Osize, for its
/// metadata and value witnesses.)
struct RouteTableCompiler {
  /// Everything the table's options, patterns and declarations got wrong, in table order.
  private(set) var problems: [RouteTableError.Problem]
  private let isCaseSensitive: Bool
  private let limits: InputLimits
  private var hostList: HostList
  /// Whether a route's first segment is a custom-scheme link's host in Punycode, which a router of
  /// ASCII host names does not read (``FirstSegmentRule``).
  private let checksFirstSegments: Bool
  /// The tries of host groups, by normalized host, in the order the table first names each (a
  /// table has few: a search of the list finds one).
  private var hostTries: [(host: [UInt8], trie: SegmentTrie.Builder)] = []
  private var trie: SegmentTrie.Builder
  private var patterns: [RoutePattern] = []
  private var summaries: [LinkMatcher.RouteSummary] = []
  /// Indices of the kept definitions that print.
  private var printable: [Int] = []
  /// The routes opened by key, which only routes with keys add to.
  private let keyed: KeyedRoutes

  /// Compiles `routes` with the table's options.
  ///
  /// - Parameters:
  ///   - hostList: An empty list, which reads international host names or not; `hosts` are added
  ///     to it.
  /// - Throws: ``RouteTableError`` listing every bad option, pattern, conflict and host.
  static func compile<Route: Hashable & Sendable>(
    schemes: [String], hosts hostList: HostList, listing hosts: [String], isCaseSensitive: Bool, limits: InputLimits,
    pushURLKeys: [String], customSchemeHost: CustomSchemeHost, routes: [RouteDefinition<Route>]
  ) throws(RouteTableError) -> (definitions: [RouteDefinition<Route>], matcher: LinkMatcher, tables: RouterTables) {
    // A group counts its members, so that the lists the router keeps are made once at their size.
    var routeCount = 0
    for index in routes.indices { routeCount += routes[index].members?.count ?? 1 }
    var compiler = Self(
      schemes: schemes, hostList: hostList, hosts: hosts, customSchemeHost: customSchemeHost, limits: limits,
      pushURLKeys: pushURLKeys, isCaseSensitive: isCaseSensitive,
      routeCount: routeCount)
    var kept: [RouteDefinition<Route>] = []
    kept.reserveCapacityUnspecialized(routeCount)
    for definition in routes {
      // A group is added through what its body holds (see `RouteGroup`).
      if definition.isGroup, let addGroup = definition.body.addGroup {
        addGroup(definition, &compiler, &kept)
      } else if compiler.add(definition) {
        kept.appendUnspecialized(definition)
      }
    }
    guard compiler.problems.isEmpty else { throw RouteTableError(problems: compiler.problems) }
    let adapter = URLAdapter(
      schemes: schemes, hosts: compiler.hostList, limits: limits, customSchemeHost: customSchemeHost)
    return (
      kept,
      LinkMatcher(
        routes: compiler.summaries, patterns: compiler.patterns, trie: compiler.trie,
        hostTries: compiler.hostTries, keyed: compiler.keyed, adapter: adapter),
      RouterTables(
        printable: compiler.printable, isCaseSensitive: isCaseSensitive, pushURLKeys: pushURLKeys
      )
    )
  }

  private init(
    schemes: [String], hostList: HostList, hosts: [String], customSchemeHost: CustomSchemeHost, limits: InputLimits,
    pushURLKeys: [String], isCaseSensitive: Bool, routeCount: Int
  ) {
    checksFirstSegments = hostList.idna == nil && !schemes.isEmpty && customSchemeHost == .firstSegment
    var hostList = hostList
    problems = TableRules.problems(
      schemes: schemes, hosts: hosts, limits: limits, pushURLKeys: pushURLKeys, hostList: &hostList)
    self.hostList = hostList
    self.isCaseSensitive = isCaseSensitive
    self.limits = limits
    keyed = KeyedRoutes(pushURLKeys: pushURLKeys)
    trie = SegmentTrie.Builder(isCaseSensitive: isCaseSensitive, expectedRoutes: routeCount)
    summaries.reserveCapacityUnspecialized(routeCount)
    patterns.reserveCapacityUnspecialized(routeCount)
  }

  /// Checks one route and, when nothing is wrong with it, keeps what the router needs of it:
  /// whether it was kept (the caller keeps the definition).
  private mutating func add<Route>(_ definition: RouteDefinition<Route>) -> Bool {
    let pattern: RoutePattern
    if let compiled = definition.compiledPattern {
      pattern = compiled
    } else {
      do {
        pattern = try RoutePattern(definition.pattern)
      } catch {
        problems.appendUnspecialized(contentsOf: error.problems)
        return false
      }
    }
    let (found, isExcluded) = TableRules.problems(of: definition, pattern: pattern, limits: limits)
    problems.appendUnspecialized(contentsOf: found)
    if isExcluded { return false }
    if checksFirstSegments, let problem = FirstSegmentRule.problem(of: definition, pattern: pattern) {
      problems.appendUnspecialized(problem)
    }
    let route: Entry = (
      pattern: pattern,
      summary: LinkMatcher.RouteSummary(
        pattern: definition.pattern, name: definition.name, sources: definition.sources,
        requiresConfirmation: definition.requiresConfirmation),
      isPrintable: definition.isPrintable
    )
    // A route with keys is added through them (see `RouteKeys.add`).
    if let keys = definition.keys { return keys.add(&self, route, keys) }
    return keep(route, conflict: trie.insert(pattern, route: summaries.count))
  }

  /// Checks a group and adds its routes, keeping those that pass in `kept`. Reached only through
  /// ``RouteGroup``, which only mounting a group or declaring a host group makes.
  static func addGroup<Route>(
    _ group: RouteDefinition<Route>, _ compiler: inout Self, _ kept: inout [RouteDefinition<Route>]
  ) {
    compiler.problems.appendUnspecialized(contentsOf: GroupRule.problems(of: group))
    let members = group.members ?? []
    for index in members.indices where compiler.add(members[index]) { kept.appendUnspecialized(members[index]) }
  }

  /// What the compiler keeps of a route that passed its rules. (A tuple: a struct is a type whose
  /// runtime record and value witnesses every app keeps.)
  typealias Entry = (pattern: RoutePattern, summary: LinkMatcher.RouteSummary, isPrintable: Bool)

  /// Keeps `route`, unless it has the shape of the route `conflict`: whether it was kept.
  private mutating func keep(_ route: Entry, conflict: Int?) -> Bool {
    if let existing = conflict {
      let other = summaries[existing]
      let relation =
        other.pattern == route.summary.pattern ? "are registered with the same pattern" : "have the same shape"
      problems.appendUnspecialized(
        .init(.conflict, "\(other.label) and \(route.summary.label) \(relation); a link could match either"))
      return false
    }
    patterns.appendUnspecialized(route.pattern)
    summaries.appendUnspecialized(route.summary)
    if route.isPrintable { printable.append(summaries.count - 1) }
    return true
  }

  /// Adds a route with keys: checks its push rules, inserts it into its host's trie (or the shared
  /// one), and registers its quick action, intent, activity type and push rules. Reached only
  /// through ``RouteKeys/add``, which only the builders of keys make: an app that declares no key
  /// and no host group carries none of this.
  static func add(_ compiler: inout Self, _ route: Entry, _ keys: RouteKeys) -> Bool {
    compiler.problems.appendUnspecialized(
      contentsOf: PushRulesRule.problems(of: keys.pushRules, pattern: route.pattern, label: route.summary.label))
    let conflict: Int?
    if let host = keys.host {
      guard let normalized = HostGroupRule.listing(host, in: &compiler.hostList, problems: &compiler.problems) else {
        return false
      }
      let name = Array(normalized.utf8)
      if let place = compiler.hostTries.firstIndex(where: { $0.host == name }) {
        conflict = compiler.hostTries[place].trie.insert(route.pattern, route: compiler.summaries.count)
      } else {
        var trie = SegmentTrie.Builder(isCaseSensitive: compiler.isCaseSensitive, expectedRoutes: 8)
        conflict = trie.insert(route.pattern, route: compiler.summaries.count)
        compiler.hostTries.append((name, trie))
      }
    } else {
      conflict = compiler.trie.insert(route.pattern, route: compiler.summaries.count)
    }
    guard compiler.keep(route, conflict: conflict) else { return false }
    let summaries = compiler.summaries
    compiler.keyed.register(
      keys, route: summaries.count - 1, label: { summaries[$0].label }, problems: &compiler.problems)
    return true
  }
}
