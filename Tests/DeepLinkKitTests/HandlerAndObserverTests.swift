import DeepLinkKit
import Foundation
import Testing

/// A dispatcher created before its handler exists holds links for it; observers are removed by
/// their tokens.
@MainActor @Suite struct HandlerAndObserverTests {
  static let router = try! LinkRouter<DeeplinkType>(schemes: ["myapp"], routes: exampleRoutes)

  @Test func linksWaitForTheHandler() {
    let dispatcher = LinkDispatcher(router: Self.router)
    dispatcher.satisfy(.ready)
    #expect(dispatcher.receive(.url("myapp://activity")) == .held(.activity, missing: [.handler]))
    #expect(dispatcher.satisfiedConditions == [.ready])
    var shown: [DeeplinkType] = []
    dispatcher.setHandler { shown.append($0) }
    #expect(shown == [.activity])
    #expect(dispatcher.heldLinks.isEmpty)
    // With the handler set, links are delivered at once; a new handler replaces the old.
    var contexts: [DeliveryContext] = []
    dispatcher.setHandler { route, context in
      shown.append(route)
      contexts.append(context)
    }
    dispatcher.receive(.url("myapp://requests/7?utm_source=mail"))
    #expect(shown == [.activity, .request(id: 7)])
    #expect(contexts.map(\.parameters["utm_source"]) == ["mail"])
  }

  @Test func beforeReadyBothAreMissing() {
    let dispatcher = LinkDispatcher(router: Self.router)
    #expect(dispatcher.receive(.url("myapp://activity")) == .held(.activity, missing: [.ready, .handler]))
    var shown: [DeeplinkType] = []
    dispatcher.setHandler { shown.append($0) }
    #expect(shown.isEmpty)  // still not ready
    dispatcher.satisfy(.ready)
    #expect(shown == [.activity])
  }

  @Test func aCancelledObserverHearsNothingMore() {
    let dispatcher = LinkDispatcher(router: Self.router, deliver: { _ in })
    var first: [String] = []
    var second: [String] = []
    let token = dispatcher.addObserver { first.append($0.kind.description) }
    dispatcher.addObserver { second.append($0.kind.description) }
    dispatcher.satisfy(.ready)
    dispatcher.receive(.url("myapp://activity"))
    let heard = first.count
    #expect(heard > 0)
    token.cancel()
    token.cancel()  // a second cancel does nothing
    dispatcher.receive(.url("myapp://messages"))
    #expect(first.count == heard)
    #expect(second.count > heard)
  }
}
