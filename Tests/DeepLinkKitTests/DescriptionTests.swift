import DeepLinkKit
import Foundation
import Testing

/// What an app gets back from the router and the dispatcher prints its own description: the core's
/// modules keep no reflection metadata for the runtime (Package.swift), so `print` and string
/// interpolation could not read these values' fields, and a log reads the same in debug and
/// release builds.
@MainActor @Suite struct DescriptionTests {
  enum Route: Hashable, Sendable {
    case inbox
    case pay(id: Int)
  }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"],
    routes: [
      .path("/inbox", to: .inbox),
      .path("/pay/:id(int)", name: "pay", Route.pay).requiringConfirmation(),
    ])

  /// The tests run with the flags an app builds: reflection reads none of these values' fields.
  @Test func theCoreKeepsNoReflectionMetadataForTheRuntime() throws {
    let resolution = try Self.router.resolve("myapp://inbox")
    let context = DeliveryContext(link: LinkID(1), source: .push, input: "push")
    #expect(Mirror(reflecting: resolution).children.isEmpty)
    #expect(Mirror(reflecting: context).children.isEmpty)
    #expect(Mirror(reflecting: LinkOutcome<Route>.delivered(.inbox)).children.isEmpty)
    // The app's own types keep theirs: printing and the debug check read the app's routes.
    #expect(Mirror(reflecting: Route.pay(id: 7)).children.count == 1)
  }

  @Test func aResolutionPrintsItsRoutePatternAndParameters() throws {
    #expect(
      try Self.router.resolve("myapp://inbox?utm_source=mail").description
        == #"LinkResolution(route: inbox, source: customScheme, pattern: "/inbox", parameters: [utm_source: "mail"])"#)
    #expect(
      "\(try Self.router.resolve("myapp://pay/7"))"
        == #"LinkResolution(route: pay(id: 7), source: customScheme, pattern: "/pay/:id(int)", name: "pay", "#
        + #"parameters: [id: "7"], requiresConfirmation: true)"#)
  }

  @Test func eachOutcomePrintsAsSwiftWritesItsCase() {
    let dispatcher = LinkDispatcher(router: Self.router, untrustedSources: [.customScheme], confirm: { _, _, _ in })
    #expect("\(dispatcher.receive(.url("myapp://inbox")))" == "held(inbox, missing: [handler, ready])")
    var shown: [Route] = []
    dispatcher.setHandler { shown.append($0) }
    dispatcher.satisfy(.ready)
    #expect("\(dispatcher.receive(.url("myapp://pay/7")))" == "awaitingConfirmation(pay(id: 7))")
    #expect(
      "\(dispatcher.receive(.url("myapp://nowhere")))"
        == #"refused(noRoute: no route matches the path "/nowhere")"#)
    let delivered = dispatcher.receive(route: .inbox, source: .inApp)
    #expect("\(delivered)" == "delivered(inbox)")
    #expect(
      "\(dispatcher.receive(route: .inbox, source: .inApp))"
        == "dropped(inbox, duplicate: duplicate of link #4)")
    // One line, whatever the route's description holds.
    #expect(LinkOutcome<String>.delivered("a\nb").description == #"delivered(a\nb)"#)
  }

  @Test func anEventsKindPrintsAsItsSummary() {
    let event = LinkEvent<Route>(link: LinkID(3), time: .seconds(2), kind: .held(missing: [.signedIn, .ready]))
    #expect("\(event.kind)" == "held: waiting for ready, signedIn")
    #expect(event.description == "link #3 held: waiting for ready, signedIn")
    let delivered = LinkEvent<Route>.Kind.delivered(.pay(id: 2), heldFor: .milliseconds(1500))
    #expect("\(delivered)" == "delivered pay(id: 2) after 1.500s")
    // One line, as the event's summary.
    #expect("\(LinkEvent<String>.Kind.resolved("a\nb"))" == #"resolved to a\nb"#)
  }

  @Test func aContextPrintsTheFieldsThatAreSet() {
    let plain = DeliveryContext(link: LinkID(2), source: .universalLink, input: "https://example.com/inbox")
    #expect(
      "\(plain)"
        == #"DeliveryContext(link: #2, source: universalLink, input: "https://example.com/inbox", parameters: [])"#)
    let full = DeliveryContext(
      link: LinkID(5), source: .push, input: "push (reply)", parameters: ["id": "7"], heldFor: .milliseconds(250),
      sendingApplication: "com.example.mail", sceneIdentifier: "scene-1\n",
      replyTruncation: DeepLinkError(.inputTooLarge, "the reply is 9000 bytes long"))
    #expect(
      "\(full)"
        == #"DeliveryContext(link: #5, source: push, input: "push (reply)", parameters: [id: "7"], heldFor: 0.250s, "#
        + #"sendingApplication: "com.example.mail", sceneIdentifier: "scene-1\n", "#
        + #"replyTruncation: "inputTooLarge: the reply is 9000 bytes long")"#)
  }
}
