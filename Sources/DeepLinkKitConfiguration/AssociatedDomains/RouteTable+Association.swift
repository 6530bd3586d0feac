import DeepLinkKit
import Foundation

extension RouteTable {
  /// The domains that serve an apple-app-site-association file for this table, in table order:
  /// each exact host, and `example.com` for `*.example.com` (iOS reads a wildcard entitlement's
  /// file from the parent domain, TN3155). The routes are table-wide, so every domain's file
  /// holds the same rules, but for routes of a per-host group.
  ///
  /// ```swift
  /// RouteTable(hosts: ["www.example.com", "*.example.com"], routes: []).appSiteAssociationDomains
  /// // ["www.example.com", "example.com"]
  /// ```
  package var appSiteAssociationDomains: [String] {
    var domains: [String] = []
    for host in hosts.map(AssociationTable.normalized) {
      let domain = host.hasPrefix("*.") ? String(host.dropFirst(2)) : host
      if !domains.contains(domain) { domains.append(domain) }
    }
    return domains
  }

  /// Checks an apple-app-site-association file against this table, both ways, for one app on
  /// one domain: every route that universal links may open is opened (`routeNotCovered`), no
  /// route whose `sources` forbid universal links is (`forbiddenRouteOpened`), and paths no
  /// route serves are not opened (`unroutableOpened`; `typeWidened` when only a typed value
  /// fails, `queryWidened` when only a required query item is missing, which a file cannot
  /// express). The file's structure problems (what
  /// ``AppSiteAssociation/lint(json:appID:)`` finds) come with them.
  ///
  /// Probes, on each table host the domain's file serves (the domain itself, and a subdomain of it
  /// for `*.domain`): per route a witness (`w` for a parameter, `42` for an int, a fixed UUID,
  /// `w/w` for a catch-all) with and without a trailing `/`, and negatives (one segment deeper and
  /// shallower, a wrong int or UUID, the first literal in upper case when the table is
  /// case-sensitive); per include rule of the app, witnesses of its path pattern; and `urls`.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - appID: The app.
  ///   - appClipID: The app's App Clip, which the file's `appclips` must list
  ///     (`appClipNotListed`); `nil` checks none.
  ///   - domain: The domain the file is served from; by default the table's first host (a
  ///     wildcard's apex for `*.example.com`).
  ///   - urls: More URLs to probe.
  /// - Returns: The problems, errors first.
  /// - Throws: `RouteTableError` when the table does not build.
  public func verify(
    _ file: AppSiteAssociation, appID: String, appClipID: String? = nil, domain: String? = nil, urls: [String] = []
  ) throws(RouteTableError) -> [ConfigurationProblem] {
    var clip: [ConfigurationProblem] = []
    if let appClipID, !file.appClipIDs.contains(appClipID) {
      clip.append(
        ConfigurationProblem(
          "appClipNotListed", .error,
          "the file's appclips section does not list \(quoted(appClipID)), so iOS does not open the App Clip from "
            + "the domain's links (and iOS 16.3 and earlier not at all)"))
    }
    guard let domain = domain.map(AssociationTable.normalized) ?? appSiteAssociationDomains.first else {
      return [
        ConfigurationProblem(
          "hostNotServed", .warning, "the table lists no universal-link host; name the domain the file is served from")
      ]
    }
    let association = try AssociationTable(self, domain: domain)
    let verifier = AssociationVerifier(association: association, file: file, appID: appID, domain: domain)
    return (clip + file.problems + verifier.problems(extra: urls)).bySeverity()
  }

