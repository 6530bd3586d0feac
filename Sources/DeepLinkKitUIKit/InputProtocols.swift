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
  /// `UIOpenURLContext.options.sourceApplication`: the sending app's bundle identifier, if iOS
  /// tells.
  var sourceApplication: String? { get }
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
  /// `NSUserActivity.interaction?.intent`: the Siri intent that launched the app, if any (the
  /// activity type is then the intent's class name).
  var intent: (any IntentInput)? { get }
}

extension UserActivityInput {
  public var intent: (any IntentInput)? { nil }
}

/// What the glue reads of an `INIntent`: its class name and its parameters, which are properties
/// (key-value coding compliant) rather than `userInfo` entries.
public protocol IntentInput {
  /// `NSStringFromClass(type(of: intent))`: what an intent-based shortcut's activity type is.
  var intentClassName: String { get }
  /// The value of the intent's parameter `name` (`value(forKey:)`), or `nil` when the intent has
  /// no such parameter or it is not set.
  func parameterValue(named name: String) -> Any?
}

/// What the glue reads of an `INObject`, the value of a custom intent parameter of a custom type.
public protocol IntentObjectInput {
  /// `INObject.identifier`.
  var identifier: String? { get }
}

/// What the glue reads of an `INSpeakable` value that is not an `INObject`: an
/// `INSpeakableString`, an `INPerson`.
public protocol IntentSpeakableInput {
  /// `INSpeakable.vocabularyIdentifier`: the app's identifier for the value.
  var vocabularyIdentifier: String? { get }
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
  /// `notification.request.identifier`: which notification was tapped, so that one tap handed
  /// over twice opens once; `nil` when not known.
  var requestIdentifier: String? { get }
  /// `UNNotificationResponse.targetScene` (iOS): the window to show the response in; `nil` when
  /// iOS names none. Read here on any queue; the scene itself is read on the main actor.
  var targetSceneInput: (any SceneInput)? { get }
}

extension NotificationResponseInput {
  public var requestIdentifier: String? { nil }
  public var targetSceneInput: (any SceneInput)? { nil }
}

/// What the glue reads of a `UIScene`: which window it is. Main-actor isolated as UIKit's scenes
/// are, and so sendable: a scene passes from the notification center's queue to the main actor,
/// where it is read.
@MainActor
public protocol SceneInput: AnyObject, Sendable {
  /// `UIScene.session.persistentIdentifier`.
  var sessionIdentifier: String { get }
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
  /// `handoffUserActivityType`: the type of a Handoff activity that launched the scene. The
  /// activity itself is never in `userActivities`; it arrives later, through
  /// `scene(_:continue:)` (``LinkReceiver/continue(_:scene:)-(_,String?)``).
  var handoffUserActivityType: String? { get }
}

extension SceneConnectionOptionsInput {
  public var handoffUserActivityType: String? { nil }
}

extension ShortcutItemInput {
  /// The quick action, as a plain value.
  var quickAction: LinkQuickAction {
    // A loop, not a cast of the dictionary: the standard library's cast is a copy of its code for
    // each pair of dictionary types (0.6 KB of every app).
    var info: [AnyHashable: Any] = [:]
    for (key, value) in userInfo ?? [:] { info[key] = value }
    return LinkQuickAction(type: type, userInfo: userInfo == nil ? nil : info)
  }
}

extension UserActivityInput {
  /// The activity as an input: an intent when SiriKit launched the app, else a user activity.
  ///
  /// An intent's name is its class name, and the parameters the route needs are read from the
  /// intent's properties (`INObject` values by their identifier); the activity's `userInfo`
  /// supplies what the intent does not have.
  func input<Route>(for router: LinkRouter<Route>) -> DeepLinkInput {
    guard let intent else {
      return .userActivity(ContinuedActivity(type: activityType, webpageURL: webpageURL, userInfo: userInfo))
    }
    let name = intent.intentClassName
    var parameters = LinkPayload.fields(of: userInfo)
    var unread: [String: String] = [:]
    for parameter in router.parameterNames(ofIntent: name) {
      guard let value = intent.parameterValue(named: parameter) else { continue }
      switch Self.text(ofIntentValue: value) {
      case .success(let text): parameters[parameter] = text
      case .failure(let what): unread[parameter] = what.description
      }
    }
    return .intent(IntentInvocation(name: name, parameters: parameters, unreadParameters: unread))
  }

  /// The text a route value is read from, of an intent parameter's value: text, a number, a URL
  /// or UUID, an object's identifier (`INObject`), a speakable value's vocabulary identifier
  /// (`INSpeakableString`, `INPerson`), or a list of exactly one of these; else what it was.
  static func text(ofIntentValue value: Any) -> Result<String, UnreadValue> {
    if let text = LinkPayload.string(from: value) { return .success(text) }
    if let object = value as? any IntentObjectInput {
      return object.identifier.map { .success($0) } ?? .failure(UnreadValue("an object with no identifier"))
    }
    if let speakable = value as? any IntentSpeakableInput {
      return speakable.vocabularyIdentifier.map { .success($0) }
        ?? .failure(UnreadValue("\(type(of: value)) with no vocabulary identifier"))
    }
    if let list = value as? [Any] {
      guard list.count == 1 else { return .failure(UnreadValue("a list of \(list.count) values")) }
      return text(ofIntentValue: list[0])
    }
    return .failure(UnreadValue("a value of type \(type(of: value))"))
  }
}

/// What an intent parameter's value was, when no route value could be read from it.
struct UnreadValue: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

extension NotificationResponseInput {
  /// The response, copied into a plain value on the calling thread.
  var notification: LinkPush {
    LinkPush(
      userInfo: payload, actionIdentifier: actionIdentifier, replyText: replyText,
      requestIdentifier: requestIdentifier)
  }
}
