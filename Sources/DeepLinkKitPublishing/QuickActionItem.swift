import DeepLinkKit
import Foundation

/// What an app publishes as a dynamic home-screen quick action for a route: its type, title and
/// `userInfo`. Its invocation comes back as the same route.
///
/// ```swift
/// let item = try router.quickActionItem(for: .request(id: 7), title: "Request 7")
/// // DeepLinkKitUIKit: UIApplication.shared.shortcutItems = [UIApplicationShortcutItem(item)]
/// ```
public struct QuickActionItem: Sendable, Hashable {
  /// The shortcut item's type.
  public var type: String
  /// The title the home screen shows.
  public var title: String
  /// An optional second line.
  public var subtitle: String?
  /// The route's parameters, as strings.
  public var userInfo: [String: String]

  /// Creates an item.
  public init(type: String, title: String, subtitle: String? = nil, userInfo: [String: String] = [:]) {
    self.type = type
    self.title = title
    self.subtitle = subtitle
    self.userInfo = userInfo
  }

  /// The input the system hands back when the user picks this item.
  public var input: DeepLinkInput { .quickAction(LinkQuickAction(type: type, userInfo: userInfo)) }
}

extension QuickActionItem {
  /// The `userInfo` of the `UIApplicationShortcutItem` for this item: strings, which are
  /// `NSSecureCoding` and property-list values as the item requires.
  public var secureUserInfo: [String: any NSSecureCoding] {
    userInfo.mapValues { NSString(string: $0) }
  }
}
