import DeepLinkKit
import DeepLinkKitTesting
import Testing

/// A route the app resolved itself (an App Intent's `perform()`, an in-app link) is received
/// under its definition's rules, as its link would be: its sources and its confirmation.
@MainActor @Suite struct AppResolvedRouteTests {
  enum Route: Hashable, Sendable {
    case deleteAccount
    case item(Int)
    case payment(Int)
    case notInTheTable
  }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .path("/account/delete", to: .deleteAccount, sources: [.inApp]),
      .path("/items/:id", Route.item),
      .path("/payments/:id", Route.payment).requiringConfirmation(),
    ])

  final class App {
    var delivered: [Route] = []
    var asked: [(Route, DeepLinkSource)] = []
    var answers: [@MainActor (Bool) -> Void] = []
  }

  static func dispatcher(_ app: App, untrusted: Set<DeepLinkSource> = [.customScheme, .universalLink, .intent])
    -> LinkDispatcher<Route>
  {
    let dispatcher = LinkDispatcher(
      router: router, untrustedSources: untrusted,
      confirm: { route, source, answer in
        app.asked.append((route, source))
        app.answers.append(answer)
      }, deliver: { app.delivered.append($0) })
    dispatcher.satisfy(.ready)
    return dispatcher
  }

  @Test func aRouteLimitedToOtherSourcesIsRefused() throws {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    let outcome = dispatcher.receive(route: .deleteAccount, source: .intent)
    guard case .refused(let error) = outcome else {
      Issue.record("expected a refusal, got \(outcome)")
      return
    }
    #expect(error.code == .sourceNotAllowed)
    #expect(error.message.contains("cannot be opened from an intent (allowed: inApp)"))
    #expect(dispatcher.receive(route: .deleteAccount, source: .inApp) == .delivered(.deleteAccount))
    #expect(app.delivered == [.deleteAccount])
  }

  @Test func aRouteThatRequiresConfirmationAsksWhenItsSourceIsUntrusted() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    #expect(dispatcher.receive(route: .payment(7), source: .intent) == .awaitingConfirmation(.payment(7)))
    #expect(app.delivered.isEmpty)
    #expect(app.asked.map(\.0) == [.payment(7)])
    app.answers[0](true)
    #expect(app.delivered == [.payment(7)])
  }

  @Test func aTrustedSourceOrTheAppItselfNeedsNoConfirmation() {
    let app = App()
    let dispatcher = Self.dispatcher(app, untrusted: [.customScheme])
    #expect(dispatcher.receive(route: .payment(1), source: .intent) == .delivered(.payment(1)))
    #expect(dispatcher.receive(route: .payment(2), source: .inApp) == .delivered(.payment(2)))
    #expect(app.asked.isEmpty)
  }

  @Test func aRouteOpenToEverySourceAndOneNoDefinitionPrintsAreDelivered() {
    let app = App()
    let dispatcher = Self.dispatcher(app)
    #expect(dispatcher.receive(route: .item(3), source: .intent) == .delivered(.item(3)))
    #expect(dispatcher.receive(route: .notInTheTable, source: .intent) == .delivered(.notInTheTable))
  }

  @Test func theSceneReachesTheContext() {
    var scenes: [String?] = []
    let dispatcher = LinkDispatcher(router: Self.router)
    dispatcher.setHandler { _, context in scenes.append(context.sceneIdentifier) }
    dispatcher.satisfy(.ready)
    dispatcher.receive(route: .item(1), source: .intent, scene: "A")
    dispatcher.receive(route: .item(1), source: .intent, scene: "B")
    dispatcher.receive(route: .item(1), source: .intent, scene: "B")
    #expect(scenes == ["A", "B"])
  }
}

/// An App Intent's URL representation (iOS 18) must be a universal link that opens its route.
@Suite struct URLRepresentationTests {
  enum Route: Hashable, Sendable {
    case item(Int)
    case list
  }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [.path("/items/:id", Route.item), .path("/items", to: .list)])

  @Test func aUniversalLinkThatOpensTheRouteHasNoProblem() {
    #expect(Self.router.urlRepresentationProblems("https://app.example.com/items/7", opens: .item(7)).isEmpty)
  }

  @Test func everyWayItCanFailIsNamed() {
    #expect(
      Self.router.urlRepresentationProblems("myapp://items/7", opens: .item(7)) == [
        #"the URL representation "myapp://items/7" is not a universal link: iOS opens an App Intent's URL representation only as an https link on one of the app's associated domains"#
      ])
    #expect(
      Self.router.urlRepresentationProblems("https://app.example.com/items", opens: .item(7)) == [
        #"the URL representation "https://app.example.com/items" opens list, not item(7)"#
      ])
    #expect(
      Self.router.urlRepresentationProblems("https://other.example.com/items/7", opens: .item(7)).first?
        .hasPrefix(#"the URL representation "https://other.example.com/items/7" opens nothing: "#) == true)
  }
}
