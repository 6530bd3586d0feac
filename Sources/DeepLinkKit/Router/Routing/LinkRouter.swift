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
  /// Each definition's parse closure, by route index, read where a hit builds its route. An
  /// element is a reference of a type that is not generic: reading an element of an array of a
  /// type built from `Route`, in code not specialized for the app's route type, asks the runtime
  /// for that type's metadata (about 330 instructions a link).
  let parsers: [RouteParserBox]
  /// The rest of what the router keeps, behind one reference: a router of four words is passed
  /// in registers, and its methods, called from code not specialized for the app's route type
  /// (the dispatcher's), then need no lookup of `LinkRouter<Route>`'s metadata (about 330
  /// instructions a call); passed by address, they did.
  let tables: RouterTables

  var keyed: KeyedRoutes { tables.keyed }
  /// The definitions that print routes, in table order.
  var printable: [Int] { tables.printable }
  /// The table's options as given, for ``routeTable``.
  package var isCaseSensitive: Bool { tables.isCaseSensitive }
  package var pushURLKeys: [String] { tables.pushURLKeys }

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
    var problems = TableRules.problems(
      in: TableOptions(schemes: schemes, hosts: hosts, limits: limits, pushURLKeys: pushURLKeys))
    var hostList = HostList()
    for host in hosts { try? hostList.add(host) }

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
      let (found, isExcluded) = TableRules.problems(of: definition, pattern: pattern, limits: limits)
      problems += found
      if isExcluded { return }
      var conflict: Int?
      if let host = definition.host {
        guard let normalized = HostGroupRule.listing(host, in: &hostList, problems: &problems) else { return }
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
      problems += GroupRule.problems(of: definition)
      let members = definition.members ?? []
      for index in members.indices { add(members[index]) }
    }
    let keyed = KeyedRoutes(kept, pushURLKeys: pushURLKeys, problems: &problems)
    guard problems.isEmpty else { throw RouteTableError(problems: problems) }
    self.tables = RouterTables(
      keyed: keyed, printable: printable, isCaseSensitive: isCaseSensitive, pushURLKeys: pushURLKeys)
    self.definitions = kept
    self.parsers = kept.map { RouteParser(parse: $0.parse) }
    self.matcher = LinkMatcher(
      routes: summaries, patterns: patterns, trie: trie,
      hostTries: hostTries.sortedByKey.map { (Array($0.key.utf8), $0.value) },
      adapter: URLAdapter(schemes: schemes, hosts: hostList, limits: limits, customSchemeHost: customSchemeHost))
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
    -> LinkResolution<Route>
  {
    try resolve(adapter.request(for: url, source: source), checkingSources: false)
  }

  /// The payload fields a push notification's link may be under, unless a table says otherwise.
  public static var defaultPushURLKeys: [String] { ["deeplink", "deep_link", "link", "url"] }

  /// The bounds on what one input may hold.
  package var limits: InputLimits { adapter.limits }

  /// The number of routes in the table.
  package var routeCount: Int { definitions.count }
}

/// A route's parse closure, under a base class that is not generic (see ``LinkRouter/parsers``).
class RouteParserBox: @unchecked Sendable {}

/// A route's parse closure. (Its only property is constant and `Sendable`.)
final class RouteParser<Route: Hashable & Sendable>: RouteParserBox, @unchecked Sendable {
  let parse: RouteDefinition<Route>.Parse

  init(parse: @escaping RouteDefinition<Route>.Parse) { self.parse = parse }
}

/// What a router keeps beside its matcher, definitions and parsers (see ``LinkRouter/tables``).
final class RouterTables: Sendable {
  let keyed: KeyedRoutes
  let printable: [Int]
  let isCaseSensitive: Bool
  let pushURLKeys: [String]

  init(keyed: KeyedRoutes, printable: [Int], isCaseSensitive: Bool, pushURLKeys: [String]) {
    self.keyed = keyed
    self.printable = printable
    self.isCaseSensitive = isCaseSensitive
    self.pushURLKeys = pushURLKeys
  }
}
