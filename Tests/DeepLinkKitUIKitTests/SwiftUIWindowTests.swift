import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitSwiftUI
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// A SwiftUI window has one name, its scene's session identifier, which every source uses: a URL
/// (`onOpenURL` with the name `linkScene(_:)` read), a notification tap (`targetScene`), a quick
/// action (the scene delegate's scene) and an App Intent (its scene) all reach the state the
/// window shows. The SwiftUI example is wired so (`Examples/SwiftUIApp/ItemsApp.swift`): it named
/// its window by a `@SceneStorage` UUID, and a tap, named by its scene, opened nothing.
@MainActor @Suite struct SwiftUIWindowTests {
  static let router = try! RouteTable(
    json: Data(
      #"""
      {"schemes": ["items"], "routes": [
        {"name": "item", "path": "/items/:id(int)", "shortcut": "com.example.recent",
         "push": {"when": {"type": "item"}, "parameters": {"id": "item_id"}}}
      ]}
      """#.utf8)
  ).makeRouter()

  /// The example's composition root: the dispatcher delivers into one state per window.
  static func app() -> (LinkReceiver<NamedRoute>, LinkNavigationStates<NamedRoute>) {
    let navigation = LinkNavigationStates<NamedRoute>()
    let dispatcher = LinkDispatcher(router: router)
    dispatcher.setHandler(navigation.deliver)
    dispatcher.satisfy(.ready)
    return (LinkReceiver(dispatcher: dispatcher), navigation)
  }

  static func item(_ id: Int) -> NamedRoute { NamedRoute("item", parameters: ["id": String(id)]) }

  @Test func aURLATapAQuickActionAndAnIntentReachTheWindowThatShowsThem() {
    let (links, navigation) = Self.app()
    // Two windows, each named by its scene's session once its view is in it, and registered
    // (linkScene(_:navigation:)).
    let (a, b) = ("session-A", "session-B")
    navigation.register(scene: a)
    navigation.register(scene: b)
    var shown: [String: [NamedRoute]] = [:]
    func show(_ window: String) {
      while let route = navigation.state(forScene: window).consume() { shown[window, default: []].append(route) }
    }
    links.open(URL(string: "items://items/1")!, scene: a)  // onOpenURL(forwardingTo: links, scene: window)
    show(a)
    links.didReceive(
      FakeNotificationResponse(payload: ["type": "item", "item_id": "2"], targetScene: FakeScene(a)), completion: {})
    links.dispatcher.receiveSubmitted()
    show(a)
    links.perform(FakeShortcutItem(type: "com.example.recent", userInfo: ["id": "3" as NSString]), scene: a)
    show(a)
    links.receiveAppIntent(Self.item(4), scene: a)  // LinkOpeningSceneIntent.performNavigation(forScene:)
    show(a)
    links.open(URL(string: "items://items/5")!, scene: b)
    show(b)
    #expect(shown[a] == [Self.item(1), Self.item(2), Self.item(3), Self.item(4)])
    #expect(shown[b] == [Self.item(5)])
  }

  /// A window not named yet shows an empty state; a link of no window, and one for a window no
  /// view shows yet, wait for the first window a view shows. When both meet there, the newer is
  /// shown and the older reported superseded, not delivered.
  @Test func aWindowNotNamedYetLosesNothing() {
    let (links, navigation) = Self.app()
    var ends: [String] = []
    links.dispatcher.addObserver { event in
      switch event.kind {
      case .delivered, .dropped: ends.append("\(event.link) \(event.kind.description)")
      default: break
      }
    }
    let unnamed = navigation.state(forScene: nil)
    links.open(URL(string: "items://items/1")!, scene: nil)  // before linkScene read the name
    links.didReceive(
      FakeNotificationResponse(payload: ["type": "item", "item_id": "2"], targetScene: FakeScene("A")), completion: {})
    links.dispatcher.receiveSubmitted()
    #expect(unnamed.pendingRoute == nil)
    #expect(ends == ["#1 dropped: replaced by link #2 before a view showed it"])
    navigation.register(scene: "A")  // the name is read: a view shows the window
    #expect(navigation.state(forScene: "A").consume() == Self.item(2))
    #expect(ends.count == 2)
    #expect(ends.last?.hasPrefix("#2 delivered item(id: 2)") == true)
    links.didReceive(
      FakeNotificationResponse(payload: ["type": "item", "item_id": "3"], targetScene: FakeScene("A")), completion: {})
    links.dispatcher.receiveSubmitted()
    #expect(navigation.state(forScene: "A").consume() == Self.item(3))
  }

  /// The example names its window as the sources do: by the session identifier `linkScene` reads,
  /// passed to every forward and to its navigation state, and its scene delegate names the scene
  /// of a quick action by its session.
  @Test func theSwiftUIExampleNamesItsWindowAsEverySourceDoes() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let example = try String(
      contentsOf: root.appendingPathComponent("Examples/SwiftUIApp/ItemsApp.swift"), encoding: .utf8)
    #expect(!example.contains("@SceneStorage"))
    #expect(example.contains(".linkScene($window, navigation: navigation)"))
    #expect(example.contains("navigation.remove(scene: session.persistentIdentifier)"))
    #expect(!example.contains("scenePhase"))
    #expect(example.contains("navigation.state(forScene: window)"))
    let forwards = example.components(separatedBy: "\n").filter { $0.contains("forwardingTo: links") }
    #expect(forwards.count >= 2 && forwards.allSatisfy { $0.contains("scene: window)") })
    #expect(example.contains("links.perform(item, scene: session.persistentIdentifier)"))
    #expect(example.contains("perform(shortcutItem, scene: windowScene.session.persistentIdentifier)"))
  }
}
