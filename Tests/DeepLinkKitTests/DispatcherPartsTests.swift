import Testing

@testable import DeepLinkKit

/// The dispatcher's parts as values, alone: its duplicate window, its kept links and its queue of
/// calls into app code.
@Suite struct DispatcherPartsTests {
  private func link(_ id: Int, _ route: String = "r", arrival: Duration) -> KeptLink {
    KeptLink(
      id: LinkID(id),
      record: TypedLinkRecord(
        route: route, source: .customScheme, requirements: [], input: nil, parameters: RouteParameters(),
        replyTruncation: nil),
      arrival: arrival, needsConfirmation: false)
  }

  // MARK: - Duplicate window

  @Test func aKeyInsideTheWindowIsADuplicateOfItsLatestLink() {
    var window = DuplicateWindow<String>(length: .seconds(2))
    let found1 = window.earlier("a", at: .zero)
    #expect(found1 == nil)
    window.remember("a", id: LinkID(1), at: .zero)
    let found2 = window.earlier("a", at: .milliseconds(1_999))
    #expect(found2 == LinkID(1))
    let found3 = window.earlier("b", at: .milliseconds(1_999))
    #expect(found3 == nil)
    // Exactly a window later, the link is let go.
    let found4 = window.earlier("a", at: .seconds(2))
    #expect(found4 == nil)
    #expect(window.trackedArrivals == 0)
  }

  @Test func aForgottenLinkIsNoDuplicateButLeavesTheWindowInTime() {
    var window = DuplicateWindow<String>(length: .seconds(2))
    window.remember("a", id: LinkID(1), at: .zero)
    window.forget("a", id: LinkID(1))
    let found5 = window.earlier("a", at: .seconds(1))
    #expect(found5 == nil)
    #expect(window.trackedArrivals == 1)
    _ = window.earlier("b", at: .seconds(2))
    #expect(window.trackedArrivals == 0)
  }

  @Test func forgettingAnOlderLinkKeepsTheNewerOne() {
    var window = DuplicateWindow<String>(length: .seconds(2))
    window.remember("a", id: LinkID(1), at: .zero)
    window.remember("a", id: LinkID(2), at: .seconds(1))
    window.forget("a", id: LinkID(1))
    let found6 = window.earlier("a", at: .milliseconds(1_500))
    #expect(found6 == LinkID(2))
    // The first link's entry leaving the window does not take the second's.
    let found7 = window.earlier("a", at: .milliseconds(2_500))
    #expect(found7 == LinkID(2))
  }

  /// Against a model of the rule: keys that repeat, scenes known and not, links forgotten, and
  /// links leaving the window.
  @Test func theWindowAnswersAsItsRuleSays() {
    var window = DuplicateWindow<String>(length: .seconds(100))
    let total = 48
    // Keys repeat (every fifth link is "k0"..."k4"), scenes alternate, and some links are forgotten.
    var model: [(key: String, scene: String?, id: LinkID, time: Duration, forgotten: Bool)] = []
    for number in 1...total {
      let key = "k\(number % 5)"
      let scene: String? = number % 3 == 0 ? nil : "s\(number % 2)"
      let time = Duration.seconds(number)
      let id = LinkID(number)
      // What the window answers for each key and scene before this link arrives.
      for probe in ["k0", "k1", "k2", "k3", "k4", "k9"] {
        for probeScene in [nil, "s0", "s1"] as [String?] {
          let expected = model.last {
            !$0.forgotten && $0.key == probe && time - $0.time < .seconds(100)
              && DuplicateWindow<String>.sameWindow($0.scene, probeScene)
          }?.id
          #expect(window.earlier(probe, scene: probeScene, at: time) == expected, "link \(number), \(probe)")
        }
      }
      window.remember(key, scene: scene, id: id, at: time)
      model.append((key, scene, id, time, false))
      if number % 7 == 0 {
        let forgotten = LinkID(number - 3)
        window.forget("k\((number - 3) % 5)", id: forgotten)
        if let index = model.firstIndex(where: { $0.id == forgotten }) { model[index].forgotten = true }
      }
    }
    #expect(window.trackedArrivals == total)
    // Most leave the window, and the answers stay the same.
    let later = Duration.seconds(total + 100 - 3)
    #expect(window.earlier("k9", at: later) == nil)
    #expect(window.trackedArrivals == 3)
    let latest = model.last { !$0.forgotten && $0.key == model[total - 1].key }?.id
    #expect(window.earlier(model[total - 1].key, at: later) == latest)
  }

