import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

/// The structure checks of an apple-app-site-association file (`deeplink aasa lint`): one file per
/// problem code, with its severity and message.
@Suite struct AASALintTests {
  static let app = "ABCDE12345.com.example.app"

  static func lint(_ json: String, appID: String? = nil) -> [ConfigurationProblem] {
    AppSiteAssociation.lint(json: Data(json.utf8), appID: appID)
  }

  /// A file whose one details entry for `app` holds `components`.
  static func components(_ components: String, applinks extra: String = "") -> String {
    ##"{"applinks": {\##(extra)"details": [{"appIDs": ["\##(app)"], "components": \##(components)}]}}"##
  }

  @Test(arguments: [
    // Files that cannot be read at all.
    (#"{"applinks": [}"#, "invalidJSON", "error", "the file is not valid JSON: "),
    ("[]", "notAnObject", "error", "the file is not a JSON object but an array"),
    (#"{"webcredentials": {"apps": []}}"#, "noApplinks", "error", #"the file has no "applinks" object"#),
    // Keys iOS does not read, and values of the wrong type.
    (
      components("[{}]", applinks: "").replacingOccurrences(of: #"{"applinks""#, with: #"{"links": 1, "applinks""#),
      "unknownKey", "info", #"the key "links" is not a service iOS reads; it is ignored"#
    ),
    (
      components(#"[{"/": "/a", "casesensitive": false}]"#), "unknownKey", "info",
      #"details[0].components[0] has the key "casesensitive", which iOS ignores"#
    ),
    (
      components(#"[{"/": "/a", "exclude": "true"}]"#), "invalidValue", "error",
      #"details[0].components[0]: "exclude" must be true or false, not a string"#
    ),
    (
      components(#"[{"/": "/a"}]"#, applinks: #""apps": ["\#(app)"], "#), "appsNotEmpty", "warning",
      "applinks.apps must be an empty array (iOS 9–12 read it so); app IDs belong in details"
    ),
    (
      #"{"applinks": {"details": {"\#(app)": {"paths": ["/a"]}}}}"#, "detailsDictionary", "warning",
      "applinks.details is an object keyed by app ID, the oldest form"
    ),
    (#"{"applinks": {"details": [{"components": [{"/": "/a"}]}]}}"#, "noAppID", "error", "details[0] names no app"),
    (
      #"{"applinks": {"details": [{"appID": "\#(app)", "appIDs": ["B"], "components": [{"/": "/a"}]}]}}"#,
      "appIDAndAppIDs", "warning", "details[0] has both appID and appIDs"
    ),
    (
      #"{"applinks": {"details": [{"appIDs": ["com.example.app"], "components": [{"/": "/a"}]}]}}"#,
      "malformedAppID", "warning", #"details[0].appIDs[0] "com.example.app" is not shaped like an app ID"#
    ),
    (
      #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "/a"}], "paths": ["/a"]}]}}"#,
      "mixedFormats", "warning", "details[0] has both components and paths"
    ),
    (
      components(#"[{"/": "/a", "?": {"a": "1", "flag": true}}]"#), "nonStringQueryPredicate", "error",
      #"details[0].components[0]: the query item "flag" is a Boolean, not a pattern string; iOS then ignores the whole query dictionary"#
    ),
    // Substitution variables.
    (
      components(#"[{"/": "/a"}]"#, applinks: #""substitutionVariables": {"a$b": ["x"]}, "#), "badVariableName",
      "error", #"the substitutionVariables "a$b" has "$", "(" or ")" in its name"#
    ),
    (
      components(#"[{"/": "/a"}]"#, applinks: #""substitutionVariables": {"food": ["$(alpha)x"]}, "#),
      "variableInValue", "error", #"the substitutionVariables "food"[0] "$(alpha)x" cites a variable"#
    ),
    (
      components(#"[{"/": "/$(nope)"}]"#), "undefinedVariable", "error",
      #"details[0].components[0]: the pattern "/$(nope)" cites $(nope), which is neither predefined nor in substitutionVariables"#
    ),
    (
      components(#"[{"/": "/$(alpha"}]"#), "unterminatedVariable", "error",
      #"details[0].components[0]: the pattern "/$(alpha" opens "$(" without ")""#
    ),
    (
      components(#"[{"/": "/a"}]"#, applinks: #""substitutionVariables": {"food": []}, "#), "emptyVariable",
      "warning", #"the substitutionVariables "food" has no values"#
    ),
    (
      components(#"[{"/": "/a"}]"#, applinks: #""substitutionVariables": {"digit": ["x"]}, "#),
      "shadowsPredefined", "warning", #"the substitutionVariables "digit" has the name of a predefined variable"#
    ),
    // Rules.
    (
      components(#"[{"/": "/a"}]"#, applinks: #""defaults": {"/": "/foo/*"}, "#), "defaultsPatternKey", "warning",
      #"applinks.defaults sets "/": a default applies to every rule beneath it"#
    ),
    (
      components(#"[{"comment": "everything"}]"#), "catchAll", "warning",
      #"details[0].components[0] ("everything") opens every URL of the domain"#
    ),
    (
      components(#"[{"/": "/buy/*"}, {"/": "/buy/42", "exclude": true}]"#), "unreachableRule", "warning",
      #"details[0].components[1] can never decide for "ABCDE12345.com.example.app": details[0].components[0] matches every URL it matches and comes first"#
    ),
  ])
  func eachCode(json: String, code: String, severity: String, message: String) throws {
    let problems = Self.lint(json)
    let problem = try #require(problems.first { $0.code == code }, "\(problems)")
    #expect(problem.severity.rawValue == severity)
    #expect(problem.message.hasPrefix(message), "\(problem.message)")
  }

  @Test func theSpecExampleOfAnUnreachableExclude() {
    let problems = Self.lint(Self.components(#"[{"/": "*"}, {"/": "/admin/*", "exclude": true}]"#))
    #expect(problems.map(\.code) == ["catchAll", "unreachableRule"])
    #expect(problems[1].details == 0 && problems[1].component == 1)
  }

  /// A rule that never matches (an undefined variable) is named for its variable, not called
  /// unreachable: any earlier rule "covers" a rule that matches nothing.
  @Test func aRuleWithAnUndefinedVariableIsNamedForIt() {
    let problems = Self.lint(Self.components(#"[{"/": "/a"}, {"/": "/a", "?": {"x": "$(nope)"}}]"#))
    #expect(problems.map(\.code) == ["undefinedVariable"])
    #expect(problems.first?.message.contains("cites $(nope)") == true)
  }

  @Test func aFileTooLargeForIOS() {
    let rule = #"{"/": "/a-long-path-segment-that-takes-room/?*", "comment": "padding padding padding"}"#
    let components = "[" + Array(repeating: rule, count: 2_000).joined(separator: ",") + "]"
    let problems = Self.lint(Self.components(components))
    #expect(problems.first?.code == "tooLarge")
    #expect(
      problems.first?.message.hasSuffix("iOS reads at most 131072 (128 KB, uncompressed) and ignores a larger one")
        == true)
  }

  /// A file made to cost: two rules of 60,000 wildcards, whose comparison would take 3.6 billion
  /// cells, and thousands of rules, whose pairs would be millions. The search for unreachable rules
  /// stops at its budget, and says so; nothing is called unreachable that is not.
  @Test func aHostileFileIsBounded() {
    let huge = "/" + String(repeating: "?", count: 60_000)
    let twoHuge = Self.lint(Self.components(#"[{"/": "\#(huge)"}, {"/": "\#(huge)"}]"#))
    #expect(!twoHuge.contains { $0.code == "unreachableRule" })
    let many = (0..<4_000).map { #"{"/": "/p\#($0)/*"}"# }.joined(separator: ",")
    let problems = Self.lint(Self.components("[\(many)]"))
    let stopped = problems.filter { $0.code == "unreachableRule" }
    #expect(stopped.count == 1 && stopped[0].severity == .info)
    #expect(
      stopped[0].message.hasPrefix(
        "the file has too many rules to compare every pair: rules from details[0].components["))
  }

  @Test func anAppThatTheFileDoesNotName() {
    let problems = Self.lint(Self.components(#"[{"/": "/a"}]"#), appID: "FGHIJ67890.com.example.other")
    #expect(problems.map(\.code) == ["appIDNotListed"])
  }

  @Test func aCleanFileHasNoProblems() {
    let json = ##"""
      {"applinks": {"defaults": {"caseSensitive": false},
        "substitutionVariables": {"food": ["pizza", "taco-*"]},
        "details": [{"appIDs": ["\##(Self.app)"], "components": [
          {"/": "/buy/*", "exclude": true, "comment": "no purchases"},
          {"/": "/$(food)/*", "?": {"ref": "?*"}},
          {"/": "/$(region)/help", "#": "top"}]}]},
       "webcredentials": {"apps": ["\##(Self.app)"]}}
      """##
    #expect(Self.lint(json, appID: Self.app).isEmpty)
  }

  /// (earlier rule, later rule, unreachable?): what "an earlier rule always matches first" means.
  @Test(arguments: [
    // A pattern ending in a slash and a star also matches the parent path; one ending in "?*" does not.
    (#"{"/": "/buy/*"}"#, #"{"/": "/buy"}"#, true),
    (#"{"/": "/buy/?*"}"#, #"{"/": "/buy/*"}"#, false),
    (#"{"/": "/*/b"}"#, #"{"/": "/a/?/b"}"#, true),
    (#"{"/": "/a/?"}"#, #"{"/": "/a/*"}"#, false),
    (#"{"/": "/a?b"}"#, #"{"/": "/a*b"}"#, false),
    (#"{"/": "/a*b"}"#, #"{"/": "/a?b"}"#, true),
    (#"{"/": "/BUY/*", "caseSensitive": false}"#, #"{"/": "/buy/1"}"#, true),
    (#"{"/": "/buy/*"}"#, #"{"/": "/BUY/1", "caseSensitive": false}"#, false),
    (#"{"/": "/a", "percentEncoded": false}"#, #"{"/": "/a"}"#, false),
    (#"{"/": "/a", "?": {"x": "*"}}"#, #"{"/": "/a", "?": "y=1"}"#, true),
    (#"{"/": "/a", "?": {"x": "1"}}"#, #"{"/": "/a", "?": {"x": "1", "y": "2"}}"#, true),
    (#"{"/": "/a", "?": {"x": "1"}}"#, #"{"/": "/a"}"#, false),
    (##"{"/": "/a", "#": "t*"}"##, ##"{"/": "/a", "#": "top"}"##, true),
    (##"{"/": "/a", "#": "top"}"##, #"{"/": "/a"}"#, false),
    (#"{"/": "/$(digit)"}"#, #"{"/": "/$(digit)"}"#, true),
    // Sound, not complete: "?" is not compared with a variable's values.
    (#"{"/": "/?"}"#, #"{"/": "/$(digit)"}"#, false),
  ])
  func coverage(earlier: String, later: String, unreachable: Bool) {
    let problems = Self.lint(Self.components("[\(earlier), \(later)]"))
    #expect(problems.contains { $0.code == "unreachableRule" } == unreachable, "\(problems)")
  }

  @Test func unreachabilityIsPerAppAndAcrossItsEntries() {
    let json = ##"""
      {"applinks": {"details": [
        {"appIDs": ["\##(Self.app)"], "components": [{"/": "/a/*"}]},
        {"appIDs": ["FGHIJ67890.com.example.other"], "components": [{"/": "/a/1"}]},
        {"appIDs": ["\##(Self.app)"], "components": [{"/": "/a/2"}]}
      ]}}
      """##
    let problems = Self.lint(json)
    #expect(problems.map(\.code) == ["unreachableRule"])
    #expect(problems[0].details == 2 && problems[0].component == 0)
  }
}
