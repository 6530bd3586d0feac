import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// What the nested Fuzz and Benchmarks packages drive of the tool: its command-line parser, its
/// all-or-nothing file writer, its link lists, QR codes and site, and its writers of JSON, JUnit
/// XML, HTML and shell words. Reached through the product `_DeepLinkToolbox`; not API (the
/// leading underscore), and no app links it.
public enum _ToolboxFuzzing {
  /// A list of links read and checked against `router` (by default the built-in table's) as
  /// `deeplink check-links` reads and checks it: how many lines name a link, and each one's
  /// result (its line number, link and expected route; its status, `ok`, `unexpected`,
  /// `refused` or `invalid`; the route it opened; why it failed, empty when it passed).
  public static func checkLinkList(_ text: String, with router: LinkRouter<NamedRoute>? = nil) -> (
    lines: Int,
    results: [(
      line: Int, link: String, expected: NamedRoute?, status: String, passed: Bool, opened: NamedRoute?,
      message: String
    )]
  ) {
    let list = LinkList(text: text)
    let results = list.check(with: router ?? exampleRouter).map {
      ($0.line.number, $0.line.link, $0.line.expected, $0.status.rawValue, $0.passed, $0.opened, $0.message)
    }
    return (list.lines.count, results)
  }

  /// The QR code `deeplink qa` (level M) and `deeplink qr` draw for `text` at error correction
  /// `level` (`L`, `M`, `Q` or `H`): its size in modules and version, as a PNG (`scale` pixels a
  /// module, a quiet zone of `border` modules) and as SVG; `nil` when the text is longer than a
  /// code holds at the level (``qrCodeMaxBytes(level:)``).
  public static func qrCode(_ text: String, scale: Int, border: Int, level: String = "M") -> (
    size: Int, version: Int, png: [UInt8], svg: String
  )? {
    guard let level = QRCode.Level(rawValue: level), let code = try? QRCode(text, level: level) else { return nil }
    return (code.size, code.version, code.png(scale: scale, border: border), code.svg())
  }

  /// What `deeplink aasa match` reports for `url`: the apps it opens, and for each app asked
  /// about whether a rule matched or blocked it or none decided, with the deciding `details`
  /// entry, component and legacy `paths` pattern.
  public static func match(
    _ file: AppSiteAssociation, _ url: String, domain: String, subdomains: Bool
  ) throws(DeepLinkError) -> (
    opens: [String], results: [(appID: String, decision: String, details: Int?, component: Int?, legacyPath: Int?)]
  ) {
    let answer = try file.match(url, domain: domain, subdomains: subdomains)
    return (
      answer.opens,
      answer.results.map { ($0.appID, $0.decision.rawValue, $0.details, $0.component, $0.legacyPath) }
    )
  }

  /// The structure problems read with `file`, which `AppSiteAssociation.lint(json:)` reports,
  /// each with the `details` entry and component it names.
  public static func problems(of file: AppSiteAssociation) -> [(code: String, details: Int?, component: Int?)] {
    file.problems.map { ($0.code, $0.details, $0.component) }
  }

  /// The `details` entry and component a problem names, if it names them.
  public static func location(of problem: ConfigurationProblem) -> (details: Int?, component: Int?) {
    (problem.details, problem.component)
  }

  /// What `deeplink site verify --page` finds in a served page for the App Clip `appClipID`: the
  /// codes of its problems (`smartAppBannerMissing`, `appClipCardMissing`, `appClipCardNotShown`).
  public static func landingPageProblems(_ html: String, appClipID: String) -> [String] {
    LandingPageCheck.problems(of: html, page: "page.html", appClipID: appClipID).map(\.code)
  }

  /// The most bytes a QR code holds at error correction `level` (`L`, `M`, `Q` or `H`).
  public static func qrCodeMaxBytes(level: String = "M") -> Int { QRCode.Level(rawValue: level)?.maxBytes ?? 0 }

