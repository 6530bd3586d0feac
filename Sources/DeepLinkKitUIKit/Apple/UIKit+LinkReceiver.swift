// Apple-only: conformances and one-line forwards. Everything they call is Linux-tested.
//
// Apple declarations relied on, with their documentation pages (https://developer.apple.com/documentation/…):
// - UIKit `UIOpenURLContext.url` and `options.sourceApplication` (iOS 13, main actor):
//   uikit/uiopenurlcontext/url, uikit/uiscene/openurloptions/sourceapplication
// - UIKit `UIApplicationShortcutItem`: `type`, `userInfo: [String: any NSSecureCoding]?`,
//   `init(type:localizedTitle:localizedSubtitle:icon:userInfo:)`: uikit/uiapplicationshortcutitem;
//   `UIApplicationShortcutIcon`: uikit/uiapplicationshortcuticon
// - Foundation `NSUserActivity`: `activityType`, `webpageURL`, `userInfo`, `title`,
//   `requiredUserInfoKeys`, `isEligibleForHandoff/Search/PublicIndexing/Prediction`,
//   `persistentIdentifier`, `init(activityType:)`: foundation/nsuseractivity
// - Foundation (Intents) `NSUserActivity.interaction: INInteraction?`: foundation/nsuseractivity/interaction;
//   Intents `INInteraction.intent`: intents/ininteraction/intent; `INIntent`: intents/inintent (its
//   parameters are key-value coding compliant properties); `INObject.identifier`: intents/inobject/identifier;
//   `INSpeakable.vocabularyIdentifier` (`String?`), adopted by `INSpeakableString` and `INPerson`:
//   intents/inspeakable/vocabularyidentifier
// - Objective-C runtime `NSObject.value(forKey:)` (raises for an unknown key) and
//   `NSObjectProtocol.responds(to:)`: objectivec/nsobject/1412591-value, objectivec/nsobjectprotocol/responds(to:);
//   Foundation `NSStringFromClass(_:)`: foundation/1395135-nsstringfromclass
// - UIKit `UIScene.ConnectionOptions` (main actor): `urlContexts`, `userActivities`, `shortcutItem`,
//   `notificationResponse` (iOS, not tvOS): uikit/uiscene/connectionoptions
// - UserNotifications `UNNotificationResponse`: `actionIdentifier`, `notification.request.content.userInfo`:
//   usernotifications/unnotificationresponse; `UNNotificationRequest.identifier`:
//   usernotifications/unnotificationrequest/identifier; `UNTextInputNotificationResponse.userText`:
//   usernotifications/untextinputnotificationresponse/usertext; UIKit `UNNotificationResponse.targetScene`
//   (`UIScene?`, iOS 13, not main-actor isolated; the scene is): usernotifications/unnotificationresponse/targetscene
// - UIKit `UIScene` (main actor) `session`, `UISceneSession.persistentIdentifier`:
//   uikit/uiscene/session, uikit/uiscenesession/persistentidentifier
// - UIKit `UIApplication.LaunchOptionsKey` (`RawRepresentable`, `rawValue: String`):
//   uikit/uiapplication/launchoptionskey
#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import Intents
  import UIKit
  import UserNotifications

  extension UIOpenURLContext: URLContextInput {
    public var sourceApplication: String? { options.sourceApplication }
  }
  extension UIApplicationShortcutItem: ShortcutItemInput {}
  extension UIScene.ConnectionOptions: SceneConnectionOptionsInput {}
  extension NSUserActivity: UserActivityOutput {}

  extension NSUserActivity: UserActivityInput {
    public var intent: (any IntentInput)? { interaction?.intent }
  }

  extension INIntent: IntentInput {
    public var intentClassName: String { NSStringFromClass(type(of: self)) }
    // `value(forKey:)` raises for a key the class does not have; its getter's selector tells first.
    public func parameterValue(named name: String) -> Any? { responds(to: Selector(name)) ? value(forKey: name) : nil }
  }

  extension INObject: IntentObjectInput {}
  extension INSpeakableString: IntentSpeakableInput {}
  extension INPerson: IntentSpeakableInput {}

  extension UNNotificationResponse: NotificationResponseInput {
    public var payload: [AnyHashable: Any] { notification.request.content.userInfo }
    public var replyText: String? { (self as? UNTextInputNotificationResponse)?.userText }
    public var requestIdentifier: String? { notification.request.identifier }
    public var targetSceneInput: (any SceneInput)? { targetScene }
  }

  extension UIScene: SceneInput {
    public var sessionIdentifier: String { session.persistentIdentifier }
  }

  extension LinkReceiver {
    /// Harvests the launch options of `application(_:didFinishLaunchingWithOptions:)`; see
    /// ``didFinishLaunching(rawOptions:)``.
    @discardableResult
    public func didFinishLaunching(options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
      didFinishLaunching(rawOptions: LaunchOptionKey.raw(options))
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
