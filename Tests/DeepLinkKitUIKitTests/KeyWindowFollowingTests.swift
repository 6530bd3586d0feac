import DeepLinkKit
import DeepLinkKitSwiftUI
import Foundation
import Testing

@testable import DeepLinkKitUIKit

/// Following a scene's key window, as the UIKit and SwiftUI glue do it to activate the window the
/// user is in: a did-become-key notification counts for the scene's own windows only, a scene
/// whose window is key already is activated at once, and a scene that is gone is not kept alive.
@MainActor @Suite struct KeyWindowFollowingTests {
  /// A window scene as the glue reads one: its windows, by identity, and whether one is key.
  final class FakeWindowScene: KeyWindowScene {
    var windows: [NSObject]
    var keyWindow: NSObject?

    init(windows: [NSObject], keyWindow: NSObject? = nil) {
      self.windows = windows
      self.keyWindow = keyWindow
    }

    func holdsWindow(_ window: ObjectIdentifier) -> Bool { windows.contains { ObjectIdentifier($0) == window } }
    var hasKeyWindow: Bool { keyWindow != nil }
  }

  private let becameKey = Notification.Name("test.windowDidBecomeKey")

  @Test func onlyTheScenesOwnWindowsActivateIt() {
    let center = NotificationCenter()
    let (mine, theirs) = (NSObject(), NSObject())
    let scene = FakeWindowScene(windows: [mine])
    var activations = 0
    followKeyWindow(of: scene, notification: becameKey, center: center, queue: nil) { activations += 1 }
    #expect(activations == 0)  // no window of it is key yet
    center.post(name: becameKey, object: theirs)
    center.post(name: becameKey, object: nil)
    #expect(activations == 0)
    center.post(name: becameKey, object: mine)
    #expect(activations == 1)
    // A window the scene gains later counts too.
    scene.windows.append(theirs)
    center.post(name: becameKey, object: theirs)
    #expect(activations == 2)
  }

  @Test func aSceneWhoseWindowIsKeyAlreadyIsActivatedAtOnce() {
    let window = NSObject()
    var activations = 0
    followKeyWindow(
      of: FakeWindowScene(windows: [window], keyWindow: window), notification: becameKey,
      center: NotificationCenter(), queue: nil
    ) { activations += 1 }
    #expect(activations == 1)
  }

  @Test func theObserverDoesNotKeepTheSceneAlive() {
    let center = NotificationCenter()
    let window = NSObject()
    var scene: FakeWindowScene? = FakeWindowScene(windows: [window])
    weak let gone = scene
    var activations = 0
    followKeyWindow(of: scene!, notification: becameKey, center: center, queue: nil) { activations += 1 }
    scene = nil
    #expect(gone == nil)
    center.post(name: becameKey, object: window)
    #expect(activations == 0)
  }

  /// What `LinkWindows.register(_:show:)` and `.linkScene($scene, navigation:)` do with a window
  /// scene: register the window, and make it the active one when one of its windows becomes key;
  /// neither the windows nor the states are kept alive by the observer.
  @Test func registeredWindowsAndStatesActivateTheWindowThatBecomesKey() {
    let center = NotificationCenter()
    let (first, second) = (NSObject(), NSObject())
    let (one, two) = (FakeWindowScene(windows: [first]), FakeWindowScene(windows: [second]))

    var windows: LinkWindows<String>? = LinkWindows()
    windows!.register(scene: "one", of: one, notification: becameKey, center: center, queue: nil) { _ in }
    windows!.register(scene: "two", of: two, notification: becameKey, center: center, queue: nil) { _ in }
    #expect(windows!.scenes == ["one", "two"])
    center.post(name: becameKey, object: second)
    #expect(windows!.activeScene == "two")
    center.post(name: becameKey, object: first)
    #expect(windows!.activeScene == "one")

    var states: LinkNavigationStates<String>? = LinkNavigationStates()
    states!.follow(scene: "one", of: one, notification: becameKey, center: center, queue: nil)
    states!.follow(scene: "two", of: two, notification: becameKey, center: center, queue: nil)
    center.post(name: becameKey, object: second)
    #expect(states!.activeScene == "two")
    // A scene whose window is key already is active at once.
    let three = FakeWindowScene(windows: [NSObject()], keyWindow: NSObject())
    states!.follow(scene: "three", of: three, notification: becameKey, center: center, queue: nil)
    #expect(states!.activeScene == "three")

    weak let goneWindows = windows
    weak let goneStates = states
    (windows, states) = (nil, nil)
    #expect(goneWindows == nil && goneStates == nil)
    center.post(name: becameKey, object: first)  // nothing left to activate
  }
}
