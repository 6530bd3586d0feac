import DeepLinkKit
import Foundation
import Testing

@Suite struct UserActivityTests {
  @Test func webBrowsingActivityIsAUniversalLink() throws {
    let activity = ContinuedActivity(
      type: ContinuedActivity.browsingWebType, webpageURL: URL(string: "https://app.example.com/messages/4"),
      userInfo: nil)
    let result = outcome(.userActivity(activity))
    #expect(result.route == TestRoute("message", parameters: ["id": "4"]))
    #expect(result.source == .universalLink)
    #expect(DeepLinkInput.userActivity(activity).source == .universalLink)
  }

  @Test func spotlightItemRoutesItsIdentifierWhenItIsALink() {
    let item = ContinuedActivity(
      type: ContinuedActivity.spotlightItemType,
      userInfo: [ContinuedActivity.spotlightIdentifierKey: "myapp://requests/5"])
    let result = outcome(.userActivity(item))
    #expect(result.route == TestRoute("request", parameters: ["id": "5"]))
    #expect(result.source == .userActivity)
  }

  /// A catch-all filled by another source holds no more segments than a link could carry: 32
  /// with the default limits, the pattern's literal among them.
  @Test func aCatchAllHoldsNoMoreSegmentsThanALink() throws {
    let router = try LinkRouter<String>(
      schemes: ["x"], routes: [.path("/docs/*path", parse: { try $0.string("path") }).activity("com.example.docs")])
    let fits = (1...31).map { "p\($0)" }.joined(separator: "/")
    #expect(
      try router.resolve(.userActivity(ContinuedActivity(type: "com.example.docs", userInfo: ["path": fits]))).route
        == fits)
    #expect(try router.route(for: "x://docs/" + fits) == fits)
    let error = #expect(throws: DeepLinkError.self) {
      try router.resolve(.userActivity(ContinuedActivity(type: "com.example.docs", userInfo: ["path": fits + "/p32"])))
    }
    #expect(error?.code == .inputTooLarge)
    #expect(
      error?.message
        == #"the catch-all "path" of route /docs/*path holds 32 segments; the limit is 31, with the pattern's other segments 32 (maxSegments)"#
    )
    #expect(throws: DeepLinkError.self) { try router.route(for: "x://docs/" + fits + "/p32") }
  }

  @Test func otherTypesRouteByTypeWithTheirUserInfo() {
    let handoff = ContinuedActivity(type: "com.example.docs", userInfo: ["path": "guides/setup"])
    let result = outcome(.userActivity(handoff))
    #expect(result.route == TestRoute("docs", parameters: ["path": "guides/setup"]))
    #expect(result.source == .userActivity)
  }

  @Test(arguments: [
    (
      ContinuedActivity(type: ContinuedActivity.browsingWebType),
      DeepLinkError(.malformedInput, "malformed link: a web-browsing user activity has no webpage URL")
    ),
    (
      ContinuedActivity(type: ContinuedActivity.browsingWebType, webpageURL: "http://app.example.com/activity"),
      DeepLinkError(
        .unsupportedScheme, #"the scheme "http" is not handled (handled: myapp, https); universal links must use https"#
      )
    ),
    // Found by Fuzz/FuzzInputs: a web-browsing activity is a universal link, never a custom-scheme one.
    (
      ContinuedActivity(type: ContinuedActivity.browsingWebType, webpageURL: "myapp://messages/1howMessa"),
      DeepLinkError(
        .unsupportedScheme,
        #"the webpage of a web-browsing user activity must be an https link, not "myapp://messages/1howMessa""#)
    ),
    (
      ContinuedActivity(
        type: ContinuedActivity.spotlightItemType, userInfo: [ContinuedActivity.spotlightIdentifierKey: "item-42"]),
      DeepLinkError(.noRoute, #"the Spotlight item identifier "item-42" is not a link"#)
    ),
    (
      ContinuedActivity(type: ContinuedActivity.spotlightItemType),
      DeepLinkError(.noRoute, "the Spotlight item has no identifier")
    ),
    (
      ContinuedActivity(type: "com.example.unknown"),
      DeepLinkError(.noRoute, #"no route opens the user activity type "com.example.unknown""#)
    ),
    (
      ContinuedActivity(type: "com.example.docs"),
      DeepLinkError(.invalidParameter, #"parameter "path" of route "docs" (/docs/*path) is missing"#)
    ),
  ])
  func refusals(activity: ContinuedActivity, error: DeepLinkError) {
    #expect(outcome(.userActivity(activity)).error == error)
  }

  @Test(arguments: [ContinuedActivity.browsingWebType, ContinuedActivity.spotlightItemType])
  func reservedTypesCannotNameARoute(type: String) {
    #expect(
      tableProblems([.init(name: "a", path: "/a", activity: type)]) == [
        #"route "a" (/a): the activity type ""# + type + #"" is routed by its link; it cannot name a route"#
      ])
  }
}
