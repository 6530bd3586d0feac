import DeepLinkKit
import DeepLinkKitTesting
import Foundation
import Testing

/// The dispatcher's promise of exactly once: the same link through two paths, a clock that goes
/// back, an account that changes, and how long links are kept.
@MainActor @Suite struct DispatcherExactlyOnceTests {
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
    let clock = ManualClock()
    var delivered: [TestRoute] = []
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
}
