// The screens the guide leaves out: just enough of an app to type-check its wiring.
import UIKit

final class TabBarController: UITabBarController {
  func show(_ route: TabRoute) {
    switch route {
    case .post: selectedIndex = 0
    case .settings: selectedIndex = 1
    }
  }
}
