import DeepLinkKit
import Foundation

/// `deeplink aasa …`: apple-app-site-association files. `generate` writes one from the route
/// table, `verify` checks one against it, `match` says which app a URL opens and which rule
/// decided, as iOS would from the file (`AppSiteAssociation`).
enum AASACommand {
  static let usage = """
      aasa generate [--routes FILE] --app-id ID [--app-id ID ...] [--domain DOMAIN]
                          Prints the apple-app-site-association file that opens the table's
                          universal-link routes and excludes the others; exit 1 when a route
                          could not be covered (listed on standard error).
      aasa verify [--routes FILE] --aasa FILE --app-id ID [--domain DOMAIN] [--url URL ...]
                  [--strict] [--format text|json]
                          Checks a file against the table both ways; exit 1 on an error
                          (with --strict, on a warning too).
      aasa match --aasa FILE --domain DOMAIN [--app-id ID] [--subdomains] [--format text|json] URL
                          Which app a URL on DOMAIN opens by the file, and the details entry
                          and rule that decided. Exit 1 when it opens no app asked about.
    """

  static func run(_ arguments: [String]) throws -> Int32 {
    guard let subcommand = arguments.first else {
      throw Arguments.UsageError(message: "aasa needs a subcommand: generate, verify or match")
    }
    switch subcommand {
    case "generate":
      return try generate(Arguments(arguments.dropFirst(), options: ["routes", "domain"], repeatable: ["app-id"]))
    case "verify":
      return try verify(
        Arguments(
          arguments.dropFirst(), options: ["routes", "aasa", "app-id", "domain", "format"], repeatable: ["url"],
          flags: ["strict"]))
    case "match":
      return try match(
        Arguments(arguments.dropFirst(), options: ["aasa", "domain", "app-id", "format"], flags: ["subdomains"]))
    default:
      throw Arguments.UsageError(
        message: "unknown aasa subcommand \(shown(subcommand)); the subcommands are: generate, verify, match")
    }
  }

