import DeepLinkKit
import Foundation

// The shapes of the Apple objects the glue reads. UIKit's, UserNotifications' and Foundation's
// classes adopt them in empty extensions (see the `Apple` folder), so that everything that reads
// them is written, compiled and tested here against fakes. Each property has the name and type of
// the Apple declaration it stands for.

/// What the glue reads of a `UIOpenURLContext`.
@MainActor
public protocol URLContextInput {
  /// `UIOpenURLContext.url`.
  var url: URL { get }
}

/// What the glue reads of a `UIApplicationShortcutItem`.
@MainActor
public protocol ShortcutItemInput {
  /// `UIApplicationShortcutItem.type`.
  var type: String { get }
  /// `UIApplicationShortcutItem.userInfo`.
  var userInfo: [String: any NSSecureCoding]? { get }
}

/// What the glue reads of an `NSUserActivity`.
@MainActor
public protocol UserActivityInput {
  /// `NSUserActivity.activityType`.
  var activityType: String { get }
  /// `NSUserActivity.webpageURL`.
  var webpageURL: URL? { get }
  /// `NSUserActivity.userInfo`.
  var userInfo: [AnyHashable: Any]? { get }
  /// Whether SiriKit launched the app with an intent (`NSUserActivity.interaction != nil`); the
  /// activity type is then the intent's class name.
  var carriesIntent: Bool { get }
}

extension UserActivityInput {
  public var carriesIntent: Bool { false }
}

/// What the glue reads of a `UNNotificationResponse`. Not main-actor isolated: the notification
/// delegate is called on a background queue.
public protocol NotificationResponseInput {
  /// `UNNotificationResponse.actionIdentifier`.
  var actionIdentifier: String { get }
  /// `notification.request.content.userInfo`: the whole payload.
  var payload: [AnyHashable: Any] { get }
  /// `UNTextInputNotificationResponse.userText`, for a text-input action.
  var replyText: String? { get }
}

/// What the glue reads of a `UIScene.ConnectionOptions`.
@MainActor
public protocol SceneConnectionOptionsInput {
  associatedtype URLContexts: Sequence where URLContexts.Element: URLContextInput
  associatedtype UserActivities: Sequence where UserActivities.Element: UserActivityInput
  associatedtype ShortcutItem: ShortcutItemInput
  associatedtype NotificationResponse: NotificationResponseInput
  /// `urlContexts`: custom-scheme links that launched the scene.
  var urlContexts: URLContexts { get }
  /// `userActivities`: universal links, Spotlight, Siri activities that launched the scene.
  var userActivities: UserActivities { get }
  /// `shortcutItem`: the quick action that launched the scene.
  var shortcutItem: ShortcutItem? { get }
  /// `notificationResponse`: the notification tap that launched the scene.
  var notificationResponse: NotificationResponse? { get }
}

extension ShortcutItemInput {
  /// The quick action, as a plain value.
  var quickAction: QuickAction {
    QuickAction(type: type, userInfo: userInfo.map { info in info.mapValues { $0 as Any } })
  }
}

extension UserActivityInput {
  /// The activity as an input: an intent when SiriKit launched the app, else a user activity.
  var input: DeepLinkInput {
    if carriesIntent {
      return .intent(IntentInvocation(name: activityType, parameters: Payload.fields(of: userInfo)))
    }
    return .userActivity(UserActivity(type: activityType, webpageURL: webpageURL, userInfo: userInfo))
  }
}

extension NotificationResponseInput {
  /// The response, copied into a plain value on the calling thread.
  var notification: PushNotification {
    PushNotification(userInfo: payload, actionIdentifier: actionIdentifier, replyText: replyText)
  }
}
