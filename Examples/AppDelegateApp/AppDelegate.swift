// From the DocC guide AppDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit
import DeepLinkKitUIKit
import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
  var window: UIWindow?
  lazy var links = LinkReceiver(
    dispatcher: LinkDispatcher(router: familyMoviesRouter, deliver: { [weak self] in self?.show($0) }),
    onRefusedUniversalLink: { url, _ in UIApplication.shared.open(url) })
  lazy var notifications = LinkNotificationDelegate(receiver: links)  // the center holds it weakly

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UNUserNotificationCenter.current().delegate = notifications
    window = UIWindow()
    window?.rootViewController = RootViewController()
    window?.makeKeyAndVisible()
    links.dispatcher.satisfy(.ready)
    return links.didFinishLaunching(options: launchOptions)  // false only for a launching quick action
  }

  func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
    links.open(url, sendingApplication: options[.sourceApplication] as? String)
  }

  func application(
    _ application: UIApplication, continue userActivity: NSUserActivity,
    restorationHandler: @escaping ([any UIUserActivityRestoring]?) -> Void
  ) -> Bool {
    links.continue(userActivity)
  }

  func application(
    _ application: UIApplication, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    completionHandler(links.perform(shortcutItem))
  }

  func show(_ route: FamilyMoviesRoute) { /* push the detail screen */ }
}
