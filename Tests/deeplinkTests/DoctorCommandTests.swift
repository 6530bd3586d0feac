import Foundation
import Testing

/// `deeplink doctor` and `deeplink plist` on the built binary.
@Suite struct DoctorCommandTests {
  static let table = """
    {"schemes": ["myapp"], "hosts": ["example.com", "*.example.com"], "routes": [
      {"name": "newListing", "path": "/listings/new", "shortcut": "com.example.new-listing"},
      {"name": "activity", "path": "/activity", "activity": "com.example.activity", "intent": "ShowActivityIntent"}
    ]}
    """

  @Test func plistPrintsWhatDoctorPasses() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let info = try ToolRunner.run("plist", "--routes", routes, "--bundle-id", "com.example.app")
    #expect(info.status == 0 && info.error.isEmpty)
    #expect(info.output.contains("<key>CFBundleURLName</key>\n\t\t\t<string>com.example.app</string>"))
    let entitlements = try ToolRunner.run("plist", "--routes", routes, "--entitlements")
    #expect(
      entitlements.output.contains(
        "<key>com.apple.developer.associated-domains</key>\n\t<array>\n\t\t<string>applinks:example.com</string>\n\t\t<string>applinks:*.example.com</string>\n\t</array>"
      ))
    let infoFile = try ToolRunner.temporaryFile(info.output, name: "Info.plist")
    let entitlementsFile = try ToolRunner.temporaryFile(entitlements.output, name: "App.entitlements")
    let doctor = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", infoFile, "--entitlements", entitlementsFile, "--strict")
    #expect(doctor == .init(status: 0, output: "no problems\n", error: ""))
    let json = try ToolRunner.run("plist", "--routes", routes, "--format", "json")
    #expect(json.output.hasPrefix("{\n  \"CFBundleURLTypes\": [\n"))
    // The built-in table's entries pass too.
    let builtIn = try ToolRunner.temporaryFile(try ToolRunner.run("plist").output, name: "Info.plist")
    let builtInEntitlements = try ToolRunner.temporaryFile(
      try ToolRunner.run("plist", "--entitlements").output, name: "App.entitlements")
    #expect(try ToolRunner.run("doctor", "--info-plist", builtIn, "--entitlements", builtInEntitlements).status == 0)
  }

  /// A quick action whose route needs a value no static item carries is a dynamic one: `plist`
  /// proposes no static item for it, and `doctor` reports a static one that cannot open its route.
  @Test func aQuickActionThatNeedsAValueIsNeverStatic() throws {
    let routes = try ToolRunner.temporaryFile(
      #"{"schemes": ["chat"], "routes": ["#
        + #"{"name": "conversation", "path": "/conversations/:id(int)", "shortcut": "com.example.conversation"},"#
        + #"{"name": "compose", "path": "/compose?to?", "shortcut": "com.example.compose"}]}"#)
    let plist = try ToolRunner.run("plist", "--routes", routes)
    #expect(plist.status == 0)
    #expect(!plist.output.contains("com.example.conversation"))
    #expect(plist.output.contains("<string>com.example.compose</string>"))
    let info = try ToolRunner.temporaryFile(
      #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["chat"]}], "UIApplicationShortcutItems": ["#
        + #"{"UIApplicationShortcutItemType": "com.example.conversation", "UIApplicationShortcutItemTitle": "Last"},"#
        + #"{"UIApplicationShortcutItemType": "com.example.compose", "UIApplicationShortcutItemTitle": "New"}]}"#,
      name: "Info.plist")
    let doctor = try ToolRunner.run("doctor", "--routes", routes, "--info-plist", info)
    #expect(doctor.status == 1)
    #expect(
      doctor.output == """
        error: staticShortcutCannotOpen: Info.plist's quick action "com.example.conversation" cannot open route "conversation": parameter "id" of route "conversation" (/conversations/:id(int)) is missing; give the item the value in UIApplicationShortcutItemUserInfo, or make it a dynamic one (router.quickActionItem(for:title:))

        """)
    // A static item whose user info carries the value opens its route.
    let withValue = try ToolRunner.temporaryFile(
      #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["chat"]}], "UIApplicationShortcutItems": ["#
        + #"{"UIApplicationShortcutItemType": "com.example.conversation", "UIApplicationShortcutItemUserInfo": {"id": "1"}},"#
        + #"{"UIApplicationShortcutItemType": "com.example.compose"}]}"#,
      name: "Info.plist")
    #expect(try ToolRunner.run("doctor", "--routes", routes, "--info-plist", withValue, "--strict").status == 0)
  }

  /// The library's own activity type for windows the app opens (`windowActivity(opening:)`):
  /// `plist` lists it and `doctor` knows it.
  @Test func theWindowActivityTypeIsTheLibrarys() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let plist = try ToolRunner.run("plist", "--routes", routes)
    #expect(plist.output.contains("<string>DeepLinkKit.window</string>"))
    let info = try ToolRunner.temporaryFile(
      #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["myapp"]}], "#
        + #""NSUserActivityTypes": ["com.example.activity", "ShowActivityIntent", "DeepLinkKit.window"]}"#,
      name: "Info.plist")
    let doctor = try ToolRunner.run("doctor", "--routes", routes, "--info-plist", info)
    #expect(!doctor.output.contains("activityTypeNotInTable"))
  }

  @Test func doctorReportsAnAppThatMissesTheTable() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let info = try ToolRunner.temporaryFile(
      #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["other"]}], "NSUserActivityTypes": ["ShowActivityIntent"]}"#,
      name: "Info.json")
    let entitlements = try ToolRunner.temporaryFile(
      #"{"com.apple.developer.associated-domains": ["applinks:*.example.com", "applinks:example.com:8443"]}"#,
      name: "entitlements.json")
    let text = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", info, "--entitlements", entitlements)
    #expect(text.status == 1)
    #expect(
      text.output == """
        error: schemeNotRegistered: the table's scheme "myapp" is in no CFBundleURLTypes' CFBundleURLSchemes, so iOS does not open myapp: links in the app
        error: activityTypeNotDeclared: route "activity"'s activity type "com.example.activity" is not in NSUserActivityTypes, so iOS does not continue it in the app
        error: malformedAssociatedDomain: the entry "applinks:example.com:8443" holds a port, which associated domains never use
        error: wildcardDoesNotCoverApex: the table's host "example.com" is entitled only as applinks:*.example.com, which does not cover the domain itself: add applinks:example.com
        warning: schemeNotInTable: Info.plist registers the scheme "other", which the table does not route: its links open the app and are refused (unsupportedScheme)
        info: shortcutNotStatic: route "newListing"'s quick action "com.example.new-listing" is no static item in Info.plist; it can be a dynamic one (router.quickActionItem(for:title:))

        """)
    let json = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", info, "--entitlements", entitlements, "--format", "json")
    #expect(json.status == 1)
    #expect(
      json.output.hasPrefix(
        #"{"problems":[{"code":"schemeNotRegistered","severity":"error","message":"the table's scheme \"myapp\" is in no"#
      ))
    #expect(json.output.contains(#"{"code":"activityTypeNotDeclared","severity":"error","message":"#))
    #expect(json.output.contains(#""route":"activity"}"#))
  }

  @Test func badInputIsAClearError() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let broken = try ToolRunner.temporaryFile("<plist><dict><key>a</key></plist>", name: "Info.plist")
    let cases: [([String], String)] = [
      (["doctor", "--routes", routes], "deeplink: doctor needs --info-plist <file>"),
      (["doctor", "--routes", routes, "--info-plist", broken], "deeplink: Info.plist is not a property list"),
      (
        ["doctor", "--routes", routes, "--info-plist", "/nonexistent/Info.plist"],
        #"deeplink: cannot read "/nonexistent/Info.plist""#
      ),
      (["plist", "--routes", routes, "--entitlements", "--format", "json"], "deeplink: --entitlements prints an XML"),
      (["plist", "--format", "yaml"], #"deeplink: --format must be xml or json, not "yaml""#),
    ]
    for (arguments, message) in cases {
      let result = try ToolRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(result.error.hasPrefix(message), "\(result.error)")
    }
  }
}
