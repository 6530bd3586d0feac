import Testing

@testable import DeepLinkKit
@testable import DeepLinkKitRouting

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
    var window = DuplicateWindow(length: .seconds(2))
    #expect(window.admit(key("a"), id: LinkID(1), at: .zero) == nil)
    #expect(window.admit(key("a"), id: LinkID(2), at: .milliseconds(1_999)) == LinkID(1))
    #expect(window.admit(key("b"), id: LinkID(3), at: .milliseconds(1_999)) == nil)
    // A duplicate is not remembered in its turn: exactly a window after the first, "a" is let go.
    #expect(window.admit(key("a"), id: LinkID(4), at: .seconds(2)) == nil)
    #expect(window.trackedArrivals == 2)
    #expect(window.admit(key("a"), id: LinkID(5), at: .seconds(3)) == LinkID(4))
  }

  @Test func aForgottenLinkIsNoDuplicateButLeavesTheWindowInTime() {
    var window = DuplicateWindow(length: .seconds(2))
    #expect(window.admit(key("a"), id: LinkID(1), at: .zero) == nil)
    // Dropped after all (a full queue, say): forgotten, so that it can be asked for again.
    window.forget(key("a"), id: LinkID(1))
    #expect(window.admit(key("a"), id: LinkID(2), at: .seconds(1)) == nil)
    #expect(window.trackedArrivals == 2)
    #expect(window.admit(key("b"), id: LinkID(3), at: .seconds(2)) == nil)
    #expect(window.trackedArrivals == 2)
    #expect(window.admit(key("a"), id: LinkID(4), at: .milliseconds(2_500)) == LinkID(2))
  }

  @Test func forgettingAnOlderLinkKeepsTheNewerOne() {
    var window = DuplicateWindow(length: .seconds(2))
    // The same key in two windows: both are remembered.
    #expect(window.admit(key("a"), scene: "s1", id: LinkID(1), at: .zero) == nil)
    #expect(window.admit(key("a"), scene: "s2", id: LinkID(2), at: .seconds(1)) == nil)
    window.forget(key("a"), id: LinkID(1))
    // A link whose scene is not known duplicates either: the one left.
    #expect(window.admit(key("a"), id: LinkID(3), at: .milliseconds(1_500)) == LinkID(2))
    // The first link's entry leaving the window does not take the second's.
    #expect(window.admit(key("a"), id: LinkID(4), at: .milliseconds(2_500)) == LinkID(2))
    #expect(window.admit(key("a"), scene: "s1", id: LinkID(5), at: .milliseconds(2_600)) == nil)
  }

  /// Against a model of the rule: keys that repeat, scenes known and not, links forgotten, and
  /// links leaving the window.
  @Test func theWindowAnswersAsItsRuleSays() {
    var window = DuplicateWindow(length: .seconds(20))
    var model: [(key: String, scene: String?, id: LinkID, time: Duration, forgotten: Bool)] = []
    var duplicates = 0
    // Keys repeat (every fifth link is "k0"..."k4"), scenes take three values, links come a
    // second apart (a window holds 20), and some links are forgotten.
    for number in 1...300 {
      let key = "k\(number % 5)"
      let scene: String? = [nil, "s0", "s1"][(number / 5) % 3]
      let time = Duration.seconds(number)
      let id = LinkID(number)
      let expected = model.last {
        !$0.forgotten && $0.key == key && time - $0.time < .seconds(20)
          && DuplicateWindow.sameWindow($0.scene, scene)
      }?.id
      #expect(window.admit(DeepLinkKitTests.key(key), scene: scene, id: id, at: time) == expected, "link \(number)")
      if expected == nil {
        model.append((key, scene, id, time, false))
      } else {
        duplicates += 1
      }
      if number % 7 == 0, let index = model.indices.dropLast().last {
        window.forget(DeepLinkKitTests.key(model[index].key), id: model[index].id)
        model[index].forgotten = true
      }
      #expect(window.trackedArrivals == model.filter { time - $0.time < .seconds(20) }.count)
    }
    // The model reaches every answer: duplicates and links remembered, forgotten ones found no more.
    #expect(duplicates > 50)
    #expect(model.count > 50)
  }

  /// The two kinds of key: records are the same link when their routes and sources are equal,
  /// taps when their requests and actions are; a record and a tap are never the same link.
  @Test func recordsAndTapsAreKeysOfTheirOwnKind() {
    func record(_ route: String, _ source: DeepLinkSource) -> WindowKey {
      TypedLinkRecord(
        route: route, source: source, requirements: [], input: nil, parameters: RouteParameters(),
        replyTruncation: nil)
    }
    func tap(_ request: String, _ action: String) -> WindowKey {
      TapKey(NotificationTap(request: request, action: action))
    }
    #expect(record("a", .push).isSameLink(as: record("a", .push)))
    #expect(!record("a", .push).isSameLink(as: record("a", .customScheme)))
    #expect(!record("a", .push).isSameLink(as: record("b", .push)))
    // Routes whose hashes collide: compared as routes, and a route of another type never matches.
    func colliding<Route: Hashable>(_ route: Route) -> WindowKey {
      TypedLinkRecord(
        route: route, source: .push, requirements: [], input: nil, parameters: RouteParameters(), replyTruncation: nil)
    }
    #expect(colliding(Colliding(1)).hash == colliding(Colliding(2)).hash)
    #expect(colliding(Colliding(1)).isSameLink(as: colliding(Colliding(1))))
    #expect(!colliding(Colliding(1)).isSameLink(as: colliding(Colliding(2))))
    #expect(colliding(Colliding(1)).hash == colliding(AlsoColliding(1)).hash)
    #expect(!colliding(Colliding(1)).isSameLink(as: colliding(AlsoColliding(1))))
    #expect(tap("a", "REPLY").isSameLink(as: tap("a", "REPLY")))
    #expect(!tap("a", "REPLY").isSameLink(as: tap("a", "")))
    #expect(!record("a", .push).isSameLink(as: tap("a", "")) && !tap("a", "").isSameLink(as: record("a", .push)))
    var window = DuplicateWindow(length: .seconds(2))
    #expect(window.admit(record("a", .push), id: LinkID(1), at: .zero) == nil)
    #expect(window.admit(tap("a", ""), id: LinkID(2), at: .zero) == nil)
    #expect(window.admit(record("a", .push), id: LinkID(3), at: .seconds(1)) == LinkID(1))
    #expect(window.admit(tap("a", ""), id: LinkID(4), at: .seconds(1)) == LinkID(2))
  }

  @Test func aWindowOfZeroRemembersNothing() {
    var window = DuplicateWindow(length: .zero)
    #expect(window.admit(key("a"), id: LinkID(1), at: .zero) == nil)
    #expect(window.admit(key("a"), id: LinkID(2), at: .zero) == nil)
    #expect(window.trackedArrivals == 0)
  }

  @Test func restartingForgetsEveryLink() {
    var window = DuplicateWindow(length: .seconds(60))
    for id in 1...10 { _ = window.admit(key("k\(id)"), id: LinkID(id), at: .seconds(id)) }
    #expect(window.trackedArrivals == 10)
    window.restart()
    #expect(window.trackedArrivals == 0)
    #expect(window.admit(key("k3"), id: LinkID(11), at: .seconds(11)) == nil)
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
    var ran: [(Int, Bool)] = []
    var isLast = false
    while let effect = queue.next(isLast: &isLast) {
      ran.append((effect, isLast))
      // A call made while the run is under way queues behind what waits.
      if effect == 1 { queue.append(11) }
      if effect == 11 { queue.append(111) }
    }
    // The last one waiting says so (2 was, when it was taken: 11 came while it ran); one queued
    // while the last ran comes after it.
    #expect(ran.map(\.0) == [1, 2, 11, 111])
    #expect(ran.map(\.1) == [false, false, true, true])
    #expect(queue.count == 0)
    // The next run starts afresh.
    queue.append(5)
    isLast = false
    let fifth = queue.next(isLast: &isLast)
    #expect(fifth == 5 && isLast)
    #expect(queue.next(isLast: &isLast) == nil)
  }
}

/// A key of the duplicate window, written as a string: a tap whose request is `text`. (What a
/// key is makes no difference to the window's rule.)
private func key(_ text: String) -> WindowKey { TapKey(NotificationTap(request: text, action: "")) }

/// Routes of two types whose every value hashes alike.
private struct Colliding: Hashable {
  let value: Int
  init(_ value: Int) { self.value = value }
  func hash(into hasher: inout Hasher) {}
}
private struct AlsoColliding: Hashable {
  let value: Int
  init(_ value: Int) { self.value = value }
  func hash(into hasher: inout Hasher) {}
}
