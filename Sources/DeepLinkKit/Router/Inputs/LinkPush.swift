/// A tap on a notification (or a pick of one of its actions), as plain values.
///
/// ```swift
/// let push = LinkPush(userInfo: response.notification.request.content.userInfo,
///                             actionIdentifier: response.actionIdentifier)
/// dispatcher.receive(.push(push))
/// ```
package struct LinkPush: Sendable, Equatable {
  /// The action a plain tap on the notification reports (`UNNotificationDefaultActionIdentifier`).
  package static let defaultAction = "com.apple.UNNotificationDefaultActionIdentifier"
  /// The action an explicit dismiss reports (`UNNotificationDismissActionIdentifier`); it never
  /// opens a route.
  package static let dismissAction = "com.apple.UNNotificationDismissActionIdentifier"

  /// The payload's fields, flattened by the ``LinkPayload`` rules (`"data.id": "7"`).
  package var fields: [String: String]
  /// The action the user chose: ``defaultAction`` for a tap.
  package var actionIdentifier: String
  /// The text the user typed in a text-input action, if any. A route receives it as its
  /// parameter `replyText`, which nothing else can set: a link, a payload field or another
  /// source's values that set it are refused, so that no link can send a reply the user never
  /// typed.
  package var replyText: String?
  /// The parameter the typed reply fills.
  package static let replyParameter = "replyText"
  /// Its name as bytes, for the check every link passes.
  static let replyParameterBytes = Array(replyParameter.utf8)
  /// How deep the payload's dictionaries nested: 1 for a flat payload.
  package var depth: Int
  /// The notification request's identifier (`UNNotificationRequest.identifier`: a local
  /// notification's own, a remote one's `apns-collapse-id` or one the system assigned), when
  /// known. The dispatcher opens a tap on one notification once, however many callbacks hand it
  /// over (a scene's connection options and the notification delegate, at a cold start), and
  /// taps on two notifications each, even for one route.
  package var requestIdentifier: String?

  /// Creates a notification from flattened fields.
  package init(
    fields: [String: String], actionIdentifier: String = defaultAction, replyText: String? = nil, depth: Int = 1,
    requestIdentifier: String? = nil
  ) {
    self.fields = fields
    self.actionIdentifier = actionIdentifier
    self.replyText = replyText
    self.depth = depth
    self.requestIdentifier = requestIdentifier
  }

  /// Creates a notification from its payload, as `userInfo` holds it.
  ///
  /// - Parameters:
  ///   - userInfo: The notification's payload; converted once by the ``LinkPayload`` rules.
  ///   - actionIdentifier: The action the user chose.
  ///   - replyText: The typed reply of a text-input action.
  ///   - requestIdentifier: The notification request's identifier, when known.
  package init(
    userInfo: [AnyHashable: Any], actionIdentifier: String = defaultAction, replyText: String? = nil,
    requestIdentifier: String? = nil
  ) {
    let (fields, depth) = LinkPayload.flattened(userInfo)
    self.init(
      fields: fields, actionIdentifier: actionIdentifier, replyText: replyText, depth: depth,
      requestIdentifier: requestIdentifier)
  }
}
