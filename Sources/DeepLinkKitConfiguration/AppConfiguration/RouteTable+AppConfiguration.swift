import DeepLinkKit

extension RouteTable {
  /// Checks an app's configuration against this table (`deeplink doctor`): that each scheme is
  /// registered, each host entitled, each quick action, activity type and intent declared, and
  /// that the app declares nothing the table cannot route.
  ///
  /// ```swift
  /// let problems = table.check(LinkAppConfiguration(urlSchemes: [], associatedDomains: ["applinks:*.example.com"]))
  /// problems.map(\.code)   // ["schemeNotRegistered", "wildcardDoesNotCoverApex"]
  /// ```
  ///
  /// Codes: `schemeNotRegistered`, `schemeNotInTable`, `invalidScheme`, `shortcutNotInTable`,
  /// `shortcutNotStatic`, `staticShortcutCannotOpen`, `activityTypeNotDeclared`, `activityTypeNotInTable`, `intentNotDeclared`,
  /// `intentNotInTable`, `hostNotEntitled`, `wildcardDoesNotCoverApex`, `entitledHostNotInTable`,
  /// `appClipHostNotInTable`,
  /// `malformedAssociatedDomain`, `unknownService`, `unknownMode`, `developerModeOnly`,
  /// `tooManyDomains`; and, for the files themselves, `invalidPlistValue`, `unresolvedBuildSetting`
  /// (a `$(NAME)` Xcode fills in when it builds: what it stands for is not known, so what it
  /// might satisfy is a warning, not an error) and `entitlementsNotGiven`.
  ///
  /// An App Clip's files (its Info.plist has `NSAppClip`) are checked as a clip's: an
  /// `appclips:` entry for each of the table's hosts (`appClipHostNotEntitled`), its full app
  /// named (`parentApplicationMissing`), and an app group to hand its link over through
  /// (`appGroupMissing`: without one, `AppClipHandoff` writes where the full app never reads, and
  /// the hand-off does nothing). The app's files are checked for `appGroup` when it is given.
  ///
  /// - Parameters:
  ///   - configuration: The app's (or its App Clip's) declarations.
  ///   - appGroup: The app group the App Clip and its full app share for the hand-off, if any.
  /// - Returns: The problems, errors first.
  public func check(_ configuration: LinkAppConfiguration, appGroup: String? = nil) -> [ConfigurationProblem] {
    var doctor = ConfigurationDoctor(table: self, configuration: configuration, appGroup: appGroup)
    doctor.run()
    return (configuration.problems + doctor.problems).bySeverity()
  }
}

/// The comparisons of ``RouteTable/check(_:appGroup:)``.
private struct ConfigurationDoctor {
  let table: RouteTable
  let configuration: LinkAppConfiguration
  let appGroup: String?
  var problems: [ConfigurationProblem] = []

  /// Apple advises "no more than about 20 to 30 domains".
  static let domainAdvice = 30

  init(table: RouteTable, configuration: LinkAppConfiguration, appGroup: String?) {
    self.table = table
    self.configuration = configuration
    self.appGroup = appGroup
  }

  private mutating func add(
    _ code: String, _ severity: ConfigurationProblem.Severity, _ message: String, route: String? = nil
  ) {
    problems.append(ConfigurationProblem(code, severity, message, route: route))
  }

  /// A value holding a build setting (`$(APP_SCHEME)`, `${HOST}`), which Xcode replaces.
  private static func isBuildSetting(_ text: String) -> Bool { text.contains("$(") || text.contains("${") }

  /// Reports the values of one kind that hold build settings; returns whether there were any, in
  /// which case what is missing may hide behind one of them.
  private mutating func unresolved(_ values: [String], key: String) -> Bool {
    let settings = values.filter(Self.isBuildSetting)
    for value in settings {
      add(
        "unresolvedBuildSetting", .info,
        "\(key) holds \(quoted(value)), which Xcode fills in from a build setting: check the built app's "
          + "Info.plist or entitlements, or give the resolved file")
    }
    return !settings.isEmpty
  }

  mutating func run() {
    guard !configuration.isAppClip else { return checkAppClip() }
    checkSchemes()
    checkShortcuts()
    checkActivities()
    checkIntents()
    checkDomains()
    checkAppGroup(required: false)
  }

  /// An App Clip's target: entitled to each host as `appclips:`, naming its full app, and in the
  /// app group the hand-off goes through.
  private mutating func checkAppClip() {
    guard let entries = configuration.associatedDomains else {
      add(
        "entitlementsNotGiven", .info,
        "no entitlements were given, so the App Clip's domains, full app and app group were not checked")
      return
    }
    let hidden = unresolved(entries, key: LinkAppConfiguration.associatedDomainsKey)
    let appclips = entries.compactMap { text -> AssociatedDomainEntry? in
      guard case .entry(let entry) = AssociatedDomainEntry.read(text), entry.service == "appclips" else { return nil }
      return entry
    }
    for host in table.hosts.map(AssociationTable.normalized) where !host.hasPrefix("*.") {
      guard !appclips.contains(where: { $0.covers(host) }) else { continue }
      add(
        "appClipHostNotEntitled", hidden ? .warning : .error,
        "the App Clip's entitlement has no appclips:\(host), so the table's links on \(quoted(host)) and its App Clip "
          + "codes do not open the App Clip: add appclips:\(host)")
    }
    if configuration.parentApplicationIdentifiers?.isEmpty ?? true {
      add(
        "parentApplicationMissing", .error,
        "the App Clip's entitlements name no full app (\(LinkAppConfiguration.parentApplicationsKey)): iOS does not "
          + "install the App Clip without its full app's identifier")
    }
    checkAppGroup(required: true)
  }

