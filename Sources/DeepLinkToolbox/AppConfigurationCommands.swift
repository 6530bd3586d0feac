import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink doctor` and `deeplink plist`: an app's Info.plist and entitlements against the route
/// table, and the entries the table needs.
enum AppConfigurationCommands {
  static let appGroup = Option(
    name: "app-group", value: "group", help: "The app group both targets list for the App Clip's hand-off.")

  static let doctorCommand: Command = Command(
    path: ["doctor"],
    abstract:
      "Checks the app's URL types, quick actions, activity types, intents and associated domains against the table.",
    discussion: """
      Reads XML, binary or JSON property lists; exit 1 on an error (with --strict, on a warning too). An \
      App Clip's files (NSAppClip; --app-clip insists) are checked as a clip's: appclips: entries, its \
      full app, its app group.
      """,
    options: [
      .routes,
      Option(name: "info-plist", value: "file", help: "The app's Info.plist.", completion: .file, isRequired: true),
      Option(
        name: "extension-plist", value: "file", help: "An app extension's Info.plist.", completion: .file,
        isRepeatable: true),
      Option(name: "entitlements", value: "file", help: "The app's entitlements file.", completion: .file),
      .flag("app-clip", "The files are an App Clip's."), appGroup, AASACommand.strict, .format(["text", "json"]),
    ],
    run: doctor)

  static let plistCommand: Command = Command(
    path: ["plist"],
    abstract:
      "Prints the Info.plist entries the table needs: URL types, activity types, intents, static quick actions.",
    discussion: """
      With --entitlements, the associated domains instead (--app-clip: with the appclips: entries the \
      app's and its App Clip's targets list; --app-group: the hand-off's group); with \
      --clip-entitlements, the App Clip target's own. `doctor` passes them.
      """,
    options: [
      .routes, Option(name: "bundle-id", value: "id", help: "The app's bundle identifier."),
      .flag("entitlements", "Print the app's entitlements instead."),
      .flag("app-clip", "With --entitlements: add the App Clip's appclips: entries."), appGroup,
      .flag("clip-entitlements", "Print the App Clip target's entitlements (with --parent-app-id and --app-group)."),
      Option(name: "parent-app-id", value: "id", help: "The full app's identifier, TEAMID.bundle.id."),
      .format(["xml", "json"]),
    ],
    run: plist)

  static func doctor(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    let infoPlist = arguments.required("info-plist")
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let router = try loaded.router()
    let configuration: LinkAppConfiguration
    do {
      configuration = try LinkAppConfiguration(
        infoPlist: try AASACommand.readFile(infoPlist),
        extensionPlists: try (arguments.repeated["extension-plist"] ?? []).map(AASACommand.readFile),
        entitlements: try arguments.options["entitlements"].map(AASACommand.readFile))
    } catch let error as DeepLinkError {
      throw DeepLinkTool.TableFailure(message: error.message)
    }
    if arguments.flags.contains("app-clip"), !configuration.isAppClip {
      throw DeepLinkTool.TableFailure(
        message:
          "\(infoPlist) is not an App Clip's Info.plist: it has no NSAppClip dictionary, which an App Clip's needs")
    }
    let problems =
      loaded.table.check(configuration, appGroup: arguments.options["app-group"])
      + NotificationCategoryCheck.problems(of: router)
    return ProblemReport(problems: problems, strict: arguments.flags.contains("strict")).print(format: format)
  }

  static func plist(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format(["xml", "json"])
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    _ = try loaded.router()
    let bundleID = arguments.options["bundle-id"]
    let appClip = arguments.flags.contains("app-clip")
    let appGroup = arguments.options["app-group"]
    let parent = arguments.options["parent-app-id"]
    if arguments.flags.contains("clip-entitlements") {
      guard let parent, let appGroup, bundleID == nil, !appClip, format == "xml",
        !arguments.flags.contains("entitlements")
      else {
        throw Arguments.UsageError(
          message: "--clip-entitlements prints the App Clip target's entitlements; it takes --parent-app-id ID and "
            + "--app-group GROUP, and no other option")
      }
      print(loaded.table.appClipEntitlementsPlist(parentApplicationID: parent, appGroup: appGroup), terminator: "")
    } else if arguments.flags.contains("entitlements") {
      guard bundleID == nil, parent == nil, format == "xml" else {
        throw Arguments.UsageError(
          message: "--entitlements prints an XML entitlements file; it takes no other option but --app-clip and "
            + "--app-group")
      }
      print(loaded.table.entitlementsPlist(appClip: appClip, appGroup: appGroup), terminator: "")
    } else {
      if appClip { throw Arguments.UsageError(message: "--app-clip goes with --entitlements") }
      if appGroup != nil || parent != nil {
        throw Arguments.UsageError(
          message: "--app-group and --parent-app-id go with --entitlements or --clip-entitlements")
      }
      print(
        format == "json" ? loaded.table.infoPlistJSON(bundleID: bundleID) : loaded.table.infoPlist(bundleID: bundleID),
        terminator: "")
    }
    return 0
  }
}
