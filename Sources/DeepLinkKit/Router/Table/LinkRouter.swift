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
  /// Each definition's body (``RouteBody``), by route index, whose parse builds a hit's route.
  /// An element is a reference of a type that is not generic: reading an element of an array of
  /// a type built from `Route`, in code not specialized for the app's route type, asks the
  /// runtime for that type's metadata (about 330 instructions a link).
  let parsers: [RouteParserBox]
  /// The rest of what the router keeps, behind one reference: a router of four words is passed
  /// in registers, and its methods, called from code not specialized for the app's route type
  /// (the dispatcher's), then need no lookup of `LinkRouter<Route>`'s metadata (about 330
  /// instructions a call); passed by address, they did.
  let tables: RouterTables

  var keyed: KeyedRoutes { matcher.keyed }
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
  ///   - hostNames: Whether international host names (`bücher.example`, `xn--bcher-kva.example`)
  ///     are read, listed or in a link: ``HostNames/ascii`` (the default) or
  ///     ``HostNames/international``.
  ///   - isCaseSensitive: Whether literal segments must match in case (the default).
  ///   - limits: Bounds on what one input may hold; see ``InputLimits``.
  ///   - pushURLKeys: The payload fields that may hold a link in a push notification, tried at
  ///     the top level, then inside `data` (by default `deeplink`, `deep_link`, `link` and `url`).
  ///   - customSchemeHost: Whether a custom-scheme link's host is its first path segment (the
  ///     default, `myapp://messages/42`) or a listed host (`myapp://app.example.com/messages/42`).
  ///   - routes: The routes, in any order.
  /// - Throws: ``RouteTableError`` listing every bad pattern, conflict, scheme and host.
  public init(
    schemes: [String] = [], hosts: [String] = [], hostNames: HostNames = .ascii, isCaseSensitive: Bool = true,
    limits: InputLimits = InputLimits(), pushURLKeys: [String] = LinkRouter.defaultPushURLKeys,
    customSchemeHost: CustomSchemeHost = .firstSegment, routes: [RouteDefinition<Route>]
  ) throws(RouteTableError) {
    let compiled = try RouteTableCompiler.compile(
      schemes: schemes, hosts: HostList(idna: hostNames.idna), listing: hosts, isCaseSensitive: isCaseSensitive,
      limits: limits, pushURLKeys: pushURLKeys, customSchemeHost: customSchemeHost, routes: routes)
    self.definitions = compiled.definitions
    self.parsers = compiled.definitions.map { $0.body }
    self.matcher = compiled.matcher
    self.tables = compiled.tables
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
  /// Whether international host names are read (``HostNames/international``).
  package var readsInternationalHosts: Bool { adapter.hosts.idna != nil }

  /// Resolves `url` as if `source` sent it, its route's `sources` aside: what the route table
  /// answers for a link, whoever may open it.
  package func resolveIgnoringSources(_ url: String, as source: DeepLinkSource) throws(DeepLinkError)
    -> LinkResolution<Route>
  {
    try resolve(adapter.request(for: url, source: source), checkingSources: false)
  }

  /// The payload fields a push notification's link may be under, unless a table says otherwise
  /// (the default of `init`'s `pushURLKeys`, which its documentation names).
  @usableFromInline package static var defaultPushURLKeys: [String] { ["deeplink", "deep_link", "link", "url"] }

  /// The bounds on what one input may hold.
  package var limits: InputLimits { adapter.limits }

  /// The number of routes in the table.
  package var routeCount: Int { definitions.count }
}

/// A route's body (``RouteBody``), under a base class that is not generic (see
/// ``LinkRouter/parsers``).
class RouteParserBox: @unchecked Sendable {}

/// What a router keeps beside its matcher, definitions and parsers (see ``LinkRouter/tables``).
final class RouterTables: Sendable {
  let printable: [Int]
  let isCaseSensitive: Bool
  let pushURLKeys: [String]

  init(printable: [Int], isCaseSensitive: Bool, pushURLKeys: [String]) {
    self.printable = printable
    self.isCaseSensitive = isCaseSensitive
    self.pushURLKeys = pushURLKeys
  }
}
