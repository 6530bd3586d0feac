import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
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

  // MARK: Exactly once

  @Test func sameLinkThroughTwoColdStartPathsIsDeliveredOnce() {
    let harness = DispatcherHarness()
    #expect(harness.dispatcher.receive(.url("myapp://messages/42")).isHandled)
    harness.clock.advance(.milliseconds(50))
    let second = harness.dispatcher.receive(.url("myapp://messages/42"))
    #expect(second.dropped?.route == named("message", ["id": "42"]))
    #expect(second.dropped?.reason.code == .duplicate && second.dropped?.reason.otherLink == LinkID(1))
    #expect(second.isHandled)  // its first copy is being handled
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "42"])])
    #expect(harness.timeline.contains("#2 dropped: duplicate of link #1"))
  }

  @Test func duplicateAfterDeliveryIsDroppedToo() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("https://app.example.com/messages/42"))
    harness.clock.advance(.milliseconds(1999))
    harness.dispatcher.receive(.url("https://APP.example.com/messages/42#again"))
    #expect(harness.delivered.count == 1)
  }

  @Test func sameRouteLaterOrFromAnotherSourceIsANewLink() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("myapp://messages/42"))
    harness.dispatcher.receive(.url("https://app.example.com/messages/42"))  // another kind of source
    harness.clock.advance(.seconds(2))
    harness.dispatcher.receive(.url("myapp://messages/42"))  // the window has passed
    #expect(harness.delivered.count == 3)
  }

  /// A duplicate repeats a link that is held or was delivered; repeating one that was dropped is
  /// the user asking again.
  @Test func repeatingASupersededLinkIsNotADuplicate() {
    let harness = DispatcherHarness()
    harness.dispatcher.receive(.url("myapp://messages/1", source: .push))
    harness.dispatcher.receive(.url("myapp://messages/2", source: .push))
    #expect(harness.dispatcher.receive(.url("myapp://messages/1", source: .push)).isHandled)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"])])
  }

  @Test func repeatingAnOverflowedOrExpiredLinkIsNotADuplicate() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 1), maxAge: .milliseconds(500))
    harness.dispatcher.receive(.url("myapp://messages/1"))
    #expect(harness.dispatcher.receive(.url("myapp://messages/2")).dropped?.reason.code == .overflow)
    harness.clock.advance(.milliseconds(600))
    harness.dispatcher.removeExpiredLinks()  // link 1 expires
    #expect(harness.dispatcher.receive(.url("myapp://messages/2")).isHandled)
    #expect(harness.dispatcher.receive(.url("myapp://messages/1")).dropped?.reason.code == .overflow)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "2"])])
  }

  /// A clock that goes back starts a new window: later links are not duplicates of the links
  /// before it (the elapsed time would be negative, inside any window), and a link held across
  /// it was held for no time at all, not a negative time.
  @Test func aClockThatGoesBackStartsANewWindow() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.clock.advance(.seconds(60))
    harness.dispatcher.receive(.url("myapp://messages/42"))
    harness.clock.rewind(.seconds(30))
    #expect(harness.dispatcher.receive(.url("myapp://messages/42")).dropped == nil)
    harness.clock.advance(.milliseconds(10))
    #expect(harness.dispatcher.receive(.url("myapp://messages/42")).dropped?.reason.code == .duplicate)
    #expect(harness.delivered.count == 2)
    harness.dispatcher.revoke(.ready)
    harness.dispatcher.receive(.url("myapp://messages/7"))
    harness.clock.rewind(.seconds(5))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.events.last?.kind == .delivered(named("message", ["id": "7"]), heldFor: .zero))
  }

  /// Links held across a clock that went back keep their time order: each arrival moves back to
  /// the time the clock went back to, so expiry, which takes them from the front, still finds
  /// every expired one. (Fuzz/FuzzDispatcher found a link delivered 3 s after it arrived, past a
  /// 2 s maxAge: the link before it had arrived "later", and stopped the search.)
  @Test func linksHeldAcrossAClockThatWentBackStillExpire() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 4), maxAge: .seconds(2))
    harness.clock.advance(.seconds(10))
    harness.dispatcher.receive(.url("myapp://messages/1"))  // held: the app is not ready
    harness.clock.rewind(.seconds(5))
    harness.dispatcher.receive(.url("myapp://messages/2"))
    harness.clock.advance(.milliseconds(3_500))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered.isEmpty)
    let expired = harness.events.compactMap { event in
      if case .dropped(let reason) = event.kind, reason.code == .expired { event.link } else { nil }
    }
    #expect(expired == [LinkID(1), LinkID(2)])
  }

  @Test func zeroWindowTurnsDeduplicationOff() {
    let harness = DispatcherHarness(duplicateWindow: .zero)
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("myapp://messages/42"))
    harness.dispatcher.receive(.url("myapp://messages/42"))
    #expect(harness.delivered.count == 2)
  }

  @Test func logoutAndLoginDoNotReplay() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.satisfy(.signedIn)
    harness.dispatcher.receive(.url("myapp://account/activity"))
    harness.clock.advance(.seconds(60))
    harness.dispatcher.revoke(.signedIn)
    harness.dispatcher.revoke(.ready)
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.delivered == [named("activity")])
  }

  /// A link held for one account is not delivered to the next: revoking a condition that held
  /// drops the links that need it, with their own reason.
  @Test func anAccountSwitchDropsTheLinksHeldForTheAccount() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 4))
    harness.dispatcher.satisfy(.signedIn)  // signed in as A; the splash is still up
    #expect(harness.dispatcher.receive(.url("myapp://account/activity")) == .held(named("activity"), missing: [.ready]))
    harness.dispatcher.receive(.url("https://app.example.com/messages/1"))  // needs only ready: kept
    harness.dispatcher.revoke(.signedIn)  // A signs out
    #expect(
      harness.timeline.contains(
        "#1 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next"))
    harness.dispatcher.satisfy(.signedIn)  // B signs in
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("message", ["id": "1"])])
  }

  @Test func aLinkTappedWhileSignedOutWaitsForTheSignIn() {
    let harness = DispatcherHarness()
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.receive(.url("myapp://account/activity"))
    harness.dispatcher.revoke(.signedIn)  // already signed out: nothing changes
    harness.dispatcher.satisfy(.signedIn)
    #expect(harness.delivered == [named("activity")])
  }

  @Test func revokingReadyKeepsLinksAndTheAppMayKeepOthers() {
    let harness = DispatcherHarness(holdingPolicy: .queue(limit: 4))
    harness.dispatcher.satisfy(.signedIn)
    harness.dispatcher.receive(.url("myapp://account/settings"))
    harness.dispatcher.satisfy(.ready)  // delivered
    harness.dispatcher.revoke(.ready)
    harness.dispatcher.receive(.url("myapp://account/activity"))
    harness.dispatcher.satisfy(.ready)
    harness.dispatcher.revoke(.ready)  // ready: kept
    harness.dispatcher.receive(.url("myapp://messages"))
    harness.dispatcher.revoke(.signedIn, keepingLinks: true)  // the app chose to keep them
    harness.dispatcher.satisfy(.signedIn)
    harness.dispatcher.satisfy(.ready)
    #expect(harness.delivered == [named("settings"), named("activity"), named("messages")])
  }

  /// By default a link is kept ten minutes at most.
  @Test func linksExpireAfterTenMinutesByDefault() {
    #expect(LinkDispatcher<NamedRoute>.defaultMaxAge == .seconds(600))
    let clock = ManualClock()
    var delivered: [NamedRoute] = []
    let dispatcher = LinkDispatcher(
      router: DispatcherHarness.router, clock: { clock.now }, deliver: { delivered.append($0) })
    #expect(dispatcher.maxAge == .seconds(600))
    dispatcher.receive(.url("myapp://messages"))
    clock.advance(.seconds(601))
    dispatcher.satisfy(.ready)
    #expect(delivered.isEmpty)
    dispatcher.revoke(.ready)
    dispatcher.receive(.url("myapp://messages/2"))
    clock.advance(.seconds(599))
    dispatcher.satisfy(.ready)
    #expect(delivered == [named("message", ["id": "2"])])
  }

  /// The handler can take each route's context: its source, every parameter (query items the
  /// route does not use, such as campaign fields, too), the input as text and the time held.
  @Test func deliverReceivesTheLinksContext() {
    let clock = ManualClock()
    var contexts: [DeliveryContext] = []
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router, clock: { clock.now })
    dispatcher.setHandler { _, context in contexts.append(context) }
    dispatcher.receive(.url("https://app.example.com/messages/7?utm_campaign=spring&utm_source=mail"))
    clock.advance(.seconds(3))
    dispatcher.satisfy(.ready)
    dispatcher.receive(route: named("messages"), source: .inApp)
    #expect(contexts.count == 2)
    #expect(contexts[0].link == LinkID(1))
    #expect(contexts[0].source == .universalLink)
    #expect(contexts[0].input == "https://app.example.com/messages/7?utm_campaign=spring&utm_source=mail")
    #expect(contexts[0].parameters.dictionary == ["id": "7", "utm_campaign": "spring", "utm_source": "mail"])
    #expect(contexts[0].heldFor == .seconds(3))
    #expect(contexts[1] == DeliveryContext(link: LinkID(2), source: .inApp, input: "messages()"))
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
    var outcomes: [LinkOutcome<NamedRoute>] = []
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
    let event = LinkEvent<NamedRoute>(
      link: LinkID(3), time: .milliseconds(2250), kind: .held(missing: [.signedIn, .ready]))
    #expect(LinkEventLog.line(for: event) == "2.250s link #3 held: waiting for ready, signedIn")
    #expect(
      LinkEventLog.line(
        for: LinkEvent<NamedRoute>(link: LinkID(1), time: .seconds(61), kind: .received(.push)))
        == "61.000s link #1 received from push")
  }

  @Test func navigationStateHoldsTheRouteUntilConsumed() {
    let state = LinkNavigationState<NamedRoute>()
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
