import DeepLinkKit
import DeepLinkKitTesting
import Foundation
import Testing

@testable import DeepLinkKitUIKit

/// The app-delegate entry points, and cold-start harvesting of `launchOptions` for each source.
@MainActor @Suite struct AppDelegateGlueTests {
  @Test func launchWithoutOptionsReturnsTrue() {
    let harness = GlueHarness()
    #expect(harness.receiver.didFinishLaunching(rawOptions: nil))
    #expect(harness.receiver.didFinishLaunching(rawOptions: [:]))
    #expect(harness.delivered.isEmpty)
  }

  @Test func coldStartFromACustomSchemeURL() {
    let harness = GlueHarness(ready: false)
    let url = URL(string: "myapp://messages/7")!
    #expect(harness.receiver.didFinishLaunching(rawOptions: [LaunchOptionKey.url: url]))
    #expect(harness.receiver.open(url))  // UIKit then calls application(_:open:options:)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "7"])])
  }

  /// `UIApplication.LaunchOptionsKey` is a string-backed key: the app delegate's options become
  /// the raw options by the keys' raw values, which is all its Apple-only forward does.
  @Test func launchOptionsKeyedByAppleKeysOpenAsRawOptions() throws {
    struct AppleKey: RawRepresentable, Hashable {
      var rawValue: String
    }
    let url = URL(string: "myapp://messages/8")!
    let raw = try #require(LaunchOptionKey.raw([AppleKey(rawValue: LaunchOptionKey.url): url]))
    #expect(raw.keys.sorted() == [LaunchOptionKey.url])
    #expect(LaunchOptionKey.raw([AppleKey: Any]?.none) == nil)
    let harness = GlueHarness()
    #expect(harness.receiver.didFinishLaunching(rawOptions: raw))
    #expect(harness.delivered == [named("message", ["id": "8"])])
  }

  @Test func coldStartFromAUniversalLink() {
    let harness = GlueHarness(ready: false)
    let activity = FakeUserActivity(
      activityType: ContinuedActivity.browsingWebType, webpageURL: URL(string: "https://app.example.com/requests/3"))
    let options: [String: Any] = [
      LaunchOptionKey.userActivityDictionary: [
        LaunchOptionKey.userActivityType: ContinuedActivity.browsingWebType, LaunchOptionKey.userActivity: activity,
      ] as [AnyHashable: Any]
    ]
    #expect(harness.receiver.didFinishLaunching(rawOptions: options))
    #expect(harness.receiver.continue(activity))  // then application(_:continue:restorationHandler:)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("request", ["id": "3"])])
  }

  @Test func userActivityDictionaryWithoutTheActivityWaitsForContinue() {
    let harness = GlueHarness()
    let options: [String: Any] = [
      LaunchOptionKey.userActivityDictionary: [LaunchOptionKey.userActivityType: ContinuedActivity.browsingWebType]
        as [AnyHashable: Any]
    ]
    #expect(harness.receiver.didFinishLaunching(rawOptions: options))
    #expect(harness.delivered.isEmpty)
  }

  @Test func coldStartFromAQuickActionReturnsFalse() {
    let harness = GlueHarness(ready: false)
    let item = FakeShortcutItem(type: "com.example.request", userInfo: ["id": NSNumber(value: 9)])
    #expect(!harness.receiver.didFinishLaunching(rawOptions: [LaunchOptionKey.shortcutItem: item]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("request", ["id": "9"])])
  }

