import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Testing

/// Every event carries what an observer needs to attribute it, whatever the outcome: the link's
/// source, its input, and its parameters once it resolved (a dropped link's `utm_*` too).
@MainActor @Suite struct EventAttributionTests {
  @Test func aDroppedLinksEventsKeepItsSourceAndCampaign() {
    let harness = DispatcherHarness(maxAge: .seconds(60))
    harness.dispatcher.receive(.url("https://app.example.com/messages/1?utm_campaign=spring"))
    harness.clock.advance(.seconds(61))
    harness.dispatcher.removeExpiredLinks()
    let dropped = harness.events.filter { if case .dropped = $0.kind { true } else { false } }
    #expect(dropped.count == 1)
    #expect(dropped.first?.source == .universalLink)
    #expect(dropped.first?.parameters["utm_campaign"] == "spring")
    #expect(dropped.first?.parameters["id"] == "1")
    #expect(dropped.first?.input == "https://app.example.com/messages/1?utm_campaign=spring")
  }

  @Test func everyEventOfALinkNamesItsSource() {
    let harness = DispatcherHarness()
    harness.dispatcher.receive(.url("myapp://messages/2?utm_source=mail"))
    harness.dispatcher.satisfy(.ready)
    #expect(harness.events.count == 4)  // received, resolved, held, delivered
    #expect(harness.events.allSatisfy { $0.source == .customScheme })
    #expect(harness.events.dropFirst().allSatisfy { $0.parameters["utm_source"] == "mail" })
    #expect(harness.events.first?.parameters == RouteParameters())  // not resolved yet
  }

  @Test func aRefusedLinkKeepsItsSourceAndInput() {
    let harness = DispatcherHarness()
    harness.dispatcher.receive(.url("https://app.example.com/promo-2019?utm_campaign=old", source: .push))
    let refused = harness.events.last
    guard case .refused = refused?.kind else {
      Issue.record("expected a refusal, got \(String(describing: refused))")
      return
    }
    #expect(refused?.source == .push)
    #expect(refused?.input == "https://app.example.com/promo-2019?utm_campaign=old")
  }

  @Test func supersededAndDuplicateLinksAreAttributedToTheirOwnLink() {
    let harness = DispatcherHarness()
    harness.dispatcher.receive(.url("myapp://messages/1?utm_campaign=a"))
    harness.dispatcher.receive(.url("https://app.example.com/messages/2?utm_campaign=b"))
    harness.dispatcher.receive(.url("https://app.example.com/messages/2?utm_campaign=b"))
    let dropped = harness.events.filter { if case .dropped = $0.kind { true } else { false } }
    #expect(dropped.map(\.link) == [LinkID(1), LinkID(3)])
    #expect(dropped.map(\.source) == [.customScheme, .universalLink])
    #expect(dropped.map { $0.parameters["utm_campaign"] } == ["a", "b"])
  }
}
