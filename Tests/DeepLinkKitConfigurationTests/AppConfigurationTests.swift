import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// An app's Info.plist and entitlements against its route table (`deeplink doctor`), and the
/// entries the table needs (`deeplink plist`).
@Suite struct AppConfigurationTests {
  static let table = try! RouteTable(
    json: Data(
      #"""
      {"schemes": ["myapp"], "hosts": ["example.com", "www.example.com", "*.shop.test"], "routes": [
        {"name": "newListing", "path": "/listings/new", "shortcut": "com.example.new-listing"},
        {"name": "activity", "path": "/activity", "activity": "com.example.activity", "intent": "ShowActivityIntent"},
        {"name": "orders", "path": "/orders", "intent": "OrderIntent"}
      ]}
      """#.utf8))

  /// A configuration that declares exactly what the table needs.
  static let complete = LinkAppConfiguration(
    urlSchemes: ["myapp"], shortcutTypes: ["com.example.new-listing"],
    activityTypes: ["com.example.activity", "ShowActivityIntent", "OrderIntent"], intents: ["OrderIntent"],
    associatedDomains: [
      "applinks:example.com", "applinks:www.example.com", "applinks:*.shop.test", "webcredentials:example.com",
    ])

  static func problems(_ change: (inout LinkAppConfiguration) -> Void) -> [ConfigurationProblem] {
    var configuration = complete
    change(&configuration)
    return table.check(configuration)
  }

  @Test func aCompleteConfigurationHasNoProblems() {
    #expect(Self.table.check(Self.complete).isEmpty)
  }

  @Test func schemes() {
    let missing = Self.problems { $0.urlSchemes = ["MyApp-other"] }
    #expect(missing.map(\.code) == ["schemeNotRegistered", "schemeNotInTable"])
    #expect(
      missing[0].message
        == #"the table's scheme "myapp" is in no CFBundleURLTypes' CFBundleURLSchemes, so iOS does not open myapp: links in the app"#
    )
    #expect(missing[0].severity == .error && missing[1].severity == .warning)
    // Schemes compare without case.
    #expect(Self.problems { $0.urlSchemes = ["MYAPP"] }.isEmpty)
    let invalid = Self.problems { $0.urlSchemes = ["myapp", "my_app", "https", "1app"] }
    #expect(invalid.map(\.code) == ["invalidScheme", "invalidScheme", "invalidScheme"])
    #expect(
      invalid[1].message.hasPrefix(#"CFBundleURLSchemes holds "https", which iOS never hands to an app's URL type"#))
  }

  @Test func quickActions() {
    let problems = Self.problems { $0.shortcutTypes = ["com.example.other"] }
    #expect(problems.map(\.code) == ["shortcutNotInTable", "shortcutNotStatic"])
    #expect(problems.map(\.severity) == [.warning, .info])
    #expect(problems[1].route == "newListing")
  }

  @Test func activitiesAndIntents() {
    let activities = Self.problems { $0.activityTypes = ["ShowActivityIntent", "OrderIntent", "com.example.unknown"] }
    #expect(activities.map(\.code) == ["activityTypeNotDeclared", "activityTypeNotInTable"])
    #expect(
      activities[0].message
        == #"route "activity"'s activity type "com.example.activity" is not in NSUserActivityTypes, so iOS does not continue it in the app"#
    )
    // NSUserActivityTypes declares an intent: the app is continued with an activity of the
    // intent's type. Declaring it only to Siri (INIntentsSupported, an extension's
    // IntentsSupported) is reported: it was taken for enough.
    let intents = Self.problems {
      $0.activityTypes = ["com.example.activity"]
      $0.intents = ["OrderIntent", "StrayIntent"]
    }
    #expect(
      intents.map(\.message) == [
        #"route "activity"'s intent "ShowActivityIntent" is not in NSUserActivityTypes, so the app is not continued with it"#,
        #"route "orders"'s intent "OrderIntent" is not in NSUserActivityTypes, so the app is not continued with it (INIntentsSupported or an extension's IntentsSupported only says who handles it)"#,
        #"the app declares the intent "StrayIntent", which opens no route of the table"#,
      ])
    #expect(intents.map(\.code) == ["intentNotDeclared", "intentNotDeclared", "intentNotInTable"])
    let fromExtension = Self.problems {
      $0.activityTypes = ["com.example.activity", "ShowActivityIntent"]
      $0.intents = []
      $0.extensionIntents = ["OrderIntent"]
    }
    #expect(fromExtension.map(\.code) == ["intentNotDeclared"])
    #expect(fromExtension.first?.route == "orders")
  }

  /// An App Intent (`appIntent`) needs no NSUserActivityTypes entry: doctor passes an App Intents
  /// app, still fails a SiriKit intent left out, and plist asks only for the SiriKit one.
  @Test func appIntentsNeedNoActivityTypes() throws {
    let table = try RouteTable(
      json: Data(
        #"""
        {"schemes": ["myapp"], "routes": [
          {"name": "note", "path": "/notes/:id", "appIntent": "OpenNoteIntent"},
          {"name": "soup", "path": "/soup", "intent": "OrderSoupIntent"}
        ]}
        """#.utf8))
    #expect(table.routes[0].appIntent == "OpenNoteIntent" && table.routes[0].intent == nil)
    let correct = LinkAppConfiguration(urlSchemes: ["myapp"], activityTypes: ["OrderSoupIntent"])
    #expect(table.check(correct).isEmpty)
    let wrong = LinkAppConfiguration(urlSchemes: ["myapp"])
    #expect(table.check(wrong).map(\.code) == ["intentNotDeclared"])
    #expect(table.check(wrong).first?.route == "soup")
    #expect(!table.infoPlist(bundleID: "com.example.app").contains("OpenNoteIntent"))
    #expect(table.infoPlist(bundleID: "com.example.app").contains("OrderSoupIntent"))
    // Both resolve their intent, and a router exports each under its own key.
    let router = try table.makeRouter()
    #expect(
      try router.resolve(.intent(IntentInvocation(name: "OpenNoteIntent", parameters: ["id": "3"]))).route
        == NamedRoute("note", parameters: ["id": "3"]))
    let exported = router.routeTable
    #expect(exported.routes.map(\.appIntent) == ["OpenNoteIntent", nil])
    #expect(exported.routes.map(\.intent) == [nil, "OrderSoupIntent"])
    #expect(exported.jsonText.contains(#""appIntent" : "OpenNoteIntent""#))
    #expect(try RouteTable(json: Data(exported.jsonText.utf8)).routes == exported.routes)
    // A route names one intent.
    #expect(throws: RouteTableError.self) {
      try RouteTable(
        json: Data(
          #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "intent": "A", "appIntent": "B"}]}"#.utf8))
    }
  }

  @Test func associatedDomainsCoverTheTablesHosts() {
    let apexOnly = Self.problems { $0.associatedDomains = ["applinks:example.com"] }
    #expect(apexOnly.map(\.code) == ["hostNotEntitled", "hostNotEntitled"])
    #expect(
      apexOnly[0].message
        == #"the table's host "www.example.com" has no applinks: entry in the entitlement, so its universal links open Safari: add applinks:www.example.com"#
    )
    let wildcard = Self.problems { $0.associatedDomains = ["applinks:*.example.com", "applinks:*.shop.test"] }
    #expect(wildcard.map(\.code) == ["wildcardDoesNotCoverApex", "entitledHostNotInTable"])
    #expect(wildcard[0].message.hasSuffix("which does not cover the domain itself: add applinks:example.com"))
    // A wildcard entry over a wildcard host's parent covers it.
    let wider = Self.problems {
      $0.associatedDomains = ["applinks:example.com", "applinks:www.example.com", "applinks:*.test"]
    }
    #expect(wider.map(\.code) == ["entitledHostNotInTable"])
    let extra = Self.problems { $0.associatedDomains! += ["applinks:other.com", "applinks:WWW.Example.com"] }
    #expect(extra.map(\.message) == [#"applinks:other.com opens the app for a host the table refuses (unknownHost)"#])
    let developer = Self.problems {
      $0.associatedDomains = [
        "applinks:example.com?mode=developer", "applinks:www.example.com?mode=developer+managed",
        "applinks:*.shop.test",
      ]
    }
    #expect(developer.map(\.code) == ["developerModeOnly"])
    let many = Self.problems { $0.associatedDomains! += (1...28).map { "webcredentials:s\($0).example.com" } }
    #expect(many.map(\.code) == ["tooManyDomains"])
    #expect(Self.problems { $0.associatedDomains = nil }.map(\.code) == ["entitlementsNotGiven"])
  }

  @Test(arguments: [
    (
      "example.com", "malformedAssociatedDomain",
      #"the entry "example.com" has no service: write it as applinks:example.com"#
    ),
    ("applinks:https://example.com", "malformedAssociatedDomain", "holds a URL scheme"),
    ("applinks:example.com/help", "malformedAssociatedDomain", "holds a path"),
    ("applinks:example.com/", "malformedAssociatedDomain", "ends with \"/\""),
    ("applinks:example.com:443", "malformedAssociatedDomain", "holds a port"),
    ("applinks:example.com.", "malformedAssociatedDomain", "ends with \".\""),
    ("applinks:ex*ample.com", "malformedAssociatedDomain", "has \"*\" other than as a leading \"*.\" label"),
    ("applinks:*.*.example.com", "malformedAssociatedDomain", "has \"*\" other than as a leading \"*.\" label"),
    ("appclips:*.example.com", "malformedAssociatedDomain", "has a wildcard, which appclips entries may not use"),
    ("applinks:example.com?foo=1", "malformedAssociatedDomain", "has a query other than ?mode="),
    ("applinks:bücher.de", "malformedAssociatedDomain", "is not in its Punycode form (xn--bcher-kva.de)"),
    ("applinks:exa mple.com", "malformedAssociatedDomain", "has a domain that holds the character \" \""),
    (
      "applink:example.com", "unknownService",
      #"names the service "applink"; the services are activitycontinuation, appclips, applinks, webcredentials"#
    ),
    (
      "applinks:example.com?mode=debug", "unknownMode",
      #"asks for the mode "debug"; the modes are developer, managed, developer+managed"#
    ),
  ])
  func malformedEntries(entry: String, code: String, message: String) {
    let problems = Self.problems { $0.associatedDomains! += [entry] }
    #expect(problems.count == 1, "\(problems)")
    #expect(problems.first?.code == code)
    #expect(problems.first?.message.contains(message) == true, "\(problems.first?.message ?? "")")
  }

  @Test func buildSettingsAreNamedAndSoftenWhatTheyMayHide() {
    let problems = Self.problems {
      $0.urlSchemes = ["$(APP_SCHEME)"]
      $0.associatedDomains = ["applinks:$(APP_DOMAIN)"]
    }
    #expect(
      problems.map(\.code) == [
        "schemeNotRegistered", "hostNotEntitled", "hostNotEntitled", "hostNotEntitled", "unresolvedBuildSetting",
        "unresolvedBuildSetting",
      ])
    #expect(problems.filter { $0.code != "unresolvedBuildSetting" }.allSatisfy { $0.severity == .warning })
    #expect(problems[4].message.hasPrefix(#"CFBundleURLSchemes holds "$(APP_SCHEME)", which Xcode fills in"#))
  }

  // MARK: - Reading property lists

  static var infoPlist: [String: Any] {
    [
      "CFBundleURLTypes": [["CFBundleURLName": "com.example.app", "CFBundleURLSchemes": ["myapp"]]],
      "UIApplicationShortcutItems": [
        ["UIApplicationShortcutItemType": "com.example.new-listing", "UIApplicationShortcutItemTitle": "New"]
      ],
      "NSUserActivityTypes": ["com.example.activity", "ShowActivityIntent", "OrderIntent"],
      "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false],
      "CFBundleVersion": 12,
    ]
  }
  static var extensionPlist: [String: Any] {
    ["NSExtension": ["NSExtensionAttributes": ["IntentsSupported": ["OrderIntent"]]]]
  }
  static var entitlements: [String: Any] {
    [
      "com.apple.developer.associated-domains": [
        "applinks:example.com", "applinks:www.example.com", "applinks:*.shop.test",
      ]
    ]
  }

  @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
  func readsPropertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
    let data = { (value: [String: Any]) in
      try PropertyListSerialization.data(fromPropertyList: value, format: format, options: 0)
    }
    let configuration = try LinkAppConfiguration(
      infoPlist: data(Self.infoPlist), extensionPlists: [data(Self.extensionPlist)],
      entitlements: data(Self.entitlements))
    #expect(configuration.urlSchemes == ["myapp"])
    #expect(configuration.shortcutTypes == ["com.example.new-listing"])
    #expect(configuration.activityTypes == ["com.example.activity", "ShowActivityIntent", "OrderIntent"])
    #expect(configuration.extensionIntents == ["OrderIntent"])
    #expect(configuration.associatedDomains?.count == 3)
    #expect(Self.table.check(configuration).isEmpty)
  }

  @Test func readsJSONAndNamesWrongValues() throws {
    let json = #"""
      {"CFBundleURLTypes": [{"CFBundleURLSchemes": "myapp"}, "x"],
       "UIApplicationShortcutItems": [{"UIApplicationShortcutItemTitle": "No type"},
         {"UIApplicationShortcutItemType": "a"}, {"UIApplicationShortcutItemType": "a"}],
       "NSUserActivityTypes": ["ok", 7]}
      """#
    let configuration = try LinkAppConfiguration(infoPlist: Data(json.utf8), extensionPlists: [Data("{}".utf8)])
    #expect(configuration.activityTypes == ["ok"])
    #expect(configuration.shortcutTypes == ["a", "a"])
    #expect(
      configuration.problems.map(\.message) == [
        "Info.plist: CFBundleURLTypes[0].CFBundleURLSchemes must be an array, not a string",
        "Info.plist: CFBundleURLTypes[1] must be a dictionary, not a string",
        "Info.plist: UIApplicationShortcutItems[0] has no UIApplicationShortcutItemType, which iOS requires",
        #"Info.plist: UIApplicationShortcutItems[2] repeats the type "a"; each quick action needs its own"#,
        "Info.plist: NSUserActivityTypes[1] must be a string, not a number",
        "extension Info.plist 1 has no NSExtension.NSExtensionAttributes; it is not an Intents extension's",
      ])
    #expect(configuration.problems.allSatisfy { $0.code == "invalidPlistValue" && $0.severity == .error })
    #expect(Self.table.check(configuration).prefix(6).map(\.code) == Array(repeating: "invalidPlistValue", count: 6))
  }

  @Test func aFileThatIsNotAPropertyListIsRefused() {
    let cases: [(String, String)] = [
      ("{\"a\": ", "Info.plist is not valid JSON: "),
      ("<plist><dict><key>a</key></plist>", "Info.plist is not a property list (XML, binary or JSON)"),
      ("(a, b)", "Info.plist is not a property list whose top level is a dictionary"),
    ]
    for (text, message) in cases {
      do {
        _ = try LinkAppConfiguration(infoPlist: Data(text.utf8))
        Issue.record("\(text) was read")
      } catch {
        #expect(error.code == .malformedInput)
        #expect(error.message.hasPrefix(message), "\(error.message)")
      }
    }
  }

  // MARK: - What the table needs

  @Test func theTablesEntriesPassTheCheck() throws {
    let info = Self.table.infoPlist(bundleID: "com.example.app")
    #expect(info.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"#))
    #expect(info.contains("\t<key>CFBundleURLTypes</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>CFBundleTypeRole</key>"))
    #expect(info.contains("<key>UIApplicationShortcutItemTitle</key>\n\t\t\t<string>New listing</string>"))
    #expect(!info.contains("INIntentsSupported"))
    let configuration = try LinkAppConfiguration(
      infoPlist: Data(info.utf8), entitlements: Data(Self.table.entitlementsPlist().utf8))
    #expect(configuration.urlSchemes == ["myapp"])
    #expect(
      configuration.activityTypes == [
        "com.example.activity", "ShowActivityIntent", "OrderIntent", "DeepLinkKit.window",
      ])
    #expect(
      configuration.associatedDomains == ["applinks:example.com", "applinks:www.example.com", "applinks:*.shop.test"])
    #expect(Self.table.check(configuration).isEmpty)
    // The JSON form reads the same.
    let json = try LinkAppConfiguration(infoPlist: Data(Self.table.infoPlistJSON().utf8))
    #expect(json.urlSchemes == configuration.urlSchemes && json.shortcutTypes == configuration.shortcutTypes)
  }

  @Test(arguments: [
    ("newListing", "New listing"), ("new_listing", "New listing"), ("home.dashboard.card", "Home dashboard card"),
    ("openURL", "Open URL"), ("a", "A"),
  ])
  func titlesComeFromRouteNames(name: String, title: String) throws {
    let table = try RouteTable(
      json: Data(#"{"routes": [{"name": "\#(name)", "path": "/x", "shortcut": "t"}]}"#.utf8))
    #expect(table.infoPlist().contains("<string>\(title)</string>"))
  }
}
