import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation

// The fakes of the Apple objects come from DeepLinkKitTesting, as an app's tests get them.

/// The example app's table, with every source, and a receiver that records what it delivers.
@MainActor final class GlueHarness {
  static let router = try! RouteTable(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .init(
        name: "message", path: "/messages/:id",
        push: PushRule(when: ["type": "message"], parameters: ["id": "message_id"])),
      .init(name: "activity", path: "/activity", shortcut: "com.example.activity", intent: "ShowActivityIntent"),
      .init(
        name: "request", path: "/requests/:id(int)", shortcut: "com.example.request", intent: "OpenRequestIntent",
        activity: "com.example.request"),
      .init(name: "order", path: "/orders/:store/:id(uuid)", intent: "OrderSoupIntent"),
    ]
  ).makeRouter()

  var delivered: [NamedRoute] = []
  var contexts: [DeliveryContext] = []
  var refusedUniversalLinks: [URL] = []
  let dispatcher: LinkDispatcher<NamedRoute>
  private(set) var receiver: LinkReceiver<NamedRoute>!

  init(ready: Bool = true, holdingPolicy: HoldingPolicy = .newestOnly, clock: ManualClock? = nil) {
    dispatcher = LinkDispatcher(router: Self.router, holdingPolicy: holdingPolicy, clock: clock?.read)
    dispatcher.setHandler { [unowned self] route, context in
      self.delivered.append(route)
      self.contexts.append(context)
    }
    receiver = LinkReceiver(
      dispatcher: dispatcher,
      onRefusedUniversalLink: { [unowned self] url, _ in self.refusedUniversalLinks.append(url) })
    if ready { dispatcher.satisfy(.ready) }
  }
}

func named(_ name: String, _ parameters: [String: String] = [:]) -> NamedRoute {
  NamedRoute(name, parameters: parameters)
}
