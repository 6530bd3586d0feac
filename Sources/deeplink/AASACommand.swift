import DeepLinkKit
import Foundation

/// `deeplink aasa …`: apple-app-site-association files. `match` says which app a URL opens and
/// which rule decided, as iOS would from the file (`AppSiteAssociation`).
enum AASACommand {
  static let usage = """
      aasa match --aasa FILE --domain DOMAIN [--app-id ID] [--subdomains] [--format text|json] URL
                          Which app a URL on DOMAIN opens by the file, and the details entry
                          and rule that decided. Exit 1 when it opens no app asked about.
    """

  static func run(_ arguments: [String]) throws -> Int32 {
    guard let subcommand = arguments.first else {
      throw Arguments.UsageError(message: "aasa needs a subcommand: match")
    }
    switch subcommand {
    case "match":
      return try match(
        Arguments(arguments.dropFirst(), options: ["aasa", "domain", "app-id", "format"], flags: ["subdomains"]))
    default:
      throw Arguments.UsageError(message: "unknown aasa subcommand \(shown(subcommand)); the subcommands are: match")
    }
  }

  static func match(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    guard let path = arguments.options["aasa"] else {
      throw Arguments.UsageError(message: "aasa match needs --aasa FILE")
    }
    guard let domain = arguments.options["domain"] else {
      throw Arguments.UsageError(message: "aasa match needs --domain DOMAIN")
    }
    guard arguments.positional.count == 1, let url = arguments.positional.first else {
      throw Arguments.UsageError(message: "aasa match takes one URL")
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw DeepLinkTool.TableFailure(message: "cannot read \(shown(path)): \(error.localizedDescription)")
    }
    let file: AppSiteAssociation
    do {
      file = try AppSiteAssociation(json: data)
    } catch {
      throw DeepLinkTool.TableFailure(message: "\(path): \(error.message)")
    }
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
