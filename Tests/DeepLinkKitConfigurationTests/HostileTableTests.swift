import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// Hostile route tables and apple-app-site-association files: each is refused with the problem
/// it has, or answered at once.
@Suite struct HostileTableTests {
  // MARK: Route tables

  /// With the core's 156 hostile links and payloads (`HostileInputTests.theCorpusIsLarge`), the
  /// corpus is at least 200 inputs.
  @Test func theTableCorpusIsLarge() {
    #expect(Self.tableCases.count >= 44)
  }

  static let tableCases: [(String, RouteTableError.Problem.Code)] = [
    (#"{"routes": [{"name": ["a"], "path": "/a"}]}"#, .invalidTable),
    (#"{"routes": [{"name": "a", "path": 1}]}"#, .invalidTable),
    (#"{"routes": [{"name": "a", "path": "/a", "sources": [1]}]}"#, .invalidTable),
    (#"{"routes": "all"}"#, .invalidTable),
    (#"{"routes": [], "schemes": {"a": 1}}"#, .invalidTable),
    (#"{"routes": [], "hosts": [null]}"#, .invalidTable),
    (#"{"routes": [], "caseSensitive": "yes"}"#, .invalidTable),
    (#"{"routes": [], "maxURLLength": 1e99}"#, .invalidTable),
    (#"{"routes": [], "maxSegments": -3}"#, .invalidTable),
    (#"{"routes": [{"name": "a", "path": "/a", "push": {"when": {"k": 1}}}]}"#, .invalidTable),
    (#"{"routes": [{"name": "a", "path": "/a", "shortcut": false}]}"#, .invalidTable),
    (#"{"routes": [{"name": "a", "path": "a"}]}"#, .invalidPattern),
    (#"{"routes": [{"name": "a", "path": "/a/:id(float)"}]}"#, .invalidPattern),
    (#"{"routes": [{"name": "a", "path": "/%zz"}]}"#, .invalidPattern),
    (#"{"routes": [], "schemes": ["java script"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["evil.com."]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["a%2eb"]}"#, .invalidOption),
    (#"\u0000"#, .invalidTable),
    (#"{"routes": [{}]}"#, .invalidTable),
    (String(repeating: "[", count: 10_000), .invalidTable),
    // Round 2 of the hardening: tables that passed with no problem though they cannot work.
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a%0A"}]}"#, .invalidPattern),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a\u0007"}]}"#, .invalidPattern),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/%E2%80%AEa"}]}"#, .invalidPattern),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "sources": []}]}"#, .invalidOption),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a/:id", "push": {"when": {"t": "a"}}}]}"#,
      .invalidOption
    ),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "name": "b"}]}"#, .invalidTable),
    (#"{"routes": [], "routes": []}"#, .invalidTable),
    (#"{"routes": [], "hosts": ["*.com"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["*.co.uk"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["10.0.0.1"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["app．example.com"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["a..example.com"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["xn--.example.com"]}"#, .invalidOption),
    (#"{"routes": [], "hosts": ["a\u200b.example.com"]}"#, .invalidOption),
    (#"{"routes": [], "maxSegments": 100000}"#, .invalidOption),
    // Round 3: limits past their ceilings, lists and push rules that cannot work.
    (#"{"routes": [], "maxQueryItems": 40000}"#, .invalidOption),
    (#"{"routes": [], "maxURLLength": 1000000}"#, .invalidOption),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a/:id", "values": {"id": []}}]}"#, .invalidOption),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a/:id", "values": {"ID": ["1"]}}]}"#, .invalidOption),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a/:id(int)", "values": {"id": ["x"]}}]}"#, .invalidOption),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a?s=z", "values": {"s": ["y"]}}]}"#, .invalidOption),
    (#"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "push": {}}]}"#, .invalidOption),
    (#"{"schemes": ["x"], "pushURLKeys": [""], "routes": []}"#, .invalidOption),
    (#"{"routes": [{"name": "a", "path": "/"# + String(repeating: "a/", count: 40) + #"b"}]}"#, .invalidPattern),
  ]

  // MARK: apple-app-site-association files (round 3)

  /// Files that matched in unbounded time, or answered wrongly: each is answered (or refused as
  /// too costly) at once.
  @Test(.timeLimit(.minutes(1)))
  func associationFiles() throws {
    func file(_ applinks: String) throws -> AppSiteAssociation {
      try AppSiteAssociation(json: Data(applinks.utf8))
    }
    let app = "ABCDE12345.com.x"
    let tokens = try file(
      ##"{"applinks": {"details": [{"appIDs": ["\##(app)"], "components": [{"/": "/\##(String(repeating: "$(lang)", count: 3_000))"}]}]}}"##
    )
    #expect(try tokens.match("https://x.com/" + String(repeating: "de", count: 3_000), domain: "x.com").opens == [app])
    let wildcards = (0..<1_000).map { "\"*\($0)*\"" }.joined(separator: ",")
    let costly = try file(
      ##"{"applinks": {"substitutionVariables": {"v": [\##(wildcards)]}, "details": [{"appIDs": ["\##(app)"], "components": [{"/": "/\##(String(repeating: "$(v)", count: 2_000))"}]}]}}"##
    )
    let error = #expect(throws: DeepLinkError.self) {
      try costly.match("https://x.com/" + String(repeating: "0123456789", count: 40), domain: "x.com")
    }
    #expect(error?.code == .inputTooLarge)
    let credentials = try file(#"{"webcredentials": {"apps": ["ABCDE12345.com.x"]}}"#)
    #expect(try credentials.match("https://x.com/a", domain: "x.com").opens.isEmpty)
  }

  @Test(arguments: tableCases)
  func routeTable(json: String, code: RouteTableError.Problem.Code) {
    do {
      _ = try RouteTable.makeRouter(json: Data(json.utf8))
      Issue.record("accepted \(json.prefix(60))")
    } catch {
      #expect(error.problems.first?.code == code, "\(error)")
    }
  }
}
