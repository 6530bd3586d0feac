// The screens the guide leaves out: just enough of an app to type-check its wiring.
import UIKit

final class RootViewController: UIViewController {}