  /// An apple-app-site-association file whose `components` encode this table's universal-link
  /// routes in the router's precedence order, for `appIDs`, on `domain`; checked with
  /// ``verify(_:appID:appClipID:domain:urls:)`` before it is returned.
  ///
  /// Each route is one component, an `exclude` when its `sources` forbid universal links, with a
  /// comment naming it. A parameter becomes `?*`, which may cross `/`, so depth guards (excludes
  /// of the path one segment deeper at each parameter) come before a route that has them; a guard
  /// that would hide a deeper route is dropped, and a rule that an earlier one always decides
  /// first is left out. A UUID parameter is exact; an int is widened to any text (`typeWidened`).
  /// No pattern ends in `/*`, and no `percentEncoded: false` is written.
  ///
  /// ```swift
  /// let (json, problems) = try table.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"])
  /// // {"applinks": {"details": [{"appIDs": [...], "components": [{"/": "/messages/?*", ...}, ...]}]}}
  /// ```
  ///
  /// - Parameters:
  ///   - appIDs: The apps that open the table's links (`<team ID>.<bundle ID>`); all get the
  ///     same rules.
  ///   - appClipIDs: Their App Clips (`<team ID>.<bundle ID>.Clip`), listed in the file's
  ///     `appclips` section so that the domain's links and App Clip codes open them (added to
  ///     those a merged file lists).
  ///   - domain: The domain the file is served from; by default the table's first host (a
  ///     wildcard's apex for `*.example.com`).
  ///   - existing: A file already served there to merge into: only its details entries naming
  ///     `appIDs` are replaced (at the place of the first), and everything else is kept (other
  ///     apps in their order, `webcredentials`, `appclips`, substitution variables). When it has
  ///     domain-level `defaults`, the new entry resets each key they set.
  ///   - legacy: Also writes `"apps": []` and a `paths` mirror of the rules (`NOT ` for an
  ///     exclude, `?` for a UUID's hex digit) for iOS 12 and earlier, which iOS 13 and later ignore
  ///     because `components` is there; the mirror is checked too.
  /// - Returns: The file's JSON text, and the problems that remain: information, or a
  ///   `routeNotCovered` error when an exclude the table needs also closes a lower route's
  ///   deeper paths (`/settings/:section` forbidden before `/settings/*rest` allowed).
  /// - Throws: `RouteTableError` when the table does not build, `existing` cannot be read, the
  ///   file would be larger than 128 KB, or it would open a route the table forbids (never
  ///   written).
  public func appSiteAssociation(
    appIDs: [String], appClipIDs: [String] = [], domain: String? = nil, merging existing: Data? = nil,
    legacy: Bool = false
  ) throws(RouteTableError) -> (json: String, problems: [ConfigurationProblem]) {
    guard !appIDs.isEmpty else {
      throw RouteTableError(problems: [.init(.invalidOption, "an apple-app-site-association file needs an app ID")])
    }
    // An App Clip's identifier is its app's, and then a name of its own (Apple: the App Clip's
    // bundle ID is the app's bundle ID as a prefix, then a string).
    for clip in appClipIDs where !appIDs.contains(where: { clip.hasPrefix($0 + ".") }) {
      throw RouteTableError(problems: [
        .init(
          .invalidOption,
          "the App Clip \(quoted(clip)) is not one of the apps' (its identifier is an app's, then \".\" and a name, "
            + "as \(quoted((appIDs.first ?? "") + ".Clip")))")
      ])
    }
    guard let domain = domain.map(AssociationTable.normalized) ?? appSiteAssociationDomains.first else {
      throw RouteTableError(problems: [
        .init(.invalidOption, "the table lists no universal-link host; name the domain the file is served from")
      ])
    }
    let base = try existing.map { data throws(RouteTableError) in
      AssociationGenerator.removing(appIDs, from: try AssociationGenerator.base(merging: data))
    }
    let generator = AssociationGenerator(
      association: try AssociationTable(self, domain: domain), appIDs: appIDs, appClipIDs: appClipIDs, domain: domain,
      base: base, legacy: legacy)
    return try generator.generate()
  }
}

/// Writes a generated file: the components from the table, the document around them (merged into
/// an existing file), and the self-check.
struct AssociationGenerator {
  struct Component {
    var path: String
    var exclude: Bool
    var comment: String
    var isGuard: Bool
  }

  /// The existing file's top-level object, with `details` as an array and the app IDs' entries
  /// removed; `insertion` is where the new entry goes.
  struct Base {
    var top: [String: JSONValue]
    var details: [JSONValue]
    var insertion: Int
    var notes: [ConfigurationProblem]
  }

  let association: AssociationTable
  let appIDs: [String]
  let appClipIDs: [String]
  let domain: String
  let base: Base?
  let legacy: Bool