  @Test func aWindowOfZeroRemembersNothing() {
    var window = DuplicateWindow<String>(length: .zero)
    window.remember("a", id: LinkID(1), at: .zero)
    let found8 = window.earlier("a", at: .zero)
    #expect(found8 == nil)
    #expect(window.trackedArrivals == 0)
  }

  @Test func restartingForgetsEveryLink() {
    var window = DuplicateWindow<String>(length: .seconds(60))
    for id in 1...10 { window.remember("k\(id)", id: LinkID(id), at: .seconds(id)) }
    window.restart()
    #expect(window.trackedArrivals == 0)
    let found9 = window.earlier("k3", at: .seconds(11))
    #expect(found9 == nil)
  }

  // MARK: - Kept links

  @Test func expiredLinksLeaveFromTheFront() {
    var kept = KeptLinks()
    for id in 1...5 { kept.append(link(id, arrival: .seconds(id))) }
    let expired = kept.removeExpired(at: .seconds(13), maxAge: .seconds(10))
    #expect(expired.map(\.id) == [LinkID(1), LinkID(2)])
    #expect(kept.elements.map(\.id) == [LinkID(3), LinkID(4), LinkID(5)])
  }

  @Test func aKeptLinkIsFoundByItsID() {
    var kept = KeptLinks()
    for id in stride(from: 2, through: 40, by: 2) { kept.append(link(id, arrival: .seconds(id))) }
    #expect(kept.index(of: LinkID(2)) == 0)
    #expect(kept.index(of: LinkID(22)) == 10)
    #expect(kept.index(of: LinkID(40)) == 19)
    #expect(kept.index(of: LinkID(21)) == nil)
    #expect(kept.index(of: LinkID(41)) == nil)
    kept.remove(at: 0)
    #expect(kept.index(of: LinkID(22)) == 9)
  }

  @Test func rewindingMovesLaterArrivalsBackAndKeepsTimeOrder() {
    var kept = KeptLinks()
    for id in 1...4 { kept.append(link(id, arrival: .seconds(10 * id))) }
    kept.rewind(to: .seconds(25))
    #expect(kept.elements.map(\.arrival) == [.seconds(10), .seconds(20), .seconds(25), .seconds(25)])
    // Expiry still finds every link past its age, from the front.
    #expect(
      kept.removeExpired(at: .seconds(36), maxAge: .seconds(10)).map(\.id) == [
        LinkID(1), LinkID(2), LinkID(3), LinkID(4),
      ])
  }

  @Test func removingByAConditionKeepsTheOthersInOrder() {
    var kept = KeptLinks()
    for (id, route) in [(1, "a"), (2, "b"), (3, "a"), (4, "c")] { kept.append(link(id, route, arrival: .seconds(id))) }
    let removed = kept.removeAll { ($0.record as? TypedLinkRecord<String>)?.route == "a" }
    #expect(removed.map(\.id) == [LinkID(1), LinkID(3)])
    #expect(kept.elements.map { ($0.record as? TypedLinkRecord<String>)?.route } == ["b", "c"])
    let rest = kept.removeAll()
    #expect(rest.map { ($0.record as? TypedLinkRecord<String>)?.route } == ["b", "c"])
    #expect(kept.isEmpty)
  }

  // MARK: - Effect queue

  @Test func effectsRunInOrderAndARunTakesWhatItsCallsQueue() {
    var queue = EffectQueue<Int>()
    queue.append(1)
    queue.append(2)
    let started = queue.startRun()
    #expect(started)
    var ran: [Int] = []
    while let effect = queue.next() {
      ran.append(effect)
      // A call that re-enters finds the run under way: it only queues.
      let startedAgain = queue.startRun()
      #expect(!startedAgain)
      if effect < 3 { queue.append(effect + 10) }
    }
    #expect(ran == [1, 2, 11, 12])
    #expect(!queue.isRunning)
    #expect(queue.count == 0)
    // The next run starts afresh.
    queue.append(5)
    let startedAfresh = queue.startRun()
    let fifth = queue.next()
    let end = queue.next()
    #expect(startedAfresh)
    #expect(fifth == 5)
    #expect(end == nil)
  }
}

extension String: DuplicateKey {}