  /// A tap: the launch option, then the notification delegate's `didReceive`; routed from the
  /// delegate only.
  @Test func coldStartFromANotificationTap() {
    let harness = GlueHarness(ready: false)
    let payload: [AnyHashable: Any] = ["aps": ["alert": "Hi"], "type": "message", "message_id": 12]
    #expect(harness.receiver.didFinishLaunching(rawOptions: [LaunchOptionKey.remoteNotification: payload]))
    #expect(harness.dispatcher.heldLinks.isEmpty)  // the launch option alone routes nothing
    harness.receiver.didReceive(FakeNotificationResponse(payload: payload), completion: {})
    harness.dispatcher.receiveSubmitted()
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "12"])])
  }

  /// A silent push launches the app in the background with the same launch option and no
  /// delegate call: nothing may open when the app is next used.
  @Test func backgroundLaunchForASilentPushOpensNothing() {
    let harness = GlueHarness(ready: false)
    let payload: [AnyHashable: Any] = ["aps": ["content-available": 1], "type": "message", "message_id": 12]
    #expect(harness.receiver.didFinishLaunching(rawOptions: [LaunchOptionKey.remoteNotification: payload]))
    harness.dispatcher.satisfy(.ready)  // the user opens the app later
    #expect(harness.delivered.isEmpty)
    #expect(harness.dispatcher.heldLinks.isEmpty)
  }

  @Test func everySourceInOneLaunch() {
    let harness = GlueHarness(ready: false)
    let options: [String: Any] = [
      LaunchOptionKey.url: URL(string: "myapp://activity")!,
      LaunchOptionKey.shortcutItem: FakeShortcutItem(type: "com.example.activity"),
      "UIApplicationLaunchOptionsSourceApplicationKey": "com.example.other",
    ]
    #expect(!harness.receiver.didFinishLaunching(rawOptions: options))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("activity")])  // newest only: the quick action, once
  }

  @Test(arguments: [
    ("myapp://messages/1", true), ("https://app.example.com/requests/2", true), ("myapp://nowhere", false),
    ("ftp://x", false),
  ])
  func openAnswersWhetherTheLinkWasAccepted(link: String, accepted: Bool) {
    let harness = GlueHarness()
    #expect(harness.receiver.open(URL(string: link)!) == accepted)
  }

  @Test func refusedUniversalLinkFallsBackToTheApp() {
    let harness = GlueHarness()
    let link = URL(string: "https://app.example.com/unknown/page")!
    #expect(!harness.receiver.open(link))
    #expect(!harness.receiver.open(URL(string: "myapp://unknown")!))  // not a universal link
    let activity = FakeUserActivity(activityType: ContinuedActivity.browsingWebType, webpageURL: link)
    #expect(!harness.receiver.continue(activity))
    #expect(harness.refusedUniversalLinks == [link, link])
  }

  @Test func quickActionAnswersItsCompletionHandler() {
    let harness = GlueHarness()
    #expect(harness.receiver.perform(FakeShortcutItem(type: "com.example.activity")))
    #expect(!harness.receiver.perform(FakeShortcutItem(type: "com.example.unknown")))
    #expect(!harness.receiver.perform(FakeShortcutItem(type: "com.example.request", userInfo: ["id": "x" as NSString])))
    #expect(harness.delivered == [named("activity")])
  }

  @Test func continueRoutesHandoffSpotlightAndSiri() {
    let harness = GlueHarness()
    #expect(harness.receiver.continue(FakeUserActivity(activityType: "com.example.request", userInfo: ["id": 5])))
    #expect(
      harness.receiver.continue(
        FakeUserActivity(
          activityType: ContinuedActivity.spotlightItemType,
          userInfo: [ContinuedActivity.spotlightIdentifierKey: "myapp://messages/8"])))
    let siri = FakeUserActivity(activityType: "ShowActivityIntent")
    siri.intent = FakeIntent("ShowActivityIntent")
    #expect(harness.receiver.continue(siri))
    #expect(harness.delivered == [named("request", ["id": "5"]), named("message", ["id": "8"]), named("activity")])
  }

  /// A Siri intent continued through `continue userActivity` carries its values as the intent's
  /// properties (`interaction?.intent`), not in `userInfo`: they are read from the intent, by the
  /// names of the route's parameters; `userInfo` supplies what the intent lacks.
  @Test func siriIntentParametersAreReadFromTheIntent() {
    let harness = GlueHarness(holdingPolicy: .queue(limit: 8))
    let request = FakeUserActivity(activityType: "OpenRequestIntent", userInfo: ["id": "1"])
    request.intent = FakeIntent("OpenRequestIntent", properties: ["id": NSNumber(value: 42), "note": "ignored"])
    #expect(harness.receiver.continue(request))
    let orderID = "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"
    let order = FakeUserActivity(activityType: "OrderSoupIntent", userInfo: ["store": "fallback"])
    order.intent = FakeIntent(
      "OrderSoupIntent", properties: ["id": FakeINObject(identifier: orderID, displayString: "Tomato soup")])
    #expect(harness.receiver.continue(order))
    // An intent of a class no route names opens nothing, whatever its activity type says.
    let other = FakeUserActivity(activityType: "OpenRequestIntent")
    other.intent = FakeIntent("OrderPizzaIntent", properties: ["id": 1])
    #expect(!harness.receiver.continue(other))
    #expect(
      harness.delivered == [
        named("request", ["id": "42"]), named("order", ["id": orderID, "store": "fallback"]),
      ])
  }

  /// Other SiriKit values: a speakable string or a person by its vocabulary identifier, a list of
  /// one value as that value. A list of several, or a value of a type the glue does not know, is
  /// refused naming the parameter and what it was, never read as if it were not set.
  @Test func siriValuesOfOtherTypesAreReadOrRefusedByName() {
    let harness = GlueHarness(holdingPolicy: .queue(limit: 8))
    let speakable = FakeUserActivity(activityType: "OpenRequestIntent")
    speakable.intent = FakeIntent(
      "OpenRequestIntent", properties: ["id": FakeSpeakable(vocabularyIdentifier: "7", spokenPhrase: "seven")])
    #expect(harness.receiver.continue(speakable))
    let one = FakeUserActivity(activityType: "OpenRequestIntent")
    one.intent = FakeIntent(
      "OpenRequestIntent", properties: ["id": [FakeINObject(identifier: "8", displayString: "8")]])
    #expect(harness.receiver.continue(one))
    #expect(harness.delivered == [named("request", ["id": "7"]), named("request", ["id": "8"])])

    var refusals: [String] = []
    harness.dispatcher.addObserver { event in
      if case .refused(let error) = event.kind { refusals.append(error.message) }
    }
    let several = FakeUserActivity(activityType: "OpenRequestIntent", userInfo: ["id": "1"])
    several.intent = FakeIntent("OpenRequestIntent", properties: ["id": [NSNumber(value: 1), NSNumber(value: 2)]])
    #expect(!harness.receiver.continue(several))
    struct Unknown {}
    let unknown = FakeUserActivity(activityType: "OpenRequestIntent")
    unknown.intent = FakeIntent("OpenRequestIntent", properties: ["id": Unknown()])
    #expect(!harness.receiver.continue(unknown))
    let nameless = FakeUserActivity(activityType: "OpenRequestIntent")
    nameless.intent = FakeIntent(
      "OpenRequestIntent", properties: ["id": FakeSpeakable(vocabularyIdentifier: nil, spokenPhrase: "someone")])
    #expect(!harness.receiver.continue(nameless))
    #expect(
      refusals == [
        #"parameter "id" of route "request" (/requests/:id(int)) is not read from the intent "OpenRequestIntent": its value is a list of 2 values, and a route value is read from text, a number, a URL, a UUID or one object's identifier"#,
        #"parameter "id" of route "request" (/requests/:id(int)) is not read from the intent "OpenRequestIntent": its value is a value of type Unknown, and a route value is read from text, a number, a URL, a UUID or one object's identifier"#,
        #"parameter "id" of route "request" (/requests/:id(int)) is not read from the intent "OpenRequestIntent": its value is FakeSpeakable with no vocabulary identifier, and a route value is read from text, a number, a URL, a UUID or one object's identifier"#,
      ])
  }
}
