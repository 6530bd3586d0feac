import Foundation

/// A link as it reaches the app, before it is resolved: a plain `Sendable` value that can be
/// handed from any thread.
///
/// ```swift
/// dispatcher.receive(.url("myapp://messages/42"))
/// dispatcher.receive(.url(url, source: .push))   // a URL found in a push payload
/// ```
public struct DeepLinkInput: Sendable, Equatable, CustomStringConvertible {
  enum Kind: Sendable, Equatable {
    case url(String, source: DeepLinkSource?)
    case push(LinkPush)
    case quickAction(LinkQuickAction)
    case intent(IntentInvocation)
    case userActivity(ContinuedActivity)
  }

  /// What arrived, and where from: one immutable object, so that an input (which a received link
  /// hands to its record, its events and its delivery) is copied with one retain, not through the
  /// value witnesses of an enum of five large payloads and two strings.
  /// Two inputs are equal when what they hold is (`DeepLinkInput`'s synthesized `==` compares
  /// this).
  private final class Storage: Sendable, Equatable {
    let kind: Kind
    let sendingApplication: String?
    let sceneIdentifier: String?
    /// What an input other than a link leads to (`KeyedLookup.swift`); `nil` for a link.
    let lead: Lead?

    init(kind: Kind, lead: Lead?, sendingApplication: String?, sceneIdentifier: String?) {
      self.kind = kind
      self.lead = lead
      self.sendingApplication = sendingApplication
      self.sceneIdentifier = sceneIdentifier
    }

    static func == (left: Storage, right: Storage) -> Bool {
      left === right
        || (left.kind == right.kind && left.sendingApplication == right.sendingApplication
          && left.sceneIdentifier == right.sceneIdentifier)
    }
  }
  private let storage: Storage

  /// Leads an input other than a link (`KeyedLookup.swift`): its factory makes it, so that an app
  /// that receives only links carries none of the code that resolves the other kinds.
  typealias Lead = @Sendable (LinkMatcher) -> KeyedLead

  var kind: Kind { storage.kind }
  /// What this input leads to, found by `matcher`; `nil` for a link.
  func lead(_ matcher: LinkMatcher) -> KeyedLead? { storage.lead?(matcher) }
  /// The request identifier and the action of the notification this input is, when iOS gave the
  /// request's identifier (the dispatcher's notification taps). Read in place: the dispatcher's
  /// module, given `kind`, copied its payloads for every link.
  package var notificationRequest: (request: String, action: String)? {
    guard case .push(let push) = storage.kind, let request = push.requestIdentifier else { return nil }
    return (request, push.actionIdentifier)
  }
  /// The bundle identifier of the app that sent the link, when iOS tells
  /// (`UIApplication.OpenURLOptionsKey.sourceApplication`); it reaches the delivery's context.
  package var sendingApplication: String? { storage.sendingApplication }
  /// The scene the input arrived in (`UISceneSession.persistentIdentifier`); it reaches the
  /// delivery's context, so that a multi-window app navigates the right window.
  package var sceneIdentifier: String? { storage.sceneIdentifier }

  init(kind: Kind, lead: Lead? = nil, sendingApplication: String? = nil, sceneIdentifier: String? = nil) {
    storage = Storage(kind: kind, lead: lead, sendingApplication: sendingApplication, sceneIdentifier: sceneIdentifier)
  }

  /// This input, as it arrived in `scene` from `sendingApplication`.
  ///
  /// - Parameters:
  ///   - scene: The scene's persistent identifier, if known.
  ///   - sendingApplication: The sending app's bundle identifier, if known.
  /// - Returns: The input with both recorded.
  public func arriving(in scene: String?, from sendingApplication: String? = nil) -> DeepLinkInput {
    DeepLinkInput(
      kind: kind, lead: storage.lead, sendingApplication: sendingApplication ?? self.sendingApplication,
      sceneIdentifier: scene ?? sceneIdentifier)
  }

  /// A link given as text.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: The channel it came through; `nil` takes the URL's own kind (custom scheme or
  ///     universal link).
  public static func url(_ url: String, source: DeepLinkSource? = nil) -> DeepLinkInput {
    DeepLinkInput(kind: .url(url, source: source))
  }

  /// A `URL` value, as UIKit hands it over.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - source: As for ``url(_:source:)-(String,_)``.
  public static func url(_ url: URL, source: DeepLinkSource? = nil) -> DeepLinkInput {
    DeepLinkInput(kind: .url(url.absoluteString, source: source))
  }

