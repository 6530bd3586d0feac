import DeepLinkKit
import Dispatch
import Foundation
import Testing

/// Links handed over from several threads at once while the main actor changes conditions.
/// `.ci/run` runs this suite again under the thread sanitizer.
@MainActor @Suite struct ConcurrencyTests {
  final class Tally: @unchecked Sendable {
    var outcomes: [String: [LinkOutcome<TestRoute>]] = [:]
  }

  @Test func manyThreadsHandOverLinksWhileConditionsChange() async {
    let threads = 4
    let perThread = 1_000
    let tally = Tally()
    var delivered: [TestRoute] = []
    let dispatcher = LinkDispatcher(
      router: DispatcherHarness.router, holdingPolicy: .queue(limit: threads * perThread), duplicateWindow: .zero,
      requirements: { $0.name == "activity" ? [.signedIn] : [] },
      deliver: { delivered.append($0) })

    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      DispatchQueue.global().async {
        for index in 0..<perThread {
          let id = "\(thread)-\(index)"
          dispatcher.submit(.url("myapp://messages/\(id)", source: .push)) { outcome in
            tally.outcomes[id, default: []].append(outcome)
          }
        }
        done.leave()
      }
    }
    // Meanwhile, the app's state changes on the main actor.
    var toggles = 0
    while done.wait(timeout: .now()) == .timedOut {
      if toggles.isMultiple(of: 2) { dispatcher.satisfy(.ready) } else { dispatcher.revoke(.ready) }
      toggles += 1
      await Task.yield()
    }
    dispatcher.receiveSubmitted()
    dispatcher.satisfy(.ready)

    // Every link was received once and answered once, and is delivered exactly once.
    #expect(tally.outcomes.count == threads * perThread)
    #expect(tally.outcomes.values.allSatisfy { $0.count == 1 && $0[0].isHandled })
    #expect(delivered.count == threads * perThread)
    #expect(Set(delivered).count == threads * perThread)
    #expect(dispatcher.heldLinks.isEmpty)
    // Each thread's links were delivered in the order that thread handed them over.
    for thread in 0..<threads {
      let order = delivered.compactMap { route -> Int? in
        let parts = route.parameters["id"]!.split(separator: "-")
        return Int(parts[0]) == thread ? Int(parts[1]) : nil
      }
      #expect(order == Array(0..<perThread))
    }
    // The drains that submit scheduled find nothing left to do.
    for _ in 0..<10 { await Task.yield() }
    #expect(delivered.count == threads * perThread)
  }

  /// Valid links, refusals, duplicates and routes that need sign-in, from several threads, while
  /// both conditions toggle: every input is answered once and ends delivered once, held, or
  /// refused or dropped with an event.
  @Test func mixedInputsEndDeliveredHeldOrDroppedWithAReason() async {
    let threads = 4
    let perThread = 500
    let tally = Tally()
    var deliveredIDs: [LinkID] = []
    var ends: [LinkID: [String]] = [:]
    var received = 0
    let dispatcher = LinkDispatcher(
      router: DispatcherHarness.router, holdingPolicy: .queue(limit: threads * perThread),
      duplicateWindow: .seconds(3600),
      requirements: { $0.name == "activity" || $0.name == "settings" ? [.signedIn] : [] },
      deliver: { _ in })
    dispatcher.addObserver { event in
      switch event.kind {
      case .received: received += 1
      case .delivered:
        deliveredIDs.append(event.link)
        ends[event.link, default: []].append("delivered")
      case .refused, .dropped: ends[event.link, default: []].append("ended")
      default: break
      }
    }
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      DispatchQueue.global().async {
        for index in 0..<perThread {
          let link: String
          switch index % 5 {
          case 0: link = "myapp://messages/\(thread)-\(index)"
          case 1: link = "myapp://messages/\(thread)-\(index - 1)"  // a duplicate of the previous one
          case 2: link = "myapp://account/activity"  // needs sign-in; a duplicate after the first
          case 3: link = "myapp://nowhere/\(index)"  // refused
          default: link = "myapp://messages/%zz"  // malformed
          }
          let id = "\(thread)-\(index)"
          dispatcher.submit(.url(link)) { outcome in tally.outcomes[id, default: []].append(outcome) }
        }
        done.leave()
      }
    }
    var toggles = 0
    while done.wait(timeout: .now()) == .timedOut {
      let condition: LinkCondition = toggles.isMultiple(of: 3) ? .signedIn : .ready
      if toggles.isMultiple(of: 2) { dispatcher.satisfy(condition) } else { dispatcher.revoke(condition) }
      toggles += 1
      await Task.yield()
    }
    dispatcher.receiveSubmitted()
    dispatcher.satisfy(.ready)
    dispatcher.satisfy(.signedIn)

    #expect(tally.outcomes.count == threads * perThread)
    #expect(tally.outcomes.values.allSatisfy { $0.count == 1 })
    #expect(received == threads * perThread)
    #expect(Set(deliveredIDs).count == deliveredIDs.count)  // nothing delivered twice
    #expect(ends.values.allSatisfy { $0.count == 1 })
    #expect(ends.count == received)  // every link ended: nothing is left held
    #expect(dispatcher.heldLinks.isEmpty)
    // Unique messages (100 a thread) and one sign-in route are delivered; the rest says why not.
    #expect(deliveredIDs.count == threads * perThread / 5 + 1)
  }

  @Test func routerIsSharedAcrossThreads() async {
    let router = DispatcherHarness.router
    let results = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var resolved = 0
          for index in 0..<500 where (try? router.route(for: "myapp://messages/\(worker)-\(index)")) != nil {
            resolved += 1
          }
          return resolved
        }
      }
      var total = 0
      for await resolved in group { total += resolved }
      return total
    }
    #expect(results == 8 * 500)
  }

  /// A type no other test declares, so that its codecs are first made here, on many threads at
  /// once (declarations of one type share its codecs).
  enum Shade: String, CaseIterable, LinkValue { case light, dark }

  enum Painted: Hashable, Sendable {
    case wall(Int, Shade)
    case swatches(name: String, shade: Shade?, shades: [Shade])
  }

  @Test func routesAreDeclaredOnManyThreadsAtOnce() async {
    let opened = await withTaskGroup(of: [Painted?].self) { group in
      for worker in 0..<8 {
        group.addTask {
          let router = try? LinkRouter<Painted>(
            schemes: ["paint"],
            routes: [
              .path("/walls/:id/:shade", Painted.wall),
              .path("/swatches/:name?shade&shades", Painted.swatches),
            ])
          return [
            try? router?.route(for: "paint://walls/\(worker)/dark"),
            try? router?.route(for: "paint://swatches/w\(worker)?shades=light&shades=dark"),
          ]
        }
      }
      var all: [Painted?] = []
      for await routes in group { all += routes }
      return all
    }
    #expect(opened.count == 16)
    for worker in 0..<8 {
      #expect(opened.contains(.wall(worker, .dark)))
      #expect(opened.contains(.swatches(name: "w\(worker)", shade: nil, shades: [.light, .dark])))
    }
  }
}
