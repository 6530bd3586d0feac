import DeepLinkKitSwiftUI
import DeepLinkKitUIKit
import Testing

@testable import DeepLinkKit
@testable import DeepLinkKitRouting

/// What the dispatcher remembers of routes states keep unseen, to withdraw them at a logout.
@MainActor @Suite struct UnseenRouteTests {
  @Test func aStateTheAppLetGoOfIsNotKeptAliveNorRemembered() {
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router)
    dispatcher.satisfy(.ready)
    weak var released: LinkNavigationState<TestRoute>?
    do {
      let state = LinkNavigationState<TestRoute>()
      released = state
      dispatcher.setHandler(state.deliver)
      dispatcher.receive(.url("myapp://messages/1"))
      #expect(dispatcher.unseen.count == 1)
    }
    let next = LinkNavigationState<TestRoute>()
    dispatcher.setHandler(next.deliver)
    #expect(released == nil)
    dispatcher.receive(.url("myapp://messages/2"))
    #expect(dispatcher.unseen.keys.map(\.description) == ["#2"])
    // What a view shows, or a newer route replaces, is forgotten at once.
    #expect(next.consume() == named("message", ["id": "2"]))
    #expect(dispatcher.unseen.isEmpty)
  }
}
