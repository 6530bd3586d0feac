import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Foundation
import Testing

@testable import DeepLinkKitUIKit

/// Scenes and windows: a link per window at a cold start is never lost, the same link opened in
/// two windows opens in both, and a notification tap handed over twice opens once, by its
/// request identifier.
@MainActor @Suite struct WindowsGlueTests {
  private let link = URL(string: "myapp://messages/1")!
  private let other = URL(string: "myapp://activity")!

  @Test func twoWindowsAtAColdStartEachOpenTheirLink() {
    let harness = GlueHarness(ready: false)  // the default policy: newest only
    harness.receiver.playSceneColdStart(.link(link), scene: "A")
    harness.receiver.playSceneColdStart(.link(other), scene: "B")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"]), named("activity")])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["A", "B"])
  }

  @Test func aNewerLinkInOneWindowSupersedesThatWindowsOnly() {
    let harness = GlueHarness(ready: false)
    harness.receiver.open(link, scene: "A")
    harness.receiver.open(other, scene: "B")
    harness.receiver.open(URL(string: "myapp://messages/2")!, scene: "A")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("activity"), named("message", ["id": "2"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["B", "A"])
  }

  /// A link of no known scene (an app-delegate callback) is the newest of every window.
  @Test func aLinkOfNoSceneSupersedesEveryWindowsLink() {
    let harness = GlueHarness(ready: false)
    harness.receiver.open(link, scene: "A")
    harness.receiver.open(other, scene: "B")
    harness.receiver.open(URL(string: "myapp://messages/2")!)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "2"])])
  }

  @Test func theSameLinkInASecondWindowOpensThereToo() {
    let harness = GlueHarness()
    harness.receiver.open(link, scene: "A")
    harness.receiver.open(link, scene: "B")
    harness.receiver.open(link, scene: "B")  // handed over twice for one window
    harness.receiver.open(link)  // of no known scene: a duplicate of either
    #expect(harness.delivered == [named("message", ["id": "1"]), named("message", ["id": "1"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["A", "B"])
  }

  @Test func aNotificationColdLaunchOpensOnceInItsScene() {
    let harness = GlueHarness(ready: false)
    let tap = PlayedInput.notificationTap(["deeplink": "myapp://messages/6"])
    harness.receiver.playSceneColdStart(tap, scene: "A")  // connection options, then didReceive
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "6"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["A"])
  }

  /// The delegate's call may come first, with no scene: the link held from it takes the scene
  /// of the connection options' copy.
  @Test func theDelegatesCallFirstTakesTheConnectingScene() {
    let harness = GlueHarness(ready: false)
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"])
    harness.receiver.didReceive(response, completion: {})
    harness.dispatcher.receiveSubmitted()
    harness.receiver.willConnect(options: FakeConnectionOptions(notificationResponse: response), scene: "A")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "6"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["A"])
  }

  /// A tap names its window (`targetScene`), read on the main actor though the delegate is called
  /// on the notification center's queue: it is held and delivered as that window's, beside
  /// another window's link.
  @Test func aTapOpensInItsTargetScene() async {
    let harness = GlueHarness(ready: false)
    let receiver = harness.receiver!
    receiver.open(link, scene: "A")
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"], targetScene: FakeScene("B"))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        receiver.didReceive(response, completion: {})
        done.resume()
      }
    }
    harness.dispatcher.receiveSubmitted()
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"]), named("message", ["id": "6"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == ["A", "B"])
  }

  /// Without a target scene the tap is of no known window: under newest-only it supersedes every
  /// window's held link, as an app-delegate callback does.
  @Test func aTapWithNoTargetSceneIsOfNoWindow() {
    let harness = GlueHarness(ready: false)
    harness.receiver.open(link, scene: "A")
    harness.receiver.playWarmOpen(.notificationTap(["deeplink": "myapp://messages/6"]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "6"])])
    #expect(harness.contexts.map(\.sceneIdentifier) == [nil])
  }

  /// Two notifications for one route are two taps: the time window does not collapse them.
  @Test func twoNotificationsForOneRouteBothOpen() {
    let harness = GlueHarness()
    harness.receiver.playWarmOpen(.notificationTap(["deeplink": "myapp://messages/6"]))
    harness.receiver.playWarmOpen(.notificationTap(["deeplink": "myapp://messages/6"]))
    #expect(harness.delivered == [named("message", ["id": "6"]), named("message", ["id": "6"])])
  }

  /// A request identifier can come back (a daily reminder's): a minute later it is a new tap.
  @Test func aRequestIdentifierIsRememberedForAMinute() {
    let clock = ManualClock()
    let harness = GlueHarness(clock: clock)
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"], requestIdentifier: "daily")
    harness.receiver.playWarmOpen(.notificationTap(response))
    clock.advance(.seconds(30))
    harness.receiver.playWarmOpen(.notificationTap(response))
    #expect(harness.delivered.count == 1)
    clock.advance(.seconds(31))
    harness.receiver.playWarmOpen(.notificationTap(response))
    #expect(harness.delivered.count == 2)
  }

  /// Without a request identifier (a push built by hand), the duplicate window decides, as before.
  @Test func aTapWithNoRequestIdentifierFallsBackToTheWindow() {
    let harness = GlueHarness()
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"], requestIdentifier: nil)
    harness.receiver.playWarmOpen(.notificationTap(response))
    harness.receiver.playWarmOpen(
      .notificationTap(
        FakeNotificationResponse(
          payload: ["deeplink": "myapp://messages/6"], requestIdentifier: nil)))
    #expect(harness.delivered.count == 1)
  }

  /// A tap dropped before delivery (declined, superseded, expired) is forgotten: iOS handing
  /// it over again asks again.
  @Test func aSupersededTapCanBeHandedOverAgain() {
    let harness = GlueHarness(ready: false)
    let response = FakeNotificationResponse(payload: ["deeplink": "myapp://messages/6"])
    harness.receiver.playWarmOpen(.notificationTap(response))
    harness.receiver.open(other)  // supersedes it
    harness.receiver.playWarmOpen(.notificationTap(response))  // supersedes the link
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "6"])])
  }
}

