import Foundation
import Testing

/// The App Clip's configuration, through the built tool: the association file's `appclips`
/// section, the `appclips:` entitlements, and `verify` and `doctor` knowing them.
@Suite struct AppClipCommandTests {
  static let app = "ABCDE12345.com.example.shop"
  static let clip = "ABCDE12345.com.example.shop.Clip"
  static let table = """
    {"schemes": ["shop"], "hosts": ["shop.example.com", "*.example.org"], "routes": [
      {"name": "item", "path": "/items/:id"}, {"name": "cart", "path": "/cart"}]}
    """

  static func appClips(_ json: String) throws -> [String]? {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    return (object?["appclips"] as? [String: Any])?["apps"] as? [String]
  }

  @Test func theAssociationFileListsTheAppClipAndVerifyChecksIt() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let generated = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--app-clip", Self.clip, "--domain",
      "shop.example.com")
    #expect(generated.status == 0)
    #expect(try Self.appClips(generated.output) == [Self.clip])
    let file = try ToolRunner.temporaryFile(generated.output, name: "apple-app-site-association")
    let verify = [
      "aasa", "verify", "--routes", routes, "--aasa", file, "--app-id", Self.app, "--domain", "shop.example.com",
    ]
    #expect(try ToolRunner.run(verify + ["--app-clip", Self.clip]).status == 0)
    // A file without the App Clip: verify says so.
    let without = try ToolRunner.temporaryFile(
      try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", Self.app, "--domain", "shop.example.com")
        .output, name: "apple-app-site-association")
    let missing = try ToolRunner.run(
      ["aasa", "verify", "--routes", routes, "--aasa", without, "--app-id", Self.app, "--domain", "shop.example.com"]
        + ["--app-clip", Self.clip])
    #expect(missing.status == 1)
    #expect(missing.output.contains("error: appClipNotListed: the file's appclips section does not list"))
  }

  @Test func aMergedFileKeepsItsAppClipsAndGainsOurs() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let existing = try ToolRunner.temporaryFile(
      #"{"appclips": {"apps": ["FGHIJ67890.com.other.Clip"]}, "applinks": {"details": []}}"#,
      name: "apple-app-site-association")
    let merged = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--app-clip", Self.clip, "--merge", existing,
      "--domain", "shop.example.com")
    #expect(merged.status == 0)
    #expect(try Self.appClips(merged.output) == ["FGHIJ67890.com.other.Clip", Self.clip])
  }

  @Test func anAppClipOfNoAppIsRefused() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let result = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--app-clip", "ABCDE12345.com.example.other.Clip",
      "--domain", "shop.example.com")
    #expect(result.status == 1 && result.output.isEmpty)
    #expect(result.error.contains(#"the App Clip "ABCDE12345.com.example.other.Clip" is not one of the apps'"#))
  }

  @Test func theEntitlementsListTheAppClipsDomainsAndDoctorKnowsThem() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let plain = try ToolRunner.run("plist", "--routes", routes, "--entitlements")
    #expect(!plain.output.contains("appclips:"))
    let entitlements = try ToolRunner.run("plist", "--routes", routes, "--entitlements", "--app-clip")
    #expect(entitlements.status == 0)
    // Every exact host; a wildcard, which appclips entries may not use, is left out.
    #expect(entitlements.output.contains("<string>appclips:shop.example.com</string>"))
    #expect(!entitlements.output.contains("appclips:*"))
    #expect(entitlements.output.contains("<string>applinks:*.example.org</string>"))
    let info = try ToolRunner.temporaryFile(try ToolRunner.run("plist", "--routes", routes).output, name: "Info.plist")
    let file = try ToolRunner.temporaryFile(entitlements.output, name: "App.entitlements")
    let doctor = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", info, "--entitlements", file, "--strict")
    #expect(doctor == .init(status: 0, output: "no problems\n", error: ""))
    // An App Clip domain the table does not serve: its links reach the installed app and are refused.
    let other = try ToolRunner.temporaryFile(
      #"{"com.apple.developer.associated-domains": ["applinks:shop.example.com", "applinks:*.example.org", "appclips:clip.example.net"]}"#,
      name: "App.entitlements")
    let warned = try ToolRunner.run("doctor", "--routes", routes, "--info-plist", info, "--entitlements", other)
    #expect(warned.output.contains("warning: appClipHostNotInTable: appclips:clip.example.net"))
    #expect(try ToolRunner.run("plist", "--routes", routes, "--app-clip").status == 2)
  }

  @Test func theSiteServesTheAppClip() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clip-site-\(UUID().uuidString)")
    let result = try ToolRunner.run(
      "site", "generate", "--routes", routes, "--output", directory.path, "--app-id", Self.app, "--app-clip", Self.clip,
      "--domain", "shop.example.com")
    #expect(result.status == 0)
    let file = try String(
      contentsOf: directory.appendingPathComponent(".well-known/apple-app-site-association"), encoding: .utf8)
    #expect(try Self.appClips(file) == [Self.clip])
  }

  static let group = "group.com.example.shop"
  static let clipInfoPlist =
    #"{"CFBundleIdentifier": "com.example.shop.Clip", "NSAppClip": {"NSAppClipRequestLocationConfirmation": false}}"#

  /// The App Clip target's own entitlements are written (its `appclips:` entries, its full app, the
  /// app group), and `doctor` checks a clip's files as a clip's: they pass it whole.
  @Test func theClipsEntitlementsAreWrittenAndTheDoctorPassesThem() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let written = try ToolRunner.run(
      "plist", "--routes", routes, "--clip-entitlements", "--parent-app-id", Self.app, "--app-group", Self.group)
    #expect(written.status == 0)
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: Data(written.output.utf8), format: nil) as? [String: Any])
    #expect(plist["com.apple.developer.associated-domains"] as? [String] == ["appclips:shop.example.com"])
    #expect(plist["com.apple.developer.parent-application-identifiers"] as? [String] == [Self.app])
    #expect(plist["com.apple.security.application-groups"] as? [String] == [Self.group])
    let entitlements = try ToolRunner.temporaryFile(written.output, name: "Clip.entitlements")
    let info = try ToolRunner.temporaryFile(Self.clipInfoPlist, name: "Info.plist")
    let doctor = try ToolRunner.run(
      "doctor", "--routes", routes, "--app-clip", "--info-plist", info, "--entitlements", entitlements, "--app-group",
      Self.group)
    #expect(doctor == .init(status: 0, output: "no problems\n", error: ""))
  }

  /// Without the shared app group the App Clip's hand-off does nothing, silently: the doctor
  /// says so, for the clip and, given the group, for the full app.
  @Test func aMissingAppGroupIsFound() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let info = try ToolRunner.temporaryFile(Self.clipInfoPlist, name: "Info.plist")
    let noGroup = try ToolRunner.temporaryFile(
      #"{"com.apple.developer.associated-domains": ["appclips:shop.example.com"], "#
        + #""com.apple.developer.parent-application-identifiers": ["\#(Self.app)"]}"#,
      name: "Clip.entitlements")
    let warned = try ToolRunner.run("doctor", "--routes", routes, "--info-plist", info, "--entitlements", noGroup)
    #expect(warned.status == 0 && warned.output.contains("warning: appGroupMissing: the App Clip is in no app group"))
    let strict = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", info, "--entitlements", noGroup, "--app-group", Self.group)
    #expect(
      strict.status == 1 && strict.output.contains("error: appGroupMissing: the App Clip's entitlements do not list"))
    // The clip's files, missing its appclips: entry and its full app.
    let bare = try ToolRunner.temporaryFile(
      #"{"com.apple.security.application-groups": ["\#(Self.group)"]}"#, name: "e.json")
    let missing = try ToolRunner.run("doctor", "--routes", routes, "--info-plist", info, "--entitlements", bare)
    #expect(missing.status == 1)
    #expect(missing.output.contains("appClipHostNotEntitled") && missing.output.contains("parentApplicationMissing"))
    // The full app, given the group, must list it too.
    let appInfo = try ToolRunner.temporaryFile(
      #"{"CFBundleURLTypes": [{"CFBundleURLSchemes": ["shop"]}]}"#, name: "App.plist")
    let app = try ToolRunner.temporaryFile(
      try ToolRunner.run("plist", "--routes", routes, "--entitlements", "--app-clip").output, name: "App.entitlements")
    let appDoctor = try ToolRunner.run(
      "doctor", "--routes", routes, "--info-plist", appInfo, "--entitlements", app, "--app-group", Self.group)
    #expect(appDoctor.status == 1 && appDoctor.output.contains("the app's entitlements do not list the app group"))
    let withGroup = try ToolRunner.temporaryFile(
      try ToolRunner.run("plist", "--routes", routes, "--entitlements", "--app-clip", "--app-group", Self.group).output,
      name: "App2.entitlements")
    #expect(
      try ToolRunner.run(
        "doctor", "--routes", routes, "--info-plist", appInfo, "--entitlements", withGroup, "--app-group", Self.group
      ).status == 0)
    // --app-clip insists on an App Clip's Info.plist.
    let notClip = try ToolRunner.run("doctor", "--routes", routes, "--app-clip", "--info-plist", appInfo)
    #expect(notClip.status == 2 && notClip.error.contains("is not an App Clip's Info.plist"))
  }
}