  /// Generates until the self-check holds: a guard that blocks a route's own link hid a deeper
  /// route, so it is dropped and the file written again.
  func generate() throws(RouteTableError) -> (json: String, problems: [ConfigurationProblem]) {
    var dropped: Set<String> = []
    while true {
      let components = reachable(Self.components(association.routes, droppingGuards: dropped))
      let (text, index) = document(components, legacyPaths: legacy)
      guard text.utf8.count <= AASALinter.sizeLimit else {
        throw RouteTableError(problems: [
          .init(
            .invalidOption,
            "the file would be \(text.utf8.count) bytes; iOS reads at most \(AASALinter.sizeLimit) (128 KB)")
        ])
      }
      let file = parse(text)
      let verifier = AssociationVerifier(association: association, file: file, appID: appIDs[0], domain: domain)
      let problems = verifier.problems(extra: [])
      let blockingGuards = Set(
        problems.filter { $0.code == "routeNotCovered" && $0.details == index }.compactMap { problem in
          problem.component.flatMap { components.indices.contains($0) ? components[$0] : nil }
        }.filter(\.isGuard).map(\.path))
      if !blockingGuards.isEmpty, !blockingGuards.isSubset(of: dropped) {
        dropped.formUnion(blockingGuards)
        continue
      }
      try refuseForbidden(problems, prefix: "")
      var notes = association.routes.filter(\.hasNotExpressibleLiteral).map { route in
        ConfigurationProblem(
          "literalNotExpressible", .info,
          "route \(quoted(route.name)) has a literal with \"*\" or \"$(\", written as \"?\"", route: route.name)
      }
      notes += base?.notes ?? []
      notes += file.problems.map { problem in
        guard problem.code == "mixedFormats", problem.details == index else { return problem }
        return ConfigurationProblem(
          "mixedFormats", .info,
          "details[\(index)] has both components and paths, as --legacy asks: iOS 13 and later read only "
            + "components, iOS 12 and earlier only paths", details: index)
      }
      // The verifier's findings, at the severity `verify` gives them: a path a parameter's `?*`
      // opens beyond its segment, which no guard may close without hiding a route, is as much a
      // warning here as there. The table's other hosts get files of their own.
      notes += problems.filter { $0.code != "hostNotServed" }
      if legacy { notes += try legacyProblems(components) }
      return (text, notes.bySeverity())
    }
  }

  private func softened(_ problem: ConfigurationProblem, prefix: String = "") -> ConfigurationProblem {
    var problem = problem
    problem.severity = .info
    problem.message = prefix + problem.message
    return problem
  }

  private func refuseForbidden(_ problems: [ConfigurationProblem], prefix: String) throws(RouteTableError) {
    let forbidden = problems.filter { $0.code == "forbiddenRouteOpened" }
    guard forbidden.isEmpty else {
      throw RouteTableError(
        problems: forbidden.map {
          .init(.invalidOption, "the generated file would open a forbidden route\(prefix): \($0.message)")
        })
    }
  }

  /// What iOS 12 and earlier, which read only `paths`, would open: a forbidden route refuses the
  /// file; anything else is information.
  private func legacyProblems(_ components: [Component]) throws(RouteTableError) -> [ConfigurationProblem] {
    let (text, _) = document(components, legacyPaths: true, components: false)
    let verifier = AssociationVerifier(
      association: association, file: parse(text), appID: appIDs[0], domain: domain)
    let problems = verifier.problems(extra: [])
    try refuseForbidden(problems, prefix: " on iOS 12 and earlier (paths)")
    return problems.filter { $0.code != "hostNotServed" }.map {
      softened($0, prefix: "on iOS 12 and earlier (paths): ")
    }
  }

  /// The generated text always reads: it is written from strings and Booleans into an object
  /// with `applinks`.
  private func parse(_ text: String) -> AppSiteAssociation {
    do {
      return try AppSiteAssociation(reading: Data(text.utf8))
    } catch {
      preconditionFailure("a generated file does not read: \(error.problem.message)")
    }
  }

  /// The components without those an earlier rule always decides first (a guard repeated for
  /// two parameters, a catch-all's rule after a parameter's with the same glob).
  private func reachable(_ components: [Component]) -> [Component] {
    let (text, index) = document(components, legacyPaths: false)
    let file = parse(text)
    let rules = file.rules(for: appIDs[0]).filter { $0.details == index }.map { CoverageRule($0.rule, in: file) }
    var kept: [CoverageRule] = []
    var result: [Component] = []
    var budget = AASALinter.coverageBudget
    for (component, rule) in zip(components, rules) where !kept.contains(where: { $0.covers(rule, budget: &budget) }) {
      kept.append(rule)
      result.append(component)
    }
    return result
  }

  static func components(_ routes: [AssociationTable.Route], droppingGuards dropped: Set<String>) -> [Component] {
    var components: [Component] = []
    for route in routes {
      if route.allowsUniversalLinks {
        for position in route.widenedPositions {
          var segments = route.globSegments
          segments[position] = "?*/?*"
          let glob = "/" + segments.joined(separator: "/")
          guard !dropped.contains(glob) else { continue }
          components.append(
            Component(
              path: glob, exclude: true, comment: "guard: \(route.name) takes one segment here", isGuard: true))
        }
      }
      components.append(
        Component(
          path: route.glob, exclude: !route.allowsUniversalLinks,
          comment: "route \(route.name): \(route.pattern.description)", isGuard: false))
    }
    return components
  }

