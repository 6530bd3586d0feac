import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Foundation
import Testing

/// Generating an apple-app-site-association file from a route table, and checking a file against
/// a table both ways.
@Suite struct AASAGenerateTests {
  static let app = "ABCDE12345.com.example.app"

  static func table(_ routes: String, caseSensitive: Bool = true) throws -> RouteTable {
    try RouteTable(
      json: Data(
        ##"{"hosts": ["example.com"], "caseSensitive": \##(caseSensitive), "routes": [\##(routes)]}"##.utf8))
  }

  static let shop = """
    {"name": "home", "path": "/"},
    {"name": "message", "path": "/messages/:id"},
    {"name": "request", "path": "/requests/:id(int)"},
    {"name": "order", "path": "/orders/:id(uuid)"},
    {"name": "docs", "path": "/docs/*path"},
    {"name": "profile", "path": "/settings/profile"},
    {"name": "section", "path": "/settings/:section", "sources": ["inApp"]},
    {"name": "delete", "path": "/settings/account/delete", "sources": ["inApp"]},
    {"name": "deep", "path": "/a/:x/b"}
    """

  @Test func theGeneratedFileEncodesTheTableInPrecedenceOrder() throws {
    let (json, problems) = try Self.table(Self.shop).appSiteAssociation(appIDs: [Self.app])
    let file = try AppSiteAssociation(json: Data(json.utf8))
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let applinks = try #require(root["applinks"] as? [String: Any])
    let details = try #require((applinks["details"] as? [[String: Any]])?.first)
    let components = try #require(details["components"] as? [[String: Any]])
    let uuid =
      String(repeating: "$(xdigit)", count: 8) + "-" + String(repeating: "$(xdigit)", count: 4) + "-"
      + String(repeating: "$(xdigit)", count: 4) + "-" + String(repeating: "$(xdigit)", count: 4) + "-"
      + String(repeating: "$(xdigit)", count: 12)
    #expect(
      components.map { "\($0["exclude"] as? Bool == true ? "exclude " : "")\($0["/"] as? String ?? "")" } == [
        "exclude /settings/account/delete", "/settings/profile", "/orders/\(uuid)", "exclude /requests/?*/?*",
        "/requests/?*", "exclude /a/?*/?*/b", "/a/?*/b", "exclude /messages/?*/?*", "/messages/?*",
        "exclude /settings/?*", "/docs/?*", "/",
      ])
    #expect(components[1]["comment"] as? String == "route profile: /settings/profile")
    #expect(!json.contains("/*\"") && !json.contains("percentEncoded"))
    #expect(json.hasSuffix("}\n"))
    // Its own check passes: only the int parameter's widening is reported.
    #expect(problems.map(\.code) == ["typeWidened", "typeWidened"])
    #expect(problems.allSatisfy { $0.severity == .info })
    #expect(try Self.table(Self.shop).verify(file, appID: Self.app).allSatisfy { $0.severity == .info })
    // What iOS then does with the table's links.
    let opens = { (path: String) throws in
      try file.match("https://example.com" + path, domain: "example.com").results[0].decision
    }
    #expect(try opens("/settings/profile") == .match)
    #expect(try opens("/settings/account/delete") == .blocked)
    #expect(try opens("/settings/privacy") == .blocked)
    #expect(try opens("/messages/42") == .match)
    #expect(try opens("/messages/42/x") == .blocked)  // a parameter takes one segment
    #expect(try opens("/orders/9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB") == .match)
    #expect(try opens("/orders/42") == .none)
    #expect(try opens("/docs/a/b/c") == .match)
    #expect(try opens("/") == .match)
  }

  @Test func aCaseInsensitiveTableSaysSoInTheFile() throws {
    let (json, _) = try Self.table(#"{"name": "a", "path": "/Inbox"}"#, caseSensitive: false)
      .appSiteAssociation(appIDs: [Self.app, "FGHIJ67890.com.example.other"])
    let file = try AppSiteAssociation(json: Data(json.utf8))
    #expect(json.contains(#""caseSensitive": false"#))
    #expect(try file.match("https://example.com/INBOX", domain: "example.com").opens.count == 2)
  }

  @Test func aLiteralWithAWildcardCharacterIsWrittenAsOneCharacter() throws {
    let (json, problems) = try Self.table(#"{"name": "star", "path": "/files/a*b"}"#).appSiteAssociation(appIDs: [
      Self.app
    ])
    #expect(json.contains(#""/": "/files/a?b""#))
    #expect(
      problems.map { "\($0.severity): \($0.code): \($0.message)" } == [
        "warning: unroutableOpened: https://example.com/files/axb opens the app (details 0, component 0) but no route serves it",
        #"info: literalNotExpressible: route "star" has a literal with "*" or "$(", written as "?""#,
      ])
    let file = try AppSiteAssociation(json: Data(json.utf8))
    #expect(try file.match("https://example.com/files/a*b", domain: "example.com").opens == [Self.app])
  }

