import DeepLinkKit
import DeepLinkKitUIKit
import Foundation

extension DeepLinkError.Code {
  /// An App Intent handed a route over before the app registered a receiver for its route type
  /// (``LinkIntents/register(_:)``).
  public static let noReceiver = DeepLinkError.Code(rawValue: "noReceiver")
}

/// Where an App Intent that opens the app finds the app's ``LinkReceiver``: registered once at
/// launch, found by route type. An intent that adopts `LinkOpeningIntent` (the
/// `DeepLinkKitAppIntents` product, on Apple platforms) needs nothing else; one that writes its
/// own `perform()` calls ``open(_:scene:)``.
///
/// ```swift
/// // application(_:didFinishLaunchingWithOptions:)
/// LinkIntents.register(links)
///
/// struct ShowItemIntent: LinkOpeningIntent {
///   static let title: LocalizedStringResource = "Show item"
///   static let openAppWhenRun = true
///   @Parameter(title: "Item") var id: Int
///   var route: ItemsRoute { .item(id: id) }
/// }
/// ```
///
/// The route goes through the dispatcher as a link from `DeepLinkSource.intent` would: its
/// definition's sources and confirmation apply, and it is held until the app is ready.
@MainActor
public enum LinkIntents {
  private static var receivers: [ObjectIdentifier: AnyObject] = [:]

  /// Registers the receiver that App Intents opening routes of its type hand them to; a later
  /// registration for the same route type replaces it (a test, a new account's receiver).
  ///
  /// - Parameter receiver: The app's receiver.
  public static func register<Route>(_ receiver: LinkReceiver<Route>) {
    receivers[ObjectIdentifier(Route.self)] = receiver
  }

  /// Removes the receiver registered for `Route`, if any.
  public static func unregister<Route>(_: Route.Type) {
    receivers[ObjectIdentifier(Route.self)] = nil
  }

  /// The receiver registered for `Route`, if any.
  public static func receiver<Route>(for _: Route.Type) -> LinkReceiver<Route>? {
    receivers[ObjectIdentifier(Route.self)] as? LinkReceiver<Route>
  }

  /// Where ``warnUnlessOpensApp(_:opensApp:)`` writes its warning; standard error by default.
  static var warn: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

  /// The warning of an App Intent that opens a route without opening the app, or `nil`.
  static func openAppWarning(_ intent: Any.Type, opensApp: Bool) -> String? {
    guard !opensApp else { return nil }
    return "DeepLinkKit: warning: \(intent) opens a route but not the app; declare it in the intent itself, where "
      + "Xcode's metadata reads it: `static let openAppWhenRun = true` (and, from iOS 26, "
      + "`static let supportedModes: IntentModes = .foreground`)"
  }

  /// In a debug build, warns when an App Intent that opens a route says that running it does not
  /// open the app (`openAppWhenRun`, `supportedModes`): Siri and Shortcuts would run it in the
  /// background, and the route would wait for a window that never comes.
  ///
  /// - Parameters:
  ///   - intent: The intent's type.
  ///   - opensApp: What it declares.
  public static func warnUnlessOpensApp(_ intent: Any.Type, opensApp: Bool) {
    #if DEBUG
      if let warning = openAppWarning(intent, opensApp: opensApp) { warn(warning) }
    #endif
  }

  /// Hands a route over from an App Intent's `perform()`, as a link from an intent.
  ///
  /// - Parameters:
  ///   - route: The route the intent opens.
  ///   - scene: The scene it runs in, if known (`UISceneSession.persistentIdentifier`).
  /// - Returns: What the dispatcher did with it (delivered, held until the app is ready, a
  ///   duplicate of one it has).
  /// - Throws: `DeepLinkError`: `noReceiver` when no receiver of `Route` is registered, and the
  ///   refusal itself when the route's definition does not allow intents
  ///   (`sourceNotAllowed`); Siri and Shortcuts show its message.
  @discardableResult
  public static func open<Route>(_ route: Route, scene: String? = nil) throws(DeepLinkError) -> LinkOutcome<Route> {
    guard let receiver = receiver(for: Route.self) else {
      throw DeepLinkError(
        .noReceiver,
        "no LinkReceiver<\(Route.self)> is registered for App Intents; call LinkIntents.register(links) at launch")
    }
    let outcome = receiver.dispatcher.receive(route: route, source: .intent, scene: scene)
    if case .refused(let error) = outcome { throw error }
    return outcome
  }

