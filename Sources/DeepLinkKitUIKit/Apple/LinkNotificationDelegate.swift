// Apple-only: a UNUserNotificationCenterDelegate that forwards taps to the Linux-tested
// `LinkReceiver.didReceive(_:completion:forwarding:)`, foreground presentation to the Linux-tested
// `ForegroundPresentation.decide`, and, when it wraps the app's own delegate, every call to that one.
//
// Apple declarations relied on (framework UserNotifications):
// - `UNUserNotificationCenterDelegate`, not main-actor isolated, its methods optional:
//   https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
// - `userNotificationCenter(_:didReceive:withCompletionHandler:)`, completion
//   `@escaping @Sendable () -> Void` as the iOS 18 SDK declares it (`@preconcurrency` also accepts
//   older SDKs' non-Sendable form):
//   https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
// - `userNotificationCenter(_:willPresent:withCompletionHandler:)`, completion
//   `@escaping @Sendable (UNNotificationPresentationOptions) -> Void`; a delegate that does not
//   implement it has the notification not presented:
//   https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
// - `userNotificationCenter(_:openSettingsFor:)`:
//   https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:opensettingsfor:)
// - `UNNotificationContent.userInfo`:
//   https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
// - `UNUserNotificationCenter.delegate` is weak, so the app keeps this object alive:
//   https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
#if canImport(UIKit) && canImport(UserNotifications) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import Foundation
  @preconcurrency import UserNotifications

  /// A notification delegate that routes taps, for an app that has no delegate of its own, or that
  /// wraps the one it has (its own, or a push SDK's) and forwards every call to it.
  ///
  /// An app with a delegate can instead add one line to its `didReceive`:
  /// ``LinkReceiver/didReceive(_:completion:)``. Set either as `UNUserNotificationCenter.current()`'s
  /// delegate before launch finishes, and keep a strong reference to it.
  public final class LinkNotificationDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    // Unchecked: `wrapped` is only called from the notification center's callbacks, as it would
    // be if it were the center's delegate itself.
    private typealias Routing =
      @Sendable (
        UNNotificationResponse, @escaping @Sendable () -> Void, (@escaping @Sendable () -> Void) -> Bool
      ) -> Void
    private let route: Routing
    private let wrapped: (any UNUserNotificationCenterDelegate)?
    private let presentation: (@Sendable ([String: String]) -> UNNotificationPresentationOptions)?

    /// Creates a delegate that routes taps to `receiver`.
    ///
    /// - Parameters:
    ///   - receiver: The app's link receiver.
    ///   - wrapping: The app's own delegate: it gets every call it had before, and calls the
    ///     completion handlers it is given; held strongly.
    ///   - presentation: How a notification that arrives while the app is in the foreground is
    ///     shown, decided per notification from its payload's fields, read as a tap's are
    ///     (`"data.id": "7"`); the wrapped delegate is still called, and its answer not used.
    ///     Without it the wrapped delegate decides, or else it is not shown, as without a delegate.
    public convenience init<Route>(
      receiver: LinkReceiver<Route>, wrapping: (any UNUserNotificationCenterDelegate)? = nil,
      presentation: (@Sendable ([String: String]) -> UNNotificationPresentationOptions)? = nil
    ) {
      self.init({ receiver.didReceive($0, completion: $1, forwarding: $2) }, wrapping, presentation)
    }

    // The designated initializer takes the routing closure the public one makes: the class's
    // runtime record, which an Objective-C class keeps in every app that links this module, lists
    // its designated initializers, and so kept all a tap's routing (the receiver's notification
    // handling, resolving a push) in apps that never make a delegate.
    private init(
      _ route: @escaping Routing, _ wrapped: (any UNUserNotificationCenterDelegate)?,
      _ presentation: (@Sendable ([String: String]) -> UNNotificationPresentationOptions)?
    ) {
      (self.route, self.wrapped, self.presentation) = (route, wrapped, presentation)
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
      withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
      route(response, completionHandler) { handler in
        self.wrapped?.userNotificationCenter?(center, didReceive: response, withCompletionHandler: handler) != nil
      }
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
      withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
      // No options as `rawValue: 0` rather than `[]`: the literal would make the module carry the
      // options type's set-algebra conformance, 2 KB of an app's code.
      ForegroundPresentation.decide(
        LinkPush(userInfo: notification.request.content.userInfo).fields, presentation: presentation,
        none: UNNotificationPresentationOptions(rawValue: 0),
        forward: { handler in
          self.wrapped?.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: handler)
            != nil
        }, completion: completionHandler)
    }

    public func userNotificationCenter(
      _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
      wrapped?.userNotificationCenter?(center, openSettingsFor: notification)
    }
  }

#endif
