import DeepLinkKit
import DeepLinkKitUIKit
import Foundation
import Testing

/// A UIKit app with several windows: each link is shown by the window it came through, whatever
/// brought it, never by another; one of no known window by the window used last.
@MainActor @Suite struct LinkWindowsTests {
  final class Screens {
    var shown: [String: [TestRoute]] = [:]
  }

  private func app(_ screens: Screens) -> (LinkDispatcher<TestRoute>, LinkWindows<TestRoute>) {
    let windows = LinkWindows<TestRoute>()
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router)
    dispatcher.setHandler(windows.deliver)
    dispatcher.satisfy(.ready)
    for scene in ["A", "B"] {
      windows.register(scene: scene) { screens.shown[scene, default: []].append($0) }
    }
    return (dispatcher, windows)
  }

  @Test func eachLinkIsShownByTheWindowItCameThrough() {
    let screens = Screens()
    let (dispatcher, windows) = app(screens)
    windows.activate(scene: "A")
    dispatcher.receive(.url("myapp://messages/1").arriving(in: "B"))
    dispatcher.receive(.url("myapp://messages/2").arriving(in: "A"))
    dispatcher.receive(route: named("message", ["id": "3"]), source: .intent, scene: "B")
    #expect(screens.shown["A"] == [named("message", ["id": "2"])])
    #expect(screens.shown["B"] == [named("message", ["id": "1"]), named("message", ["id": "3"])])
  }

  /// A link of no known window, of a window that closed, or of a scene no navigator shows goes to
  /// the window the user used last (the one that became key last: several can be active at
  /// once), or, before any was used, to the first registered.
  @Test func aLinkOfNoKnownWindowGoesToTheWindowUsedLast() {
    let screens = Screens()
    let (dispatcher, windows) = app(screens)
    dispatcher.receive(.url("myapp://messages/1"))  // none used yet: the first registered
    #expect(screens.shown["A"] == [named("message", ["id": "1"])])
    windows.activate(scene: "B")  // B became key
    dispatcher.receive(.url("myapp://messages/2"))
    #expect(screens.shown["B"] == [named("message", ["id": "2"])])
    windows.activate(scene: "A")
    windows.activate(scene: "B")
    windows.remove(scene: "B")  // B closed for good: A was used before it
    dispatcher.receive(.url("myapp://messages/3").arriving(in: "B"))
    dispatcher.receive(.url("myapp://messages/4").arriving(in: "X"))  // a scene no navigator shows
    #expect(screens.shown["A"]?.map { $0.parameters["id"] } == ["1", "3", "4"])
    #expect(windows.scenes == ["A"] && windows.activeScene == "A")
  }

  /// Before any window is registered a link waits, the newest only, and the first window shows it.
  @Test func aLinkBeforeAnyWindowWaitsForTheFirst() {
    let screens = Screens()
    let windows = LinkWindows<TestRoute>()
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router)
    dispatcher.setHandler(windows.deliver)
    dispatcher.satisfy(.ready)
    dispatcher.receive(.url("myapp://messages/1").arriving(in: "A"))
    #expect(windows.activeScene == nil)
    windows.register(scene: "A") { screens.shown["A", default: []].append($0) }
    #expect(screens.shown["A"] == [named("message", ["id": "1"])])
  }
}

/// The scene-delegate guide's code shows each link in the window it came through: it navigated
/// the first active scene, whatever window a tap or an intent named.
@Suite struct SceneDelegateExampleWindowsTests {
  @Test func theSceneDelegateExampleShowsALinkInItsWindow() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/SceneDelegateApp")
    let code = try ["AppDelegate.swift", "SceneDelegate.swift"].map {
      try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
    }.joined()
    #expect(!code.contains("connectedScenes.first"))
    #expect(code.contains("dispatcher.setHandler(windows.deliver)"))
    #expect(code.contains("windows.register(scene) { [weak tabs] route in tabs?.show(route) }"))
    // A window closes for good when its session is discarded, not when its scene disconnects.
    #expect(code.contains("didDiscardSceneSessions"))
    #expect(code.contains("windows.remove(scene: session.persistentIdentifier)"))
    #expect(!code.contains("sceneDidDisconnect"))
  }
}