  @Test func aFileThatWouldOpenAForbiddenRouteIsNeverWritten() throws {
    // The typed route comes first, and its `?*` cannot tell an int from the forbidden name.
    let table = try Self.table(
      #"{"name": "byNumber", "path": "/a/:id(int)"}, {"name": "byName", "path": "/a/:name", "sources": ["inApp"]}"#)
    #expect(throws: RouteTableError.self) { try table.appSiteAssociation(appIDs: [Self.app]) }
    do {
      _ = try table.appSiteAssociation(appIDs: [Self.app])
    } catch {
      #expect(error.problems.first?.message.contains(#"route "byName" forbids universal links"#) == true)
    }
  }

  @Test func verifyFindsEachKindOfProblem() throws {
    let table = try Self.table(Self.shop)
    let everything = try AppSiteAssociation(
      json: Data(##"{"applinks": {"details": [{"appIDs": ["\##(Self.app)"], "components": [{"/": "*"}]}]}}"##.utf8))
    let problems = try table.verify(everything, appID: Self.app)
    let codes = Set(problems.map(\.code))
    #expect(codes == ["forbiddenRouteOpened", "unroutableOpened", "typeWidened", "catchAll"])
    let forbidden = try #require(problems.first { $0.code == "forbiddenRouteOpened" })
    #expect(forbidden.severity == .error && forbidden.details == 0 && forbidden.component == 0)
    #expect(problems.contains { $0.route == "delete" && $0.url == "https://example.com/settings/account/delete" })

    let narrow = try AppSiteAssociation(
      json: Data(
        ##"{"applinks": {"details": [{"appIDs": ["\##(Self.app)"], "components": [{"/": "/messages/*", "exclude": true}, {"/": "/docs/*"}]}]}}"##
          .utf8))
    let missing = try table.verify(narrow, appID: Self.app)
    #expect(
      missing.contains {
        $0.code == "routeNotCovered" && $0.route == "message"
          && $0.message.contains("blocked by details 0, component 0")
      })
    #expect(
      missing.contains {
        $0.code == "routeNotCovered" && $0.route == "profile" && $0.message.contains("matched by no rule")
      })
    #expect(!missing.contains { $0.code == "routeNotCovered" && $0.route == "docs" })
    // The file's `/docs/*` also opens `/docs` itself, which no route serves.
    #expect(missing.contains { $0.code == "unroutableOpened" && $0.url == "https://example.com/docs" })

    let otherApp = try table.verify(narrow, appID: "ZZZZZ99999.com.other")
    #expect(otherApp.first?.code == "appIDNotListed")
    let wildcardHost = try RouteTable(
      json: Data(#"{"hosts": ["example.com", "*.example.com", "help.other.com"], "routes": []}"#.utf8))
    let hosts = try wildcardHost.verify(narrow, appID: Self.app).filter { $0.code == "hostNotServed" }
    #expect(hosts.map(\.message) == [#"the table's host "help.other.com" is not served by the file of "example.com""#])
  }

  @Test func eachHostGetsItsDomainsFile() throws {
    let table = try RouteTable(
      json: Data(
        #"{"hosts": ["www.example.com", "*.example.com", "Example.COM", "shop.test"], "routes": [{"name": "m", "path": "/m/:id"}]}"#
          .utf8))
    #expect(table.appSiteAssociationDomains == ["www.example.com", "example.com", "shop.test"])
    // A wildcard-only table: its file is on the parent domain, and is probed on a subdomain.
    let wildcard = try RouteTable(
      json: Data(
        #"{"hosts": ["*.example.com"], "routes": [{"name": "m", "path": "/m/:id"}, {"name": "d", "path": "/d", "sources": ["inApp"]}]}"#
          .utf8))
    let (json, problems) = try wildcard.appSiteAssociation(appIDs: [Self.app])
    #expect(problems.isEmpty)
    let file = try AppSiteAssociation(json: Data(json.utf8))
    let verified = try wildcard.verify(file, appID: Self.app)
    #expect(verified.isEmpty, "\(verified)")
    let everything = try AppSiteAssociation(
      json: Data(##"{"applinks": {"details": [{"appIDs": ["\##(Self.app)"], "components": [{"/": "*"}]}]}}"##.utf8))
    let opened = try wildcard.verify(everything, appID: Self.app).filter { $0.code == "forbiddenRouteOpened" }
    #expect(opened.first?.url == "https://www.example.com/d")
  }

  @Test func mergingReplacesOnlyTheAppsEntries() throws {
    let existing = ##"""
      {"applinks": {"defaults": {"caseSensitive": false, "?": "x=1"}, "details": [
         {"appIDs": ["ZZZZZ99999.com.other.first"], "components": [{"/": "/first/*"}]},
         {"appIDs": ["\##(Self.app)", "YYYYY88888.com.other.shared"], "components": [{"/": "/old/*"}]},
         {"appID": "\##(Self.app)", "paths": ["/older/*"]},
         {"appIDs": ["XXXXX77777.com.other.last"], "components": [{"/": "/last/*"}]}]},
       "webcredentials": {"apps": ["\##(Self.app)"]}}
      """##
    let table = try Self.table(Self.shop)
    let (json, problems) = try table.appSiteAssociation(appIDs: [Self.app], merging: Data(existing.utf8))
    let file = try AppSiteAssociation(json: Data(json.utf8))
    #expect(
      file.appIDs == [
        "ZZZZZ99999.com.other.first", Self.app, "YYYYY88888.com.other.shared", "XXXXX77777.com.other.last",
      ])
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((root["webcredentials"] as? [String: Any])?["apps"] as? [String] == [Self.app])
    let details = try #require((root["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    #expect(details.count == 4)
    // The new entry undoes the domain's query default, and keeps the table's case.
    #expect((details[1]["defaults"] as? [String: Any])?.keys.sorted() == ["?", "caseSensitive"])
    #expect(json.contains(#""defaults": {\#n          "?": "*",\#n          "caseSensitive": true\#n        }"#))
    #expect((details[2]["components"] as? [[String: String]])?.first?["/"] == "/old/*")
    // Only the domain's own default is reported, and the merged file passes the check.
    #expect(problems.filter { $0.severity != .info }.map(\.code) == ["defaultsPatternKey"])
    #expect(try table.verify(file, appID: Self.app).allSatisfy { $0.severity == .info || $0.details == nil })
    #expect(
      try file.match("https://example.com/messages/42", domain: "example.com", appID: Self.app).opens == [Self.app])
    #expect(
      try file.match("https://example.com/first/1?x=1", domain: "example.com").opens == ["ZZZZZ99999.com.other.first"])

    // The oldest dictionary form is written as an array; a file that is not JSON is refused.
    let oldest = ##"{"applinks": {"details": {"\##(Self.app)": {"paths": ["*"]}, "B.other": {"paths": ["/b"]}}}}"##
    let (merged, notes) = try table.appSiteAssociation(appIDs: [Self.app], merging: Data(oldest.utf8))
    #expect(try AppSiteAssociation(json: Data(merged.utf8)).appIDs == [Self.app, "B.other"])
    #expect(notes.contains { $0.code == "detailsDictionary" && $0.severity == .info })
    #expect(throws: RouteTableError.self) {
      try table.appSiteAssociation(appIDs: [Self.app], merging: Data("{".utf8))
    }
  }

  @Test func legacyPathsMirrorTheRulesForOldSystems() throws {
    let table = try Self.table(Self.shop)
    let (json, problems) = try table.appSiteAssociation(appIDs: [Self.app], legacy: true)
    let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let applinks = try #require(root["applinks"] as? [String: Any])
    #expect(applinks["apps"] as? [String] == [])
    let entry = try #require((applinks["details"] as? [[String: Any]])?.first)
    let paths = try #require(entry["paths"] as? [String])
    #expect(paths.first == "NOT /settings/account/delete")
    #expect(paths.contains("/orders/????????-????-????-????-????????????"))
    #expect(paths.count == (entry["components"] as? [Any])?.count)
    #expect(problems.contains { $0.code == "mixedFormats" && $0.severity == .info })
    #expect(!problems.contains { $0.severity == .error })
    // What iOS 12 would open: the paths alone.
    let old = try AppSiteAssociation(json: Data(try Self.pathsOnly(json).utf8))
    #expect(try old.match("https://example.com/settings/account/delete", domain: "example.com").opens.isEmpty)
    #expect(try old.match("https://example.com/messages/42", domain: "example.com").opens == [Self.app])
    #expect(try old.match("https://example.com/messages/42/x", domain: "example.com").opens.isEmpty)
  }

  /// A generated file with its `components` removed: what iOS 12 and earlier read.
  static func pathsOnly(_ json: String) throws -> String {
    var root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var applinks = try #require(root["applinks"] as? [String: Any])
    var details = try #require(applinks["details"] as? [[String: Any]])
    details[0]["components"] = nil
    applinks["details"] = details
    root["applinks"] = applinks
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  /// The property: for generated tables, no link of a route that forbids universal links is opened
  /// by the generated file, ever; and when the generator reports no error, every universal-link
  /// route's printed links are opened. (A forbidden route's `?*` can only be excluded wider than
  /// the route, which may close a lower route's links: the generator reports those as
  /// `routeNotCovered` errors, and the file then opens less, never more.)
  @Test(arguments: [1 as UInt64, 2, 3])
  func generatedFilesOpenExactlyTheUniversalLinkRoutes(seed: UInt64) throws {
    var generator = SplitMix(seed: seed)
    let words = ["a", "b", "shop", "items"]
    var checkedLinks = 0
    var refusedTables = 0
    var completeTables = 0
    for _ in 0..<40 {
      var routes: [String] = []
      for index in 0..<(2 + Int(generator.next() % 5)) {
        let length = 1 + Int(generator.next() % 3)
        var segments: [String] = []
        for position in 0..<length {
          switch generator.next() % 7 {
          case 0, 1, 2: segments.append(words[Int(generator.next() % UInt64(words.count))])
          case 3: segments.append(":p\(position)")
          case 4: segments.append(":n\(position)(int)")
          case 5: segments.append(":u\(position)(uuid)")
          default: segments.append(position == length - 1 ? "*rest" : "w")
          }
        }
        let sources = generator.next() % 3 == 0 ? #", "sources": ["inApp"]"# : ""
        routes.append(#"{"name": "r\#(index)", "path": "/\#(segments.joined(separator: "/"))"\#(sources)}"#)
      }
      guard let table = try? Self.table(routes.joined(separator: ",")), let router = try? table.makeRouter() else {
        continue
      }
      guard let (json, problems) = try? table.appSiteAssociation(appIDs: [Self.app]) else {
        refusedTables += 1  // it would have opened a forbidden route: refused, as it must be
        continue
      }
      let isComplete = !problems.contains { $0.severity == .error }
      if isComplete { completeTables += 1 }
      let file = try AppSiteAssociation(json: Data(json.utf8))
      #expect(file.problems.isEmpty, "\(file.problems) in \(routes)")
      // The legacy mirror, as iOS 12 reads it (paths alone), when it can be written.
      let legacy = try (try? table.appSiteAssociation(appIDs: [Self.app], legacy: true)).map { legacy in
        try AppSiteAssociation(json: Data(Self.pathsOnly(legacy.json).utf8))
      }
      for entry in table.routes {
        let pattern = try RoutePattern(entry.path)
        for _ in 0..<3 {
          var parameters: [String: String] = [:]
          for segment in pattern.segments {
            switch segment {
            case .parameter(let name, _), .catchAll(let name):
              parameters[name] = generator.sample(segment).joined(separator: "/")
            default: break
            }
          }
          guard !pattern.segments.contains(where: { if case .wildcard = $0 { true } else { false } }),
            let link = try? router.urlString(for: NamedRoute(entry.name, parameters: parameters)),
            let resolved = try? router.resolve(link, source: .inApp), resolved.route.name == entry.name
          else { continue }
          let decision = try file.match(link, domain: "example.com").results[0].decision
          if entry.sources == nil {
            if isComplete { #expect(decision == .match, "\(link) of \(entry.path) in \(routes)") }
          } else {
            #expect(decision != .match, "\(link) of forbidden \(entry.path) in \(routes)")
            if let legacy {
              #expect(try legacy.match(link, domain: "example.com").opens.isEmpty, "\(link) by paths in \(routes)")
            }
          }
          checkedLinks += 1
        }
      }
    }
    #expect(checkedLinks > 150, "too few links were checked")
    // Most random tables can be encoded exactly (31–34 of 40 per seed here; 16–19 with the
    // precedence order reversed, which this bound catches).
    #expect(completeTables >= 28 && refusedTables <= 3, "\(completeTables) complete, \(refusedTables) refused")
  }
}
