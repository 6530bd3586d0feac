import Foundation

/// What following a scene's key window reads of the scene; `UIWindowScene` adopts it (in
/// `Apple/KeyWindows.swift`), and the tests' fake scenes do.
@MainActor
package protocol KeyWindowScene: AnyObject, Sendable {
  /// Whether the window `window` (the object of a did-become-key notification, told apart by
  /// identity) is one of this scene's.
  func holdsWindow(_ window: ObjectIdentifier) -> Bool
  /// Whether one of this scene's windows is key now.
  var hasKeyWindow: Bool { get }
}

/// Calls `becameKey` on the main actor each time a window of `scene` becomes key (a
/// `notification` whose object is one of its windows, posted on the main thread, as UIKit posts
/// `UIWindow.didBecomeKeyNotification`), and at once when one is key already. The observer lives
/// as long as the app (a window's scene may come back); it holds the scene weakly. Not generic:
/// a `package` generic is kept whole in every app.
@MainActor
package func followKeyWindow(
  of scene: any KeyWindowScene, notification: Notification.Name, center: NotificationCenter = .default,
  queue: OperationQueue? = .main, _ becameKey: @escaping @MainActor () -> Void
) {
  _ = center.addObserver(forName: notification, object: nil, queue: queue) { [weak scene] note in
    // The window is told apart by identity: a notification is not sent across to the main actor.
    let window = (note.object as AnyObject?).map(ObjectIdentifier.init)
    MainActor.assumeIsolated {
      if let scene, let window, scene.holdsWindow(window) { becameKey() }
    }
  }
  if scene.hasKeyWindow { becameKey() }
}
