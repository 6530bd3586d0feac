import DeepLinkKitPublishing

/// A `UNNotificationCategory` as the app registered it, for
/// `router.notificationCategoryProblems(registered:)` in tests: the categories the app's own
/// registration code makes, or those DeepLinkKitPublishing makes from the table.
public struct FakeNotificationCategory: NotificationCategoryInput, Hashable, Sendable {
  public var identifier: String
  public var actions: [FakeNotificationAction]
  public var actionInputs: [any NotificationActionInput] { actions }

  /// Creates a category of `identifier` offering `actions`.
  public init(identifier: String, actions: [FakeNotificationAction]) {
    self.identifier = identifier
    self.actions = actions
  }

  /// The category `UNNotificationCategory(item, textInputButtonTitle:)` registers: a text-input
  /// action for each action that takes text, `.foreground` for each that opens the app.
  public init(_ item: NotificationCategoryItem) {
    self.init(
      identifier: item.identifier,
      actions: item.makeActions(
        foreground: true, background: false,
        plain: { FakeNotificationAction(identifier: $0, title: $1, takesText: false, opensApp: $2) },
        textInput: { FakeNotificationAction(identifier: $0, title: $1, takesText: true, opensApp: $2) }))
  }
}

/// A `UNNotificationAction` (a `UNTextInputNotificationAction` when it takes text).
public struct FakeNotificationAction: NotificationActionInput, Hashable, Sendable {
  public var identifier: String
  public var title: String
  public var takesText: Bool
  public var opensApp: Bool

  /// Creates an action; `opensApp` stands for `.foreground` in its options.
  public init(identifier: String, title: String = "", takesText: Bool = false, opensApp: Bool = true) {
    self.identifier = identifier
    self.title = title
    self.takesText = takesText
    self.opensApp = opensApp
  }
}