  /// A tap on a push notification, or a pick of one of its actions.
  ///
  /// ```swift
  /// let content = response.notification.request
  /// dispatcher.receive(.push(userInfo: content.content.userInfo, action: response.actionIdentifier,
  ///                          requestIdentifier: content.identifier))
  /// ```
  ///
  /// - Parameters:
  ///   - userInfo: The notification's payload (`UNNotificationContent.userInfo`). Its values are
  ///     read once into plain text fields: strings, numbers, Booleans, URLs and UUIDs; a nested
  ///     dictionary's keys are joined by `.` (`"data.id"`); anything else is left out.
  ///   - action: The action the user chose (`UNNotificationResponse.actionIdentifier`); a plain tap
  ///     reports `UNNotificationDefaultActionIdentifier`, the default. A dismiss never opens a route.
  ///   - replyText: The text the user typed in a text-input action. A route receives it as its
  ///     parameter `replyText`, which no link or payload field can set.
  ///   - requestIdentifier: The notification request's identifier (`UNNotificationRequest.identifier`),
  ///     when known: a tap on one notification opens once, however many callbacks hand it over.
  public static func push(
    userInfo: [AnyHashable: Any], action: String = "com.apple.UNNotificationDefaultActionIdentifier",
    replyText: String? = nil,
    requestIdentifier: String? = nil
  ) -> DeepLinkInput {
    .push(
      LinkPush(
        userInfo: userInfo, actionIdentifier: action, replyText: replyText, requestIdentifier: requestIdentifier))
  }

  /// A home-screen quick action (`UIApplicationShortcutItem`).
  ///
  /// - Parameters:
  ///   - type: The item's type, such as `com.example.activity`.
  ///   - userInfo: The item's `userInfo`, read as ``push(userInfo:action:replyText:requestIdentifier:)``
  ///     reads a payload; its fields supply the route's parameters by name.
  public static func quickAction(type: String, userInfo: [AnyHashable: Any]? = nil) -> DeepLinkInput {
    .quickAction(LinkQuickAction(type: type, userInfo: userInfo))
  }

  /// A Siri intent or an App Intent that opens the app.
  ///
  /// - Parameters:
  ///   - name: The intent's name: a custom intent's class name, or the name the route gives its
  ///     App Intent.
  ///   - parameters: Its parameters, which supply the route's parameters by name.
  public static func intent(_ name: String, parameters: [String: String] = [:]) -> DeepLinkInput {
    .intent(IntentInvocation(name: name, parameters: parameters))
  }

  /// A continued `NSUserActivity`: a universal link (`NSUserActivityTypeBrowsingWeb`, whose web
  /// page is routed), Handoff, a Spotlight item (whose identifier is routed when it is a URL), or a
  /// donated activity (routed by its type, its `userInfo` supplying the parameters).
  ///
  /// - Parameters:
  ///   - type: The activity's `activityType`.
  ///   - webpageURL: Its `webpageURL`.
  ///   - userInfo: Its `userInfo`, read as ``push(userInfo:action:replyText:requestIdentifier:)``
  ///     reads a payload.
  public static func userActivity(type: String, webpageURL: URL? = nil, userInfo: [AnyHashable: Any]? = nil)
    -> DeepLinkInput
  {
    .userActivity(ContinuedActivity(type: type, webpageURL: webpageURL, userInfo: userInfo))
  }

  /// A tap on a push notification, or one of its actions, as read already.
  package static func push(_ notification: LinkPush) -> DeepLinkInput {
    DeepLinkInput(kind: .push(notification), lead: { $0.lead(for: notification) })
  }

  /// A home-screen quick action, as read already.
  package static func quickAction(_ action: LinkQuickAction) -> DeepLinkInput {
    DeepLinkInput(kind: .quickAction(action), lead: { $0.lead(for: action) })
  }

  /// A Siri intent or App Intent, as read already.
  package static func intent(_ intent: IntentInvocation) -> DeepLinkInput {
    DeepLinkInput(kind: .intent(intent), lead: { $0.lead(for: intent) })
  }

  /// A continued user activity, as read already.
  package static func userActivity(_ activity: ContinuedActivity) -> DeepLinkInput {
    DeepLinkInput(kind: .userActivity(activity), lead: { $0.lead(for: activity) })
  }

  /// The source the input declares, or the one its URL's scheme implies, before it is resolved.
  public var source: DeepLinkSource {
    switch kind {
    case .url(let url, let source): source ?? Self.kind(of: url)
    case .push: .push
    case .quickAction: .shortcut
    case .intent: .intent
    case .userActivity(let activity):
      activity.type == ContinuedActivity.browsingWebType ? .universalLink : .userActivity
    }
  }

  private static func kind(of url: String) -> DeepLinkSource {
    url.hasPrefixIgnoringASCIICase("https:") ? .universalLink : .customScheme
  }

  public var description: String {
    switch kind {
    case .url(let url, _): url
    case .push(let push): "push (\(push.actionIdentifier))"
    case .quickAction(let action): "quick action \(action.type)"
    case .intent(let intent): "intent \(intent.name)"
    case .userActivity(let activity): "user activity \(activity.type)"
    }
  }
}
