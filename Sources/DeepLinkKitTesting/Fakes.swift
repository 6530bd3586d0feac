import DeepLinkKit
import DeepLinkKitPublishing
import DeepLinkKitUIKit
import Foundation

// Fakes of the Apple objects the glue reads, with the same property names and types, so that an
// app's tests (and this package's) play what UIKit, UserNotifications and Intents hand over on a
// device. They adopt the glue's input protocols, as the real classes do on Apple platforms.

/// A `UIOpenURLContext`: a custom-scheme link opened in a scene.
public struct FakeURLContext: URLContextInput, Hashable {
  public var url: URL
  public var sourceApplication: String?

  /// Creates a context for `url`, sent by `sourceApplication` when iOS tells.
  public init(url: URL, sourceApplication: String? = nil) {
    self.url = url
    self.sourceApplication = sourceApplication
  }
}

/// A `UIApplicationShortcutItem`: a home-screen quick action.
public final class FakeShortcutItem: ShortcutItemInput {
  public let type: String
  public let userInfo: [String: any NSSecureCoding]?

  /// Creates a quick action of `type`, with its `userInfo`.
  public init(type: String, userInfo: [String: any NSSecureCoding]? = nil) {
    self.type = type
    self.userInfo = userInfo
  }

  /// The quick action iOS hands back when the user picks `item`, which the app published
  /// (`router.quickActionItem(for:title:)`).
  public convenience init(_ item: QuickActionItem) {
    self.init(type: item.type, userInfo: item.userInfo.isEmpty ? nil : item.userInfo.mapValues { $0 as NSString })
  }
}

/// An `NSUserActivity`: a universal link (web browsing), Handoff, Spotlight, a Siri shortcut; it
/// also records what publishing sets on it.
public final class FakeUserActivity: UserActivityInput, UserActivityOutput {
  public let activityType: String
  public var webpageURL: URL?
  public var userInfo: [AnyHashable: Any]?
  public var intent: (any IntentInput)?
  public var title: String?
  public var requiredUserInfoKeys: Set<String>?
  public var isEligibleForHandoff = true
  public var isEligibleForSearch = false
  public var isEligibleForPublicIndexing = false
  public var isEligibleForPrediction = false
  public var persistentIdentifier: String?

  /// Creates an activity of `activityType`, as `NSUserActivity(activityType:)` does.
  public init(
    activityType: String, webpageURL: URL? = nil, userInfo: [AnyHashable: Any]? = nil,
    intent: (any IntentInput)? = nil
  ) {
    self.activityType = activityType
    self.webpageURL = webpageURL
    self.userInfo = userInfo
    self.intent = intent
  }

  /// The activity iOS hands back when the user continues `item`, which the app published
  /// (`router.userActivityItem(for:title:)`): its type, link and user info.
  public convenience init(_ item: UserActivityItem) {
    self.init(
      activityType: item.type, webpageURL: item.webpageURL.flatMap { URL(string: $0) },
      userInfo: item.userInfo.isEmpty ? nil : item.userInfo)
    title = item.title
    persistentIdentifier = item.persistentIdentifier
  }

  /// The activity iOS hands over when the user taps `item` in Spotlight, which the app indexed
  /// (`router.spotlightItem(for:title:)`): a `CSSearchableItemActionType` activity carrying the
  /// item's identifier.
  public convenience init(_ item: SpotlightItem) {
    self.init(
      activityType: ContinuedActivity.spotlightItemType,
      userInfo: [ContinuedActivity.spotlightIdentifierKey: item.identifier])
  }

  /// The web-browsing activity iOS hands over for a universal link.
  public static func universalLink(_ url: URL) -> FakeUserActivity {
    FakeUserActivity(activityType: ContinuedActivity.browsingWebType, webpageURL: url)
  }

  /// The activity SiriKit hands over for an intent-based shortcut: its type is the intent's class
  /// name, and `intent` the intent.
  public static func siri(_ intent: FakeIntent) -> FakeUserActivity {
    FakeUserActivity(activityType: intent.intentClassName, intent: intent)
  }
}

/// An `INIntent` subclass: its parameters are properties, read by name (key-value coding).
public final class FakeIntent: IntentInput, @unchecked Sendable {
  public let intentClassName: String
  public let properties: [String: Any]

  /// Creates an intent of class `className` whose properties hold `properties`.
  public init(_ className: String, properties: [String: Any] = [:]) {
    self.intentClassName = className
    self.properties = properties
  }

  public func parameterValue(named name: String) -> Any? { properties[name] }
}

/// An `INObject`: a custom intent parameter's value.
public struct FakeINObject: IntentObjectInput, Hashable, Sendable {
  public var identifier: String?
  public var displayString: String

