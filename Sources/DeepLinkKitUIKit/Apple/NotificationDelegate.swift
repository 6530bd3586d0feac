// Apple-only: a UNUserNotificationCenterDelegate that forwards to the Linux-tested
// `LinkReceiver.didReceive(_:completion:)`.
//
// SDK declarations relied on (shared/reference/apple-api.md §3): `UNUserNotificationCenterDelegate`
// (not main-actor isolated; called on a background queue),
// `userNotificationCenter(_:didReceive:withCompletionHandler:)` with `@escaping () -> Void` (the
// 2026 docs add `@Sendable`; `@preconcurrency` covers both), and
// `userNotificationCenter(_:willPresent:withCompletionHandler:)` with
// `@escaping (UNNotificationPresentationOptions) -> Void`. `UNUserNotificationCenter.delegate` is
// weak: the app keeps this object alive.
#if canImport(UIKit) && canImport(UserNotifications) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import Foundation
  @preconcurrency import UserNotifications

  /// Set as `UNUserNotificationCenter.current().delegate` before launch finishes, and keep a
  /// strong reference to it. Taps are copied out on the delegate's thread, the completion handler
  /// is called exactly once, and the notification reaches the dispatcher on the main actor.
  public final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    private let handle: @Sendable (UNNotificationResponse, () -> Void) -> Void
    private let presentationOptions: UNNotificationPresentationOptions

    /// Creates a delegate that forwards taps to `receiver`.
    ///
    /// - Parameters:
    ///   - receiver: The app's link receiver.
    ///   - presentationOptions: How a notification that arrives while the app is in the
    ///     foreground is shown.
    public init<Route>(
      receiver: LinkReceiver<Route>, presentationOptions: UNNotificationPresentationOptions = [.banner, .list, .sound]
    ) {
      handle = { receiver.didReceive($0, completion: $1) }
      self.presentationOptions = presentationOptions
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping () -> Void
    ) {
      handle(response, completionHandler)
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
      completionHandler(presentationOptions)
    }
  }
#endif
