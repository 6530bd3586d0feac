import DeepLinkKit
import DeepLinkKitUIKit
import Dispatch
import Foundation
import Testing

/// The notification delegate's forward: values copied on the calling thread, the completion
/// handler called exactly once, the tap received on the main actor.
@MainActor @Suite struct NotificationGlueTests {
  final class Calls: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
  }

  @Test func completionIsCalledOnceAndTheTapArrivesOnTheMainActor() async {
    let harness = GlueHarness()
    let receiver = harness.receiver!
    let calls = Calls()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        // The delegate's background queue.
        receiver.didReceive(FakeNotificationResponse(payload: ["type": "message", "message_id": 21])) { calls.record() }
        done.resume()
      }
    }
    #expect(calls.total == 1)
    for _ in 0..<100 where harness.delivered.isEmpty { await Task.yield() }
    #expect(harness.delivered == [named("message", ["id": "21"])])
  }

  /// An app that keeps its own notification delegate (or a push SDK's) adds one line to its
  /// `didReceive`: `receive(_:)` routes the tap and leaves the completion handler to that delegate.
  @Test func anExistingDelegateRoutesTapsAndKeepsItsCompletionHandler() {
    let harness = GlueHarness()
    let response = FakeNotificationResponse(payload: ["type": "message", "message_id": 5])
    harness.receiver.receive(response)  // the app's delegate calls its completion handler itself
    harness.dispatcher.receiveSubmitted()
    #expect(harness.delivered == [named("message", ["id": "5"])])
  }

  @Test func dismissIsAnsweredAndOpensNothing() {
    let harness = GlueHarness()
    var completions = 0
    harness.receiver.didReceive(
      FakeNotificationResponse(
        actionIdentifier: PushNotification.dismissAction, payload: ["deeplink": "myapp://activity"])
    ) { completions += 1 }
    harness.dispatcher.receiveSubmitted()
    #expect(completions == 1)
    #expect(harness.delivered.isEmpty)
  }

  @Test func typedReplyReachesTheRoute() throws {
    let router = try RouteTable(
      schemes: ["myapp"],
      routes: [
        .init(
          name: "reply", path: "/messages/:id/reply",
          push: PushRule(when: [:], parameters: ["id": "message_id"], action: "REPLY"))
      ]
    ).makeRouter()
    var delivered: [NamedRoute] = []
    let dispatcher = Dispatcher(router: router, deliver: { delivered.append($0) })
    dispatcher.satisfy(.ready)
    LinkReceiver(dispatcher: dispatcher).didReceive(
      FakeNotificationResponse(actionIdentifier: "REPLY", payload: ["message_id": "4"], replyText: "See you"),
      completion: {})
    dispatcher.receiveSubmitted()
    #expect(delivered == [named("reply", ["id": "4", "replyText": "See you"])])
  }
}
