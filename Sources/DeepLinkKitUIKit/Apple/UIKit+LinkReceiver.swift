// Apple-only: conformances and one-line forwards. Everything they call is Linux-tested.
//
// SDK declarations relied on (shared/reference/apple-api.md):
// - §2.2 `UIOpenURLContext` (iOS 13, @MainActor): `var url: URL { get }`
// - §4   `UIApplicationShortcutItem`: `var type: String { get }`,
//        `var userInfo: [String: any NSSecureCoding]? { get }`,
//        `init(type:localizedTitle:localizedSubtitle:icon:userInfo:)`
// - §5   `NSUserActivity`: `activityType`, `webpageURL`, `userInfo`, `title`,
//        `requiredUserInfoKeys`, `isEligibleForHandoff/Search/PublicIndexing/Prediction`,
//        `persistentIdentifier` (`NSUserActivityPersistentIdentifier` = `String`), `init(activityType:)`;
//        §6 `interaction: INInteraction?` (Intents)
// - §2.1 `UIScene.ConnectionOptions` (@MainActor): `urlContexts: Set<UIOpenURLContext>`,
//        `userActivities: Set<NSUserActivity>`, `shortcutItem: UIApplicationShortcutItem?`,
//        `notificationResponse: UNNotificationResponse?` (iOS, not tvOS)
// - §3   `UNNotificationResponse`: `actionIdentifier`, `notification.request.content.userInfo`;
//        `UNTextInputNotificationResponse.userText`
// - §1.2 `UIApplication.LaunchOptionsKey`: `RawRepresentable` with `rawValue: String`
#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import Intents
  import UIKit
  import UserNotifications

  extension UIOpenURLContext: URLContextInput {}
  extension UIApplicationShortcutItem: ShortcutItemInput {}
  extension UIScene.ConnectionOptions: SceneConnectionOptionsInput {}
  extension NSUserActivity: UserActivityOutput {}

  extension NSUserActivity: UserActivityInput {
    public var carriesIntent: Bool { interaction != nil }
  }

  extension UNNotificationResponse: NotificationResponseInput {
    public var payload: [AnyHashable: Any] { notification.request.content.userInfo }
    public var replyText: String? { (self as? UNTextInputNotificationResponse)?.userText }
  }

  extension LinkReceiver {
    /// Harvests the launch options of `application(_:didFinishLaunchingWithOptions:)`; see
    /// ``didFinishLaunching(rawOptions:)``.
    @discardableResult
    public func didFinishLaunching(options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
      didFinishLaunching(
        rawOptions: options.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) })
    }
  }

  extension UIApplicationShortcutItem {
    /// The dynamic quick action for a published route.
    public convenience init(_ item: QuickActionItem) {
      self.init(
        type: item.type, localizedTitle: item.title, localizedSubtitle: item.subtitle, icon: nil,
        userInfo: item.secureUserInfo)
    }
  }

  extension NSUserActivity {
    /// The user activity to donate or publish for a route. On the main actor, as
    /// ``UserActivityItem/apply(to:)`` is: activities are made and donated by UI code.
    @MainActor
    public convenience init(_ item: UserActivityItem) {
      self.init(activityType: item.type)
      item.apply(to: self)
    }
  }
#endif
