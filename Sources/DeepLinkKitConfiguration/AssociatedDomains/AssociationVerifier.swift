import DeepLinkKit
import Foundation

/// Compares the table's answers with the file's for probe URLs.
struct AssociationVerifier {
  let association: AssociationTable
  let file: AppSiteAssociation
  let appID: String
  let domain: String

  static let probeUUID = "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"

  /// The table's hosts this domain's file serves, as probed: the domain itself, and for
  /// `*.domain` a subdomain the table does not list on its own (which would have its own file).
  var probeHosts: [(host: String, subdomains: Bool)] {
    var hosts: [(String, Bool)] = []
    if association.hosts.contains(domain) { hosts.append((domain, false)) }
    if association.hosts.contains("*." + domain) {
      let label = ["www", "app", "m", "sub"].first { !association.hosts.contains("\($0).\(domain)") } ?? "probe"
      hosts.append(("\(label).\(domain)", true))
    }
    return hosts
  }

  func problems(extra: [String]) -> [ConfigurationProblem] {
    var problems: [ConfigurationProblem] = []
    if !file.appIDs.contains(appID) {
      problems.append(ConfigurationProblem("appIDNotListed", .error, "the file names no rule for \(quoted(appID))"))
    }
    for host in association.hosts where host != domain && host != "*." + domain {
      problems.append(
        ConfigurationProblem(
          "hostNotServed", .warning,
          "the table's host \(quoted(host)) is not served by the file of \(quoted(domain))"
            + (host.hasPrefix("*.") ? " (a wildcard's file is on \(quoted(String(host.dropFirst(2)))))" : "")))
    }
    let hosts = probeHosts
    let wildcard = hosts.contains { $0.subdomains }
    var urls: [(String, String?, Bool)] = []
    for (host, subdomains) in hosts {
      urls += probes().map { ("https://\(host)\($0.0)", $0.1, subdomains) }
    }
    urls += extra.map { url in
      (url.hasPrefix("https://") || url.hasPrefix("http://") ? url : "https://\(domain)\(url)", nil, wildcard)
    }
    var seen: Set<String> = []
    for (url, route, subdomains) in urls where seen.insert(url).inserted {
      let result: AppSiteAssociation.Result?
      do {
        result = try file.match(url, domain: domain, appID: appID, subdomains: subdomains).results.first
      } catch {
        // Every later URL would cost as much: the file's patterns are too costly to check.
        problems.append(ConfigurationProblem("tooCostly", .error, error.message, url: url))
        break
      }
      let opened = result?.decision == .match
      let place = result.flatMap { result in
        result.details.map { "details \($0), " + (result.component.map { "component \($0)" } ?? "paths") }
      }
      func problem(_ code: String, _ severity: ConfigurationProblem.Severity, _ message: String, route: String?) {
        problems.append(
          ConfigurationProblem(
            code, severity, message, route: route, url: url, details: result?.details, component: result?.component))
      }
      switch association.answer(url) {
      case .opens(let name) where !opened:
        let how = result?.decision == .blocked ? "blocked by \(place ?? "a rule")" : "matched by no rule"
        problem("routeNotCovered", .error, "\(url) opens route \(quoted(name)) but is \(how)", route: name)
      case .forbids(let name) where opened:
        problem(
          "forbiddenRouteOpened", .error,
          "\(url) opens the app (\(place ?? "a rule")) but route \(quoted(name)) forbids universal links", route: name)
      case .none(.typed) where opened:
        problem("typeWidened", .info, "\(url) opens the app although a typed parameter's value fails", route: route)
      case .none(.missingQuery) where opened:
        problem(
          "queryWidened", .info,
          "\(url) opens the app although a required query item is missing (a file cannot require one: \"?*\" would refuse an empty value)",
          route: route)
      case .none(nil) where opened:
        problem(
          "unroutableOpened", .warning, "\(url) opens the app (\(place ?? "a rule")) but no route serves it",
          route: route)
      default: break
      }
    }
    return problems.bySeverity()
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
    for rule in association.routes.map(\.glob) + file.includePaths(for: appID) {
      for witness in Self.witnesses(ofGlob: rule) { probes.append((witness, nil)) }
    }
    return probes
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

  /// Paths a glob matches: `*` as nothing, `?` as `x`, `?*` as `x` and `x/x`, a variable as its
  /// first value.
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
    rules(for: appID).filter { !$0.rule.exclude }.map(\.rule.path)
  }
}
