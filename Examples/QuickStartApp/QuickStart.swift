// The README's quick start, line for line (ReadmeTests keeps them equal): a scene delegate opens
// its first link with three types. Examples/ios-check builds it for iOS against a real SDK.
import DeepLinkKit
import DeepLinkKitUIKit
import UIKit

enum MailRoute: Hashable, Sendable {
  case inbox
  case message(id: Int)
}

let router = try! LinkRouter<MailRoute>(
  schemes: ["mail"], hosts: ["mail.example.com"],
  routes: [
    .path("/inbox", to: .inbox),
    .path("/messages/:id", MailRoute.message),
  ])

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  let inbox = InboxViewController()
  lazy var links = LinkReceiver(router: router) { [inbox] route in inbox.show(route) }

  func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    guard let scene = scene as? UIWindowScene else { return }
    window = UIWindow(windowScene: scene)
    window?.rootViewController = UINavigationController(rootViewController: inbox)
    window?.makeKeyAndVisible()
    links.willConnect(options: options, scene: scene)
    links.dispatcher.satisfy(.ready)  // the first screen is up: links open from now on
  }

  func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    links.open(contexts, scene: scene)
  }

  func scene(_ scene: UIScene, continue activity: NSUserActivity) {
    links.continue(activity, scene: scene)
  }
}
