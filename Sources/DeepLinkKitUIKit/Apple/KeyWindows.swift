// Apple-only: a window that becomes key is the window the user is in; these lines tell
// `LinkWindows` and `LinkNavigationStates` (Linux-tested, `activate(scene:)`) when it happens,
// through the Linux-tested `followKeyWindow(of:notification:center:queue:_:)`.
//
// Apple declarations relied on (framework UIKit), with their documentation pages:
// - `UIWindow.didBecomeKeyNotification` (its object the window) and `UIWindow.isKeyWindow`:
//   https://developer.apple.com/documentation/uikit/uiwindow/didbecomekeynotification,
//   https://developer.apple.com/documentation/uikit/uiwindow/iskeywindow
// - `UIWindowScene.windows`, `UIWindowScene.keyWindow` (iOS 15), `UIScene.session`,
//   `UISceneSession.persistentIdentifier`: https://developer.apple.com/documentation/uikit/uiwindowscene/keywindow
// - Foundation `NotificationCenter.addObserver(forName:object:queue:using:)`, its block run on
//   `queue` (`.main`, the main thread): https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(forname:object:queue:using:)
#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import UIKit

  extension UIWindowScene: KeyWindowScene {
    package func holdsWindow(_ window: ObjectIdentifier) -> Bool { windows.contains { ObjectIdentifier($0) == window } }
    package var hasKeyWindow: Bool { keyWindow != nil }
  }

  extension LinkWindows {
    /// Registers how the window of `scene` shows a route, and activates it each time it becomes
    /// key (the window the user is in): ``register(scene:show:)`` and ``activate(scene:)`` in one
    /// line of `scene(_:willConnectTo:options:)`.
    public func register(_ scene: UIWindowScene, show: @escaping @MainActor (Route) -> Void) {
      let identifier = scene.session.persistentIdentifier
      register(scene: identifier, of: scene, notification: UIWindow.didBecomeKeyNotification, show: show)
    }
  }
#endif
