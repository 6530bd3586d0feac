import DeepLinkKit
import Testing

/// Plays random interleavings of arrivals, duplicate arrivals, condition changes and clock
/// advances against a dispatcher with a random configuration, and checks the guarantees after
/// every step, from the dispatcher's own answers and events:
/// - every received link is delivered once, is held, or was refused or dropped with a reason;
/// - nothing is delivered twice, or while a condition its route needs does not hold;
/// - held links are delivered in arrival order, never after `maxAge`, and the same route from the
///   same kind of source is never delivered twice within the duplicate window;
/// - the holding policy's bound is kept, counting links awaiting the app's answer;
/// - a route that requires confirmation is delivered from an untrusted source only after the app's
///   yes, and answers come now, later, twice, too late or never.
@MainActor @Suite struct DispatcherPropertyTests {
  static let links: [(String, DeepLinkSource?)] = [
    ("myapp://messages", nil), ("myapp://messages/1", nil), ("https://app.example.com/messages/1", nil),
    ("myapp://messages/2", .push), ("myapp://account/activity", nil), ("myapp://account/settings", .push),
    ("https://app.example.com/account/activity", nil), ("myapp://nowhere", nil), ("ftp://x", nil),
    ("myapp://messages/%zz", nil), ("myapp://payments/1", nil), ("https://app.example.com/payments/2", nil),
    ("myapp://payments/3", .inApp), ("myapp://payments/1", .push),
  ]

  @Test func tenThousandRandomInterleavings() {
    var generator = SeededGenerator(seed: 20_261_121)
    var steps = 0
    var delivered = 0
    for _ in 0..<10_000 {
      let (playedSteps, playedDeliveries) = Self.play(using: &generator)
      steps += playedSteps
      delivered += playedDeliveries
    }
    // The generator reaches the interesting paths: many steps, many deliveries.
    #expect(steps > 150_000)
    #expect(delivered > 20_000)
  }

  final class Ledger {
    var arrival: [LinkID: Duration] = [:]
    var source: [LinkID: DeepLinkSource] = [:]
    var route: [LinkID: TestRoute] = [:]
    var terminal: [LinkID: [String]] = [:]
    var deliveries: [(id: LinkID, route: TestRoute, time: Duration)] = []
    var deliveredThisStep: [(id: LinkID, heldFor: Duration)] = []
    var asked: [(id: LinkID, answer: @MainActor (Bool) -> Void)] = []
    var approved: Set<LinkID> = []
  }