  static func generate(_ arguments: Arguments) throws -> Int32 {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "aasa generate takes no arguments") }
    let appIDs = arguments.repeated["app-id"] ?? []
    guard !appIDs.isEmpty else { throw Arguments.UsageError(message: "aasa generate needs --app-id ID") }
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    do {
      let (json, problems) = try loaded.table.appSiteAssociation(appIDs: appIDs, domain: arguments.options["domain"])
      print(json, terminator: "")
      for problem in problems { printError(line(problem)) }
      return problems.contains { $0.severity == .error } ? 1 : 0
    } catch {
      printError(error.problems.map { "deeplink: \($0.message)" }.joined(separator: "\n"))
      return 1
    }
  }

  static func verify(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "aasa verify takes no arguments") }
    guard let appID = arguments.options["app-id"] else {
      throw Arguments.UsageError(message: "aasa verify needs --app-id ID")
    }
    guard arguments.options["aasa"] != nil else { throw Arguments.UsageError(message: "aasa verify needs --aasa FILE") }
    let file = try read(arguments)
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let domain = arguments.options["domain"] ?? loaded.table.hosts.first { !$0.hasPrefix("*.") } ?? ""
    let problems: [AssociationProblem]
    do {
      problems = try loaded.table.verify(file, appID: appID, domain: domain, urls: arguments.repeated["url"] ?? [])
    } catch {
      throw DeepLinkTool.TableFailure(
        message: "\(loaded.label): " + error.problems.map(\.message).joined(separator: "; "))
    }
    if format == "json" {
      print(
        JSONText.object([
          ("appID", JSONText.string(appID)), ("domain", JSONText.string(domain)),
          ("problems", "[" + problems.map(json).joined(separator: ",") + "]"),
        ]))
    } else {
      printLines(problems.isEmpty ? ["no problems"] : problems.map(line))
    }
    let failing: Set<AssociationProblem.Severity> = arguments.flags.contains("strict") ? [.error, .warning] : [.error]
    return problems.contains { failing.contains($0.severity) } ? 1 : 0
  }

  private static func line(_ problem: AssociationProblem) -> String {
    "\(problem.severity): \(problem.code): \(problem.message)"
  }

  private static func json(_ problem: AssociationProblem) -> String {
    var members = [
      ("code", JSONText.string(problem.code)), ("severity", JSONText.string(problem.severity.rawValue)),
      ("message", JSONText.string(problem.message)),
    ]
    if let route = problem.route { members.append(("route", JSONText.string(route))) }
    if let url = problem.url { members.append(("url", JSONText.string(url))) }
    if let details = problem.details { members.append(("details", String(details))) }
    if let component = problem.component { members.append(("component", String(component))) }
    return JSONText.object(members)
  }

  /// The file named by `--aasa`.
  private static func read(_ arguments: Arguments) throws -> AppSiteAssociation {
    let path = arguments.options["aasa"] ?? ""
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DeepLinkTool.TableFailure(message: "cannot read \(shown(path)): \(error.localizedDescription)")
    }
    do {
      return try AppSiteAssociation(json: data)
    } catch {
      throw DeepLinkTool.TableFailure(message: "\(path): \(error.message)")
    }
  }

  static func match(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    guard arguments.options["aasa"] != nil else { throw Arguments.UsageError(message: "aasa match needs --aasa FILE") }
    guard let domain = arguments.options["domain"] else {
      throw Arguments.UsageError(message: "aasa match needs --domain DOMAIN")
    }
    guard arguments.positional.count == 1, let url = arguments.positional.first else {
      throw Arguments.UsageError(message: "aasa match takes one URL")
    }
    let file = try read(arguments)
    let answer = file.match(
      url, domain: domain, appID: arguments.options["app-id"], subdomains: arguments.flags.contains("subdomains"))
    if format == "json" {
      var members = [
        ("url", JSONText.string(url)), ("domain", JSONText.string(domain)),
        ("results", "[" + answer.results.map(json).joined(separator: ",") + "]"),
        ("opens", "[" + answer.opens.map(JSONText.string).joined(separator: ",") + "]"),
      ]
      if let reason = answer.unreachable { members.append(("unreachable", JSONText.string(reason))) }
      print(JSONText.object(members))
    } else {
      var lines: [String] = []
      if let reason = answer.unreachable { lines.append("no app can open it: \(reason)") }
      if answer.results.isEmpty { lines.append("the file names no app") }
      for result in answer.results {
        // swcutil's wording for a match and a block.
        let verdict = ["match": "matched.", "blocked": "blocked match.", "none": "did not match."][
          result.decision.rawValue]!
        var line = "{ s = applinks, a = \(result.appID), d = \(domain) }: Pattern \"\(url)\" \(verdict)"
        if let details = result.details {
          let place = result.component.map { "component \($0)" } ?? "paths[\(result.legacyPath ?? 0)]"
          line += " (details \(details), \(place)\(result.rule?.comment.map { ": \(shown($0))" } ?? ""))"
        }
        lines.append(line)
      }
      printLines(lines)
    }
    return answer.opens.isEmpty ? 1 : 0
  }

  private static func json(_ result: AppSiteAssociation.Result) -> String {
    let number = { (value: Int?) in value.map(String.init) ?? "null" }
    var members = [
      ("appID", JSONText.string(result.appID)), ("decision", JSONText.string(result.decision.rawValue)),
      ("details", number(result.details)), ("component", number(result.component)),
    ]
    if let legacyPath = result.legacyPath { members.append(("legacyPath", String(legacyPath))) }
    if let rule = result.rule {
      let query: String
      switch rule.query {
      case .pattern(let text): query = JSONText.string(text)
      case .items(let items): query = JSONText.object(items)
      }
      members += [
        (
          "rule",
          JSONText.object([
            ("/", JSONText.string(rule.path)), ("?", query), ("#", JSONText.string(rule.fragment)),
            ("exclude", String(rule.exclude)),
          ])
        ),
        ("comment", rule.comment.map(JSONText.string) ?? "null"),
        ("caseSensitive", String(rule.caseSensitive)), ("percentEncoded", String(rule.percentEncoded)),
      ]
    }
    return JSONText.object(members)
  }
}
