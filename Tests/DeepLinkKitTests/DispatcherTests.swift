import DeepLinkKit
import DeepLinkKitSwiftUI
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Observation
import Testing

@MainActor @Suite struct DispatcherTests {
  // MARK: Immediate answer

  @Test func deliversAtOnceWhenReady() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    #expect(harness.dispatcher.receive(.url("myapp://messages/42")) == .delivered(named("message", ["id": "42"])))
    #expect(harness.delivered == [named("message", ["id": "42"])])
    #expect(
      harness.timeline == [
        "#1 received from customScheme", "#1 resolved to message(id: 42)", "#1 delivered message(id: 42) at once",
      ])
  }

  @Test func holdsUntilReadyAndReportsHowLong() {
    let harness = DispatcherHarness()
    #expect(
      harness.dispatcher.receive(.url("https://app.example.com/messages"))
        == .held(named("messages"), missing: [.ready]))
    #expect(harness.delivered.isEmpty)
    harness.clock.advance(.milliseconds(1500))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("messages")])
    #expect(
      harness.timeline == [
        "#1 received from universalLink", "#1 resolved to messages()", "#1 held: waiting for ready",
        "#1 delivered messages() after 1.500s",
      ])
    #expect(harness.events.last?.kind == .delivered(named("messages"), heldFor: .milliseconds(1500)))
    #expect(harness.events.last?.time == .milliseconds(1500))
  }

  @Test func refusesWithTheRoutingError() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    let outcome = harness.dispatcher.receive(.url("myapp://nowhere"))
    #expect(outcome == .refused(DeepLinkError(.noRoute, #"no route matches the path "/nowhere""#)))
    #expect(!outcome.isHandled)
    #expect(harness.delivered.isEmpty)
    #expect(
      harness.timeline == [
        "#1 received from customScheme", #"#1 refused: noRoute: no route matches the path "/nowhere""#,
      ])
  }

  @Test(arguments: [
    ("myapp://x", DeepLinkSource.customScheme), ("HTTPS://app.example.com/x", .universalLink),
    ("ftp://x", .customScheme), ("", .customScheme),
  ])
  func inputDeclaresItsSourceBeforeResolving(url: String, source: DeepLinkSource) {
    #expect(DeepLinkInput.url(url).source == source)
    #expect(DeepLinkInput.url(url, source: .push).source == .push)
  }

  @Test func urlValuesAndExplicitSources() throws {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    let url = try #require(URL(string: "myapp://messages/7"))
    #expect(harness.dispatcher.receive(.url(url, source: .push)) == .delivered(named("message", ["id": "7"])))
    #expect(harness.timeline.first == "#1 received from push")
  }

  @Test func routesTheAppResolvedItself() {
    let harness = DispatcherHarness()
    #expect(harness.dispatcher.receive(route: named("messages"), source: .shortcut).isHandled)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("messages")])
    #expect(harness.timeline.first == "#1 received from shortcut")
  }

  // MARK: Conditions

  @Test func routeWaitsForEveryConditionItNeeds() {
    let harness = DispatcherHarness()
    #expect(
      harness.dispatcher.receive(.url("myapp://account/activity"))
        == .held(named("activity"), missing: [.ready, .signedIn]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered.isEmpty)
    #expect(harness.dispatcher.heldLinks.map(\.route) == [named("activity")])
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.delivered == [named("activity")])
    #expect(harness.dispatcher.heldLinks.isEmpty)
    #expect(harness.timeline.contains("#1 held: waiting for ready, signedIn"))
  }

  @Test func conditionsSatisfiedInAnyOrder() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.dispatcher.receive(.url("myapp://account/activity")) == .held(named("activity"), missing: [.ready]))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("activity")])
    #expect(harness.dispatcher.satisfiedConditions == [.ready, .signedIn])
    #expect(harness.dispatcher.conditions(for: named("messages")) == [.ready])
  }

  @Test func revokedConditionHoldsNewLinks() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.satisfy(.signedIn)
    harness.dispatcher.revoke(.signedIn)
    #expect(
      harness.dispatcher.receive(.url("myapp://account/settings")) == .held(named("settings"), missing: [.signedIn]))
    #expect(harness.dispatcher.receive(.url("myapp://messages")) == .delivered(named("messages")))
  }

  // MARK: Holding policy

  @Test func newestOnlySupersedesTheHeldLink() {
    let harness = DispatcherHarness()
    harness.dispatcher.receive(.url("myapp://messages/1", source: .push))
    harness.clock.advance(.milliseconds(300))
    harness.dispatcher.receive(.url("myapp://messages/2", source: .push))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "2"])])
    #expect(harness.timeline.contains("#1 dropped: superseded by link #2"))
    let drop = harness.events.compactMap(\.dropReason).first
    #expect(drop?.code == .superseded && drop?.otherLink == LinkID(2))
  }

  @Test func newestOnlyLetsALinkDeliveredNowSupersedeAnOlderHeldOne() {
    // A push that needs sign-in waits; the user then opens a link that shows at once. Signing in
    // later must not yank them to the stale push.
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("myapp://account/activity", source: .push))
    #expect(harness.dispatcher.receive(.url("myapp://messages")) == .delivered(named("messages")))
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.delivered == [named("messages")])
    #expect(harness.timeline.contains("#1 dropped: superseded by link #2"))
  }

  @Test func queueDeliversInArrivalOrder() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 5))
    for id in 1...3 { harness.dispatcher.receive(.url("myapp://messages/\(id)")) }
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == (1...3).map { named("message", ["id": "\($0)"]) })
  }

  @Test func queueDeliversEachLinkWhenItsOwnConditionsHold() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 5))
    harness.dispatcher.receive(.url("myapp://account/activity"))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.dispatcher.receive(.url("myapp://account/settings"))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"])])
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.delivered == [named("message", ["id": "1"]), named("activity"), named("settings")])
  }

  @Test func queueOverflowDropsTheArrivingLink() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 2))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.dispatcher.receive(.url("myapp://messages/2"))
    let outcome = harness.dispatcher.receive(.url("myapp://messages/3"))
    #expect(outcome.dropped?.route == named("message", ["id": "3"]))
    #expect(outcome.dropped?.reason.code == .overflow && outcome.dropped?.reason.otherLink == nil)
    #expect(!outcome.isHandled)
    #expect(harness.timeline.last == "#3 dropped: the queue already holds 2 links")
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"]), named("message", ["id": "2"])])
  }

  @Test func heldLinkExpiresAfterMaxAge() {
    let harness = DispatcherHarness(maxAge: .seconds(30))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.clock.advance(.seconds(31))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered.isEmpty)
    #expect(harness.timeline.last == "#1 dropped: expired after being held 31.000s")
  }

  @Test func linkAtExactlyMaxAgeIsStillDelivered() {
    let harness = DispatcherHarness(maxAge: .seconds(30))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.clock.advance(.seconds(30))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"])])
  }

  @Test func expiryIsReportedWhenAsked() {
    let harness = DispatcherHarness(maxAge: .seconds(5))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.clock.advance(.seconds(6))
    #expect(harness.timeline.count == 3)
    harness.dispatcher.removeExpiredLinks()
    #expect(harness.timeline.last == "#1 dropped: expired after being held 6.000s")
    #expect(harness.dispatcher.heldLinks.isEmpty)
  }

  // MARK: App code calling back in

  @Test func handlerThatReceivesALinkSeesItDeliveredAfterItself() {
    let harness = DispatcherHarness(onDeliver: { harness, route in
      if route == named("messages") {
        #expect(harness.dispatcher.receive(.url("myapp://messages/9")) == .delivered(named("message", ["id": "9"])))
        // The nested link is delivered once this handler returns, not inside it.
        #expect(harness.delivered == [named("messages")])
      }
    })
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("myapp://messages"))
    #expect(harness.delivered == [named("messages"), named("message", ["id": "9"])])
  }

  @Test func handlerThatChangesConditionsLeavesNoLinkBehind() {
    let harness = DispatcherHarness(
      holdingPolicy: .queue(limit: 5),
      onDeliver: { harness, route in
        if route == named("messages") { harness.dispatcher.satisfy(.signedIn) }  // the login screen finished
      })
    harness.dispatcher.receive(.url("myapp://account/settings"))
    harness.dispatcher.receive(.url("myapp://messages"))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("messages"), named("settings")])
    #expect(harness.dispatcher.heldLinks.isEmpty)
  }

  @Test func observerThatReadsTheDispatcherSeesSettledState() {
    let harness = DispatcherHarness()
    var heldWhenDropped: [Int] = []
    harness.dispatcher.addObserver { [unowned harness] event in
      if case .dropped = event.kind { heldWhenDropped.append(harness.dispatcher.heldLinks.count) }
    }
    harness.dispatcher.receive(.url("myapp://messages/1"))
    harness.dispatcher.receive(.url("myapp://messages/2"))
    #expect(heldWhenDropped == [1])  // link #2 is already the one held
  }

  // MARK: From other threads

  @Test func submittedLinksAreReceivedInOrderWithTheirOutcome() async {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 10))
    var outcomes: [LinkOutcome<TestRoute>] = []
    for id in 1...3 {
      harness.dispatcher.submit(.url("myapp://messages/\(id)")) { outcomes.append($0) }
    }
    #expect(outcomes.isEmpty)  // handed over, not yet received
    harness.dispatcher.receiveSubmitted()
    #expect(outcomes == (1...3).map { .held(named("message", ["id": "\($0)"]), missing: [.ready]) })
    await Task.yield()  // the drain scheduled by submit finds nothing left
    #expect(outcomes.count == 3)
  }

  @Test func submittedLinksArriveWithoutBeingAskedFor() async throws {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.submit(.url("myapp://messages/5"))
    for _ in 0..<100 where harness.delivered.isEmpty { await Task.yield() }
    #expect(harness.delivered == [named("message", ["id": "5"])])
  }

  // MARK: Logging and SwiftUI

  @Test func logLines() {
    let event = LinkEvent<TestRoute>(
      link: LinkID(3), time: .milliseconds(2250), kind: .held(missing: [.signedIn, .ready]))
    #expect(LinkEventLog.line(for: event) == "2.250s link #3 held: waiting for ready, signedIn")
    #expect(
      LinkEventLog.line(
        for: LinkEvent<TestRoute>(link: LinkID(1), time: .seconds(61), kind: .received(.push)))
        == "61.000s link #1 received from push")
  }

  @Test func navigationStateHoldsTheRouteUntilConsumed() {
    let state = LinkNavigationState<TestRoute>()
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router, deliver: state.deliver)
    dispatcher.satisfy(.ready)
    final class Counter: @unchecked Sendable { var changes = 0 }  // onChange runs synchronously here
    let counter = Counter()
    withObservationTracking {
      _ = state.pendingRoute
    } onChange: {
      counter.changes += 1
    }
    dispatcher.receive(.url("myapp://messages/3"))
    #expect(counter.changes == 1)
    #expect(state.pendingRoute == named("message", ["id": "3"]))
    #expect(state.consume() == named("message", ["id": "3"]))
    #expect(state.consume() == nil)
  }
}

extension LinkOutcome {
  var dropped: (route: Route, reason: DropReason)? {
    if case .dropped(let route, let reason) = self { return (route, reason) }
    return nil
  }
}

extension LinkEvent {
  var dropReason: DropReason? {
    if case .dropped(let reason) = kind { return reason }
    return nil
  }
}
