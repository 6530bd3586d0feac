import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink site …`: what a link domain serves, from the route table (`LinkSite`).
enum SiteCommand {
  static let command: Command = Command(
    path: ["site"], abstract: "Writes and checks what the link domain serves.",
    subcommands: [generateCommand, verifyCommand])

  static let output = Option(
    name: "output", value: "dir", help: "The folder to write: all or nothing, never outside it.", completion: .directory
  )
  static let androidPackage = Option(name: "android-package", value: "id", help: "The Android app's package name.")
  static let androidFingerprint = Option(
    name: "android-fingerprint", value: "sha256",
    help: "The SHA-256 fingerprint of the Android app's signing certificate.",
    isRepeatable: true)

  static let generateCommand: Command = Command(
    path: ["site", "generate"],
    abstract:
      "Writes what the link domain serves: its association files, landing pages, 404.html, _redirects and _headers.",
    discussion: """
      The apple-app-site-association file (--app-id), assetlinks.json (--android-package), a landing \
      page per route universal links may open (_dlk/NAME.html; PATH/index.html too for a route with no \
      parameter whose path names folders safely) with the route's "page" title and preview, store links, \
      a Smart App Banner (with the first --app-clip's card, app-clip-display=card) and a "Get the app" \
      button that copies the link for the app's first launch; \
      404.html (previewed as the app), _redirects, and _headers serving the association files as JSON. \
      All or nothing, never outside the folder; --domain must be one the table serves.
      """,
    options: [
      .routes, with(output) { $0.isRequired = true },
      Option(name: "name", value: "name", help: "The app's name, which titles the pages (default: the domain)."),
      Option(name: "description", value: "text", help: "The app's description, in the 404 page's preview."),
      Option(name: "image", value: "url", help: "The image of the 404 page's preview."),
      Option(
        name: "icon", value: "file", help: "The app's icon (PNG), above each page's title.", completion: .file),
      Option(
        name: "stylesheet", value: "file", help: "A stylesheet (CSS) in place of the pages' default look.",
        completion: .file),
      with(AASACommand.appID) { $0.isRepeatable = true }, with(AASACommand.appClip) { $0.isRepeatable = true },
      Option(name: "app-store-id", value: "n", help: "The app's App Store identifier, for the banner and store links."),
      androidPackage, androidFingerprint,
      Option(name: "domain", value: "domain", help: "The served domain to write (default: the table's first)."),
    ],
    run: generate)

  static let verifyCommand: Command = Command(
    path: ["site", "verify"],
    abstract: "Checks a served assetlinks.json and landing pages against the table and the app.",
    discussion: """
      assetlinks.json (--assetlinks, --android-package): package, fingerprints, relation (in one \
      statement, as Android reads it) and dynamic components. A landing page (--page, --app-clip): \
      its Smart App Banner names the App Clip and shows its card, so that Safari offers the clip \
      (smartAppBannerMissing, appClipCardMissing; appClipCardNotShown warns). Exit 1 on an error \
      (with --strict, on a warning too).
      """,
    options: [
      .routes,
      Option(name: "assetlinks", value: "file", help: "The assetlinks.json file.", completion: .file),
      androidPackage, androidFingerprint,
      Option(name: "page", value: "file", help: "A served landing page (HTML).", completion: .file, isRepeatable: true),
      Option(name: "app-clip", value: "id", help: "The App Clip (TEAMID.bundle.id) whose card each --page must show."),
      Option(name: "domain", value: "domain", help: "The served domain the file is for."),
      AASACommand.strict, .format(["text", "json"]),
    ],
    run: verify)

  static func generate(_ arguments: Arguments) throws -> Int32 {
    guard let output = try arguments.writtenPath("output") else {
      throw Arguments.UsageError(message: "site generate needs --output <dir>")
    }
    let fingerprints = arguments.repeated["android-fingerprint"] ?? []
    if arguments.options["android-package"] == nil, !fingerprints.isEmpty {
      throw Arguments.UsageError(message: "--android-fingerprint needs --android-package ID")
    }
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    // The app's name titles the pages; without --name, the domain does.
    let name =
      arguments.options["name"] ?? arguments.options["domain"] ?? loaded.table.appSiteAssociationDomains.first ?? ""
    let icon = try arguments.options["icon"].map { Array(try AASACommand.readFile($0)) }
    let stylesheet = try arguments.options["stylesheet"].map {
      String(decoding: try AASACommand.readFile($0), as: UTF8.self)
    }
    let site: LinkSite
    do {
      site = try loaded.table.site(
        LinkSite.Options(
          name: name, appIDs: arguments.repeated["app-id"] ?? [], appClipIDs: arguments.repeated["app-clip"] ?? [],
          appStoreID: arguments.options["app-store-id"],
          androidPackage: arguments.options["android-package"], androidFingerprints: fingerprints,
          domain: arguments.options["domain"], description: arguments.options["description"],
          image: arguments.options["image"], icon: icon, stylesheet: stylesheet))
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

  static let qaCommand: Command = Command(
    path: ["qa"],
    abstract: "Writes a QA site: every route with example links and their QR codes, push payloads and links.json.",
    discussion: """
      Scan a code with the device's camera; each link says what it must open and which sources may \
      open it. All or nothing, never outside the folder.
      """,
    options: [
      with(output) { $0.isRequired = true }, .routes,
      Option(name: "domain", value: "domain", help: "The link domain the links use: one the table serves."),
    ],
    run: qa)

  static func qa(_ arguments: Arguments) throws -> Int32 {
    guard let output = try arguments.writtenPath("output") else {
      throw Arguments.UsageError(message: "qa needs --output <dir>")
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
    let pages = arguments.repeated["page"] ?? []
    let assetLinks = arguments.options["assetlinks"]
    let package = arguments.options["android-package"]
    guard assetLinks != nil || !pages.isEmpty else {
      throw Arguments.UsageError(message: "site verify needs --assetlinks <file> or --page <file>")
    }
    if assetLinks != nil, package == nil {
      throw Arguments.UsageError(message: "--assetlinks needs --android-package <id>")
    }
    if package != nil, assetLinks == nil {
      throw Arguments.UsageError(message: "--android-package needs --assetlinks <file>")
    }
    let appClip = arguments.options["app-clip"]
    if !pages.isEmpty, appClip == nil {
      throw Arguments.UsageError(message: "--page needs --app-clip <id>, the App Clip whose card it must show")
    }
    var problems: [ConfigurationProblem] = []
    var header: [(String, String)] = []
    if let assetLinks, let package {
      let data = try AASACommand.readFile(assetLinks)
      let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
      problems += loaded.table.verifyAssetLinks(
        data, packageName: package, fingerprints: arguments.repeated["android-fingerprint"] ?? [],
        domain: arguments.options["domain"])
      header.append(("package", JSONText.string(package)))
    }
    if let appClip {
      guard AASALinter.isWellFormedAppID(appClip) else {
        throw Arguments.UsageError(message: "--app-clip \(quoted(appClip)) is not TEAMID.bundle.id")
      }
      for page in pages {
        let html = String(decoding: try AASACommand.readFile(page), as: UTF8.self)
        problems += LandingPageCheck.problems(of: html, page: page, appClipID: appClip)
      }
      header.append(("appClip", JSONText.string(appClip)))
    }
    return ProblemReport(problems: problems, strict: arguments.flags.contains("strict")).print(
      format: format, header: header)
  }
}
