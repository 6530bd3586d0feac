import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// What a hostile or careless route table can make of the link domain's site: the tree stays
/// under `--output`, all or nothing, with names every disk keeps, and no route universal links may
/// not open is served by a page, a `_redirects` rule or the not-found page. Also the Android
/// file's checks and the options `site generate` takes.
@Suite struct SiteHardeningTests {
  static let fingerprint = SiteTests.fingerprint

  /// A table on app.example.com with these routes (JSON objects, as the table writes them).
  static func table(_ routes: String, caseSensitive: Bool = true) throws -> RouteTable {
    try RouteTable(
      json: Data(
        #"{"hosts": ["app.example.com"], "caseSensitive": \#(caseSensitive), "routes": [\#(routes)]}"#.utf8))
  }

  static func site(_ table: RouteTable) throws -> LinkSite {
    try table.site(LinkSite.Options(name: "App", appIDs: ["ABCDE12345.com.example.app"]))
  }

  static func paths(_ site: LinkSite) -> [String] { site.files.map(\.path) }

  static func redirects(_ site: LinkSite) -> String { site.files.first { $0.path == "_redirects" }?.contents ?? "" }

  /// Every file and folder under `folder`, relative to it.
  static func tree(_ folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    return (enumerator?.allObjects as? [String] ?? []).sorted()
  }

  static func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("site-hardening-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// An encoded `/` or `..` in a literal gives the route no folder page: it was written outside
  /// `--output` (`DIR/../../pwned/index.html`), or at a path a static host serves for another route.
  @Test func aLiteralThatLeavesItsFolderGetsNoFolderPage() throws {
    let table = try Self.table(
      #"{"name": "evil", "path": "/%2E%2E%2F%2E%2E%2Fpwned"}, {"name": "slash", "path": "/x%2Fy"},"#
        + #"{"name": "secret", "path": "/x/y", "sources": ["inApp"]}"#)
    let site = try Self.site(table)
    #expect(Self.paths(site).allSatisfy { !$0.contains("..") && !$0.hasPrefix("x/") })
    #expect(!Self.paths(site).contains { $0.hasSuffix("/index.html") })
    #expect(site.problems.filter { $0.code == "noFolderPage" }.count == 2)
    #expect(
      site.problems.contains {
        $0.message.hasPrefix(
          #"route "slash" (/x%2Fy) gets no folder page: its segment "x/y" holds "/", which splits a path"#)
      })
    // The route still has its page, which _redirects and 404.html serve.
    #expect(Self.redirects(site).contains("/..%2F..%2Fpwned  /_dlk/evil.html  200\n"))
    #expect(Self.redirects(site).contains("/x/y  /404.html  404\n"))

    // Through the tool: nothing outside --output, exit 0, the note on standard error.
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let routes = try ToolRunner.temporaryFile(table.jsonText)
    let output = folder.appendingPathComponent("a/b/out")
    let result = try ToolRunner.run("site", "generate", "--routes", routes, "--output", output.path)
    #expect(result.status == 0)
    #expect(result.error.contains("noFolderPage"))
    #expect(Self.tree(folder).allSatisfy { $0.hasPrefix("a") })
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a/pwned").path))
  }

  /// A rule's last `*` matches its prefix too (Netlify serves `/docs/*` at `/docs`), which a
  /// catch-all route does not open: the prefix meets a rule of its own first, the route of that
  /// very pattern (a forbidden one's 404) or the not-found page. Found by FuzzRouteTable: the
  /// root of a table with `/*home` and a root route only the app may open was served a page.
  @Test func aCatchAllsPrefixIsNotServedItsPage() throws {
    let table = try Self.table(
      #"{"name": "home", "path": "/*home"}, {"name": "root", "path": "/", "sources": ["inApp"]},"#
        + #"{"name": "docs", "path": "/docs/*path"}, {"name": "docsIndex", "path": "/docs"},"#
        + #"{"name": "files", "path": "/files/*path"},"#
        + #"{"name": "guidesIndex", "path": "/guides"}, {"name": "guides", "path": "/guides/*path"}"#)
    let lines = Self.redirects(try Self.site(table)).split(separator: "\n").map(String.init)
    func position(_ line: String) throws -> Int { try #require(lines.firstIndex(of: line), "no rule \(line)") }
    #expect(try position("/  /404.html  404") < position("/*  /_dlk/home.html  200"))
    #expect(try position("/docs  /_dlk/docsIndex.html  200") < position("/docs/*  /_dlk/docs.html  200"))
    #expect(try position("/files  /404.html  404") < position("/files/*  /_dlk/files.html  200"))
    #expect(lines.filter { $0.hasPrefix("/docs ") }.count == 1)
    // A prefix route declared before its catch-all keeps its one rule, with no dead 404 after it.
    #expect(try position("/guides  /_dlk/guidesIndex.html  200") < position("/guides/*  /_dlk/guides.html  200"))
    #expect(lines.filter { $0.hasPrefix("/guides ") }.count == 1)
    // What the router says of those prefixes: `/files` is the root catch-all's, which the
    // not-found page's script finds (its catch-all needs a segment after `/files/`).
    let router = try table.makeRouter()
    #expect(try router.resolve("https://app.example.com/files").route.name == "home")
    #expect(try router.resolve("https://app.example.com/docs").route.name == "docsIndex")
    #expect(throws: DeepLinkError.self) { try router.resolve("https://app.example.com/") }
    func notFoundFinds(_ pattern: String, at path: String) throws -> Bool {
      let regex = try NSRegularExpression(pattern: SitePages.regex(try RoutePattern(pattern).segments))
      return regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
    }
    #expect(try !notFoundFinds("/files/*path", at: "/files"))
    #expect(try notFoundFinds("/*home", at: "/files"))
  }

  /// A literal `*` is `%2A` in `_redirects`: written as `*`, Netlify and Cloudflare Pages read it
  /// as a splat that serves the page at every path, a forbidden route's too.
  @Test func aStarLiteralIsNoSplatInRedirects() throws {
    let site = try Self.site(
      try Self.table(#"{"name": "star", "path": "/%2A"}, {"name": "admin", "path": "/admin", "sources": ["inApp"]}"#))
    let redirects = Self.redirects(site)
    #expect(redirects.contains("/%2A  /_dlk/star.html  200\n"))
    #expect(!redirects.split(separator: "\n").contains { $0.hasPrefix("/* ") || $0.hasPrefix("/*\t") })
    #expect(!Self.paths(site).contains { $0.contains("*") })
  }

  /// A route whose folder page would stand where the site writes a file of its own is a table
  /// problem, reported before anything is written: it failed halfway (exit 2, a partial tree).
  @Test func aPageWhereTheSiteWritesItsOwnFileIsATableProblem() throws {
    let table = try Self.table(
      #"{"name": "a", "path": "/a"}, {"name": "notFound", "path": "/404.html"},"#
        + #"{"name": "rules", "path": "/_redirects"}, {"name": "aasa", "path": "/.well-known/apple-app-site-association"},"#
        + #"{"name": "inside", "path": "/_dlk/a.html"}"#)
    #expect {
      try Self.site(table)
    } throws: { error in
      let problems = (error as? RouteTableError)?.problems ?? []
      return problems.count == 4 && problems.allSatisfy { $0.code == .conflict }
        && problems.contains {
          $0.message
            == #"route "inside" (/_dlk/a.html) would have its page at "_dlk/a.html/index.html", which clashes with the site's own file "_dlk/a.html"; give the route another path"#
        }
    }
    let routes = try ToolRunner.temporaryFile(table.jsonText)
    let lint = try ToolRunner.run("lint", "--routes", routes)
    #expect(lint.status == 1)
    #expect(
      lint.output.contains("conflict: route \"notFound\" (/404.html) would have its page at \"404.html/index.html\""))
    #expect(lint.output.hasSuffix(": 4 problems\n"))
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let generated = try ToolRunner.run("site", "generate", "--routes", routes, "--output", folder.path + "/out")
    #expect(generated.status == 2)
    #expect(Self.tree(folder).isEmpty)
  }

  /// Names a disk does not keep as written get no folder page: over 255 bytes, a `\` (which
  /// Windows splits), a name Windows refuses or drops the end of. (A control character or a dot
  /// segment is refused by the router already: no link can match it.)
  @Test func aNameNoDiskKeepsGetsNoFolderPage() throws {
    let long = String(repeating: "a", count: 256)
    let table = try Self.table(
      #"{"name": "long", "path": "/\#(long)"}, {"name": "backslash", "path": "/a%5Cb"},"#
        + #"{"name": "colon", "path": "/c%3Ad"}, {"name": "dot", "path": "/e."},"#
        + #"{"name": "device", "path": "/con"}, {"name": "fine", "path": "/f%20g"}"#)
    let site = try Self.site(table)
    #expect(Self.paths(site).filter { $0.hasSuffix("/index.html") } == ["f g/index.html"])
    #expect(site.problems.filter { $0.code == "noFolderPage" }.count == 5)
    // The tool writes the rest, and lint passes the table with the notes.
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let routes = try ToolRunner.temporaryFile(table.jsonText)
    #expect(try ToolRunner.run("site", "generate", "--routes", routes, "--output", folder.path).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("f g/index.html").path))
    let lint = try ToolRunner.run("lint", "--routes", routes)
    #expect(lint.status == 0)
    #expect(lint.output.contains("warning: noFolderPage: route \"backslash\" (/a%5Cb) gets no folder page"))
  }

  /// On APFS and NTFS, `Home.html` and `home.html` are one file: page names are told apart
  /// without regard to case, and folder pages that differ only in case are written for neither.
  @Test func namesThatDifferOnlyInCaseAreToldApart() throws {
    let site = try Self.site(try Self.table(#"{"name": "Home", "path": "/Home"}, {"name": "home", "path": "/home"}"#))
    #expect(Self.paths(site).contains("_dlk/Home.html") && Self.paths(site).contains("_dlk/home_.html"))
    #expect(!Self.paths(site).contains { $0.hasSuffix("/index.html") })
    #expect(site.problems.filter { $0.code == "noFolderPage" }.count == 2)
    #expect(LinkSite.treeProblem(Self.paths(site)) == nil)
  }

  /// In a case-sensitive table, `/account/Profile` is the forbidden route's path: a case-
  /// insensitive host would serve the allowed `/account/profile`'s folder page there.
  @Test func aFolderPageIsKeptOffAForbiddenRoutesCaseVariant() throws {
    let routes =
      #"{"name": "profile", "path": "/account/profile"}, {"name": "section", "path": "/account/:x", "sources": ["inApp"]}"#
    let sensitive = try Self.site(try Self.table(routes))
    #expect(!Self.paths(sensitive).contains("account/profile/index.html"))
    let insensitive = try Self.site(try Self.table(routes, caseSensitive: false))
    #expect(Self.paths(insensitive).contains("account/profile/index.html"))
  }

  /// The tree check itself: what the tool refuses before it writes anything.
  @Test func theTreeCheckRefusesEveryWayOut() {
    #expect(LinkSite.treeProblem(["a/index.html", "_dlk/a.html"]) == nil)
    for paths in [
      ["../x"], ["/etc/x"], ["a/../../x"], ["a\\b"], [""], ["a//b"], ["a/./b"], ["a\u{0}b"],
      ["A.html", "a.html"], ["a", "a/index.html"], ["a/index.html", "A"], [String(repeating: "x", count: 256)],
    ] {
      #expect(LinkSite.treeProblem(paths) != nil, "\(paths)")
    }
  }

  /// The tool writes only under `--output`: a symbolic link inside it, or a folder where a file
  /// goes, refuses the whole tree before anything is written.
  @Test func theToolWritesNothingThroughALinkOrHalfway() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(at: folder) }
    let outside = folder.appendingPathComponent("outside")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("_dlk"), withDestinationURL: outside)
    let linked = try ToolRunner.run("site", "generate", "--routes", SiteTests.tableURL.path, "--output", output.path)
    #expect(linked.status == 2)
    #expect(linked.error.contains("is a symbolic link, and the tool writes only under"))
    #expect(Self.tree(outside).isEmpty)
    #expect(Self.tree(output) == ["_dlk"])

    try FileManager.default.removeItem(at: output.appendingPathComponent("_dlk"))
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent("404.html"), withIntermediateDirectories: true)
    let blocked = try ToolRunner.run("site", "generate", "--routes", SiteTests.tableURL.path, "--output", output.path)
    #expect(blocked.status == 2)
    #expect(Self.tree(output) == ["404.html"])
    // Once the way is clear, the whole tree is written, and written again over itself.
    try FileManager.default.removeItem(at: output.appendingPathComponent("404.html"))
    for _ in 0..<2 {
      let written = try ToolRunner.run("site", "generate", "--routes", SiteTests.tableURL.path, "--output", output.path)
      #expect(written.status == 0)
      #expect(
        Self.tree(output).contains("_dlk/item.html") && !Self.tree(output).contains { $0.hasPrefix(".deeplink-") })
    }
  }

  /// A fingerprint is ASCII hex: `Character.isHexDigit` took full-width digits, which Android
  /// never matches.
  @Test func aFullWidthFingerprintIsRefused() throws {
    let fullWidth = Self.fingerprint.replacingOccurrences(of: "1", with: "１").replacingOccurrences(of: "A", with: "Ａ")
    #expect(throws: RouteTableError.self) {
      try SiteTests.table().assetLinks(packageName: "com.example.shop", fingerprints: [fullWidth])
    }
    let (json, _) = try SiteTests.table().assetLinks(packageName: "com.example.shop", fingerprints: [Self.fingerprint])
    #expect(
      try SiteTests.table().verifyAssetLinks(
        Data(json.utf8), packageName: "com.example.shop", fingerprints: [fullWidth]
      ).map(\.code) == ["invalidOption"])
    let tool = try ToolRunner.run(
      "site", "generate", "--routes", SiteTests.tableURL.path, "--output", "/nonexistent/never", "--android-package",
      "com.example.shop", "--android-fingerprint", fullWidth)
    #expect(tool.status == 2)
    #expect(tool.error.contains("is not a SHA-256 fingerprint"))
  }

  /// Android reads each statement on its own: the relation in one and the app's fingerprint in
  /// another is no App Link.
  @Test func verifyDoesNotPoolStatements() throws {
    let other = "AA" + Self.fingerprint.dropFirst(2)
    let pooled = """
      [{"relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(other)"]}},
       {"relation": ["delegate_permission/common.get_login_creds"],
        "target": {"namespace": "android_app", "package_name": "com.example.shop", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}}]
      """
    let problems = try SiteTests.table().verifyAssetLinks(
      Data(pooled.utf8), packageName: "com.example.shop", fingerprints: [Self.fingerprint])
    #expect(problems.map(\.code) == ["fingerprintMissing", "noDynamicComponents"])
    #expect(problems.first?.message.contains("listed only in a statement that does not grant") == true)
    // Two statements that each grant the relation to one of the app's certificates are right.
    let split = pooled.replacingOccurrences(of: "get_login_creds", with: "handle_all_urls")
    #expect(
      try SiteTests.table().verifyAssetLinks(
        Data(split.utf8), packageName: "com.example.shop", fingerprints: [Self.fingerprint, other]
      ).map(\.code) == ["noDynamicComponents"])
  }

  /// A page's image is an absolute https URL, or a problem of the table (lint, the router, the site).
  @Test func aPageImageIsAnAbsoluteHTTPSURL() throws {
    for image in [
      "javascript:alert(1)", "data:image/png;base64,AAAA", "http://cdn.example.com/a.png", "/a.png", "https://",
    ] {
      let json =
        #"{"hosts": ["app.example.com"], "routes": [{"name": "a", "path": "/a", "page": {"title": "A", "image": "\#(image)"}}]}"#
      #expect(throws: RouteTableError.self, "\(image)") { try RouteTable.makeRouter(json: Data(json.utf8)) }
      let table = try RouteTable(json: Data(json.utf8))
      #expect(throws: RouteTableError.self, "\(image)") { try Self.site(table) }
      let lint = try ToolRunner.run("lint", "--routes", try ToolRunner.temporaryFile(json))
      #expect(
        lint.status == 1 && lint.output.contains("invalidOption: route \"a\" (/a) has the page image"), "\(image)")
    }
    #expect(
      try Self.site(
        try Self.table(
          #"{"name": "a", "path": "/a", "page": {"title": "A", "image": "HTTPS://cdn.example.com/a.png"}}"#)
      )
      .files.contains { $0.contents.contains("og:image") })
  }

  /// `--image` (and a page's `image`) must be text a URL holds and that reads back as the same
  /// https URL: no quote, no `<`, no character left unencoded, no user information.
  /// Each names its reason, but a malformed escape, which Foundation reads differently from one
  /// release to another (refused, or read back escaped).
  @Test(
    arguments: [
      ("https://cdn.example.com/a\".png", "which a URL does not"),
      ("https://cdn.example.com/a<b>.png", "which a URL does not"),
      ("https://cdn.example.com/é.png", "which a URL does not"),
      ("https://user@cdn.example.com/a.png", "user information"),
      ("https://user:secret@cdn.example.com/a.png", "user information"),
      ("https://@cdn.example.com/a.png", "user information"),
      ("https://cdn.example.com/a%zz.png", nil),
      ("https://cdn.example.com/a\\b.png", "which a URL does not"),
      ("https://cdn.example.com/{a}.png", "which a URL does not"),
    ] as [(String, String?)])
  func anImageNoURLHoldsIsRefused(image: String, reason: String?) throws {
    let directory = try Self.scratch()
    let tool = try ToolRunner.run(
      "site", "generate", "--app-id", "ABCDE12345.com.example.app", "--output", directory.path + "/out", "--image",
      image)
    #expect(tool.status == 2 && tool.error.contains("the site's image"), "\(tool.error)")
    if let reason { #expect(tool.error.contains(reason), "\(tool.error)") }
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/out"))
    let json = try JSONSerialization.data(withJSONObject: [
      "hosts": ["app.example.com"], "routes": [["name": "a", "path": "/a", "page": ["title": "A", "image": image]]],
    ])
    let error = #expect(throws: RouteTableError.self) { try RouteTable.makeRouter(json: json) }
    if let reason { #expect(error?.description.contains(reason) == true, "\(String(describing: error))") }
  }

  @Test func aPercentEncodedImageIsTaken() throws {
    let image = "https://cdn.example.com/caf%C3%A9.png?size=2&v=1#x"
    let site = try SiteTests.table().site(LinkSite.Options(name: "Shop", image: image))
    #expect(
      site.files.contains { $0.contents.contains("content=\"https://cdn.example.com/caf%C3%A9.png?size=2&amp;v=1#x\"") }
    )
  }

  /// `--domain` must be a domain the table serves; a wildcard host serves its subdomains.
  @Test func aDomainTheTableDoesNotServeIsRefused() throws {
    #expect {
      try SiteTests.table().site(LinkSite.Options(name: "x", domain: "evil.example"))
    } throws: { error in
      (error as? RouteTableError)?.problems.first?.message.contains("hostNotServed") == true
    }
    let tool = try ToolRunner.run(
      "site", "generate", "--routes", SiteTests.tableURL.path, "--output", "/nonexistent/never", "--domain",
      "evil.example")
    #expect(tool.status == 2 && tool.error.contains("serves no universal links on \"evil.example\""))
    let wildcard = try RouteTable(
      json: Data(#"{"hosts": ["*.example.org"], "routes": [{"name": "a", "path": "/a"}]}"#.utf8))
    #expect(throws: Never.self) { try wildcard.site(LinkSite.Options(name: "x", domain: "shop.example.org")) }
    #expect(throws: RouteTableError.self) { try wildcard.site(LinkSite.Options(name: "x", domain: "badexample.org")) }
  }

  /// A page opened with a fragment that is not an escape (`#%`) still works: the decoding that
  /// threw is caught (Tests/Site/check clicks the button of such a page in Chromium).
  @Test func aMalformedFragmentCannotStopThePagesScript() throws {
    let page = try #require(try SiteTests.site().files.first { $0.path == "_dlk/item.html" }).contents
    #expect(
      page.contains(
        "try { fragment = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : \"\"; } catch (e) {}")
    )
  }
}
