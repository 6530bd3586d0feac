import Foundation

extension RouteTable {
  /// Checks an apple-app-site-association file against this table, both ways, for one app on
  /// one domain: every route that universal links may open is opened (`routeNotCovered`), no
  /// route whose `sources` forbid universal links is (`forbiddenRouteOpened`), and paths no
  /// route serves are not opened (`unroutableOpened`; `typeWidened` when only a typed value
  /// fails, which a file cannot express).
  ///
  /// Probes: per route a witness (`w` for a parameter, `42` for an int, a fixed UUID, `w/w` for a
  /// catch-all) with and without a trailing `/`, and negatives (one segment deeper and shallower,
  /// a wrong int or UUID, the first literal in upper case when the table is case-sensitive); per
  /// include rule of the app, witnesses of its path pattern; and `urls`.
  ///
  /// - Parameters:
  ///   - file: The file.
  ///   - appID: The app.
  ///   - domain: The domain the file is served from; by default the table's first exact host.
  ///   - urls: More URLs to probe.
  /// - Returns: The problems, errors first.
  /// - Throws: ``RouteTableError`` when the table does not build.
  public func verify(_ file: AppSiteAssociation, appID: String, domain: String? = nil, urls: [String] = [])
    throws(RouteTableError) -> [AssociationProblem]
  {
    guard let domain = domain ?? hosts.first(where: { !$0.hasPrefix("*.") }) else {
      return [
        AssociationProblem(
          code: "hostNotServed", severity: .warning,
          message: "the table lists no exact host; name the file's domain", route: nil, url: nil)
      ]
    }
    let association = try AssociationTable(self, domain: domain)
    return AssociationVerifier(association: association, file: file, appID: appID, domain: domain).problems(
      extra: urls)
  }

  /// An apple-app-site-association file whose `components` encode this table's universal-link
  /// routes in the router's precedence order, for `appIDs`, on `domain`; checked with
  /// ``verify(_:appID:domain:urls:)`` before it is returned.
  ///
  /// Each route is one component, an `exclude` when its `sources` forbid universal links, with a
  /// comment naming it. A parameter becomes `?*`, which may cross `/`, so depth guards (excludes
  /// of the path one segment deeper at each parameter) come before a route that has them; a guard
  /// that would hide a deeper route is dropped. A UUID parameter is exact; an int is widened to
  /// any text (`typeWidened`). No pattern ends in `/*`, and no `percentEncoded: false` is written.
  ///
  /// - Returns: The file's JSON text, and the problems that remain: information, or a
  ///   `routeNotCovered` error when an exclude the table needs also closes a lower route's
  ///   deeper paths (`/settings/:section` forbidden before `/settings/*rest` allowed).
  /// - Throws: ``RouteTableError`` when the table does not build, or the file would open a route
  ///   the table forbids (never written).
  public func appSiteAssociation(appIDs: [String], domain: String? = nil) throws(RouteTableError)
    -> (json: String, problems: [AssociationProblem])
  {
    guard let firstApp = appIDs.first else {
      throw RouteTableError(problems: [.init(.invalidOption, "an apple-app-site-association file needs an app ID")])
    }
    guard let domain = domain ?? hosts.first(where: { !$0.hasPrefix("*.") }) else {
      throw RouteTableError(problems: [
        .init(.invalidOption, "the table lists no exact host; name the domain the file is served from")
      ])
    }
    let association = try AssociationTable(self, domain: domain)
    var dropped: Set<String> = []
    while true {
      let components = AssociationGenerator.components(association.routes, droppingGuards: dropped)
      let json = AssociationGenerator.json(appIDs: appIDs, components: components, caseSensitive: isCaseSensitive)
      // The generated text always parses: it is written from strings and Booleans.
      guard let file = try? AppSiteAssociation(json: Data(json.utf8)) else { return (json, []) }
      let problems = AssociationVerifier(association: association, file: file, appID: firstApp, domain: domain)
        .problems(extra: [])
      // A guard that blocks a route's own link hid a deeper route: drop it and generate again.
      let blockingGuards = Set(
        problems.filter { $0.code == "routeNotCovered" }.compactMap { problem in
          problem.component.flatMap { components.indices.contains($0) ? components[$0] : nil }
        }.filter(\.isGuard).map(\.path))
      if !blockingGuards.isEmpty, !blockingGuards.isSubset(of: dropped) {
        dropped.formUnion(blockingGuards)
        continue
      }
      let forbidden = problems.filter { $0.code == "forbiddenRouteOpened" }
      guard forbidden.isEmpty else {
        throw RouteTableError(
          problems: forbidden.map {
            .init(.invalidOption, "the generated file would open a forbidden route: \($0.message)")
          })
      }
      // Paths a parameter's `?*` opens beyond its segment, which no guard may close without hiding
      // a route, are reported as information.
      let remaining = problems.map { problem -> AssociationProblem in
        guard problem.code == "unroutableOpened" else { return problem }
        var softened = problem
        softened.severity = .info
        return softened
      }
      var notes = association.routes.filter(\.hasNotExpressibleLiteral).map { route in
        AssociationProblem(
          code: "literalNotExpressible", severity: .info,
          message: "route \(quoted(route.name)) has a literal with \"*\" or \"$(\", written as \"?\"",
          route: route.name, url: nil)
      }
      notes += remaining
      return (json, notes.sorted { $0.severity < $1.severity })
    }
  }
}

