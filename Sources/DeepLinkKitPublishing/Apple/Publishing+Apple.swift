// Apple-only: what an app publishes, made from the Linux-tested items, and the conformances an
// app's test reads registered categories back by. Nothing here decides anything: each item's
// values go straight into the Apple initializer.
//
// Apple declarations relied on, with their documentation pages (https://developer.apple.com/documentation/…):
// - UIKit `UIApplicationShortcutItem.init(type:localizedTitle:localizedSubtitle:icon:userInfo:)`,
//   `userInfo: [String: any NSSecureCoding]?`: uikit/uiapplicationshortcutitem;
//   `UIApplicationShortcutIcon`: uikit/uiapplicationshortcuticon
// - UserNotifications (not tvOS) `UNNotificationCategory.init(identifier:actions:intentIdentifiers:options:)`,
//   `identifier`, `actions`: usernotifications/unnotificationcategory;
//   `UNNotificationCategoryOptions`: usernotifications/unnotificationcategoryoptions
// - UserNotifications `UNNotificationAction.init(identifier:title:options:)`, `identifier`,
//   `options`: usernotifications/unnotificationaction; `UNNotificationActionOptions.foreground`:
//   usernotifications/unnotificationactionoptions/foreground;
//   `UNTextInputNotificationAction.init(identifier:title:options:textInputButtonTitle:textInputPlaceholder:)`:
//   usernotifications/untextinputnotificationaction
// - CoreSpotlight (iOS 9, not tvOS) `CSSearchableItem.init(uniqueIdentifier:domainIdentifier:attributeSet:)`:
//   corespotlight/cssearchableitem; `CSSearchableItemAttributeSet.init(contentType:)` (iOS 14),
//   `title`, `contentDescription`, `keywords`: corespotlight/cssearchableitemattributeset;
//   UniformTypeIdentifiers `UTType.content`: uniformtypeidentifiers/uttype-swift.struct/content.
//   Tapping the item continues an `NSUserActivity` of type `CSSearchableItemActionType`
//   ("com.apple.corespotlightitem") whose `userInfo[CSSearchableItemActivityIdentifier]` is the
//   item's identifier: corespotlight/cssearchableitemactiontype
#if canImport(UIKit) && (os(iOS) || os(visionOS))
  import CoreSpotlight
  import DeepLinkKit
  import UIKit
  import UniformTypeIdentifiers
  import UserNotifications

  extension UIApplicationShortcutItem {
    /// The dynamic quick action for a published route, with its `icon` (`nil`: none).
    public convenience init(_ item: QuickActionItem, icon: UIApplicationShortcutIcon? = nil) {
      self.init(
        type: item.type, localizedTitle: item.title, localizedSubtitle: item.subtitle, icon: icon,
        userInfo: item.secureUserInfo)
    }
  }

  extension UNNotificationCategory: NotificationCategoryInput {
    public var actionInputs: [any NotificationActionInput] { actions }
  }

  extension UNNotificationAction: NotificationActionInput {
    public var takesText: Bool { self is UNTextInputNotificationAction }
    public var opensApp: Bool { options.contains(.foreground) }
  }

  extension UNNotificationCategory {
    /// The category for a route table's push rules (`router.notificationCategories(titles:)`).
    ///
    /// - Parameters:
    ///   - item: The category.
    ///   - textInputButtonTitle: The send button's title in a text-input action.
    ///   - textInputPlaceholder: The placeholder of its text field.
    ///   - options: The category's options.
    public convenience init(
      _ item: NotificationCategoryItem, textInputButtonTitle: String, textInputPlaceholder: String = "",
      options: UNNotificationCategoryOptions = []
    ) {
      let actions = item.makeActions(
        foreground: UNNotificationActionOptions.foreground, background: [],
        plain: { UNNotificationAction(identifier: $0, title: $1, options: $2) },
        textInput: {
          UNTextInputNotificationAction(
            identifier: $0, title: $1, options: $2, textInputButtonTitle: textInputButtonTitle,
            textInputPlaceholder: textInputPlaceholder)
        })
      self.init(identifier: item.identifier, actions: actions, intentIdentifiers: [], options: options)
    }
  }

  extension CSSearchableItem {
    /// The Spotlight item for a route (`router.spotlightItem(for:title:summary:keywords:domain:)`),
    /// with its content type (`.content` by default).
    public convenience init(_ item: SpotlightItem, contentType: UTType = .content) {
      let attributes = CSSearchableItemAttributeSet(contentType: contentType)
      attributes.title = item.title
      attributes.contentDescription = item.summary
      attributes.keywords = item.attributeKeywords
      self.init(uniqueIdentifier: item.identifier, domainIdentifier: item.domain, attributeSet: attributes)
    }
  }
#endif
