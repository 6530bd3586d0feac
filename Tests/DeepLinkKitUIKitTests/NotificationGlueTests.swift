import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Dispatch
import Foundation
import Testing

@testable import DeepLinkKitUIKit

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
    // Called once the dispatcher has received the tap, on the main actor: not before.
    for _ in 0..<100 where calls.total == 0 { await Task.yield() }
    #expect(calls.total == 1)
    #expect(harness.delivered == [named("message", ["id": "21"])])
  }

  /// An app that keeps its own notification delegate (or a push SDK's) in its async form adds
  /// one line: `await receive(_:)` routes the tap and returns once it is received.
  @Test func anExistingDelegateRoutesTapsAndKeepsItsCompletionHandler() async {
    let harness = GlueHarness()
    let response = FakeNotificationResponse(payload: ["type": "message", "message_id": 5])
    await harness.receiver.receive(response)  // the app's async delegate returns after this
    #expect(harness.delivered == [named("message", ["id": "5"])])
  }

  /// `LinkNotificationDelegate(wrapping:)` gives the app's own delegate every tap it had before,
  /// with a completion handler: iOS's is called once, when the wrapped delegate has called it and
  /// the tap is received; a delegate that does not implement the method leaves it to the glue.
  @Test func aWrappedDelegateGetsEveryTapAndTheCompletionHandlerIsCalledOnce() {
    final class WrappedDelegate: @unchecked Sendable {
      var taps = 0
      var handlers: [@Sendable () -> Void] = []
    }
    let harness = GlueHarness(holdingPolicy: .queue(limit: 4))
    let wrapped = WrappedDelegate()
    let calls = Calls()
    for id in [1, 2] {
      harness.receiver.didReceive(
        FakeNotificationResponse(payload: ["type": "message", "message_id": id]), completion: { calls.record() },
        forwarding: { handler in
          wrapped.taps += 1
          wrapped.handlers.append(handler)  // the app's delegate calls it when it is done
          return true
        })
    }
    #expect(wrapped.taps == 2)
    #expect(calls.total == 0)
    for handler in wrapped.handlers { handler() }
    // iOS's handler waits for the tap to be received too.
    #expect(calls.total == 0)
    harness.dispatcher.receiveSubmitted()
    #expect(calls.total == 2)
    // A wrapped delegate without `didReceive`: iOS's handler is called once the tap is received.
    harness.receiver.didReceive(
      FakeNotificationResponse(payload: ["type": "message", "message_id": 3]), completion: { calls.record() },
      forwarding: { _ in false })
    #expect(calls.total == 2)
    harness.dispatcher.receiveSubmitted()
    #expect(calls.total == 3)
    #expect(
      harness.delivered == [
        named("message", ["id": "1"]), named("message", ["id": "2"]), named("message", ["id": "3"]),
      ])
  }

  @Test func dismissIsAnsweredAndOpensNothing() {
    let harness = GlueHarness()
    let completions = Calls()
    harness.receiver.didReceive(
      FakeNotificationResponse(
        actionIdentifier: LinkPush.dismissAction, payload: ["deeplink": "myapp://activity"])
    ) { completions.record() }
    #expect(completions.total == 0)  // not before the dispatcher has received it
    harness.dispatcher.receiveSubmitted()
    #expect(completions.total == 1)
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
    let dispatcher = LinkDispatcher(router: router, deliver: { delivered.append($0) })
    dispatcher.satisfy(.ready)
    LinkReceiver(dispatcher: dispatcher).didReceive(
      FakeNotificationResponse(actionIdentifier: "REPLY", payload: ["message_id": "4"], replyText: "See you"),
      completion: {})
    dispatcher.receiveSubmitted()
    #expect(delivered == [named("reply", ["id": "4", "replyText": "See you"])])
  }
}
