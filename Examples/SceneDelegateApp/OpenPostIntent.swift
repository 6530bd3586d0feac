// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code
// (the iOS 26 part against an iOS 26 SDK only).
import AppIntents
import DeepLinkKitAppIntents
import DeepLinkKitUIKit
import UIKit

#if compiler(>=6.2) && canImport(_AppIntents_UIKit, _version: 228)  // built with the iOS 26 SDK
  @available(iOS 26.0, *)
  struct OpenPostIntent: LinkOpeningSceneIntent {
    static let title: LocalizedStringResource = "Open post"
    static let supportedModes: IntentModes = .foreground  // declared here, where Xcode's metadata reads it
    @Parameter(title: "Post") var id: Int
    var route: TabRoute { .post(id: id) }  // opens in the window iOS chooses for it
  }

  @available(iOS 26.0, *)
  extension SceneDelegate: @preconcurrency AppIntentSceneDelegate {  // iOS calls it on the main thread
    func scene(_ scene: UIScene, willPerformAppIntent appIntent: any UISceneAppIntent) {
      links.receive(appIntent, in: scene)
    }
  }
#endif

extension AppDelegate {
  /// Opens a route in a window of its own (iPad, Mac): the new window's scene delivers it once,
  /// as the app's own route. Where no window opens (iPhone), the route is forgotten.
  func openInNewWindow(_ route: TabRoute) {
    let item = links.windowActivity(opening: route)
    let forget: (any Error) -> Void = { [links] _ in links.cancelWindowActivity(item) }  // on the main thread
    if #available(iOS 17.0, *) {
      let request = UISceneSessionActivationRequest(userActivity: NSUserActivity(item))
      UIApplication.shared.activateSceneSession(for: request, errorHandler: forget)
    } else {
      UIApplication.shared.requestSceneSessionActivation(
        nil, userActivity: NSUserActivity(item), options: nil, errorHandler: forget)
    }
  }
}
