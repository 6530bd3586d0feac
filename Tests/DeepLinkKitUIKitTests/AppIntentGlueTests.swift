import DeepLinkKit
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Testing

/// App Intents: an intent that names its route opens it through the receiver registered for its
/// route type, under the route's sources and confirmation, held until the app is ready.
@MainActor @Suite(.serialized) struct AppIntentGlueTests {
  enum Route: Hashable, Sendable {
    case item(Int)
    case deleteAccount
  }

  /// Another route type, which no test registers.
  enum Unregistered: Hashable, Sendable { case home }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"],
    routes: [
      .path("/items/:id", Route.item),
      .path("/account/delete", to: .deleteAccount, sources: [.inApp]),
    ])

  final class App {
    var delivered: [Route] = []
  }

  private func receiver(_ app: App) -> LinkReceiver<Route> {
    LinkReceiver(dispatcher: LinkDispatcher(router: Self.router, deliver: { app.delivered.append($0) }))
  }

  @Test func anIntentsRouteIsHeldUntilTheAppIsReadyThenDelivered() throws {
    let app = App()
    let links = receiver(app)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    #expect(try LinkIntents.open(Route.item(7)) == .held(.item(7), missing: [.ready]))
    links.dispatcher.satisfy(.ready)
    #expect(app.delivered == [.item(7)])
  }

  @Test func aRouteTheIntentMayNotOpenThrowsItsRefusal() {
    let app = App()
    let links = receiver(app)
    links.dispatcher.satisfy(.ready)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    #expect(throws: DeepLinkError.self) { try LinkIntents.open(Route.deleteAccount) }
    do {
      try LinkIntents.open(Route.deleteAccount)
    } catch {
      #expect(error.code == .sourceNotAllowed)
    }
    #expect(app.delivered.isEmpty)
  }

  @Test func withNoReceiverRegisteredTheIntentSaysSo() {
    do {
      try LinkIntents.open(Unregistered.home)
      Issue.record("an intent opened a route with no receiver registered")
    } catch {
      #expect(error.code == .noReceiver)
      #expect(error.message.contains("LinkIntents.register(links)"))
    }
  }

  @Test func aLaterRegistrationReplacesTheEarlierOne() throws {
    let first = App()
    let second = App()
    let (a, b) = (receiver(first), receiver(second))
    a.dispatcher.satisfy(.ready)
    b.dispatcher.satisfy(.ready)
    LinkIntents.register(a)
    LinkIntents.register(b)
    defer { LinkIntents.unregister(Route.self) }
    try LinkIntents.open(Route.item(1), scene: "A")
    #expect(first.delivered.isEmpty)
    #expect(second.delivered == [.item(1)])
    #expect(LinkIntents.receiver(for: Route.self) === b)
  }
}
