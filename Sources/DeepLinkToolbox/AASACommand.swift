import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink aasa …`: apple-app-site-association files. `generate` writes one from the route
/// table, `verify` checks one against it, `match` says which app a URL opens and which rule
/// decided, as iOS would from the file (`AppSiteAssociation`).
enum AASACommand {
  static let command: Command = Command(
    path: ["aasa"], abstract: "Writes and checks apple-app-site-association files.",
    subcommands: [generateCommand, verifyCommand, lintCommand, matchCommand])

  static let appID = Option(name: "app-id", value: "id", help: "An app's identifier: TEAMID.bundle.id.")
  static let appClip = Option(
    name: "app-clip", value: "id", help: "An App Clip's identifier, listed in the file's appclips section.")
  static let aasaFile = Option(
    name: "aasa", value: "file", help: "The apple-app-site-association file.", completion: .file, isRequired: true)
  static let strict = Option.flag("strict", "Exit 1 on a warning too.")

  static let generateCommand: Command = Command(
    path: ["aasa", "generate"],
    abstract:
      "Prints the apple-app-site-association file that opens the table's universal-link routes and excludes the others.",
    discussion: "Exit 1 when a route could not be covered (listed on standard error).",
    options: [
      .routes,
      with(appID) {
        $0.isRepeatable = true
        $0.isRequired = true
      }, with(appClip) { $0.isRepeatable = true },
      Option(name: "domain", value: "domain", help: "The served domain whose file to print."),
      Option(
        name: "merge", value: "file", help: "A served file to merge into, replacing only these apps' entries.",
        completion: .file),
      .flag("legacy", "Add the paths form that iOS 12 and earlier read."),
      Option(
        name: "output", value: "dir",
        help: "Write the file of each served domain to DIR/DOMAIN/.well-known/apple-app-site-association.",
        completion: .directory),
    ],
    run: generate)

  static let verifyCommand: Command = Command(
    path: ["aasa", "verify"],
    abstract: "Checks a file's structure, and the file against the table both ways.",
    discussion: "Exit 1 on an error (with --strict, on a warning too).",
    options: [
      .routes, aasaFile, with(appID) { $0.isRequired = true }, appClip,
      Option(name: "domain", value: "domain", help: "The served domain the file is for."),
      Option(name: "url", value: "url", help: "A URL the file must open for the app.", isRepeatable: true),
      strict, .format(["text", "json"]),
    ],
    run: verify)

  static let lintCommand: Command = Command(
    path: ["aasa", "lint"], abstract: "Checks a file's structure alone.",
    discussion: "Exit 1 on an error (with --strict, on a warning too).",
    options: [appID, strict, .format(["text", "json"])],
    arguments: [Argument(name: "file", help: "The apple-app-site-association file.", completion: .file)],
    run: lint)

  static let matchCommand: Command = Command(
    path: ["aasa", "match"],
    abstract: "Says which app a URL on a domain opens by the file, and the details entry and rule that decided.",
    discussion: "Exit 1 when it opens no app asked about.",
    options: [
      aasaFile, Option(name: "domain", value: "domain", help: "The domain that serves the file.", isRequired: true),
      appID, .flag("subdomains", "The file is served for the domain's subdomains too."), .format(["text", "json"]),
    ],
    arguments: [Argument(name: "url", help: "The URL to match.")],
    run: match)

  static func generate(_ arguments: Arguments) throws -> Int32 {
    let appIDs = arguments.repeated["app-id"] ?? []
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let domains = arguments.options["domain"].map { [$0] } ?? loaded.table.appSiteAssociationDomains
    guard !domains.isEmpty else {
      throw DeepLinkTool.TableFailure(
        message: "\(loaded.label) lists no universal-link host; name the file's domain with --domain DOMAIN")
    }
    let existing = try arguments.options["merge"].map(readFile)
    if existing != nil, domains.count > 1 {
      throw Arguments.UsageError(
        message: "--merge merges into one domain's file; the table serves \(domains.joined(separator: ", ")): "
          + "name one with --domain DOMAIN")
    }
    var files: [(domain: String, json: String)] = []
    var failed = false
    for domain in domains {
      do {
        let (json, problems) = try loaded.table.appSiteAssociation(
          appIDs: appIDs, appClipIDs: arguments.repeated["app-clip"] ?? [], domain: domain, merging: existing,
          legacy: arguments.flags.contains("legacy"))
        files.append((domain, json))
        let label = domains.count > 1 ? "\(domain): " : ""
        for problem in problems { printError(label + problem.description) }
        failed = failed || problems.contains { $0.severity == .error }
      } catch {
        printError(error.problems.map { "deeplink: \($0.message)" }.joined(separator: "\n"))
        return 1
      }
    }
    if let directory = try arguments.writtenPath("output") {
      // All or nothing, and only under the folder, as `site generate` writes.
      let written = try SiteCommand.write(
        files.map { LinkSite.File(path: "\($0.domain)/.well-known/apple-app-site-association", contents: $0.json) },
        to: directory)
      printLines(written)
    } else if Set(files.map(\.json)).count == 1 {
      print(files[0].json, terminator: "")
      if files.count > 1 {
        printError(
          "deeplink: serve this file on each of \(domains.joined(separator: ", ")), at "
            + "https://DOMAIN/.well-known/apple-app-site-association")
      }
    } else {
      throw Arguments.UsageError(
        message: "the table's domains get different files (routes of one host): name one with --domain DOMAIN, "
          + "or write them all with --output DIR")
    }
    return failed ? 1 : 0
  }

  static func verify(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    let appID = arguments.required("app-id")
    let path = arguments.required("aasa")
    let data = try readFile(path)
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let domain = arguments.options["domain"] ?? loaded.table.appSiteAssociationDomains.first ?? ""
    let problems: [ConfigurationProblem]
    do {
      let file = try AppSiteAssociation(json: data)
      problems = try loaded.table.verify(
        file, appID: appID, appClipID: arguments.options["app-clip"], domain: domain,
        urls: arguments.repeated["url"] ?? [])
    } catch let error as RouteTableError {
      throw DeepLinkTool.TableFailure(
        message: "\(loaded.label): " + error.problems.map(\.message).joined(separator: "; "))
    } catch {
      // Not a file iOS can read at all: its one structure problem.
      problems = AppSiteAssociation.lint(json: data)
    }
    return ProblemReport(problems: problems, strict: arguments.flags.contains("strict")).print(
      format: format, header: [("appID", JSONText.string(appID)), ("domain", JSONText.string(domain))])
  }

  static func lint(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    let path = arguments.positional.first ?? ""
    let problems = AppSiteAssociation.lint(json: try readFile(path), appID: arguments.options["app-id"])
    return ProblemReport(problems: problems, strict: arguments.flags.contains("strict")).print(format: format)
  }

  /// A file's bytes.
  static func readFile(_ path: String) throws -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DeepLinkTool.TableFailure(message: "cannot read \(shown(path)): \((error as NSError).localizedDescription)")
    }
  }

  /// The file named by `--aasa`.
  private static func read(_ arguments: Arguments) throws -> AppSiteAssociation {
    let path = arguments.options["aasa"] ?? ""
    let data = try readFile(path)
    do {
      return try AppSiteAssociation(json: data)
    } catch {
      throw DeepLinkTool.TableFailure(message: "\(path): \(error.message)")
    }
  }

  static func match(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    let domain = arguments.required("domain")
    let url = arguments.positional.first ?? ""
    let file = try read(arguments)
    let answer = try file.match(
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
