/// How a push notification's payload opens a route: fields that must match, and where the route's
/// parameters come from.
package struct PushRule: Sendable {
  /// LinkPayload fields (flattened) that must all be equal to these strings.
  package var when: [String: String]
  /// Route parameter name → payload field that supplies it.
  package var parameters: [String: String]
  /// The notification action the rule answers; `nil` answers a plain tap.
  package var action: String?
  /// Whether the action runs with the app in the background (an inline reply, "Mark as read":
  /// a `UNNotificationAction` without `.foreground`): no window comes and the app is never
  /// `ready`, so its route is delivered without `.ready` to the dispatcher's background handler,
  /// and the notification's completion handler runs once that handler finishes.
  package var runsInBackground: Bool
  /// The notification category (`UNNotificationCategory.identifier`) that offers the action, and
  /// that a payload names in `aps.category` so that iOS shows it; `nil` when not given.
  package var category: String?

  /// Creates a rule.
  package init(
    when: [String: String], parameters: [String: String] = [:], action: String? = nil, runsInBackground: Bool = false,
    category: String? = nil
  ) {
    self.when = when
    self.parameters = parameters
    self.action = action
    self.runsInBackground = runsInBackground
    self.category = category
  }

  /// Whether the rule answers a plain tap: it names no action, or the tap's own
  /// (`UNNotificationDefaultActionIdentifier`).
  package var answersTap: Bool { action == nil || action == LinkPush.defaultAction }

  /// The action the rule answers; `nil` for a tap, however the rule names it.
  var answeredAction: String? { answersTap ? nil : action }

  /// Whether the rule opens `notification`, for the action `action` (`nil`: a tap).
  func matches(_ notification: LinkPush, action: String?) -> Bool {
    answeredAction == action && when.allSatisfy { notification.fields[$0.key] == $0.value }
  }
}
