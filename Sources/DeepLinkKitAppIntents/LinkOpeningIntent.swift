// Apple-only: an App Intent that opens the app at a route, its perform() a forward to the
// Linux-tested `LinkIntents.open(_:scene:)` (LinkIntents.swift, beside it). A product of its own, so
// that an app without App Intents neither links the AppIntents framework nor carries LinkIntents.
//
// Apple declarations relied on (framework AppIntents, iOS 16, macOS 13, tvOS 16, watchOS 9):
// - `AppIntent` (`static var title: LocalizedStringResource`, `static var openAppWhenRun: Bool`,
//   deprecated in iOS 26 for `static var supportedModes: IntentModes`, `func perform() async
//   throws -> Self.PerformResult`), declared `@_alwaysEmitConformanceMetadata` in
//   AppIntents.swiftinterface: https://developer.apple.com/documentation/appintents/appintent,
//   …/appintent/openappwhenrun, …/appintent/supportedmodes
// - `IntentModes.foreground` (iOS 26): https://developer.apple.com/documentation/appintents/intentmodes
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
  /// rest (the route goes through the registered receiver's dispatcher as a link from an intent:
  /// its sources, confirmation and conditions apply).
  ///
  /// ```swift
  /// struct ShowItemIntent: LinkOpeningIntent {
  ///   static let title: LocalizedStringResource = "Show item"
  ///   static let openAppWhenRun = true  // in the intent itself: what Xcode's metadata reads
  ///   @Parameter(title: "Item") var id: Int
  ///   var route: ItemsRoute { .item(id: id) }
  /// }
  /// ```
  ///
  /// The intent declares `openAppWhenRun` itself (and, from iOS 26, `supportedModes` with
  /// `.foreground`): Xcode builds the metadata Siri and Shortcuts read from the values the
  /// intent's own declaration holds, before the code runs, so a default supplied here would open
  /// the app in the process and not in the metadata. In a debug build on iOS 26, `perform()` prints a
  /// warning when the intent does not open the app. The protocol keeps its conformance records
  /// in an optimized build (`@_alwaysEmitConformanceMetadata`, as `AppIntent` does), so that an
  /// intent nothing in the app refers to is not stripped from a Release build.
  ///
  /// Register the receiver at launch with ``LinkIntents/register(_:)``.
  @available(iOS 16.0, *)
  @_alwaysEmitConformanceMetadata
  public protocol LinkOpeningIntent: AppIntent {
    associatedtype Route: Hashable & Sendable
    /// The route this intent opens, from its parameters.
    var route: Route { get }
  }

  @available(iOS 16.0, *)
  extension LinkOpeningIntent {
    @MainActor
    public func perform() async throws -> some IntentResult {
      LinkIntents.warnUnlessOpensApp(Self.self, opensApp: Self.opensApp)
      try LinkIntents.open(route)
      return .result()
    }

    /// Whether the intent says that running it opens the app, as iOS 26 reads it
    /// (`supportedModes`, which an intent's `openAppWhenRun` sets unless it declares its own).
    /// Before iOS 26 it is not read here: `openAppWhenRun` is deprecated from iOS 26, and naming it
    /// would warn every app that targets iOS 26.
    static var opensApp: Bool {
      #if compiler(>=6.2) && canImport(AppIntents, _version: 228)  // built with the iOS 26 SDK
        if #available(iOS 26.0, *) { return !supportedModes.isSubset(of: .background) }
      #endif
      return true
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
    /// intent's `performNavigation(forScene:)` (given here) hands the route over; in SwiftUI,
    /// `onAppIntentExecution` does, with ``LinkReceiver/receiveAppIntent(_:scene:)``. `perform()`
    /// hands it over itself when none of them did (SwiftUI's own scene delegate may take the
    /// intent), so it opens once.
    ///
    /// ```swift
    /// struct ShowItemIntent: LinkOpeningSceneIntent {
    ///   static let title: LocalizedStringResource = "Show item"
    ///   static let supportedModes: IntentModes = .foreground  // what Xcode's metadata reads
    ///   @Parameter(title: "Item") var id: Int
    ///   var route: ItemsRoute { .item(id: id) }
    /// }
    ///
    /// // SceneDelegate: AppIntentSceneDelegate
    /// func scene(_ scene: UIScene, willPerformAppIntent appIntent: any UISceneAppIntent) {
    ///   links.receive(appIntent, in: scene)
    /// }
    /// ```
    @available(iOS 26.0, *)
    @_alwaysEmitConformanceMetadata
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
        LinkIntents.warnUnlessOpensApp(Self.self, opensApp: Self.opensApp)
        try LinkIntents.perform(route, scene: uiScene?.session.persistentIdentifier)
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
