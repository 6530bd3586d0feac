// Apple-only: an App Intent that opens the app at a route, its perform() a forward to the
// Linux-tested `LinkIntents.open(_:scene:)` (DeepLinkKitUIKit). A product of its own, so that an
// app without App Intents does not link the AppIntents framework.
//
// Apple declarations relied on (framework AppIntents, iOS 16, macOS 13, tvOS 16, watchOS 9):
// - `AppIntent` (`static var title: LocalizedStringResource`, `static var openAppWhenRun: Bool`,
//   `func perform() async throws -> Self.PerformResult`):
//   https://developer.apple.com/documentation/appintents/appintent
// - `IntentResult` and `.result()`:
//   https://developer.apple.com/documentation/appintents/intentresult
// iOS 26 (framework AppIntents, module `_AppIntents_UIKit`, the cross-import of AppIntents and
// UIKit; its SDK's module version is 300, iOS 18.6's 227):
// - `UISceneAppIntent` (`func performNavigation(forScene: UIScene)`, `var uiScene: UIScene?`,
//   checked only in `perform()`): https://developer.apple.com/documentation/appintents/uisceneappintent,
//   …/uisceneappintent/performnavigation(forscene:), …/uisceneappintent/uiscene
// - `AppIntentSceneDelegate.scene(_:willPerformAppIntent:)`, called before `perform()`; when the
//   scene delegate does not implement it, `performNavigation(forScene:)` is called instead:
//   https://developer.apple.com/documentation/appintents/appintentscenedelegate/scene(_:willperformappintent:)
// - `UIScene.ConnectionOptions.appIntent`: "`scene(_:willPerform:)` will always be called after
//   scene connection": https://developer.apple.com/documentation/uikit/uiscene/connectionoptions/appintent
// - UIKit `UIScene.session`, `UISceneSession.persistentIdentifier` (main actor)
#if canImport(AppIntents) && (os(iOS) || os(visionOS))
  import AppIntents
  import DeepLinkKit
  import DeepLinkKitUIKit

  /// An App Intent that opens the app at a route: it names the route, and the library does the
  /// rest (the app is opened, the route goes through the registered receiver's dispatcher as a
  /// link from an intent: its sources, confirmation and conditions apply).
  ///
  /// ```swift
  /// struct ShowItemIntent: LinkOpeningIntent {
  ///   static let title: LocalizedStringResource = "Show item"
  ///   @Parameter(title: "Item") var id: Int
  ///   var route: ItemsRoute { .item(id: id) }
  /// }
  /// ```
  ///
  /// Register the receiver at launch with ``LinkIntents/register(_:)``.
  @available(iOS 16.0, *)
  public protocol LinkOpeningIntent: AppIntent {
    associatedtype Route: Hashable & Sendable
    /// The route this intent opens, from its parameters.
    var route: Route { get }
  }

  @available(iOS 16.0, *)
  extension LinkOpeningIntent {
    public static var openAppWhenRun: Bool { true }

    @MainActor
    public func perform() async throws -> some IntentResult {
      try LinkIntents.open(route)
      return .result()
    }
  }

  #if compiler(>=6.2) && canImport(_AppIntents_UIKit, _version: 228)
    import UIKit
    import _AppIntents_UIKit  // what `import AppIntents` with `import UIKit` brings in an Xcode build

    /// An App Intent that opens the app at a route in the scene iOS chooses for it (iOS 26): a
    /// `LinkOpeningIntent` that is also a `UISceneAppIntent`, so that a window of its own is
    /// opened or brought forward, and the route is held and delivered as that scene's.
    ///
    /// iOS hands the intent to the scene before `perform()`: the scene delegate forwards
    /// `scene(_:willPerformAppIntent:)` with one line, or, when it does not implement it, the
    /// intent's `performNavigation(forScene:)` (given here) hands the route over. `perform()`
    /// then opens nothing, so the route opens once.
    ///
    /// ```swift
    /// struct ShowItemIntent: LinkOpeningSceneIntent { … }
    ///
    /// // SceneDelegate: AppIntentSceneDelegate
    /// func scene(_ scene: UIScene, willPerformAppIntent appIntent: any UISceneAppIntent) {
    ///   links.receive(appIntent, in: scene)
    /// }
    /// ```
    @available(iOS 26.0, *)
    public protocol LinkOpeningSceneIntent: LinkOpeningIntent, UISceneAppIntent {}

    @available(iOS 26.0, *)
    extension LinkOpeningSceneIntent {
      public func performNavigation(forScene scene: UIScene) {
        // iOS calls it on the main thread, before the scene comes to the foreground.
        MainActor.assumeIsolated {
          _ = LinkIntents.receiver(for: Route.self)?.receiveAppIntent(
            route, scene: scene.session.persistentIdentifier)
        }
      }

      @MainActor
      public func perform() async throws -> some IntentResult {
        try LinkIntents.perform(route, sceneChosen: uiScene != nil)
        return .result()
      }
    }

    @available(iOS 26.0, *)
    extension LinkReceiver {
      /// Forwards `AppIntentSceneDelegate.scene(_:willPerformAppIntent:)`: the route of a
      /// `LinkOpeningSceneIntent` of this receiver's route type opens in `scene`; see
      /// `receiveAppIntent(_:scene:)`.
      ///
      /// - Returns: Whether the intent was one of this receiver's and its route was accepted.
      @discardableResult
      public func receive(_ appIntent: any UISceneAppIntent, in scene: UIScene) -> Bool {
        guard let intent = appIntent as? any LinkOpeningSceneIntent, let route = Self.route(of: intent) else {
          return false
        }
        return receiveAppIntent(route, scene: scene.session.persistentIdentifier).isHandled
      }

      private static func route<Intent: LinkOpeningSceneIntent>(of intent: Intent) -> Route? {
        intent.route as? Route
      }
    }
  #endif
#endif
