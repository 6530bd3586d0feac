// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit
import DeepLinkKitAppIntents
import DeepLinkKitUIKit
import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  let windows = LinkWindows<TabRoute>()  // each link is shown by the window it came through
  lazy var links: LinkReceiver<TabRoute> = {
    let dispatcher = LinkDispatcher(router: tabRouter)
    dispatcher.setHandler(windows.deliver)
    return LinkReceiver(dispatcher: dispatcher)
  }()
  lazy var notifications = LinkNotificationDelegate(receiver: links)  // the center holds it weakly

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UNUserNotificationCenter.current().delegate = notifications  // before launch finishes
    LinkIntents.register(links)  // App Intents find the receiver by its route type
    return true  // with scenes, launchOptions holds no link: the scene delegate drains them
  }

  func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    // The user closed these windows (a disconnected scene may come back; a discarded one does not).
    for session in sceneSessions { windows.remove(scene: session.persistentIdentifier) }
  }
}
