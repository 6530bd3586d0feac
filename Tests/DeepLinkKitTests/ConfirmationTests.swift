import DeepLinkKit
import Foundation
import Testing

/// Least privilege: a route that changes something is delivered from an untrusted source only
/// after the app confirms it. And a deliver handler that throws does not leave the dispatcher stuck.
@MainActor @Suite struct ConfirmationTests {
  static let router = try! TestTable(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .init(
        name: "payment", path: "/payments/:id/confirm", intent: "ConfirmPaymentIntent",
        push: PushRule(when: ["type": "payment"], parameters: ["id": "payment_id"]), confirm: true),
      .init(name: "messages", path: "/messages"),
    ]
  ).makeRouter()

  final class App {
    var delivered: [TestRoute] = []
    var asked: [(TestRoute, DeepLinkSource)] = []
    var answers: [@MainActor (Bool) -> Void] = []
    var events: [String] = []
  }

  static func dispatcher(
    _ app: App, confirms: Bool = true, untrusted: Set<DeepLinkSource>? = nil, policy: HoldingPolicy = .newestOnly,
    deliver: (@MainActor (TestRoute) throws -> Void)? = nil
  ) -> LinkDispatcher<TestRoute> {
    let ask: LinkDispatcher<TestRoute>.Confirm = { route, source, answer in
      app.asked.append((route, source))
      app.answers.append(answer)
    }
    let record: LinkDispatcher<TestRoute>.Deliver = { app.delivered.append($0) }
    let requirements: LinkDispatcher<TestRoute>.Requirements = { $0.name == "payment" ? ["signedIn"] : [] }
    // Without `untrusted`, the dispatcher's own default, as an app gets it.
    let dispatcher =
      if let untrusted {
        LinkDispatcher(
          router: router, holdingPolicy: policy, untrustedSources: untrusted, confirm: confirms ? ask : nil,
          requirements: requirements, deliver: deliver ?? record)
      } else {
        LinkDispatcher(
          router: router, holdingPolicy: policy, confirm: confirms ? ask : nil, requirements: requirements,
          deliver: deliver ?? record)
      }
    dispatcher.addObserver { app.events.append("\($0.link) \($0.kind.description)") }
    dispatcher.satisfy(.ready)
    dispatcher.satisfy("signedIn")
    return dispatcher
  }

  @Test func untrustedSourceWaitsForTheAppsYes() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    let outcome = dispatcher.receive(.url("myapp://payments/7/confirm"))
    #expect(outcome == .awaitingConfirmation(TestRoute("payment", parameters: ["id": "7"])))
    #expect(outcome.isHandled)
    #expect(app.asked.map(\.1) == [.customScheme])
    #expect(app.delivered.isEmpty)
    #expect(dispatcher.linksAwaitingConfirmation.map(\.route.name) == ["payment"])
    app.answers[0](true)
    #expect(app.delivered == [TestRoute("payment", parameters: ["id": "7"])])
    #expect(dispatcher.linksAwaitingConfirmation.isEmpty)
    #expect(app.events.contains("#1 awaiting the app's confirmation to open payment(id: 7)"))
  }

  @Test func aNoDropsTheLinkWithAnEvent() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.receive(.url("myapp://payments/7/confirm"))
    app.answers[0](false)
    #expect(app.delivered.isEmpty)
    #expect(app.events.last == "#1 dropped: the app declined to open it")
  }

  @Test func onlyTheFirstAnswerCounts() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.receive(.url("myapp://payments/7/confirm"))
    app.answers[0](true)
    app.answers[0](true)
    app.answers[0](false)
    #expect(app.delivered.count == 1)
  }

  @Test func trustedSourcesAreNotAsked() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    #expect(
      dispatcher.receive(.url("myapp://payments/2/confirm", source: .inApp))
        == .delivered(TestRoute("payment", parameters: ["id": "2"])))
    // A push rule names the route itself: the app's server chose it, not a link.
    let push = LinkPush(fields: ["type": "payment", "payment_id": "3"])
    #expect(dispatcher.receive(.push(push)) == .delivered(TestRoute("payment", parameters: ["id": "3"])))
    let intent = IntentInvocation(name: "ConfirmPaymentIntent", parameters: ["id": "4"])
    #expect(dispatcher.receive(.intent(intent)) == .delivered(TestRoute("payment", parameters: ["id": "4"])))
    #expect(app.asked.isEmpty)
    #expect(app.delivered.count == 3)
  }

  /// The defaults follow the threat model (round 2 of the hardening): a universal link's path is
  /// chosen by whoever published the link, and a link carried by a push is as untrusted as its
  /// own kind. So with default settings, each of these asks first (MASTG-TEST-0070).
  @Test(arguments: [
    (DeepLinkInput.url("https://app.example.com/payments/1/confirm"), DeepLinkSource.universalLink),
    (.url("myapp://payments/1/confirm"), .customScheme),
    (.push(LinkPush(fields: ["deeplink": "myapp://payments/1/confirm"])), .push),
    (.push(LinkPush(fields: ["data.deeplink": "https://app.example.com/payments/1/confirm"])), .push),
    (.url("myapp://payments/1/confirm", source: .push), .push),
    (.url("https://app.example.com/payments/1/confirm", source: .deferred), .deferred),
    (
      .userActivity(
        ContinuedActivity(
          type: ContinuedActivity.browsingWebType, webpageURL: "https://app.example.com/payments/1/confirm")),
      .universalLink
    ),
  ])
  func untrustedByDefault(input: DeepLinkInput, source: DeepLinkSource) {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    #expect(dispatcher.receive(input) == .awaitingConfirmation(TestRoute("payment", parameters: ["id": "1"])))
    #expect(app.asked.map(\.1) == [source])
    #expect(app.delivered.isEmpty)
  }

  /// Links awaiting the app's answer are bounded by the holding policy (round 2 of the hardening:
  /// a confirm handler that never answered let links pile up without bound).
  @Test func linksAwaitingAnAnswerAreBoundedByThePolicy() {
    let app = App()
    let newest = Self.dispatcher(app)
    for id in 1...1_000 { newest.receive(.url("myapp://payments/\(id)/confirm")) }
    #expect(newest.linksAwaitingConfirmation.map(\.route) == [TestRoute("payment", parameters: ["id": "1000"])])
    app.answers[0](true)  // superseded long ago: ignored
    #expect(app.delivered.isEmpty)
    app.answers[999](true)
    #expect(app.delivered == [TestRoute("payment", parameters: ["id": "1000"])])

    let queued = App()
    let queue = Self.dispatcher(queued, policy: .queue(limit: 3))
    var overflowed = 0
    for id in 1...1_000 {
      if case .dropped(_, let reason) = queue.receive(.url("myapp://payments/\(id)/confirm")), reason.code == .overflow
      {
        overflowed += 1
      }
    }
    #expect(queue.linksAwaitingConfirmation.map(\.route.parameters["id"]) == ["1", "2", "3"])
    #expect(overflowed == 997)
    #expect(queued.asked.count == 3)
  }

  /// A link approved after a logout keeps its arrival place and the policy's bound.
  @Test func anApprovalAfterALogoutKeepsArrivalOrder() {
    let app = App()
    let dispatcher = Self.dispatcher(app, policy: .queue(limit: 5))
    dispatcher.receive(.url("myapp://payments/1/confirm"))  // asked
    dispatcher.revoke("signedIn", keepingLinks: true)
    dispatcher.receive(.url("myapp://payments/2/confirm"))  // held for sign-in, arrived later
    app.answers[0](true)  // approved while signed out: held again, before link 2
    #expect(dispatcher.heldLinks.map(\.route.parameters["id"]) == ["1", "2"])
    dispatcher.satisfy("signedIn")  // link 1 is delivered; link 2 is asked about now
    #expect(app.delivered.map(\.parameters["id"]) == ["1"])
    app.answers[1](true)
    #expect(app.delivered.map(\.parameters["id"]) == ["1", "2"])
  }

  @Test func underNewestOnlyANewerLinkSupersedesOneAwaitingAnAnswer() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.receive(.url("myapp://payments/1/confirm"))  // asked
    dispatcher.revoke("signedIn", keepingLinks: true)
    dispatcher.receive(.url("myapp://payments/2/confirm"))  // held; supersedes link 1
    app.answers[0](true)  // too late: ignored
    #expect(dispatcher.heldLinks.map(\.route.parameters["id"]) == ["2"])
    #expect(dispatcher.linksAwaitingConfirmation.isEmpty)
    #expect(app.events.contains("#1 dropped: superseded by link #2"))
  }

  @Test func routesThatDoNotRequireItAreNotAsked() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    #expect(dispatcher.receive(.url("myapp://messages")) == .delivered(TestRoute("messages")))
    #expect(app.asked.isEmpty)
  }

  @Test func withoutAConfirmHandlerTheLinkIsDeclined() {
    let app = App()
    let dispatcher = Self.dispatcher(app, confirms: false)
    let outcome = dispatcher.receive(.url("myapp://payments/7/confirm"))
    guard case .dropped(_, let reason) = outcome else {
      Issue.record("expected a drop, got \(outcome)")
      return
    }
    #expect(reason.code == .declined)
    #expect(reason.message == "it needs the app's confirmation, and the dispatcher has no confirm handler")
    #expect(!outcome.isHandled)
    #expect(app.delivered.isEmpty)
    // Declined, it is not remembered: the same link again, inside the duplicate window, is
    // declined for the same reason, not dropped as a duplicate of the first.
    let again = dispatcher.receive(.url("myapp://payments/7/confirm"))
    #expect(again.dropped?.reason.message == reason.message)
  }

  @Test func theAppIsAskedOnlyOnceTheRoutesConditionsHold() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.revoke("signedIn")
    #expect(
      dispatcher.receive(.url("myapp://payments/7/confirm"))
        == .held(TestRoute("payment", parameters: ["id": "7"]), missing: ["signedIn"]))
    #expect(app.asked.isEmpty)
    dispatcher.satisfy("signedIn")
    #expect(app.asked.count == 1)
    app.answers[0](true)
    #expect(app.delivered.count == 1)
  }

  /// By default a logout while the alert is up drops the link: it was asked for one account.
  @Test func aLogoutWhileTheAppAsksDropsTheLink() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.receive(.url("myapp://payments/7/confirm"))
    dispatcher.revoke("signedIn")
    #expect(
      app.events.last
        == "#1 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next")
    app.answers[0](true)  // too late: ignored
    dispatcher.satisfy("signedIn")
    #expect(app.delivered.isEmpty)
  }

  @Test func anApprovalAfterALogoutWaitsForTheNextLogin() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    dispatcher.receive(.url("myapp://payments/7/confirm"))
    dispatcher.revoke("signedIn", keepingLinks: true)  // logged out while the alert was up; the app keeps links
    app.answers[0](true)
    #expect(app.delivered.isEmpty)
    #expect(dispatcher.heldLinks.map(\.route.name) == ["payment"])
    dispatcher.satisfy("signedIn")
    #expect(app.delivered.count == 1)
    #expect(app.asked.count == 1)  // confirmed once, not asked again
  }

  @Test func theAppChoosesWhichSourcesAreUntrusted() {
    let app = App()
    let dispatcher = Self.dispatcher(app, untrusted: [.customScheme, .universalLink])
    #expect(dispatcher.receive(.url("https://app.example.com/payments/1/confirm")).isHandled)
    #expect(app.asked.map(\.1) == [.universalLink])
    #expect(app.delivered.isEmpty)
  }

  @Test func tablesDeclareIt() throws {
    #expect(Self.router.requiresConfirmation(opening: "myapp://payments/1/confirm"))
    #expect(!Self.router.requiresConfirmation(opening: "myapp://messages"))
  }

  // MARK: A handler that fails

  struct NavigationFailed: Error, CustomStringConvertible {
    var description: String { "no such screen" }
  }

  @Test func aThrowingHandlerDropsThatLinkAndTheDispatcherGoesOn() {
    let app = App()
    let dispatcher = Self.dispatcher(
      app,
      deliver: { route in
        if route.name == "payment" { throw NavigationFailed() }
        app.delivered.append(route)
      })
    dispatcher.revoke(.ready)
    dispatcher.receive(.url("https://app.example.com/payments/1/confirm", source: .inApp))
    dispatcher.satisfy(.ready)  // delivery fails
    #expect(app.events.last == "#1 dropped: the deliver handler failed: no such screen")
    #expect(dispatcher.heldLinks.isEmpty)  // not retried, not stuck
    #expect(dispatcher.receive(.url("myapp://messages")) == .delivered(TestRoute("messages")))
    #expect(app.delivered == [TestRoute("messages")])
  }
}

extension LinkRouter<TestRoute> {
  func requiresConfirmation(opening link: String) -> Bool {
    (try? resolve(link, source: .inApp))?.requiresConfirmation ?? false
  }
}
