import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink site …`: what a link domain serves, from the route table (`LinkSite`).
enum SiteCommand {
  static let usage = """
      site generate [--routes FILE] --output DIR [--name NAME] [--description TEXT] [--image URL]
                    [--app-id ID ...] [--app-clip ID ...] [--app-store-id N]
                    [--android-package ID --android-fingerprint SHA256 ...] [--domain DOMAIN]
                          Writes what the link domain serves to DIR: the apple-app-site-
                          association file (--app-id), assetlinks.json (--android-package),
                          a landing page per route universal links may open (_dlk/NAME.html;
                          PATH/index.html too for a route with no parameter whose path names
                          folders safely) with the route's "page" title and preview, store
                          links, a Smart App Banner and a "Get the app" button that copies
                          the link for the app's first launch; 404.html (previewed as the
                          app: --name, --description, --image), _redirects, and _headers
                          serving the association files as JSON. All or nothing, never
                          outside DIR; --domain must be one the table serves.
      site verify [--routes FILE] --assetlinks FILE --android-package ID
                  --android-fingerprint SHA256 [...] [--domain DOMAIN] [--strict] [--format text|json]
                          Checks a served assetlinks.json against the table and the app:
                          package, fingerprints, relation (in one statement, as Android
                          reads it) and dynamic components; exit 1 on
                          an error (with --strict, on a warning too).
    """

  static func run(_ arguments: [String]) throws -> Int32 {
    guard let subcommand = arguments.first else {
      throw Arguments.UsageError(message: "site needs a subcommand: generate or verify")
    }
    let rest = arguments.dropFirst()
    switch subcommand {
    case "generate":
      return try generate(
        Arguments(
          rest,
          options: ["routes", "output", "name", "description", "image", "app-store-id", "android-package", "domain"],
          repeatable: ["app-id", "app-clip", "android-fingerprint"]))
    case "verify":
      return try verify(
        Arguments(
          rest, options: ["routes", "assetlinks", "android-package", "domain", "format"],
          repeatable: ["android-fingerprint"], flags: ["strict"]))
    default:
      throw Arguments.UsageError(
        message: "unknown site subcommand \(shown(subcommand)); the subcommands are: generate, verify")
    }
  }

  static func generate(_ arguments: Arguments) throws -> Int32 {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "site generate takes no arguments") }
    guard let output = try arguments.writtenPath("output") else {
      throw Arguments.UsageError(message: "site generate needs --output DIR")
    }
    let fingerprints = arguments.repeated["android-fingerprint"] ?? []
    if arguments.options["android-package"] == nil, !fingerprints.isEmpty {
      throw Arguments.UsageError(message: "--android-fingerprint needs --android-package ID")
    }
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    // The app's name titles the pages; without --name, the domain does.
    let name =
      arguments.options["name"] ?? arguments.options["domain"] ?? loaded.table.appSiteAssociationDomains.first ?? ""
    let site: LinkSite
    do {
      site = try loaded.table.site(
        LinkSite.Options(
          name: name, appIDs: arguments.repeated["app-id"] ?? [], appClipIDs: arguments.repeated["app-clip"] ?? [],
          appStoreID: arguments.options["app-store-id"],
          androidPackage: arguments.options["android-package"], androidFingerprints: fingerprints,
          domain: arguments.options["domain"], description: arguments.options["description"],
          image: arguments.options["image"]))
    } catch {
      throw DeepLinkTool.TableFailure(
        message: "\(loaded.label): " + error.problems.map(\.message).joined(separator: "; "))
    }
    printLines(try write(site.files, to: output))
    for problem in site.problems { printError(problem.description) }
    return site.problems.contains { $0.severity == .error } ? 1 : 0
  }

  /// Writes `files` under `output`, all or nothing; returns what it wrote.
  static func write(_ files: [LinkSite.File], to output: String) throws -> [String] {
    do {
      return try TreeWriter(root: output).write(files.map { ($0.path, $0.bytes) })
    } catch {
      throw DeepLinkTool.TableFailure(message: error.message)
    }
  }

  static let qaUsage = """
      qa --output DIR [--routes FILE] [--domain DOMAIN]
                          Writes a QA site to DIR: every route with example links and their
                          QR codes (scan with the device's camera), what each must open and
                          which sources may open it, push payloads for `xcrun simctl push`,
                          and links.json. All or nothing, never outside DIR.
    """

  static func qa(_ arguments: Arguments) throws -> Int32 {
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "qa takes no arguments") }
    guard let output = try arguments.writtenPath("output") else {
      throw Arguments.UsageError(message: "qa needs --output DIR")
    }
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let files: [LinkSite.File]
    do {
      files = try loaded.table.qaSite(domain: arguments.options["domain"])
    } catch {
      throw DeepLinkTool.TableFailure(
        message: "\(loaded.label): " + error.problems.map(\.message).joined(separator: "; "))
    }
    printLines(try write(files, to: output))
    return 0
  }

  static func verify(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    guard arguments.positional.isEmpty else { throw Arguments.UsageError(message: "site verify takes no arguments") }
    guard let path = arguments.options["assetlinks"] else {
      throw Arguments.UsageError(message: "site verify needs --assetlinks FILE")
    }
    guard let package = arguments.options["android-package"] else {
      throw Arguments.UsageError(message: "site verify needs --android-package ID")
    }
    let data = try AASACommand.readFile(path)
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let problems = loaded.table.verifyAssetLinks(
      data, packageName: package, fingerprints: arguments.repeated["android-fingerprint"] ?? [],
      domain: arguments.options["domain"])
    return ProblemReport(problems: problems, strict: arguments.flags.contains("strict")).print(
      format: format, header: [("package", JSONText.string(package))])
  }
}
