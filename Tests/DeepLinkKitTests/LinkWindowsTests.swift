import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitUIKit
import Foundation
import Testing

/// A UIKit app with several windows: each link is shown by the window it came through, whatever
/// brought it, never by another; one of no known window by the window used last.
@MainActor @Suite struct LinkWindowsTests {
  final class Screens {
    var shown: [String: [NamedRoute]] = [:]
  }

  private func app(_ screens: Screens) -> (LinkDispatcher<NamedRoute>, LinkWindows<NamedRoute>) {
    let windows = LinkWindows<NamedRoute>()
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

  @Test func aLinkOfNoKnownWindowGoesToTheWindowUsedLastOrWaitsForOne() {
    let screens = Screens()
    let (dispatcher, windows) = app(screens)
    dispatcher.receive(.url("myapp://messages/1"))  // no window active yet: it waits
    #expect(screens.shown.isEmpty)
    windows.activate(scene: "B")
    #expect(screens.shown["B"] == [named("message", ["id": "1"])])
    windows.remove(scene: "A")
    dispatcher.receive(.url("myapp://messages/2").arriving(in: "A"))  // a window that closed
    #expect(screens.shown["B"] == [named("message", ["id": "1"]), named("message", ["id": "2"])])
    #expect(windows.scenes == ["B"])
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
    #expect(code.contains("windows.register(scene: session.persistentIdentifier)"))
    #expect(code.contains("windows.activate(scene: scene.session.persistentIdentifier)"))
  }
}