  /// What the `perform()` of a scene-targeted App Intent (iOS 26 `UISceneAppIntent`,
  /// `LinkOpeningSceneIntent`) does with its route. When iOS chose a scene for the intent, the
  /// scene may have taken it before `perform()`: the scene delegate's
  /// `scene(_:willPerformAppIntent:)`, the intent's `performNavigation(forScene:)`, or SwiftUI's
  /// `onAppIntentExecution` hands it to ``LinkReceiver/receiveAppIntent(_:scene:)``. Whether one
  /// did or not (SwiftUI's own scene delegate may take the intent, and then neither UIKit path
  /// runs), the route is handed over once: `perform()` hands it over named by the scene, unless
  /// the scene did in the last ten seconds, and a scene path that comes after `perform()` finds
  /// it handed over. When iOS chose no scene, `perform()` opens it as ``open(_:scene:)`` does.
  ///
  /// - Parameters:
  ///   - route: The route the intent opens.
  ///   - scene: The scene iOS chose for the intent (`uiScene?.session.persistentIdentifier`),
  ///     or `nil`.
  /// - Returns: What the dispatcher did with the route.
  /// - Throws: `DeepLinkError`: `noReceiver` when no receiver of `Route` is registered, and the
  ///   refusal of a route whose definition does not let intents open it.
  @discardableResult
  public static func perform<Route>(_ route: Route, scene: String?) throws(DeepLinkError) -> LinkOutcome<Route> {
    // With no scene chosen the route is opened here; with no receiver, `open` throws `noReceiver`.
    guard let scene, let receiver = receiver(for: Route.self) else { return try open(route) }
    let outcome = receiver.receiveSceneIntent(route, scene: scene, fromPerform: true)
    // A refusal is the dispatcher's event; it is thrown here too, for Siri and Shortcuts to show.
    if case .refused(let error) = outcome { throw error }
    return outcome
  }
}

extension LinkReceiver {
  /// Hands over the route of an App Intent iOS performs in `scene`: the forward of
  /// `AppIntentSceneDelegate.scene(_:willPerformAppIntent:)` (iOS 26; the `DeepLinkKitAppIntents`
  /// product's `receive(_:in:)` reads the route of a `LinkOpeningSceneIntent`), of the intent's
  /// own `performNavigation(forScene:)` and of SwiftUI's `onAppIntentExecution`. The route goes
  /// through the dispatcher as a link from an intent (its sources, confirmation and conditions
  /// apply), held and de-duplicated as that scene's, once per run of the intent: the intent's
  /// `perform()` (``LinkIntents/perform(_:scene:)``) hands the same route over only when no scene
  /// path did, and a scene path after it finds it handed over.
  ///
  /// The intent that connected a new scene (`UIScene.ConnectionOptions.appIntent`) is not read
  /// at connection: iOS always calls `scene(_:willPerformAppIntent:)` after the scene connects,
  /// so reading both would open the route twice.
  ///
  /// - Parameters:
  ///   - route: The intent's route.
  ///   - scene: The scene's `session.persistentIdentifier`.
  /// - Returns: What the dispatcher did with it (what it did the first time, for the second path
  ///   of one run).
  @discardableResult
  public func receiveAppIntent(_ route: Route, scene: String?) -> LinkOutcome<Route> {
    guard let scene else { return dispatcher.receive(route: route, source: .intent) }
    return receiveSceneIntent(route, scene: scene, fromPerform: false)
  }

  /// How long a scene intent's route, handed over by one path, waits for the other path of the
  /// same run (iOS calls both within the same second).
  nonisolated static var sceneIntentMemory: Duration { .seconds(10) }

  /// Hands over a scene intent's route from `perform()` or from a scene path, once per run: the
  /// second path of a run (the other one, the same route and scene, within
  /// ``sceneIntentMemory``) gets what the first got.
  func receiveSceneIntent(_ route: Route, scene: String, fromPerform: Bool) -> LinkOutcome<Route> {
    let now = dispatcher.time
    sceneIntents.removeAll { now - $0.time > Self.sceneIntentMemory || $0.time > now }
    if let index = sceneIntents.firstIndex(where: {
      $0.fromPerform != fromPerform && $0.route == route && $0.scene == scene
    }) {
      return sceneIntents.remove(at: index).outcome
    }
    let outcome = dispatcher.receive(route: route, source: .intent, scene: scene)
    sceneIntents.append((route, scene, fromPerform, now, outcome))
    if sceneIntents.count > 16 { sceneIntents.removeFirst() }
    return outcome
  }
}
