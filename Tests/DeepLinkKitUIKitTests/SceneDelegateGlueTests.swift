import DeepLinkKit
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// The scene-delegate entry points, and cold-start harvesting of the connection options for each
/// source.
@MainActor @Suite struct SceneDelegateGlueTests {
  @Test func coldStartFromURLContexts() {
    let harness = GlueHarness(ready: false)
    harness.receiver.willConnect(
      options: FakeConnectionOptions(urlContexts: [FakeURLContext(url: URL(string: "myapp://messages/1")!)]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"])])
  }

  @Test func coldStartFromAUserActivity() {
    let harness = GlueHarness(ready: false)
    let link = FakeUserActivity(
      activityType: ContinuedActivity.browsingWebType, webpageURL: URL(string: "https://app.example.com/requests/4"))
    harness.receiver.willConnect(options: FakeConnectionOptions(userActivities: [link]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("request", ["id": "4"])])
  }

  @Test func coldStartFromAQuickAction() {
    let harness = GlueHarness(ready: false)
    harness.receiver.willConnect(
      options: FakeConnectionOptions(shortcutItem: FakeShortcutItem(type: "com.example.activity")))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("activity")])
  }

  @Test func coldStartFromANotificationThenTheDelegateCall() {
    let harness = GlueHarness(ready: false)
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"])
    harness.receiver.willConnect(options: FakeConnectionOptions(notificationResponse: response))
    harness.receiver.didReceive(response, completion: {})  // observed: the delegate reports it too
    harness.dispatcher.receiveSubmitted()
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "6"])])
  }

  @Test func everyColdStartSourceIsDrained() {
    let harness = GlueHarness(ready: false, holdingPolicy: .queue(limit: 10))
    let options = FakeConnectionOptions(
      urlContexts: [FakeURLContext(url: URL(string: "myapp://messages/1")!)],
      userActivities: [FakeUserActivity(activityType: "com.example.request", userInfo: ["id": 2])],
      shortcutItem: FakeShortcutItem(type: "com.example.activity"),
      notificationResponse: FakeNotificationResponse(payload: ["type": "message", "message_id": 3]))
    harness.receiver.willConnect(options: options)
    #expect(harness.delivered.isEmpty)
    harness.dispatcher.satisfy(.ready)
    #expect(
      harness.delivered == [
        named("message", ["id": "1"]), named("request", ["id": "2"]), named("activity"), named("message", ["id": "3"]),
      ])
  }

  /// A Handoff is two steps: only its type is in the connection options, and the activity
  /// arrives through `scene(_:continue:)`.
  @Test func aHandoffColdStartOpensWhenTheActivityFollows() {
    let harness = GlueHarness(ready: false)
    let handoff = FakeUserActivity(activityType: "com.example.request", userInfo: ["id": 2])
    harness.receiver.willConnect(
      options: FakeConnectionOptions(handoffUserActivityType: handoff.activityType), scene: "A")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered.isEmpty)
    harness.receiver.continue(handoff, scene: "A")
    #expect(harness.delivered == [named("request", ["id": "2"])])

    let played = GlueHarness(ready: false)
    played.receiver.playSceneColdStart(.handoff(handoff), scene: "B")
    played.dispatcher.satisfy(.ready)
    #expect(played.delivered == [named("request", ["id": "2"])])
    #expect(played.contexts.map(\.sceneIdentifier) == ["B"])
  }

  @Test func emptyConnectionOptionsDeliverNothing() {
    let harness = GlueHarness()
    harness.receiver.willConnect(options: FakeConnectionOptions())
    #expect(harness.delivered.isEmpty)
  }

  @Test func warmURLContexts() {
    let harness = GlueHarness(holdingPolicy: .queue(limit: 10))
    harness.receiver.open([
      FakeURLContext(url: URL(string: "myapp://messages/1")!), FakeURLContext(url: URL(string: "myapp://activity")!),
    ])
    #expect(Set(harness.delivered) == [named("message", ["id": "1"]), named("activity")])
  }

  /// A multi-window app navigates the window the link came through: the scene's identifier, and
  /// the sending app when iOS tells, reach `deliver` in the link's context.
  @Test func theSceneAndTheSendingAppReachDeliver() {
    let harness = GlueHarness(ready: false, holdingPolicy: .queue(limit: 4))
    let context = FakeURLContext(url: URL(string: "myapp://messages/3")!, sourceApplication: "com.apple.mobilesafari")
    harness.receiver.willConnect(options: FakeConnectionOptions(urlContexts: [context]), scene: "scene-A")
    harness.receiver.continue(
      FakeUserActivity(
        activityType: ContinuedActivity.browsingWebType, webpageURL: URL(string: "https://app.example.com/requests/4")),
      scene: "scene-B")
    harness.receiver.perform(FakeShortcutItem(type: "com.example.activity"), scene: "scene-B")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.contexts.map(\.sceneIdentifier) == ["scene-A", "scene-B", "scene-B"])
    #expect(harness.contexts.map(\.sendingApplication) == ["com.apple.mobilesafari", nil, nil])
    #expect(harness.contexts.map(\.source) == [.customScheme, .universalLink, .shortcut])
    #expect(harness.contexts[0].input == "myapp://messages/3")
  }
}