/// Writes the components of a generated file.
enum AssociationGenerator {
  struct Component {
    var path: String
    var exclude: Bool
    var comment: String
    var isGuard: Bool
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

  static func json(appIDs: [String], components: [Component], caseSensitive: Bool) -> String {
    var details: [String: Any] = [
      "appIDs": appIDs,
      "components": components.map { component -> [String: Any] in
        var object: [String: Any] = ["/": component.path, "comment": component.comment]
        if component.exclude { object["exclude"] = true }
        return object
      },
    ]
    if !caseSensitive { details["defaults"] = ["caseSensitive": false] }
    let root: [String: Any] = ["applinks": ["details": [details]]]
    // Strings, Booleans and arrays of them: always serializable.
    let data =
      (try? JSONSerialization.data(
        withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

/// Compares the table's answers with the file's for probe URLs.
struct AssociationVerifier {
  let association: AssociationTable
  let file: AppSiteAssociation
  let appID: String
  let domain: String

  static let probeUUID = "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"

  func problems(extra: [String]) -> [AssociationProblem] {
    var problems: [AssociationProblem] = []
    if !file.appIDs.contains(appID) {
      problems.append(
        AssociationProblem(
          code: "appIDNotListed", severity: .error, message: "the file names no rule for \(quoted(appID))",
          route: nil, url: nil))
    }
    for host in association.table.hosts where !served(host) {
      problems.append(
        AssociationProblem(
          code: "hostNotServed", severity: .warning,
          message: "the table's host \(quoted(host)) is not served by the file of \(quoted(domain))", route: nil,
          url: nil))
    }
    var seen: Set<String> = []
    for (path, route) in probes() + extra.map({ ($0, nil) }) {
      let url = path.hasPrefix("https://") || path.hasPrefix("http://") ? path : "https://\(domain)\(path)"
      guard seen.insert(url).inserted else { continue }
      let result = file.match(url, domain: domain, appID: appID).results.first
      let opened = result?.decision == .match
      let place = result.flatMap { result in
        result.details.map { "details \($0), component \(result.component.map(String.init) ?? "–")" }
      }
      func problem(_ code: String, _ severity: AssociationProblem.Severity, _ message: String, route: String?) {
        problems.append(
          AssociationProblem(
            code: code, severity: severity, message: message, route: route, url: url, details: result?.details,
            component: result?.component))
      }
      switch association.answer(url) {
      case .opens(let name) where !opened:
        let how = result?.decision == .blocked ? "blocked by \(place ?? "a rule")" : "matched by no rule"
        problem("routeNotCovered", .error, "\(url) opens route \(quoted(name)) but is \(how)", route: name)
      case .forbids(let name) where opened:
        problem(
          "forbiddenRouteOpened", .error,
          "\(url) opens the app (\(place ?? "a rule")) but route \(quoted(name)) forbids universal links", route: name)
      case .none(let typed) where opened:
        if typed {
          problem("typeWidened", .info, "\(url) opens the app although a typed parameter's value fails", route: route)
        } else {
          problem(
            "unroutableOpened", .warning, "\(url) opens the app (\(place ?? "a rule")) but no route serves it",
            route: route)
        }
      default: break
      }
    }
    return problems.sorted { $0.severity < $1.severity }
  }

  /// Whether a table host is served by this domain's file (itself, or a subdomain through `*.`).
  private func served(_ host: String) -> Bool {
    host == domain || host == "*." + domain
  }

  /// The probe paths, each with the route it was derived from.
  private func probes() -> [(String, String?)] {
    var probes: [(String, String?)] = []
    for route in association.routes {
      let segments = route.pattern.segments
      let witness = segments.map(Self.witness)
      let path = "/" + witness.joined(separator: "/")
      probes += [(path, route.name), (path + "/", route.name), (path + "/x", route.name)]
      if !witness.isEmpty { probes.append(("/" + witness.dropLast().joined(separator: "/"), route.name)) }
      for (position, segment) in segments.enumerated() {
        var wrong = witness
        switch segment {
        case .parameter(_, .int): wrong[position] = "abc"
        case .parameter(_, .uuid): wrong[position] = "42"
        case .literal(let text) where association.table.isCaseSensitive && text.uppercased() != text:
          wrong[position] = PercentEncoding.encodePathSegment(text.uppercased())
        default: continue
        }
        probes.append(("/" + wrong.joined(separator: "/"), route.name))
      }
    }
    // Witnesses of the app's own include rules: what the file opens that no route may serve.
    for rule in association.routes.map(\.glob) + fileRulePaths() {
      for witness in Self.witnesses(ofGlob: rule) { probes.append((witness, nil)) }
    }
    return probes
  }

  private func fileRulePaths() -> [String] {
    file.includePaths(for: appID)
  }

  private static func witness(_ segment: RoutePattern.Segment) -> String {
    switch segment {
    case .literal(let text): PercentEncoding.encodePathSegment(text)
    case .parameter(_, .int): "42"
    case .parameter(_, .uuid): probeUUID
    case .parameter, .wildcard: "w"
    case .catchAll: "w/w"
    }
  }

  /// Paths a glob matches: `*` as nothing, `?` as `x`, `?*` as `x` and `x/x`, a variable as `x`.
  static func witnesses(ofGlob glob: String) -> [String] {
    var short = ""
    var long = ""
    var text = glob[...]
    while let character = text.first {
      text = text.dropFirst()
      if character == "?", text.first == "*" {
        text = text.dropFirst()
        short += "x"
        long += "x/x"
      } else if character == "$", text.first == "(", let close = text.firstIndex(of: ")") {
        let name = String(text[text.index(after: text.startIndex)..<close])
        text = text[text.index(after: close)...]
        let value = AASAPattern.predefinedVariables[name]?.first ?? "x"
        short += value
        long += value
      } else if character == "*" {
        continue
      } else if character == "?" {
        short += "x"
        long += "x"
      } else {
        short.append(character)
        long.append(character)
      }
    }
    let paths = [short, long].map { $0.hasPrefix("/") ? $0 : "/" + $0 }
    return paths[0] == paths[1] ? [paths[0]] : paths
  }
}

extension AppSiteAssociation {
  /// The path patterns of the app's include rules, in order (legacy paths included).
  func includePaths(for appID: String) -> [String] {
    var paths: [String] = []
    for entry in details where entry.appIDs.contains(appID) {
      if let components = entry.components {
        paths += components.filter { $0.exclude != true }.compactMap(\.path)
      } else if let legacy = entry.paths {
        paths += legacy.filter { !$0.hasPrefix("NOT ") }
      }
    }
    return paths
  }
}
