import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitPublishing

/// What `lint` and `doctor` say of the notification categories a table's push rules need.
enum NotificationCategoryCheck {
  /// An action two rules of one category disagree on (error: no registration serves both), and an
  /// action whose rule names no category (warning: iOS shows it only in a category the app makes
  /// itself, and the payloads the tools write name none).
  static func problems(of router: LinkRouter<NamedRoute>) -> [ConfigurationProblem] {
    let needs = router.notificationCategoryNeeds()
    return needs.conflicts.map { ConfigurationProblem("categoryActionConflict", .error, $0) }
      + needs.uncategorized.map { action in
        ConfigurationProblem(
          "actionWithoutCategory", .warning,
          "\(action.routes) answers the notification action \(quoted(action.identifier)) and names no category: "
            + "iOS shows the action only in a category the app registers itself, and the payloads `url --apns` and "
            + "`qa` write name none; give the rule a \"category\" (router.notificationCategories(titles:) makes it)")
      }
  }
}