  /// Plays one interleaving; returns the number of steps and deliveries.
  static func play(using generator: inout SeededGenerator) -> (Int, Int) {
    let policy: HoldingPolicy =
      Bool.random(using: &generator) ? .newestOnly : .queue(limit: Int.random(in: 1...4, using: &generator))
    let maxAge: Duration? = Bool.random(using: &generator) ? .seconds(Int.random(in: 1...8, using: &generator)) : nil
    let window: Duration = [.zero, .milliseconds(500), .seconds(2)].randomElement(using: &generator)!
    let ledger = Ledger()
    var lastAsked: LinkID?
    let harness = DispatcherHarness(
      holdingPolicy: policy, maxAge: maxAge, duplicateWindow: window,
      confirm: { _, _, answer in ledger.asked.append((lastAsked!, answer)) })
    let dispatcher = harness.dispatcher!

    dispatcher.addObserver { event in
      switch event.kind {
      case .received(let source):
        ledger.arrival[event.link] = event.time
        ledger.source[event.link] = source
      case .resolved(let route): ledger.route[event.link] = route
      case .held: break
      case .confirmationRequested(let route):
        #expect(route.name == "payment")
        #expect(dispatcher.conditions(for: route).isSubset(of: dispatcher.satisfiedConditions))
        lastAsked = event.link
      case .refused: ledger.terminal[event.link, default: []].append("refused")
      case .dropped(let reason):
        ledger.terminal[event.link, default: []].append("dropped")
        if reason.code == .duplicate, let earlier = reason.otherLink {
          // A duplicate repeats a link of the same route and source, from within the window,
          // that is still held or was delivered; never one that was dropped.
          #expect(ledger.route[earlier] == ledger.route[event.link])
          #expect(ledger.source[earlier] == ledger.source[event.link])
          #expect(event.time - ledger.arrival[earlier]! < window)
          #expect((ledger.terminal[earlier] ?? ["held"]) != ["dropped"])
        }
      case .delivered(let route, let heldFor):
        ledger.terminal[event.link, default: []].append("delivered")
        // A route that requires confirmation, from an untrusted source, only after the app's yes.
        if route.name == "payment", ledger.source[event.link] != .inApp {
          #expect(ledger.approved.contains(event.link), "link \(event.link) delivered without the app's yes")
        }
        // Delivered only while every condition its route needs holds.
        #expect(dispatcher.conditions(for: route).isSubset(of: dispatcher.satisfiedConditions))
        #expect(heldFor == event.time - ledger.arrival[event.link]!)
        if let maxAge { #expect(heldFor <= maxAge) }
        // Never the same route from the same kind of source twice within the window.
        for earlier in ledger.deliveries
        where earlier.route == route && ledger.source[earlier.id] == ledger.source[event.link] {
          // (Either may have arrived first: a link awaiting the app's answer is delivered later.)
          let apart = ledger.arrival[event.link]! - ledger.arrival[earlier.id]!
          #expect(apart >= window || apart <= .zero - window)
        }
        ledger.deliveries.append((event.link, route, event.time))
        ledger.deliveredThisStep.append((event.link, heldFor))
      }
    }

    var lastInput: (String, DeepLinkSource?)?
    let steps = Int.random(in: 8...30, using: &generator)
    for _ in 0..<steps {
      ledger.deliveredThisStep = []
      var outcome: LinkOutcome<TestRoute>?
      switch Int.random(in: 0..<14, using: &generator) {
      case 0..<4:
        let link = links.randomElement(using: &generator)!
        lastInput = link
        outcome = dispatcher.receive(.url(link.0, source: link.1))
      case 4..<6:
        let link = lastInput ?? links[0]
        outcome = dispatcher.receive(.url(link.0, source: link.1))
      case 6:
        outcome = dispatcher.receive(route: named("activity"), source: .shortcut)
      case 7, 8:
        dispatcher.satisfy(Bool.random(using: &generator) ? .ready : .signedIn)
      case 9:
        dispatcher.revoke(Bool.random(using: &generator) ? .ready : .signedIn)
      case 10:
        harness.clock.advance(.milliseconds(Int.random(in: 0...4000, using: &generator)))
      case 11, 12:
        // The app answers a question, asked now or long ago: yes or no, maybe a second time.
        if let (id, answer) = ledger.asked.randomElement(using: &generator) {
          let yes = Bool.random(using: &generator)
          let wasAwaiting = dispatcher.linksAwaitingConfirmation.contains { $0.link == id }
          if yes, wasAwaiting { ledger.approved.insert(id) }
          answer(yes)
        }
      default:
        dispatcher.removeExpiredLinks()
      }
      check(dispatcher, ledger, policy: policy, outcome: outcome)
    }
    return (steps, ledger.deliveries.count)
  }

  static func check(
    _ dispatcher: LinkDispatcher<TestRoute>, _ ledger: Ledger, policy: HoldingPolicy,
    outcome: LinkOutcome<TestRoute>?
  ) {
    let held = Set(dispatcher.heldLinks.map(\.link)).union(dispatcher.linksAwaitingConfirmation.map(\.link))
    for id in ledger.arrival.keys {
      let ends = ledger.terminal[id] ?? []
      // Delivered once, held, or refused or dropped with an event: exactly one of them.
      #expect(ends.count <= 1, "link \(id) ended \(ends)")
      #expect(ends.isEmpty == held.contains(id), "link \(id) ended \(ends), held: \(held.contains(id))")
    }
    if let outcome, let newest = ledger.arrival.keys.max() {
      let ends = ledger.terminal[newest] ?? []
      switch outcome {
      case .delivered: #expect(ends == ["delivered"])
      case .held: #expect(held.contains(newest))
      case .refused: #expect(ends == ["refused"])
      case .dropped: #expect(ends == ["dropped"])
      case .awaitingConfirmation: #expect(dispatcher.linksAwaitingConfirmation.last?.link == newest)
      }
    }
    // Held links delivered by one step go in arrival order.
    let released = ledger.deliveredThisStep.filter { $0.heldFor > .zero }.map(\.id)
    #expect(released == released.sorted())
    // The bound counts held links and links awaiting an answer together.
    #expect(held.count <= policy.limit)
  }
}