  /// Creates an object.
  public init(identifier: String?, displayString: String) {
    self.identifier = identifier
    self.displayString = displayString
  }
}

/// An `INSpeakableString` or `INPerson`: an intent parameter's value known by its vocabulary
/// identifier.
public struct FakeSpeakable: IntentSpeakableInput, Hashable, Sendable {
  public var vocabularyIdentifier: String?
  public var spokenPhrase: String

  /// Creates a value.
  public init(vocabularyIdentifier: String?, spokenPhrase: String) {
    self.vocabularyIdentifier = vocabularyIdentifier
    self.spokenPhrase = spokenPhrase
  }
}

/// A `UNNotificationResponse`: a tap on a notification, one of its actions, or a typed reply
/// (`UNTextInputNotificationResponse`).
public struct FakeNotificationResponse: NotificationResponseInput, @unchecked Sendable {
  /// The action a plain tap reports (UserNotifications' `UNNotificationDefaultActionIdentifier`).
  public static let defaultAction = LinkPush.defaultAction
  /// The action an explicit dismiss reports (`UNNotificationDismissActionIdentifier`).
  public static let dismissAction = LinkPush.dismissAction

  public var actionIdentifier: String
  public var payload: [AnyHashable: Any]
  public var replyText: String?
  /// `notification.request.identifier`: one of its own for each response made (a new
  /// notification), unless given.
  public var requestIdentifier: String?
  /// `targetScene`: the window iOS shows the response in, if it names one.
  public var targetScene: FakeScene?
  public var targetSceneInput: (any SceneInput)? { targetScene }

  /// Creates a response to a notification whose payload is `payload`.
  public init(
    actionIdentifier: String = Self.defaultAction, payload: [AnyHashable: Any], replyText: String? = nil,
    requestIdentifier: String? = UUID().uuidString, targetScene: FakeScene? = nil
  ) {
    self.actionIdentifier = actionIdentifier
    self.payload = payload
    self.replyText = replyText
    self.requestIdentifier = requestIdentifier
    self.targetScene = targetScene
  }
}

/// A `UIScene`, known by its session's persistent identifier.
@MainActor
public final class FakeScene: SceneInput {
  public let sessionIdentifier: String

  /// Creates a scene whose session is `sessionIdentifier`.
  public nonisolated init(_ sessionIdentifier: String) { self.sessionIdentifier = sessionIdentifier }
}

/// A `UIScene.ConnectionOptions`: what launched a scene.
public struct FakeConnectionOptions: SceneConnectionOptionsInput {
  public var urlContexts: Set<FakeURLContext>
  public var userActivities: [FakeUserActivity]
  public var shortcutItem: FakeShortcutItem?
  public var notificationResponse: FakeNotificationResponse?
  /// The type of a Handoff activity that launched the scene; the activity itself comes later.
  public var handoffUserActivityType: String?

  /// Creates options.
  public init(
    urlContexts: Set<FakeURLContext> = [], userActivities: [FakeUserActivity] = [],
    shortcutItem: FakeShortcutItem? = nil, notificationResponse: FakeNotificationResponse? = nil,
    handoffUserActivityType: String? = nil
  ) {
    self.urlContexts = urlContexts
    self.userActivities = userActivities
    self.shortcutItem = shortcutItem
    self.notificationResponse = notificationResponse
    self.handoffUserActivityType = handoffUserActivityType
  }
}

/// `application(_:didFinishLaunchingWithOptions:)`'s launch options, keyed as the glue reads them
/// (`LinkReceiver.didFinishLaunching(rawOptions:)`).
public enum FakeLaunchOptions {
  /// A custom-scheme link launched the app.
  public static func url(_ url: URL) -> [String: Any] { [LaunchOptionKey.url: url] }

  /// A user activity launched the app: a universal link, Handoff, Spotlight, Siri.
  public static func userActivity(_ activity: FakeUserActivity) -> [String: Any] {
    [
      LaunchOptionKey.userActivityDictionary: [
        LaunchOptionKey.userActivityType: activity.activityType, LaunchOptionKey.userActivity: activity,
      ] as [AnyHashable: Any]
    ]
  }

  /// A quick action launched the app.
  public static func shortcutItem(_ item: FakeShortcutItem) -> [String: Any] { [LaunchOptionKey.shortcutItem: item] }

  /// A remote notification launched the app: a tap, or a silent push in the background.
  public static func remoteNotification(_ payload: [AnyHashable: Any]) -> [String: Any] {
    [LaunchOptionKey.remoteNotification: payload]
  }
}
