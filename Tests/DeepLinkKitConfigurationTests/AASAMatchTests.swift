import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// The apple-app-site-association matcher, rule by rule, on the examples Apple documents and the
/// behaviour `swcutil` was observed to have where Apple is silent.
@Suite struct AASAMatchTests {
  static let app = "ABCDE12345.com.example.app"

  /// A file with one details entry for `app` holding `components`, and optional domain defaults.
  static func file(_ components: String, defaults: String? = nil, variables: String? = nil) throws
    -> AppSiteAssociation
  {
    var applinks = ##""details": [{"appIDs": ["\##(app)"], "components": \##(components)}]"##
    if let defaults { applinks += ##", "defaults": \##(defaults)"## }
    if let variables { applinks += ##", "substitutionVariables": \##(variables)"## }
    return try AppSiteAssociation(json: Data(##"{"applinks": {\##(applinks)}}"##.utf8))
  }

  static func decision(_ file: AppSiteAssociation, _ url: String, domain: String = "example.com") throws
    -> AppSiteAssociation.Decision
  {
    try file.match(url, domain: domain, appID: app).results[0].decision
  }

  /// (component, URL, opens?) for one-rule files: the pattern language and the path rules.
  @Test(arguments: [
    // Apple's example: every key must match.
    (##"{"/": "abc", "?": "def", "#": "*"}"##, "https://example.com/abc?def", true),
    (##"{"/": "abc", "?": "def", "#": "*"}"##, "https://example.com/abc", false),
    (##"{"/": "abc", "?": "def", "#": "*"}"##, "https://example.com/?def", false),
    // `*` and `?` cross "/", and the whole path must match.
    (##"{"/": "/buy/*"}"##, "https://example.com/buy/42/x", true),
    (##"{"/": "/buy"}"##, "https://example.com/buy/x", false),
    (##"{"/": "/id/????"}"##, "https://example.com/id/4812", true),
    (##"{"/": "/id/????"}"##, "https://example.com/id/481", false),
    (##"{"/": "/id/?*"}"##, "https://example.com/id/", false),
    (##"{"/": "/id/?*"}"##, "https://example.com/id/4", true),
    // The leading slash is optional, and a leading run collapses.
    (##"{"/": "abc"}"##, "https://example.com/abc", true),
    (##"{"/": "buy/*"}"##, "https://example.com/buy/42", true),
    (##"{"/": "//abc"}"##, "https://example.com/abc", true),
    // A trailing run of "/" is insignificant on both sides.
    (##"{"/": "/buy"}"##, "https://example.com/buy/", true),
    (##"{"/": "/buy/"}"##, "https://example.com/buy//", true),
    (##"{"/": "/"}"##, "https://example.com", true),
    (##"{"/": "/"}"##, "https://example.com/", true),
    // A pattern ending in "/*" also matches the path without that segment; nothing else does.
    (##"{"/": "/buy/*"}"##, "https://example.com/buy", true),
    (##"{"/": "/a/*/c"}"##, "https://example.com/a/c", false),
    // An absent query or fragment is the empty string.
    (##"{"#": "*"}"##, "https://example.com/a", true),
    (##"{"#": "?*"}"##, "https://example.com/a", false),
    (##"{"#": ""}"##, "https://example.com/a", true),
    (##"{"#": "no_universal_links"}"##, "https://example.com/a#no_universal_links", true),
    // A query string matches the whole raw query.
    (##"{"?": "a=1"}"##, "https://example.com/?a=1&b=2", false),
    (##"{"?": "a=1*"}"##, "https://example.com/?a=1&b=2", true),
    // A query dictionary: absent and valueless items are "", every instance must match.
    (##"{"?": {"b": "*"}}"##, "https://example.com/?a=1", true),
    (##"{"?": {"b": ""}}"##, "https://example.com/?a=1", true),
    (##"{"?": {"b": "?*"}}"##, "https://example.com/?a=1", false),
    (##"{"?": {"b": "1"}}"##, "https://example.com/?a=1", false),
    (##"{"?": {"b": ""}}"##, "https://example.com/?b", true),
    (##"{"?": {"id": "42"}}"##, "https://example.com/?id=7&id=42", false),
    (##"{"?": {"id": "7"}}"##, "https://example.com/?id=7&id=7", true),
    (##"{"?": {"id": "7,42"}}"##, "https://example.com/?id=7&id=42", false),
    // A value that is not a string makes the system ignore the whole dictionary.
    (##"{"?": {"a": "1", "flag": true}}"##, "https://example.com/?a=2", true),
    // `{}` matches every URL.
    ("{}", "https://example.com/anything?x#y", true),
    // Unknown keys are ignored: a misspelled key has no effect.
    (##"{"/": "/A", "casesensitive": false}"##, "https://example.com/a", false),
    // Case.
    (##"{"/": "/A", "caseSensitive": false}"##, "https://example.com/a", true),
    (##"{"/": "/$(upper)", "caseSensitive": false}"##, "https://example.com/q", true),
    (##"{"/": "/$(upper)"}"##, "https://example.com/q", false),
    (##"{"?": {"Id": "1"}, "caseSensitive": false}"##, "https://example.com/?id=1", true),
    // Encoded (the default): compared as written; hex case matters; %2F is no separator.
    (##"{"/": "/a%20b"}"##, "https://example.com/a%20b", true),
    (##"{"/": "/a b"}"##, "https://example.com/a%20b", false),
    (##"{"/": "/caf%C3%A9"}"##, "https://example.com/caf%c3%a9", false),
    (##"{"/": "/a/b"}"##, "https://example.com/a%2Fb", false),
    // Decoded: the URL is decoded, the pattern is used as written.
    (##"{"/": "/café/*", "percentEncoded": false}"##, "https://example.com/caf%C3%A9/menu", true),
    (##"{"/": "/a%20b", "percentEncoded": false}"##, "https://example.com/a%20b", false),
    (##"{"/": "/a/b", "percentEncoded": false}"##, "https://example.com/a%2Fb", true),
    (##"{"/": "/a%zz", "percentEncoded": false}"##, "https://example.com/a%zz", true),
    // Bytes that are not UTF-8 once decoded leave the component as written.
    (##"{"/": "/a%FF", "percentEncoded": false}"##, "https://example.com/a%FF", true),
    // Predefined variables match exactly one of their values.
    (##"{"/": "/v$(digit)"}"##, "https://example.com/v7", true),
    (##"{"/": "/v$(digit)"}"##, "https://example.com/v72", false),
    (##"{"/": "/$(xdigit)$(alnum)"}"##, "https://example.com/fZ", true),
    // $(region) and $(lang) are Apple's ISO lists: "UK" is Apple's own example, but not a code.
    (##"{"/": "/$(region)/shop"}"##, "https://example.com/GB/shop", true),
    (##"{"/": "/$(region)/shop"}"##, "https://example.com/UK/shop", false),
    (##"{"/": "/$(region)/shop"}"##, "https://example.com/EU/shop", false),
    (##"{"/": "/$(region)/shop", "caseSensitive": false}"##, "https://example.com/gb/shop", true),
    (##"{"/": "/$(lang)/docs"}"##, "https://example.com/fil/docs", true),
    (##"{"/": "/$(lang)/docs"}"##, "https://example.com/xx/docs", false),
    // An unknown or unterminated variable never matches.
    (##"{"/": "/$(nothing)"}"##, "https://example.com/$(nothing)", false),
    (##"{"/": "/$(digit"}"##, "https://example.com/$(digit", false),
  ])
  func oneRule(component: String, url: String, opens: Bool) throws {
    let decision = try Self.decision(try Self.file("[\(component)]"), url)
    #expect(decision == (opens ? .match : .none), "\(component) on \(url)")
  }

  @Test func customVariablesHoldAlternativesWithWildcards() throws {
    let file = try Self.file(
      ##"[{"/": "/$(lang)/docs/*"}, {"/": "/$(shop)"}]"##,
      variables: ##"{"lang": ["en", "fr"], "shop": ["store-*", "m?"], "digit": ["x"]}"##)
    #expect(try Self.decision(file, "https://example.com/fr/docs/a") == .match)
    #expect(try Self.decision(file, "https://example.com/de/docs/a") == .none)
    #expect(try Self.decision(file, "https://example.com/store-berlin") == .match)
    #expect(try Self.decision(file, "https://example.com/mx") == .match)
    #expect(try Self.decision(file, "https://example.com/mxy") == .none)
    // A custom variable named like a predefined one wins.
    let shadow = try Self.file(##"[{"/": "/$(digit)"}]"##, variables: ##"{"digit": ["x"]}"##)
    #expect(try Self.decision(shadow, "https://example.com/x") == .match)
    #expect(try Self.decision(shadow, "https://example.com/7") == .none)
  }

  @Test func theFirstMatchingRuleDecides() throws {
    let file = try Self.file(
      ##"[{"/": "/buy/*", "exclude": true, "comment": "no purchases"}, {"/": "*"}, {"/": "/help/*", "exclude": true}]"##
    )
    let blocked = try file.match("https://example.com/buy/1", domain: "example.com").results[0]
    #expect(blocked.decision == .blocked)
    #expect(blocked.details == 0 && blocked.component == 0)
    #expect(blocked.rule?.comment == "no purchases")
    // A later include never rescues an earlier exclude; an exclude after a matching include never runs.
    let opened = try file.match("https://example.com/help/1", domain: "example.com")
    #expect(opened.results[0].decision == .match && opened.results[0].component == 1)
    #expect(opened.opens == [Self.app])
  }

  @Test func defaultsApplyFromDomainToAppToComponent() throws {
    // A domain-level path default closes the rest of the domain; an exclude default blocks all.
    let closed = try Self.file("[{}]", defaults: ##"{"/": "/foo/*"}"##)
    #expect(try Self.decision(closed, "https://example.com/foo/1") == .match)
    #expect(try Self.decision(closed, "https://example.com/bar") == .none)
    let blocked = try Self.file("[{}]", defaults: ##"{"exclude": true}"##)
    #expect(try Self.decision(blocked, "https://example.com/anything") == .blocked)
    // The more specific definition overrides the less specific.
    let json = ##"""
      {"applinks": {"defaults": {"caseSensitive": false},
        "details": [{"appIDs": ["\##(Self.app)"], "defaults": {"caseSensitive": true},
                     "components": [{"/": "/a"}, {"/": "/b", "caseSensitive": false}]}]}}
      """##
    let layered = try AppSiteAssociation(json: Data(json.utf8))
    #expect(try Self.decision(layered, "https://example.com/A") == .none)
    #expect(try Self.decision(layered, "https://example.com/B") == .match)
    #expect(try layered.match("https://example.com/B", domain: "example.com").results[0].rule?.caseSensitive == false)
  }

  @Test func eachAppIsDecidedByItsOwnEntriesInOrder() throws {
    let json = ##"""
      {"applinks": {"details": [
        {"appIDs": ["A.one"], "components": [{"/": "/a/*"}, {"/": "/shared", "exclude": true}]},
        {"appID": "B.two", "appIDs": ["C.three"], "components": [{"/": "/shared"}, {"/": "/a/*"}]},
        {"appIDs": ["A.one"], "components": [{"/": "/later"}]}
      ]}}
      """##
    let file = try AppSiteAssociation(json: Data(json.utf8))
    #expect(file.appIDs == ["A.one", "B.two", "C.three"])
    // App A's exclude does not stop app B; opens lists apps by their deciding entry.
    let shared = try file.match("https://example.com/shared", domain: "example.com")
    #expect(shared.results.map(\.decision) == [.blocked, .match, .match])
    #expect(shared.opens == ["B.two", "C.three"])
    let both = try file.match("https://example.com/a/1", domain: "example.com")
    #expect(both.opens == ["A.one", "B.two", "C.three"])
    // An entry with no matching rule falls through to the same app's next entry.
    let later = try file.match("https://example.com/later", domain: "example.com", appID: "A.one").results[0]
    #expect(later.decision == .match && later.details == 2 && later.component == 0)
  }

  @Test func legacyPathsAndTheOldestForm() throws {
    let json = ##"""
      {"applinks": {"apps": [], "details": [
        {"appID": "A.one", "paths": ["NOT /a/*", "/*"]},
        {"appID": "B.two", "paths": ["/ignored"], "components": [{"/": "/b"}]}
      ]}}
      """##
    let file = try AppSiteAssociation(json: Data(json.utf8))
    let blocked = try file.match("https://example.com/a/1?x=1", domain: "example.com", appID: "A.one").results[0]
    #expect(blocked.decision == .blocked && blocked.legacyPath == 0 && blocked.component == nil)
    #expect(
      try file.match("https://example.com/b?anything", domain: "example.com", appID: "A.one").results[0].legacyPath == 1
    )
    // With components present, paths are ignored.
    #expect(
      try file.match("https://example.com/ignored", domain: "example.com", appID: "B.two").results[0].decision == .none)
    #expect(
      try file.match("https://example.com/b", domain: "example.com", appID: "B.two").results[0].decision == .match)
    // The oldest form: details keyed by app ID, in sorted key order.
    let oldest = try AppSiteAssociation(
      json: Data(##"{"applinks": {"details": {"Z.last": {"paths": ["*"]}, "A.first": {"paths": ["/a"]}}}}"##.utf8))
    #expect(oldest.appIDs == ["A.first", "Z.last"])
    #expect(try oldest.match("https://example.com/a", domain: "example.com").opens == ["A.first", "Z.last"])
  }

  @Test func theURLMustBeOnTheFilesDomain() throws {
    let file = try Self.file("[{}]")
    let other = try file.match("https://other.com/a", domain: "example.com")
    #expect(other.opens.isEmpty && other.results[0].decision == .none)
    #expect(other.unreachable == ##"the URL's host "other.com" is not "example.com""##)
    #expect(try file.match("https://shop.example.com/a", domain: "example.com").opens.isEmpty)
    #expect(try file.match("https://shop.example.com/a", domain: "example.com", subdomains: true).opens == [Self.app])
    #expect(try file.match("https://EXAMPLE.com:443/a", domain: "Example.com").opens == [Self.app])
    #expect(try file.match("myapp://example.com/a", domain: "example.com").unreachable != nil)
  }

  @Test func aFileThatIsNotOneIsRefused() {
    for text in ["", "[]", "{\"applinks\": "] {
      #expect(throws: DeepLinkError.self, "\(text)") { try AppSiteAssociation(json: Data(text.utf8)) }
    }
  }

  /// A file that serves only other services is a file: it opens no app by a universal link.
  @Test func aFileWithoutApplinksOpensNothing() throws {
    let file = try AppSiteAssociation(json: Data(##"{"webcredentials": {"apps": ["\##(Self.app)"]}}"##.utf8))
    let answer = try file.match("https://example.com/a", domain: "example.com", appID: Self.app)
    #expect(answer.opens.isEmpty && answer.results.map(\.decision) == [.none])
    #expect(answer.unreachable == #"the file has no "applinks" object, so it opens no app by a universal link"#)
    #expect(file.problems.map(\.code) == ["noApplinks"])
  }

  /// iOS ignores a file over 128 KB, so its rules open nothing, as lint says.
  @Test func aFileOverTheSizeLimitOpensNothing() throws {
    let comment = String(repeating: "x", count: 131_072)
    let file = try Self.file(##"[{"/": "*", "comment": "\##(comment)"}]"##)
    let answer = try file.match("https://example.com/a", domain: "example.com")
    #expect(answer.opens.isEmpty)
    #expect(answer.unreachable?.hasSuffix("and iOS ignores a file over 131072 (128 KB)") == true)
    #expect(file.problems.contains { $0.code == "tooLarge" && $0.severity == .error })
  }

  /// Matching is bounded: a variable's plain values cost the length of the longest, not a run
  /// each, and a file that would cost more than a URL may is refused with a clear error.
  @Test(.timeLimit(.minutes(1))) func matchingIsBounded() throws {
    // 200 `$(lang)` tokens (3.45 s before); 3,000 (no answer in 120 s before).
    for count in [200, 3_000] {
      let file = try Self.file(##"[{"/": "/\##(String(repeating: "$(lang)", count: count))"}]"##)
      let url = "https://example.com/" + String(repeating: "en", count: count)
      #expect(try file.match(url, domain: "example.com").opens == [Self.app], "\(count) tokens")
      #expect(try file.match(url + "x", domain: "example.com").opens.isEmpty, "\(count) tokens")
    }
    // A custom variable of 1,000 values with wildcards, cited 2,000 times: refused, not waited on.
    let values = (0..<1_000).map { "\"*\($0)*\"" }.joined(separator: ", ")
    let costly = try Self.file(
      ##"[{"/": "/\##(String(repeating: "$(v)", count: 2_000))"}]"##, variables: ##"{"v": [\##(values)]}"##)
    let digits = "https://example.com/" + String(repeating: "0123456789", count: 50)
    let error = #expect(throws: DeepLinkError.self) { try costly.match(digits, domain: "example.com") }
    #expect(error?.code == .inputTooLarge)
    #expect(
      error?.message.hasSuffix(
        " against the file would take more than 20000000 steps (its patterns and their variables' values, over the URL's length); no answer is given"
      ) == true)
    // The URL's length is capped.
    let long = "https://example.com/" + String(repeating: "a", count: AppSiteAssociation.maxURLLength)
    #expect(
      throws: DeepLinkError(.inputTooLarge, "the URL is 8212 bytes long; the limit is 8192 bytes")
    ) { try costly.match(long, domain: "example.com") }
  }
}
