import DeepLinkKit
import DeepLinkKitAppIntents
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
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

  // MARK: - iOS 26: intents iOS performs in a scene (`LinkOpeningSceneIntent`)

  final class WindowApp {
    var delivered: [(Route, String?)] = []
  }

  /// No duplicate window and all links kept: a route handed over twice would be delivered twice,
  /// so the tests see that the scene path hands it over once.
  private func windowReceiver(_ app: WindowApp) -> LinkReceiver<Route> {
    let dispatcher = LinkDispatcher(router: Self.router, holdingPolicy: .queue(limit: 8), duplicateWindow: .zero)
    dispatcher.setHandler { route, context in app.delivered.append((route, context.sceneIdentifier)) }
    return LinkReceiver(dispatcher: dispatcher)
  }

  /// A cold start: the scene connects with the intent, the scene takes it (the scene delegate's
  /// `willPerformAppIntent`, the intent's `performNavigation`, SwiftUI's `onAppIntentExecution`
  /// after `perform()`, or nothing but `perform()` when SwiftUI's own scene delegate takes it):
  /// opened once, in that scene, held until the app is ready, with no duplicate window to absorb
  /// a second copy. With SwiftUI's path taking the intent, it was never handed over.
  @Test(arguments: SceneIntentPath.allCases)
  func aSceneIntentColdStartOpensOnceInItsScene(path: SceneIntentPath) throws {
    let app = WindowApp()
    let links = windowReceiver(app)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    try links.playAppIntent(.item(4), scene: "S", coldStart: true, path: path)
    #expect(app.delivered.isEmpty)
    links.dispatcher.satisfy(.ready)
    #expect(app.delivered.map(\.0) == [.item(4)])
    #expect(app.delivered.map(\.1) == ["S"])
    // The same intent run again later (Siri, a minute on) opens again, once.
    links.dispatcher.setHandler { route, context in app.delivered.append((route, context.sceneIdentifier)) }
    try links.playAppIntent(.item(4), scene: "S", path: path)
    #expect(app.delivered.map(\.0) == [.item(4), .item(4)])
  }

  /// A warm start in a second window, beside another window's held link: both open, each in its
  /// own window.
  @Test func aSceneIntentInASecondWindowKeepsTheFirstWindowsLink() throws {
    let app = WindowApp()
    let links = windowReceiver(app)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    links.open(URL(string: "myapp://items/1")!, scene: "A")
    try links.playAppIntent(.item(2), scene: "B")
    links.dispatcher.satisfy(.ready)
    #expect(app.delivered.map(\.0) == [.item(1), .item(2)])
    #expect(app.delivered.map(\.1) == ["A", "B"])
  }

  /// iOS chose no scene: `perform()` opens the route itself.
  @Test func withNoSceneThePerformOpensIt() throws {
    let app = WindowApp()
    let links = windowReceiver(app)
    links.dispatcher.satisfy(.ready)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    try links.playAppIntent(.item(3), scene: nil)
    #expect(app.delivered.map(\.0) == [.item(3)])
    #expect(app.delivered.map(\.1) == [nil])
  }

  /// A route intents may not open is refused in the scene, and `perform()` throws the refusal
  /// for Siri to show; nothing is delivered.
  @Test func aSceneIntentsRefusalIsThrownByPerform() {
    let app = WindowApp()
    let links = windowReceiver(app)
    links.dispatcher.satisfy(.ready)
    LinkIntents.register(links)
    defer { LinkIntents.unregister(Route.self) }
    #expect(throws: DeepLinkError.self) { try links.playAppIntent(.deleteAccount, scene: "S") }
    do {
      try LinkIntents.perform(Route.deleteAccount, scene: "S")
    } catch {
      #expect(error.code == .sourceNotAllowed)
    }
    #expect(app.delivered.isEmpty)
  }

  @Test func aSceneIntentWithNoReceiverSaysSo() {
    do {
      try LinkIntents.perform(Unregistered.home, scene: "S")
      Issue.record("a scene intent succeeded with no receiver registered")
    } catch {
      #expect(error.code == .noReceiver)
    }
  }
}