  /// The app group the App Clip hands its link over through: an App Clip must have one (the one
  /// given, when given); the full app must have the one given.
  private mutating func checkAppGroup(required: Bool) {
    let groups = configuration.appGroups ?? []
    let target = configuration.isAppClip ? "the App Clip" : "the app"
    if let appGroup {
      if configuration.appGroups != nil, !groups.contains(appGroup), !groups.contains(where: Self.isBuildSetting) {
        add(
          "appGroupMissing", .error,
          "\(target)'s entitlements do not list the app group \(quoted(appGroup)) "
            + "(\(LinkAppConfiguration.appGroupsKey)): the App Clip's hand-off through it does nothing")
      }
    } else if required, groups.isEmpty {
      add(
        "appGroupMissing", .warning,
        "the App Clip is in no app group (\(LinkAppConfiguration.appGroupsKey)): AppClipHandoff cannot hand its link "
          + "to the full app; add a group both targets list (deeplink plist --clip-entitlements --app-group GROUP)")
    }
  }

  private mutating func checkSchemes() {
    let registered = configuration.urlSchemes
    let hidden = unresolved(registered, key: "CFBundleURLSchemes")
    let tableSchemes = table.schemes.map { $0.lowercasedASCII }
    for scheme in table.schemes where !registered.contains(where: { $0.lowercasedASCII == scheme.lowercasedASCII }) {
      add(
        "schemeNotRegistered", hidden ? .warning : .error,
        "the table's scheme \(quoted(scheme)) is in no CFBundleURLTypes' CFBundleURLSchemes, so iOS does not open "
          + "\(scheme): links in the app")
    }
    for scheme in registered where !Self.isBuildSetting(scheme) {
      if let reason = Self.schemeProblem(scheme) {
        add("invalidScheme", .error, "CFBundleURLSchemes holds \(quoted(scheme)), which \(reason)")
      } else if !tableSchemes.contains(scheme.lowercasedASCII) {
        add(
          "schemeNotInTable", .warning,
          "Info.plist registers the scheme \(quoted(scheme)), which the table does not route: its links open the app "
            + "and are refused (unsupportedScheme)")
      }
    }
  }

  static func schemeProblem(_ scheme: String) -> String? {
    switch URLScheme.problem(scheme) {
    case nil: nil
    case .notAScheme?: "is not a URL scheme: a letter, then letters, digits, \"+\", \"-\" or \".\""
    case .webScheme?:
      "iOS never hands to an app's URL type: http and https links open Safari, or the app as universal links"
    }
  }

  /// Quick actions: the table's types against the static items (a missing one may be dynamic).
  private mutating func checkShortcuts() {
    let declared = configuration.shortcutTypes
    _ = unresolved(declared, key: "UIApplicationShortcutItemType")
    let routes = table.routes.compactMap { route in route.shortcut.map { ($0, route.name) } }
    for (type, route) in routes where !declared.contains(type) {
      add(
        "shortcutNotStatic", .info,
        "route \(quoted(route))'s quick action \(quoted(type)) is no static item in Info.plist; it can be a dynamic "
          + "one (router.quickActionItem(for:title:))", route: route)
    }
    for type in declared where !Self.isBuildSetting(type) && !routes.contains(where: { $0.0 == type }) {
      add(
        "shortcutNotInTable", .warning,
        "Info.plist's quick action \(quoted(type)) opens no route of the table: choosing it is refused (noRoute)")
    }
    // A static item opens its route with its user info only: a route that needs another value
    // refuses it.
    guard let router = try? table.makeRouter() else { return }
    for (type, route) in routes where declared.contains(type) {
      let userInfo = configuration.shortcutUserInfo[type] ?? [:]
      guard let error = router.refusal(of: .quickAction(LinkQuickAction(type: type, userInfo: userInfo))) else {
        continue
      }
      add(
        "staticShortcutCannotOpen", .error,
        "Info.plist's quick action \(quoted(type)) cannot open route \(quoted(route)): \(error.message); give the "
          + "item the value in UIApplicationShortcutItemUserInfo, or make it a dynamic one "
          + "(router.quickActionItem(for:title:))", route: route)
    }
  }