  /// The files `deeplink site` writes for `table` (an app called `name`, in the App Store as
  /// `appStoreID`), or `nil` when it refuses the table.
  public static func site(_ table: RouteTable, name: String, appStoreID: String) -> [(path: String, contents: String)]?
  {
    guard let site = try? table.site(LinkSite.Options(name: name, appStoreID: appStoreID)) else { return nil }
    return site.files.map { ($0.path, $0.contents) }
  }

  /// The domains `deeplink aasa generate` and `site generate` write a file for: the table's
  /// hosts, a wildcard's apex for `*.example.com`.
  public static func associationDomains(of table: RouteTable) -> [String] { table.appSiteAssociationDomains }

  /// The `assetlinks.json` `deeplink site` writes for `table` and an Android app, or `nil` when it
  /// refuses them.
  public static func assetLinks(_ table: RouteTable, packageName: String, fingerprints: [String]) -> String? {
    try? table.assetLinks(packageName: packageName, fingerprints: fingerprints).json
  }

  /// What `deeplink site verify` finds in a served `assetlinks.json` for `table` and an Android app.
  public static func verifyAssetLinks(
    _ json: Data, table: RouteTable, packageName: String, fingerprints: [String]
  ) -> [ConfigurationProblem] {
    table.verifyAssetLinks(json, packageName: packageName, fingerprints: fingerprints)
  }

  /// How many lines of a link list name a link (reading it only), or, given a router, how many
  /// of them pass: `check-links`'s own work, for the benchmark that times it.
  public static func countLinks(_ text: String, passingWith router: LinkRouter<NamedRoute>? = nil) -> Int {
    let list = LinkList(text: text)
    guard let router else { return list.lines.count }
    return list.check(with: router).filter(\.passed).count
  }

  /// `words` split as a command's arguments are: its options (`valued`), the options it takes
  /// more than once (`repeatable`) and its flags; `nil` for a usage error.
  public static func arguments(
    _ words: [String], valued: Set<String>, repeatable: Set<String>, flags: Set<String>
  ) -> (options: [String: String], repeated: [String: [String]], positional: [String], flags: Set<String>)? {
    guard let parsed = try? Arguments(words, options: valued, repeatable: repeatable, flags: flags) else { return nil }
    return (parsed.options, parsed.repeated, parsed.positional, parsed.flags)
  }

  /// The folder `--output VALUE` names, or `nil` when the tool refuses it as a usage error.
  public static func output(_ value: String) -> String? {
    try? Arguments(["--output", value], options: ["output"]).writtenPath("output")
  }

  /// Writes `files` under `root` as `site generate` does: the paths written, or the refusal.
  public static func writeTree(_ files: [(path: String, contents: [UInt8])], under root: String) -> Result<
    [String], ToolboxRefusal
  > {
    do {
      return .success(try TreeWriter(root: root).write(files))
    } catch {
      return .failure(ToolboxRefusal(message: error.message))
    }
  }

  /// `deeplink check-links`'s report of `list` (a file named `file`) against the built-in table,
  /// in `format` (`json` or `junit`; anything else, text).
  public static func checkLinksReport(_ list: String, file: String, format: String) -> String {
    let router = exampleRouter
    let results = LinkList(text: list).check(with: router)
    let failed = results.filter { !$0.passed }.count
    switch format {
    case "json": return CheckLinksCommand.json(results, file: file, failed: failed)
    case "junit": return CheckLinksCommand.junit(results, file: file, failed: failed)
    default: return CheckLinksCommand.text(results, file: file)
    }
  }

  /// The escapers every page, report and command line is written with.
  public static func escaped(_ text: String) -> (
    html: String, xml: String, xmlLine: String, shell: String, script: String
  ) {
    (
      MarkupText.html(text), MarkupText.xml(text), MarkupText.xml(text, oneLine: true), MarkupText.shellWord(text),
      MarkupText.script(text)
    )
  }

  private static let exampleRouter: LinkRouter<NamedRoute> = {
    do {
      return try RouteTable.makeRouter(json: DeepLinkTool.readTable(nil))
    } catch {
      preconditionFailure("the built-in table builds: \(error)")
    }
  }()
}

/// Why the tool wrote nothing.
public struct ToolboxRefusal: Error {
  /// The tool's message.
  public let message: String
}
