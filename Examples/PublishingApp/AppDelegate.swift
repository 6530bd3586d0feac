// What an app publishes from its routes (DeepLinkKitPublishing): the notification categories its
// push rules need, registered at launch; a Spotlight item, a dynamic quick action and a user
// activity for a conversation. Examples/ios-check builds it for iOS against a real SDK, as a debug
// build and as -Osize object code; its router (ChatRoute.swift) is linked into the UIKit glue's
// tests, which check the categories and items it gives.
import CoreSpotlight
import DeepLinkKit
import DeepLinkKitPublishing
import DeepLinkKitUIKit
import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    // iOS shows the REPLY action only in the category the payload names: register it first.
    let categories = try! chatRouter.notificationCategories(titles: ["REPLY": "Reply"])
    UNUserNotificationCenter.current().setNotificationCategories(
      Set(categories.map { UNNotificationCategory($0, textInputButtonTitle: "Send", textInputPlaceholder: "Message") }))
    return true
  }

  /// Called when the user opens a conversation: Spotlight finds it, the home screen offers it.
  func opened(conversation id: Int, title: String) throws {
    let route = ChatRoute.conversation(id: id)
    let spotlight = try chatRouter.spotlightItem(for: route, title: title, keywords: ["chat"], domain: "conversations")
    CSSearchableIndex.default().indexSearchableItems([CSSearchableItem(spotlight)])
    let shortcut = try chatRouter.quickActionItem(for: route, title: title)
    UIApplication.shared.shortcutItems = [UIApplicationShortcutItem(shortcut)]
  }

  /// The activity a conversation's screen makes current (Handoff, Siri suggestions).
  func activity(for id: Int, title: String) throws -> NSUserActivity {
    NSUserActivity(try chatRouter.userActivityItem(for: .conversation(id: id), title: title))
  }
}
