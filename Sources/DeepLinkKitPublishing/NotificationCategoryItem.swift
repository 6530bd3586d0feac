import DeepLinkKit

/// A notification category an app registers so that iOS shows its push rules' actions: one
/// `UNNotificationCategory`, made from the route table.
///
/// A rule that answers an action and names its category (`.push(when:…, action: "REPLY",
/// category: "MESSAGE")`) puts the action in that category. A rule whose route takes the typed
/// reply (`?replyText?`) makes it a text-input action; a rule that runs in the background makes it
/// an action that leaves the app in the background, any other one that brings it forward.
///
/// ```swift
/// let categories = try router.notificationCategories(titles: ["REPLY": "Reply", "READ": "Mark as Read"])
/// // DeepLinkKitPublishing, on iOS:
/// UNUserNotificationCenter.current().setNotificationCategories(
///   Set(categories.map { UNNotificationCategory($0, textInputButtonTitle: "Send") }))
/// ```
public struct NotificationCategoryItem: Sendable, Hashable {
  /// One action of the category: one `UNNotificationAction`.
  public struct Action: Sendable, Hashable {
    /// The action's identifier, which the rule answers (`UNNotificationAction.identifier`).
    public var identifier: String
    /// The title of its button.
    public var title: String
    /// Whether it asks for text (`UNTextInputNotificationAction`): its route takes the typed reply.
    public var takesText: Bool
    /// Whether it brings the app to the foreground (`UNNotificationActionOptions.foreground`);
    /// `false` for a rule that runs in the background.
    public var opensApp: Bool

    /// Creates an action.
    public init(identifier: String, title: String, takesText: Bool = false, opensApp: Bool = true) {
      self.identifier = identifier
      self.title = title
      self.takesText = takesText
      self.opensApp = opensApp
    }
  }

  /// The category's identifier, which payloads name in `aps.category`.
  public var identifier: String
  /// Its actions, in table order.
  public var actions: [Action]

  /// Creates a category.
  public init(identifier: String, actions: [Action]) {
    self.identifier = identifier
    self.actions = actions
  }
}

extension NotificationCategoryItem {
  /// Each action as `plain` or, for one that takes the typed reply, `textInput` makes it, with
  /// `foreground` for one that brings the app forward and `background` for one whose rule runs in
  /// the background: the one choice `UNNotificationCategory(item, …)` and
  /// `FakeNotificationCategory(item)` share, so that a fake registers what the device does.
  package func makeActions<Made, Options>(
    foreground: Options, background: Options,
    plain: (_ identifier: String, _ title: String, _ options: Options) -> Made,
    textInput: (_ identifier: String, _ title: String, _ options: Options) -> Made
  ) -> [Made] {
    actions.map { ($0.takesText ? textInput : plain)($0.identifier, $0.title, $0.opensApp ? foreground : background) }
  }
}

/// A registered notification category, as the app's tests read it back
/// (`UNUserNotificationCenter.notificationCategories()`): what
/// `router.notificationCategoryProblems(registered:)` compares with the table.
public protocol NotificationCategoryInput {
  /// `UNNotificationCategory.identifier`.
  var identifier: String { get }
  /// `UNNotificationCategory.actions`.
  var actionInputs: [any NotificationActionInput] { get }
}

/// A registered notification action.
public protocol NotificationActionInput {
  /// `UNNotificationAction.identifier`.
  var identifier: String { get }
  /// Whether it is a `UNTextInputNotificationAction`.
  var takesText: Bool { get }
  /// Whether its options hold `.foreground`.
  var opensApp: Bool { get }
}