  /// The file's text and the index of the new details entry.
  func document(_ components: [Component], legacyPaths: Bool, components withComponents: Bool = true)
    -> (String, Int)
  {
    var top = base?.top ?? [:]
    var applinks: [String: JSONValue] = [:]
    if case .object(let existing)? = top["applinks"] { applinks = existing }
    var entry: [String: JSONValue] = ["appIDs": .array(appIDs.map(JSONValue.string))]
    if withComponents {
      entry["components"] = .array(
        components.map { component in
          var object: [String: JSONValue] = ["/": .string(component.path), "comment": .string(component.comment)]
          if component.exclude { object["exclude"] = .bool(true) }
          return .object(object)
        })
    }
    if legacyPaths {
      entry["paths"] = .array(
        components.map {
          .string(($0.exclude ? "NOT " : "") + $0.path.replacingOccurrences(of: "$(xdigit)", with: "?"))
        })
      if applinks["apps"] == nil { applinks["apps"] = .array([]) }
    }
    var defaults: [String: JSONValue] = [:]
    let caseSensitive = association.table.isCaseSensitive
    if !caseSensitive { defaults["caseSensitive"] = .bool(false) }
    // Domain-level defaults of a merged file would apply to the new rules too: reset each key.
    if case .object(let domainDefaults)? = applinks["defaults"] {
      let resets: [String: JSONValue] = [
        "?": .string("*"), "#": .string("*"), "exclude": .bool(false), "caseSensitive": .bool(caseSensitive),
        "percentEncoded": .bool(true),
      ]
      for key in domainDefaults.keys { if let reset = resets[key] { defaults[key] = reset } }
    }
    if !defaults.isEmpty { entry["defaults"] = .object(defaults) }
    var details = base?.details ?? []
    let index = base?.insertion ?? 0
    details.insert(.object(entry), at: index)
    applinks["details"] = .array(details)
    top["applinks"] = .object(applinks)
    if !appClipIDs.isEmpty {
      var appclips: [String: JSONValue] = [:]
      if case .object(let existing)? = top["appclips"] { appclips = existing }
      var apps: [JSONValue] = []
      if case .array(let listed)? = appclips["apps"] { apps = listed }
      for clip in appClipIDs where !apps.contains(.string(clip)) { apps.append(.string(clip)) }
      appclips["apps"] = .array(apps)
      top["appclips"] = .object(appclips)
    }
    return (JSONValue.object(top).prettyText() + "\n", index)
  }

  // MARK: - Merging

  /// Reads a file to merge into, its details as an array.
  static func base(merging data: Data) throws(RouteTableError) -> Base {
    let root: JSONValue
    do {
      root = try JSONParser.parse(data)
    } catch {
      throw RouteTableError(problems: [.init(.invalidOption, "the file to merge is not valid JSON: \(error.message)")])
    }
    guard case .object(let top) = root else {
      throw RouteTableError(problems: [.init(.invalidOption, "the file to merge is not a JSON object")])
    }
    var notes: [ConfigurationProblem] = []
    var details: [JSONValue] = []
    if case .object(let applinks)? = top["applinks"] {
      switch applinks["details"] {
      case .array(let entries)?: details = entries
      case .object(let byAppID)?:
        // The oldest form, read in sorted key order: written as an array in that order.
        details = byAppID.keys.sorted().map { appID in
          guard case .object(var entry) = byAppID[appID]! else { return byAppID[appID]! }
          entry["appID"] = .string(appID)
          return .object(entry)
        }
        notes.append(
          ConfigurationProblem(
            "detailsDictionary", .info,
            "the merged file's details was an object keyed by app ID; it is written as an array in sorted key order"))
      case nil: break
      case .some(let other):
        throw RouteTableError(problems: [
          .init(.invalidOption, "the file to merge has a details that is \(other.typeDescription), not an array")
        ])
      }
    }
    return Base(top: top, details: details, insertion: details.count, notes: notes)
  }

  /// Removes `appIDs` from the base's entries (an entry goes when it names no other app); the new
  /// entry goes where the first of them was.
  static func removing(_ appIDs: [String], from base: Base) -> Base {
    var base = base
    var result: [JSONValue] = []
    var insertion: Int?
    for value in base.details {
      guard case .object(var entry) = value else {
        result.append(value)
        continue
      }
      var named = false
      if case .string(let id)? = entry["appID"], appIDs.contains(id) {
        entry["appID"] = nil
        named = true
      }
      if case .array(let ids)? = entry["appIDs"], ids.contains(where: { $0.string.map(appIDs.contains) ?? false }) {
        let rest = ids.filter { !($0.string.map(appIDs.contains) ?? false) }
        entry["appIDs"] = rest.isEmpty ? nil : .array(rest)
        named = true
      }
      if named, insertion == nil { insertion = result.count }
      if !named || entry["appID"] != nil || entry["appIDs"] != nil { result.append(.object(entry)) }
    }
    base.details = result
    base.insertion = insertion ?? result.count
    return base
  }
}
