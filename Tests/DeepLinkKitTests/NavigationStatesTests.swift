import DeepLinkKit
import DeepLinkKitSwiftUI
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Testing

/// Several windows, one navigation state each: a link goes to its window's state, never another's.
@MainActor @Suite struct NavigationStatesTests {
  private func dispatcher(_ navigation: LinkNavigationStates<TestRoute>) -> LinkDispatcher<TestRoute> {
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router)
    dispatcher.setHandler(navigation.deliver)
    dispatcher.satisfy(.ready)
    return dispatcher
  }

  @Test func eachWindowGetsItsOwnLinks() {
    let navigation = LinkNavigationStates<TestRoute>()
    let (a, b) = (navigation.state(forScene: "A"), navigation.state(forScene: "B"))
    navigation.register(scene: "A")  // linkScene(_:navigation:): a view shows each window
    navigation.register(scene: "B")
    let dispatcher = dispatcher(navigation)
    dispatcher.receive(.url("myapp://messages/1").arriving(in: "A"))
    dispatcher.receive(.url("myapp://messages").arriving(in: "B"))
    #expect(a.consume() == named("message", ["id": "1"]))
    #expect(b.consume() == named("messages"))
    #expect(a.consume() == nil && b.consume() == nil)
  }

  @Test func aLinkOfNoKnownWindowGoesToTheWindowUsedLast() {
    let navigation = LinkNavigationStates<TestRoute>()
    let dispatcher = dispatcher(navigation)
    navigation.activate(scene: "A")
    navigation.activate(scene: "B")
    dispatcher.receive(.url("myapp://messages/2"))
    #expect(navigation.state(forScene: "A").consume() == nil)
    #expect(navigation.state(forScene: "B").consume() == named("message", ["id": "2"]))
  }

  @Test func aLinkBeforeAnyWindowWaitsForTheFirstActiveOne() {
    let navigation = LinkNavigationStates<TestRoute>()
    let dispatcher = dispatcher(navigation)
    dispatcher.receive(.url("myapp://messages/3"))
    navigation.activate(scene: "A")
    #expect(navigation.state(forScene: "A").consume() == named("message", ["id": "3"]))
    navigation.remove(scene: "A")
    #expect(navigation.activeScene == nil)
  }
}

/// A route a navigation state keeps is reported as a user sees it: `delivered` when a view
/// consumes it, dropped when a newer route replaces it or its window closes first; never both.
@MainActor @Suite struct KeptRouteReportTests {
  @MainActor final class App {
    let clock = ManualClock()
    var events: [String] = []
    let dispatcher: LinkDispatcher<TestRoute>

    /// An app whose `message` routes need `signedIn` when `signedIn` is set (and signed in).
    init(signedIn: Bool = false) {
      let clock = clock
      dispatcher = LinkDispatcher(
        router: DispatcherHarness.router, clock: { clock.now },
        requirements: { signedIn && $0.name == "message" ? ["signedIn"] : [] })
      dispatcher.satisfy(.ready)
      if signedIn { dispatcher.satisfy("signedIn") }
      dispatcher.addObserver { [unowned self] event in
        switch event.kind {
        case .delivered, .dropped: events.append("\(event.link) \(event.kind.description) at \(event.time.secondsText)")
        default: break
        }
      }
    }
  }

