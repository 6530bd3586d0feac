import DeepLinkKit
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
    #expect(harness.events.allSatisfy { $0.parameters["utm_source"] == "mail" })
    // Before it resolved, the link's query items; after, its route's parameters and the rest.
    #expect(harness.events.first?.parameters == ["utm_source": "mail"])
    #expect(harness.events.last?.parameters == ["id": "2", "utm_source": "mail"])
  }

  /// Refusals counted per campaign, as the README's snippet does: a refused link's events carry
  /// the query items of the link it carried, whatever refused it (an unknown path, host or
  /// scheme, a malformed segment), from a URL, a universal link's activity or a push's link.
  @Test func refusalsCountPerCampaign() {
    let harness = DispatcherHarness()
    var refusedByCampaign: [String: Int] = [:]
    harness.dispatcher.addObserver { event in
      if case .refused = event.kind { refusedByCampaign[event.parameters["utm_campaign"] ?? "none", default: 0] += 1 }
    }
    let dispatcher = harness.dispatcher!
    dispatcher.receive(.url("https://app.example.com/promo-2019?utm_campaign=spring&ref=a%20b"))
    dispatcher.receive(.url("https://other.example.org/messages/1?utm_campaign=spring"))
    dispatcher.receive(.url("http://app.example.com/messages/1?utm_campaign=autumn#top"))
    dispatcher.receive(.url("myapp://messages/%zz?utm_campaign=autumn"))
    dispatcher.receive(
      .userActivity(
        ContinuedActivity(
          type: ContinuedActivity.browsingWebType,
          webpageURL: "https://app.example.com/gone?utm_campaign=mail")))
    dispatcher.receive(.push(LinkPush(fields: ["deeplink": "myapp://gone?utm_campaign=push"])))
    dispatcher.receive(.url("myapp://gone"))
    #expect(refusedByCampaign == ["spring": 2, "autumn": 2, "mail": 1, "push": 1, "none": 1])
    let first = harness.events.first { if case .refused = $0.kind { true } else { false } }
    #expect(first?.parameters == ["utm_campaign": "spring", "ref": "a b"])
  }

  /// What cannot be read safely is left out, item by item: a malformed escape, a name with a
  /// refused character, items past the table's limit; and a link longer than the table takes.
  @Test func aRefusedLinksQueryIsReadWithinTheTablesLimits() {
    let harness = DispatcherHarness()
    let dispatcher = harness.dispatcher!
    dispatcher.receive(.url("myapp://gone?a=%zz&b%00=1&c=%E2%80%AE&d=ok&e"))
    // As the router reads a query: a value may hold what a name may not (but U+0000).
    #expect(harness.events.last?.parameters == RouteParameters([("c", "\u{202E}"), ("d", "ok"), ("e", "")]))
    let many = (0..<100).map { "k\($0)=v" }.joined(separator: "&")
    dispatcher.receive(.url("myapp://gone?" + many))
    #expect(harness.events.last?.parameters.count == 64)
    // Empty items (`&&`, a leading or trailing `&`) are skipped and count for nothing.
    dispatcher.receive(.url("myapp://gone?&&a=1&&b=2&"))
    #expect(harness.events.last?.parameters == RouteParameters([("a", "1"), ("b", "2")]))
    dispatcher.receive(.url("myapp://gone?&" + (0..<100).map { "k\($0)=v" }.joined(separator: "&&")))
    #expect(harness.events.last?.parameters.count == 64)
    #expect(harness.events.last?.parameters["k63"] == "v" && harness.events.last?.parameters["k64"] == nil)
    dispatcher.receive(.url("myapp://gone?utm_campaign=x&pad=" + String(repeating: "a", count: 5000)))
    #expect(harness.events.last?.parameters == RouteParameters())
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
