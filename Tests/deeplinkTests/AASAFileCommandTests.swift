import Foundation
import Testing

/// `deeplink aasa lint` and `deeplink aasa generate`'s file options on the built binary: a file per
/// served domain, merging into a served file, legacy paths; exit statuses and errors.
@Suite struct AASAFileCommandTests {
  static let app = "ABCDE12345.com.example.app"
  static let table = """
    {"hosts": ["example.com", "www.example.com", "*.shop.test"], "routes": [
      {"name": "message", "path": "/messages/:id"},
      {"name": "delete", "path": "/settings/account/delete", "sources": ["inApp"]}
    ]}
    """

  @Test func lintReportsEachProblemAndExitsByTheWorst() throws {
    let clean = try ToolRunner.temporaryFile(
      #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/a/*"}]}]}}"#, name: "aasa")
    #expect(try ToolRunner.run("aasa", "lint", clean) == .init(status: 0, output: "no problems\n", error: ""))
    let warned = try ToolRunner.temporaryFile(
      #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "*"}, {"/": "/a/*", "exclude": true}]}]}}"#,
      name: "aasa")
    let text = try ToolRunner.run("aasa", "lint", warned)
    #expect(text.status == 0)
    #expect(
      text.output == """
        warning: catchAll: details[0].components[0] opens every URL of the domain, including paths no route serves; every rule after it is unreachable
        warning: unreachableRule: details[0].components[1] can never decide for "ABCDE12345.com.example.app": details[0].components[0] matches every URL it matches and comes first

        """)
    #expect(try ToolRunner.run("aasa", "lint", warned, "--strict").status == 1)
    let json = try ToolRunner.run(
      "aasa", "lint", warned, "--format", "json", "--app-id", "FGHIJ67890.com.example.other")
    #expect(json.status == 1)
    #expect(
      json.output.hasPrefix(
        #"{"problems":[{"code":"appIDNotListed","severity":"error","message":"the file names no rule for \"FGHIJ67890.com.example.other\""},{"code":"catchAll","severity":"warning","#
      ))
    #expect(json.output.contains(#""details":0,"component":1}]}"#))
    // A file iOS cannot read is a problem of the file, not a usage error.
    let broken = try ToolRunner.temporaryFile(#"{"applinks": "#, name: "aasa")
    let unreadable = try ToolRunner.run("aasa", "lint", broken)
    #expect(unreadable.status == 1)
    #expect(unreadable.output.hasPrefix("error: invalidJSON: the file is not valid JSON: "))
    let routes = try ToolRunner.temporaryFile(Self.table)
    let verify = try ToolRunner.run("aasa", "verify", "--routes", routes, "--aasa", broken, "--app-id", Self.app)
    #expect(verify.status == 1 && verify.output.hasPrefix("error: invalidJSON: "))
    // Usage errors.
    #expect(try ToolRunner.run("aasa", "lint").error.hasPrefix("deeplink: aasa lint needs <file>"))
    let missing = try ToolRunner.run("aasa", "lint", "/nonexistent/aasa")
    #expect(missing.status == 2 && missing.error.hasPrefix(#"deeplink: cannot read "/nonexistent/aasa""#))
  }

  @Test func generateWritesTheFileOfEachServedDomain() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString)").path
    let written = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--output", directory)
    #expect(written.status == 0, "\(written.error)")
    let paths = ["example.com", "www.example.com", "shop.test"].map {
      "\(directory)/\($0)/.well-known/apple-app-site-association"
    }
    #expect(written.output == paths.joined(separator: "\n") + "\n")
    for path in paths {
      let verified = try ToolRunner.run(
        "aasa", "verify", "--routes", routes, "--aasa", path, "--app-id", Self.app, "--domain",
        String(path.dropFirst(directory.count + 1).prefix { $0 != "/" }))
      #expect(verified.status == 0 && !verified.output.contains("error"), "\(path): \(verified.output)")
    }
    // Without --output the files are equal, so one is printed, with where to serve it.
    let printed = try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", Self.app)
    #expect(printed.status == 0)
    #expect(printed.output == (try String(contentsOfFile: paths[0], encoding: .utf8)))
    #expect(
      printed.error
        == "deeplink: serve this file on each of example.com, www.example.com, shop.test, at https://DOMAIN/.well-known/apple-app-site-association\n"
    )
  }

  @Test func generateMergesIntoAServedFileAndWritesLegacyPaths() throws {
    let routes = try ToolRunner.temporaryFile(Self.table)
    let existing = try ToolRunner.temporaryFile(
      #"{"applinks": {"details": [{"appIDs": ["\#(Self.app)"], "components": [{"/": "/old/*"}]}, {"appIDs": ["FGHIJ67890.com.example.other"], "components": [{"/": "/other/*"}]}]}, "webcredentials": {"apps": ["\#(Self.app)"]}}"#,
      name: "apple-app-site-association")
    let usage = try ToolRunner.run("aasa", "generate", "--routes", routes, "--app-id", Self.app, "--merge", existing)
    #expect(usage.status == 2)
    #expect(usage.error.hasPrefix("deeplink: --merge merges into one domain's file; the table serves example.com"))
    let merged = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--merge", existing, "--domain", "example.com",
      "--legacy")
    #expect(merged.status == 0, "\(merged.error)")
    #expect(merged.output.contains(#""webcredentials": {"#))
    #expect(merged.output.contains(#""/": "/other/*""#) && !merged.output.contains("/old/*"))
    #expect(merged.output.contains(#""NOT /settings/account/delete""#))
    #expect(merged.output.contains(#""apps": []"#))
    #expect(merged.error.contains("info: mixedFormats: details[0] has both components and paths, as --legacy asks"))
    let aasa = try ToolRunner.temporaryFile(merged.output, name: "apple-app-site-association")
    let other = try ToolRunner.run(
      "aasa", "match", "--aasa", aasa, "--domain", "example.com", "https://example.com/other/1")
    #expect(other.status == 0 && other.output.contains("a = FGHIJ67890.com.example.other, d = example.com }: Pattern"))
    let broken = try ToolRunner.temporaryFile("[1,", name: "broken")
    let refused = try ToolRunner.run(
      "aasa", "generate", "--routes", routes, "--app-id", Self.app, "--merge", broken, "--domain", "example.com")
    #expect(refused.status == 1 && refused.error.hasPrefix("deeplink: the file to merge is not valid JSON"))
  }
}
