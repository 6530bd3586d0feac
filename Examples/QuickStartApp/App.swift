// The quick start's app around its scene delegate: a screen that shows a route, and the app
// delegate (its Info.plist names SceneDelegate as the window scene's delegate).
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {}

final class InboxViewController: UITableViewController {
  func show(_ route: MailRoute) {
    switch route {
    case .inbox: navigationController?.popToRootViewController(animated: true)
    case .message(let id):
      let message = UIViewController()
      message.title = "Message \(id)"
      navigationController?.pushViewController(message, animated: true)
    }
  }
}
