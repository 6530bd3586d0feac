import DeepLinkKit
import DeepLinkKitTesting

/// A dispatcher over a small named table, recording what it delivers and every event.
/// `/account/*` routes need "signed in"; the rest need only "ready"; `/payments/:id` requires
/// confirmation (declined without a `confirm` handler).
@MainActor final class DispatcherHarness {
  static let router = try! TestTable(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .init(name: "messages", path: "/messages"),
      .init(name: "message", path: "/messages/:id"),
      .init(name: "activity", path: "/account/activity"),
      .init(name: "settings", path: "/account/settings"),
      .init(name: "payment", path: "/payments/:id", confirm: true),
    ]
  ).makeRouter()

  let clock = ManualClock()
  var delivered: [TestRoute] = []
  var events: [LinkEvent<TestRoute>] = []
  private(set) var dispatcher: LinkDispatcher<TestRoute>!

  init(
    holdingPolicy: HoldingPolicy = .newestOnly, maxAge: Duration? = nil, duplicateWindow: Duration = .seconds(2),
    onDeliver: ((DispatcherHarness, TestRoute) -> Void)? = nil, confirm: LinkDispatcher<TestRoute>.Confirm? = nil
  ) {
    let clock = self.clock
    dispatcher = LinkDispatcher(
      router: Self.router, holdingPolicy: holdingPolicy, maxAge: maxAge, duplicateWindow: duplicateWindow,
      clock: { clock.now }, confirm: confirm,
      requirements: { route in route.name == "activity" || route.name == "settings" ? [.signedIn] : [] },
      deliver: { [unowned self] route in
        self.delivered.append(route)
        onDeliver?(self, route)
      })
    dispatcher.addObserver { [unowned self] event in self.events.append(event) }
  }

  /// The events as `#id summary` lines, for readable comparisons.
  var timeline: [String] { events.map { "\($0.link) \($0.kind.description)" } }
}

func named(_ name: String, _ parameters: [String: String] = [:]) -> TestRoute {
  TestRoute(name, parameters: parameters)
}