  private mutating func checkActivities() {
    let declared = configuration.activityTypes
    let hidden = unresolved(declared, key: "NSUserActivityTypes")
    let intentNames = table.routes.compactMap(\.intent)
    for route in table.routes {
      guard let activity = route.activity, !declared.contains(activity) else { continue }
      add(
        "activityTypeNotDeclared", hidden ? .warning : .error,
        "route \(quoted(route.name))'s activity type \(quoted(activity)) is not in NSUserActivityTypes, so iOS does "
          + "not continue it in the app", route: route.name)
    }
    for type in declared where !Self.isBuildSetting(type) && type != ContinuedActivity.windowType {
      guard !table.routes.contains(where: { $0.activity == type }), !intentNames.contains(type) else { continue }
      add(
        "activityTypeNotInTable", .warning,
        "NSUserActivityTypes declares \(quoted(type)), which is neither an activity nor an intent of the table: "
          + "continuing it is refused (noRoute)")
    }
  }

  /// An intent opens the app as an activity whose type is the intent's class name (Apple's Soup
  /// Chef sample), so `NSUserActivityTypes` must declare it: `INIntentsSupported` (handled in the
  /// app) and an Intents extension's `IntentsSupported` say who handles the intent, not that the
  /// app may be continued with it, and declaring it only there was taken for enough.
  private mutating func checkIntents() {
    let declared = configuration.intents + configuration.extensionIntents
    let hidden = unresolved(configuration.activityTypes, key: "NSUserActivityTypes")
    for route in table.routes {
      guard let intent = route.intent, !configuration.activityTypes.contains(intent) else { continue }
      let handled =
        declared.contains(intent)
        ? " (INIntentsSupported or an extension's IntentsSupported only says who handles it)" : ""
      add(
        "intentNotDeclared", hidden ? .warning : .error,
        "route \(quoted(route.name))'s intent \(quoted(intent)) is not in NSUserActivityTypes, so the app is not "
          + "continued with it\(handled)", route: route.name)
    }
    for intent in declared where !Self.isBuildSetting(intent) && !table.routes.contains(where: { $0.intent == intent })
    {
      add(
        "intentNotInTable", .warning,
        "the app declares the intent \(quoted(intent)), which opens no route of the table")
    }
  }

  private mutating func checkDomains() {
    let hosts = table.hosts.map(AssociationTable.normalized)
    guard let entries = configuration.associatedDomains else {
      if !hosts.isEmpty {
        add(
          "entitlementsNotGiven", .info,
          "no entitlements were given, so the table's hosts were not checked against the associated domains")
      }
      return
    }
    let hidden = unresolved(entries, key: LinkAppConfiguration.associatedDomainsKey)
    var applinks: [AssociatedDomainEntry] = []
    var appclips: [AssociatedDomainEntry] = []
    for text in entries where !Self.isBuildSetting(text) {
      switch AssociatedDomainEntry.read(text) {
      case .entry(let entry):
        if entry.service == "applinks" { applinks.append(entry) }
        if entry.service == "appclips" { appclips.append(entry) }
      case .problem(let problem): problems.append(problem)
      }
    }
    if entries.count > Self.domainAdvice {
      add(
        "tooManyDomains", .info,
        "the entitlement has \(entries.count) entries; Apple advises no more than about 20 to 30 domains")
    }
    for host in hosts {
      let covering = applinks.filter { $0.covers(host) }
      if covering.isEmpty {
        if !host.hasPrefix("*."), applinks.contains(where: { $0.host == "*." + host }) {
          add(
            "wildcardDoesNotCoverApex", hidden ? .warning : .error,
            "the table's host \(quoted(host)) is entitled only as applinks:*.\(host), which does not cover the "
              + "domain itself: add applinks:\(host)")
        } else {
          add(
            "hostNotEntitled", hidden ? .warning : .error,
            "the table's host \(quoted(host)) has no applinks: entry in the entitlement, so its universal links open "
              + "Safari: add applinks:\(host)")
        }
      } else if covering.allSatisfy({ $0.mode == "developer" }) {
        add(
          "developerModeOnly", .warning,
          "the table's host \(quoted(host)) is entitled only with ?mode=developer: release builds do not open its "
            + "links")
      }
    }
    var hostList = table.hostList
    for host in table.hosts { try? hostList.add(host) }
    for entry in applinks {
      let served =
        entry.isWildcard
        ? hosts.contains {
          $0.hasPrefix("*.") && (entry.domain == $0.dropFirst(2) || entry.domain.hasSuffix($0.dropFirst(1)))
        }
        : hostList.contains(entry.host)
      if !served {
        add(
          "entitledHostNotInTable", .warning,
          "\(entry.text) opens the app for \(entry.isWildcard ? "hosts" : "a host") the table refuses (unknownHost)")
      }
    }
    // Once the app is installed, an App Clip's links open it, as universal links.
    for entry in appclips where !hostList.contains(entry.host) {
      add(
        "appClipHostNotInTable", .warning,
        "\(entry.text) lets the App Clip open from a host the table refuses: once the app is installed, those links "
          + "open it and are refused (unknownHost)")
    }
  }
}
