import DeepLinkKit
import DeepLinkKitConfiguration

/// Problems as the configuration commands print them (`aasa verify`, `aasa lint`, `doctor`): a
/// line each (`severity: code: message`) or `{"problems": [...]}`, and the exit status: 1 when
/// one is an error (with `--strict`, a warning too), else 0.
struct ProblemReport {
  let problems: [ConfigurationProblem]
  let strict: Bool

  var status: Int32 {
    let failing: Set<ConfigurationProblem.Severity> = strict ? [.error, .warning] : [.error]
    return problems.contains { failing.contains($0.severity) } ? 1 : 0
  }

  /// Prints the report; `header` members come before `problems` in JSON.
  func print(format: String, header: [(String, String)] = []) -> Int32 {
    if format == "json" {
      Swift.print(JSONText.object(header + [("problems", "[" + problems.map(Self.json).joined(separator: ",") + "]")]))
    } else {
      printLines(problems.isEmpty ? ["no problems"] : problems.map(\.description))
    }
    return status
  }

  static func json(_ problem: ConfigurationProblem) -> String {
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
}
