// From the DocC guide SceneDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK (the iOS 26 part against an iOS 26 SDK only).
import AppIntents
import DeepLinkKitAppIntents
import DeepLinkKitUIKit
import UIKit

#if compiler(>=6.2) && canImport(_AppIntents_UIKit, _version: 228)  // built with the iOS 26 SDK
  @available(iOS 26.0, *)
  struct OpenPostIntent: LinkOpeningSceneIntent {
    static let title: LocalizedStringResource = "Open post"
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
  /// as the app's own route.
  func openInNewWindow(_ route: TabRoute) {
    let activity = NSUserActivity(links.windowActivity(opening: route))
    UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
  }
}
