import DeepLinkKit
import DeepLinkKitConfiguration
import Testing

/// Several windows, one navigation state each: a link goes to its window's state, never another's.
@MainActor @Suite struct NavigationStatesTests {
  private func dispatcher(_ navigation: LinkNavigationStates<NamedRoute>) -> LinkDispatcher<NamedRoute> {
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router)
    dispatcher.setHandler(navigation.deliver)
    dispatcher.satisfy(.ready)
    return dispatcher
  }

  @Test func eachWindowGetsItsOwnLinks() {
    let navigation = LinkNavigationStates<NamedRoute>()
    let (a, b) = (navigation.state(forScene: "A"), navigation.state(forScene: "B"))
    let dispatcher = dispatcher(navigation)
    dispatcher.receive(.url("myapp://messages/1").arriving(in: "A"))
    dispatcher.receive(.url("myapp://messages").arriving(in: "B"))
    #expect(a.consume() == named("message", ["id": "1"]))
    #expect(b.consume() == named("messages"))
    #expect(a.consume() == nil && b.consume() == nil)
  }

  @Test func aLinkOfNoKnownWindowGoesToTheWindowUsedLast() {
    let navigation = LinkNavigationStates<NamedRoute>()
    let dispatcher = dispatcher(navigation)
    navigation.activate(scene: "A")
    navigation.activate(scene: "B")
    dispatcher.receive(.url("myapp://messages/2"))
    #expect(navigation.state(forScene: "A").consume() == nil)
    #expect(navigation.state(forScene: "B").consume() == named("message", ["id": "2"]))
  }

  @Test func aLinkBeforeAnyWindowWaitsForTheFirstActiveOne() {
    let navigation = LinkNavigationStates<NamedRoute>()
    let dispatcher = dispatcher(navigation)
    dispatcher.receive(.url("myapp://messages/3"))
    navigation.activate(scene: "A")
    #expect(navigation.state(forScene: "A").consume() == named("message", ["id": "3"]))
    navigation.remove(scene: "A")
    #expect(navigation.activeScene == nil)
  }
}
