// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit
import DeepLinkKitUIKit
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  let links = (UIApplication.shared.delegate as! AppDelegate).links
  let windows = (UIApplication.shared.delegate as! AppDelegate).windows

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
    guard let scene = scene as? UIWindowScene else { return }
    let tabs = TabBarController()
    window = UIWindow(windowScene: scene)
    window?.rootViewController = tabs
    window?.makeKeyAndVisible()
    // This window shows its links; it is the window the user is in whenever it becomes key.
    windows.register(scene) { [weak tabs] route in tabs?.show(route) }
    links.willConnect(options: connectionOptions, scene: session.persistentIdentifier)
  }

  func sceneDidBecomeActive(_ scene: UIScene) {
    links.dispatcher.satisfy(.ready)  // the UI is on screen: held links are delivered now
  }

  func scene(_ scene: UIScene, openURLContexts URLContexts: Set<UIOpenURLContext>) {
    links.open(URLContexts, scene: scene.session.persistentIdentifier)
  }

  func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    links.continue(userActivity, scene: scene.session.persistentIdentifier)
  }

  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    completionHandler(links.perform(shortcutItem, scene: windowScene.session.persistentIdentifier))
  }
}