  @Test func aRouteReplacedBeforeAnyViewShowsItIsSupersededNotDelivered() {
    let app = App()
    let navigation = LinkNavigationState<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    app.dispatcher.receive(.url("myapp://messages/1"))
    app.dispatcher.receive(.url("myapp://messages/2"))
    #expect(app.events == ["#1 dropped: replaced by link #2 before a view showed it at 0.000s"])
    app.clock.advance(.seconds(3))
    #expect(navigation.consume() == named("message", ["id": "2"]))
    #expect(navigation.consume() == nil)
    #expect(
      app.events == [
        "#1 dropped: replaced by link #2 before a view showed it at 0.000s",
        "#2 delivered message(id: 2) after 3.000s at 3.000s",
      ])
  }

  @Test func theDroppedLinkNamesTheNewerOneAndItsCode() {
    let app = App()
    let navigation = LinkNavigationState<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    var reasons: [DropReason] = []
    app.dispatcher.addObserver { event in if case .dropped(let reason) = event.kind { reasons.append(reason) } }
    let first = app.dispatcher.receive(.url("myapp://messages/1"))
    app.dispatcher.receive(.url("myapp://messages"))
    // The answer to the sender is still "delivered": the handler took the route.
    #expect(first == .delivered(named("message", ["id": "1"])))
    #expect(reasons.map(\.code) == [.superseded])
    #expect(reasons.first?.otherLink?.description == "#2")
    // A route the app puts there itself replaces it as well, and is named so.
    navigation.deliver(named("messages"))
    #expect(reasons.count == 2 && reasons[1].otherLink == nil)
    #expect(reasons[1].message == "replaced by a route the app gave before a view showed it")
    #expect(navigation.consume() == named("messages"))
    #expect(app.events.filter { $0.contains("delivered") }.isEmpty)
  }

  @Test func aHandlerThatDoesNotKeepTheRouteIsDeliveredOnReturn() {
    let app = App()
    var shown: [TestRoute] = []
    app.dispatcher.setHandler { route in shown.append(route) }
    app.dispatcher.receive(.url("myapp://messages/1"))
    #expect(shown.count == 1)
    #expect(app.events == ["#1 delivered message(id: 1) at once at 0.000s"])
  }

  @Test func aHandlerThatKeepsTheRouteThenThrowsEndsTheLinkOnce() {
    struct Failure: Error {}
    let app = App()
    let navigation = LinkNavigationState<TestRoute>()
    app.dispatcher.setHandler { route in
      navigation.deliver(route)
      throw Failure()
    }
    app.dispatcher.receive(.url("myapp://messages/1"))
    _ = navigation.consume()
    #expect(app.events.count == 1)
    #expect(app.events.first?.hasPrefix("#1 dropped: the deliver handler failed") == true)
  }

  @Test func aWindowThatClosesWithARouteUnseenReportsItDropped() {
    let app = App()
    let navigation = LinkNavigationStates<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    navigation.register(scene: "A")
    navigation.register(scene: "B")
    app.dispatcher.receive(.url("myapp://messages/1").arriving(in: "A"))
    navigation.remove(scene: "A")
    #expect(app.events == ["#1 dropped: its window closed before a view showed it at 0.000s"])
    var codes: [DropReason.Code] = []
    app.dispatcher.addObserver { event in if case .dropped(let reason) = event.kind { codes.append(reason.code) } }
    app.dispatcher.receive(.url("myapp://messages/2").arriving(in: "B"))
    navigation.remove(scene: "B")
    #expect(codes == [.windowClosed])
  }

  /// A logout drops what the dispatcher holds for the account, and what a navigation state keeps
  /// for a view that has not shown it yet: the next account never sees it.
  @Test func aLogoutWithdrawsARouteNoViewShowed() {
    let app = App(signedIn: true)
    let navigation = LinkNavigationState<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    app.dispatcher.receive(.url("myapp://messages/1"))
    #expect(navigation.pendingRoute == named("message", ["id": "1"]))
    app.clock.advance(.seconds(2))
    app.dispatcher.revoke("signedIn")
    #expect(navigation.pendingRoute == nil)
    #expect(navigation.consume() == nil)
    #expect(
      app.events == [
        "#1 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next at 2.000s"
      ])
    // Signing in again (maybe as someone else) delivers nothing.
    app.dispatcher.satisfy("signedIn")
    #expect(navigation.pendingRoute == nil)
    // A link that arrives after is kept and shown as before.
    app.dispatcher.receive(.url("myapp://messages/2"))
    #expect(navigation.consume() == named("message", ["id": "2"]))
    #expect(app.events.last == "#2 delivered message(id: 2) at once at 2.000s")
  }

  @Test func whatTheRevokeKeepsStaysForTheView() {
    let app = App(signedIn: true)
    let navigation = LinkNavigationState<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    app.dispatcher.receive(.url("myapp://messages/1"))
    // `ready` says whether the app can navigate, not who uses it; asked to keep links; a route
    // that does not need the condition.
    app.dispatcher.revoke(.ready)
    app.dispatcher.revoke("signedIn", keepingLinks: true)
    #expect(navigation.pendingRoute == named("message", ["id": "1"]))
    #expect(navigation.consume() == named("message", ["id": "1"]))
    app.dispatcher.satisfy(.ready)
    app.dispatcher.satisfy("signedIn")
    app.dispatcher.receive(.url("myapp://messages"))
    app.dispatcher.revoke("signedIn")
    #expect(navigation.consume() == named("messages"))
    #expect(app.events.filter { $0.contains("dropped") }.isEmpty)
  }

  @Test func aLogoutWithdrawsWhatWaitsForAWindowInEveryState() {
    let app = App(signedIn: true)
    let navigation = LinkNavigationStates<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    app.dispatcher.receive(.url("myapp://messages/1").arriving(in: "A"))  // no view shows A yet: it waits
    let windows = LinkWindows<TestRoute>()
    var shown: [TestRoute] = []
    app.dispatcher.setHandler(windows.deliver)
    app.dispatcher.receive(.url("myapp://messages/2"))  // no window registered: it waits
    app.dispatcher.revoke("signedIn")
    navigation.activate(scene: "A")
    windows.register(scene: "C") { shown.append($0) }
    #expect(navigation.state(forScene: "A").consume() == nil)
    #expect(shown.isEmpty)
    #expect(
      app.events == [
        "#1 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next at 0.000s",
        "#2 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next at 0.000s",
      ])
  }

  /// The dispatcher withdraws a kept route whether or not anyone observes its events.
  @Test func aLogoutWithdrawsWithNoObserver() {
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router, requirements: { _ in ["signedIn"] })
    dispatcher.satisfy(.ready)
    dispatcher.satisfy("signedIn")
    let navigation = LinkNavigationState<TestRoute>()
    dispatcher.setHandler(navigation.deliver)
    dispatcher.receive(.url("myapp://messages/1"))
    dispatcher.revoke("signedIn")
    #expect(navigation.pendingRoute == nil)
    #expect(navigation.consume() == nil)
  }

  @Test func aLinkWaitingForAWindowIsReportedWhereItIsFinallyShown() {
    let app = App()
    let navigation = LinkNavigationStates<TestRoute>()
    app.dispatcher.setHandler(navigation.deliver)
    app.dispatcher.receive(.url("myapp://messages/1"))  // no window yet
    app.dispatcher.receive(.url("myapp://messages/2"))  // replaces it, unseen
    app.clock.advance(.seconds(1))
    navigation.activate(scene: "A")
    #expect(app.events == ["#1 dropped: replaced by link #2 before a view showed it at 0.000s"])
    #expect(navigation.state(forScene: "A").consume() == named("message", ["id": "2"]))
    #expect(app.events.last == "#2 delivered message(id: 2) after 1.000s at 1.000s")
    #expect(app.events.count == 2)
  }

  @Test func aUIKitLinkWaitingForAWindowIsDeliveredWhenAWindowShowsIt() {
    let app = App()
    let windows = LinkWindows<TestRoute>()
    var shown: [TestRoute] = []
    app.dispatcher.setHandler(windows.deliver)
    app.dispatcher.receive(.url("myapp://messages/1"))
    app.dispatcher.receive(.url("myapp://messages/2"))
    #expect(app.events == ["#1 dropped: replaced by link #2 before a view showed it at 0.000s"])
    windows.register(scene: "A") { shown.append($0) }
    #expect(shown == [named("message", ["id": "2"])])
    #expect(app.events.last == "#2 delivered message(id: 2) at once at 0.000s")
  }

  /// Random arrivals, in random windows, consumed, replaced, closed and withdrawn by a logout at
  /// random, in windows views show and in one no view shows ("X", a window opened without
  /// `linkScene`): every link the handler took ends exactly once, `delivered` exactly for the
  /// routes views consumed. (A link of a window no view shows went into a state of its own, which
  /// no view consumed, and never ended.)
  @Test func everyKeptLinkEndsOnceAsViewsSawIt() {
    var generator = SeededGenerator(seed: 20_261_126)
    let paths = ["myapp://messages", "myapp://messages/1", "myapp://messages/2", "myapp://messages/3"]
    var played = (consumed: 0, superseded: 0, closed: 0, revoked: 0, unshownWindowsShown: 0)
    for _ in 0..<2_000 {
      let app = App(signedIn: true)
      let navigation = LinkNavigationStates<TestRoute>()
      app.dispatcher.setHandler(navigation.deliver)
      var ends: [LinkID: [String]] = [:]
      var handedOver: Set<LinkID> = []
      var deliveredRoutes: [TestRoute] = []
      var newest: LinkID?
      app.dispatcher.addObserver { event in
        switch event.kind {
        case .received: newest = event.link
        case .delivered(let route, _):
          ends[event.link, default: []].append("delivered")
          deliveredRoutes.append(route)
        case .dropped(let reason):
          ends[event.link, default: []].append(reason.code.rawValue)
        default: break
        }
      }
      var consumed: [TestRoute] = []
      var open: Set<String> = []  // the windows a view shows
      var fromX: Set<LinkID> = []
      for _ in 0..<Int.random(in: 5...25, using: &generator) {
        let scene = ["A", "B", "X", nil].randomElement(using: &generator)!
        switch Int.random(in: 0..<8, using: &generator) {
        case 0, 1:
          let outcome = app.dispatcher.receive(
            .url(paths.randomElement(using: &generator)!).arriving(in: scene))
          if case .delivered = outcome, let newest {
            handedOver.insert(newest)
            if scene == "X" { fromX.insert(newest) }
          }
        case 2:
          if let scene, scene != "X" {
            navigation.activate(scene: scene)
            open.insert(scene)
          }
        case 3:
          if let scene, open.contains(scene), let route = navigation.state(forScene: scene).consume() {
            consumed.append(route)
          }
        case 4:
          if let scene, scene != "X" {
            navigation.remove(scene: scene)
            open.remove(scene)
          }
        case 5: app.dispatcher.revoke("signedIn")
        case 6: app.dispatcher.satisfy("signedIn")
        default: app.clock.advance(.seconds(1))
        }
        for (link, ended) in ends { #expect(ended.count == 1, "link \(link) ended \(ended)") }
      }
      navigation.activate(scene: "A")
      open.insert("A")
      for scene in open.sorted() {
        if let route = navigation.state(forScene: scene).consume() { consumed.append(route) }
      }
      #expect(deliveredRoutes == consumed)
      for link in handedOver { #expect(ends[link]?.count == 1, "link \(link) never ended") }
      played.consumed += consumed.count
      played.superseded += ends.values.filter { $0 == ["superseded"] }.count
      played.closed += ends.values.filter { $0 == ["windowClosed"] }.count
      played.revoked += ends.values.filter { $0 == ["revoked"] }.count
      played.unshownWindowsShown += fromX.filter { ends[$0] == ["delivered"] }.count
    }
    #expect(
      played.consumed > 1_000 && played.superseded > 1_000 && played.closed > 100 && played.revoked > 500
        && played.unshownWindowsShown > 100,
      "\(played)")
  }
}