/// A window the app opens itself (`requestSceneSessionActivation` with a window activity) opens
/// its route once, in that window, as the app's own: not as a link from outside.
@MainActor @Suite struct WindowActivityTests {
  private let router = try! RouteTable(
    schemes: ["myapp"],
    routes: [
      .init(name: "settings", path: "/settings", sources: [.inApp]),
      .init(name: "payment", path: "/payments/:id", confirm: true),
    ]
  ).makeRouter()

  private final class Record {
    var delivered: [(NamedRoute, DeliveryContext)] = []
    var refusals: [DeepLinkError] = []
  }

  private func receiver() -> (LinkReceiver<NamedRoute>, Record) {
    let record = Record()
    let dispatcher = LinkDispatcher(router: router)
    dispatcher.setHandler { route, context in record.delivered.append((route, context)) }
    _ = dispatcher.addObserver { event in
      if case .refused(let error) = event.kind { record.refusals.append(error) }
    }
    dispatcher.satisfy(.ready)
    return (LinkReceiver(dispatcher: dispatcher), record)
  }

  private func activity(_ item: UserActivityItem) -> FakeUserActivity {
    let activity = FakeUserActivity(activityType: item.type)
    item.apply(to: activity)
    return activity
  }

  @Test func aNewWindowOpensItsRouteAsTheAppsOwn() {
    let (links, record) = receiver()
    let settings = activity(links.windowActivity(opening: NamedRoute("settings")))
    let payment = activity(links.windowActivity(opening: NamedRoute("payment", parameters: ["id": "7"])))
    #expect(settings.activityType == LinkReceiver<NamedRoute>.windowActivityType)
    #expect(!settings.isEligibleForHandoff && !settings.isEligibleForSearch && !settings.isEligibleForPrediction)
    links.playSceneColdStart(.activity(settings), scene: "B")  // a new window: its connection options
    #expect(links.continue(payment, scene: "A"))  // a window that exists: scene(_:continue:)
    // A route only the app may open opens, and one that needs confirmation from outside is not asked.
    #expect(record.delivered.map(\.0) == [NamedRoute("settings"), NamedRoute("payment", parameters: ["id": "7"])])
    #expect(record.delivered.map(\.1.source) == [.inApp, .inApp])
    #expect(record.delivered.map(\.1.sceneIdentifier) == ["B", "A"])
  }

  @Test func aWindowActivityOpensOnce() {
    let (links, record) = receiver()
    let settings = activity(links.windowActivity(opening: NamedRoute("settings")))
    #expect(links.continue(settings, scene: "B"))
    #expect(!links.continue(settings, scene: "B"))
    #expect(record.delivered.count == 1)
    #expect(record.refusals.map(\.code) == [.noRoute])
  }

  /// Another receiver's token (another process, another device's Handoff) is a link from outside.
  @Test func anActivityWithAnUnknownTokenIsALinkFromOutside() {
    let (links, record) = receiver()
    let (other, _) = receiver()
    let own = activity(links.windowActivity(opening: NamedRoute("payment", parameters: ["id": "1"])))
    let forged = activity(other.windowActivity(opening: NamedRoute("settings")))
    #expect(!links.continue(forged, scene: "B"))
    #expect(record.delivered.isEmpty)
    #expect(record.refusals.map(\.code) == [.noRoute])
    // The receiver's own activity still opens its own route.
    #expect(links.continue(own, scene: "B"))
    #expect(record.delivered.map(\.0) == [NamedRoute("payment", parameters: ["id": "1"])])
  }

  /// A request iOS refuses (an iPhone opens no second window) calls its error handler, which
  /// forgets the activity: its route waits no more, and the activity opens nothing if it comes.
  @Test func aWindowThatNeverOpensForgetsItsRoute() {
    let (links, record) = receiver()
    let item = links.windowActivity(opening: NamedRoute("settings"))
    let kept = links.windowActivity(opening: NamedRoute("payment", parameters: ["id": "2"]))
    #expect(links.pendingWindowActivities == 2)
    links.cancelWindowActivity(item)  // activateSceneSession's error handler
    #expect(links.pendingWindowActivities == 1)
    #expect(!links.continue(activity(item), scene: "B"))
    #expect(links.continue(activity(kept), scene: "B"))
    #expect(record.delivered.map(\.0) == [NamedRoute("payment", parameters: ["id": "2"])])
  }

  @Test func onlyTheNewestWindowActivitiesAreKept() {
    let (links, record) = receiver()
    let first = activity(links.windowActivity(opening: NamedRoute("settings")))
    for _ in 0..<LinkReceiver<NamedRoute>.maxWindowRoutes {
      _ = links.windowActivity(opening: NamedRoute("settings"))
    }
    #expect(!links.continue(first))
    #expect(record.delivered.isEmpty)
  }
}
