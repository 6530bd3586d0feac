import DeepLinkKit
import Foundation
import Testing

/// The public factories of `DeepLinkInput`, as an app calls them with what UIKit and
/// UserNotifications hand over: each opens what its source opens, with that source.
@Suite struct InputFactoryTests {
  @Test func aPushTapReadsTheNestedPayload() {
    let payload: [AnyHashable: Any] = ["aps": ["alert": "Hi"], "type": "message", "message_id": 42]
    let result = outcome(.push(userInfo: payload))
    #expect(result.route == TestRoute("message", parameters: ["id": "42"]))
    #expect(result.source == .push)
    let nested: [AnyHashable: Any] = ["data": ["deeplink": "myapp://requests/7"]]
    #expect(outcome(.push(userInfo: nested)).route == TestRoute("request", parameters: ["id": "7"]))
  }

  @Test func aPushActionOpensOnlyItsRules() {
    let payload: [AnyHashable: Any] = ["type": "message", "message_id": "9"]
    #expect(outcome(.push(userInfo: payload, action: "REPLY")).route == TestRoute("reply", parameters: ["id": "9"]))
    let dismissed = outcome(.push(userInfo: payload, action: "com.apple.UNNotificationDismissActionIdentifier"))
    #expect(dismissed.route == nil)
    #expect(dismissed.error?.code == .noRoute)
  }

  @Test func aPushKeepsItsReplyAndRequest() {
    let input = DeepLinkInput.push(
      userInfo: ["type": "message"], action: "REPLY", replyText: "On my way", requestIdentifier: "r-1")
    #expect(input != .push(userInfo: ["type": "message"], action: "REPLY", requestIdentifier: "r-1"))
    #expect(input != .push(userInfo: ["type": "message"], action: "REPLY", replyText: "On my way"))
    #expect(
      input == .push(userInfo: ["type": "message"], action: "REPLY", replyText: "On my way", requestIdentifier: "r-1"))
  }

  @Test func aQuickActionReadsItsUserInfo() {
    #expect(outcome(.quickAction(type: "com.example.activity")).route == TestRoute("activity"))
    let result = outcome(.quickAction(type: "com.example.request", userInfo: ["id": 7 as NSNumber]))
    #expect(result.route == TestRoute("request", parameters: ["id": "7"]))
    #expect(result.source == .shortcut)
    #expect(outcome(.quickAction(type: "com.example.delete")).error?.code == .sourceNotAllowed)
  }

  @Test func anIntentOpensByName() {
    let result = outcome(.intent("OpenRequestIntent", parameters: ["id": "12"]))
    #expect(result.route == TestRoute("request", parameters: ["id": "12"]))
    #expect(result.source == .intent)
    #expect(outcome(.intent("OpenRequestIntent", parameters: ["id": "twelve"])).error?.code == .invalidParameter)
  }

  @Test func anActivityOpensByTypeOrByItsWebPage() {
    let byType = outcome(.userActivity(type: "com.example.docs", userInfo: ["path": "a/b"]))
    #expect(byType.route == TestRoute("docs", parameters: ["path": "a/b"]))
    #expect(byType.source == .userActivity)
    let web = outcome(
      .userActivity(
        type: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: "https://app.example.com/requests/3")))
    #expect(web.route == TestRoute("request", parameters: ["id": "3"]))
    #expect(web.source == .universalLink)
    let spotlight = outcome(
      .userActivity(
        type: "com.apple.corespotlightitem",
        userInfo: ["kCSSearchableItemActivityIdentifier": "myapp://messages/5"]))
    #expect(spotlight.route == TestRoute("message", parameters: ["id": "5"]))
  }

  /// The factories build the very inputs the glue builds from Apple's values.
  @Test func theFactoriesMakeWhatTheGlueMakes() {
    let payload: [AnyHashable: Any] = ["data": ["id": 7, "flag": true], "url": URL(string: "https://a.example")!]
    #expect(
      DeepLinkInput.push(userInfo: payload, action: "A", replyText: "t", requestIdentifier: "r")
        == .push(LinkPush(userInfo: payload, actionIdentifier: "A", replyText: "t", requestIdentifier: "r")))
    #expect(
      DeepLinkInput.quickAction(type: "t", userInfo: payload)
        == .quickAction(LinkQuickAction(type: "t", userInfo: payload)))
    #expect(
      DeepLinkInput.intent("I", parameters: ["a": "b"]) == .intent(IntentInvocation(name: "I", parameters: ["a": "b"])))
    let page = URL(string: "https://app.example.com/x")
    #expect(
      DeepLinkInput.userActivity(type: "t", webpageURL: page, userInfo: payload)
        == .userActivity(ContinuedActivity(type: "t", webpageURL: page, userInfo: payload)))
  }
}
