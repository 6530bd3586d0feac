import DeepLinkKit
import DeepLinkKitAppIntents
import DeepLinkKitUIKit
import Foundation

/// Something that can open an app at a place, as a test plays it.
public enum PlayedInput {
  /// A custom-scheme link.
  case link(URL)
  /// A universal link (a web-browsing activity).
  case universalLink(URL)
  /// A user activity: Spotlight, a Siri shortcut, a donated activity.
  case activity(FakeUserActivity)
  /// A Handoff from another device: at a scene's cold start only its type is in the connection
  /// options, and the activity follows through `scene(_:continue:)`.
  case handoff(FakeUserActivity)
  /// A home-screen quick action.
  case quickAction(FakeShortcutItem)
  /// A tap on a notification with this payload (or one of its actions, or a typed reply).
  case notificationTap(FakeNotificationResponse)

  /// A tap on a notification whose payload is `payload`.
  public static func notificationTap(_ payload: [AnyHashable: Any]) -> PlayedInput {
    .notificationTap(FakeNotificationResponse(payload: payload))
  }
}

extension LinkReceiver {
  /// Plays a cold start of an app-delegate app opened by `input`, as iOS does it: the launch
  /// options reach `didFinishLaunching(rawOptions:)`, then UIKit calls the delegate method for the
  /// same input (`open`, `continue`; for a notification, the notification center's `didReceive`),
  /// unless launch returned `false` (a quick action taken at launch).
  ///
  /// - Returns: What `application(_:didFinishLaunchingWithOptions:)` returned.
  @discardableResult
  public func playColdStart(_ input: PlayedInput) -> Bool {
    switch input {
    case .link(let url):
      let launched = didFinishLaunching(rawOptions: FakeLaunchOptions.url(url))
      if launched { open(url) }
      return launched
    case .universalLink(let url):
      return playColdStart(.activity(.universalLink(url)))
    case .activity(let activity), .handoff(let activity):
      let launched = didFinishLaunching(rawOptions: FakeLaunchOptions.userActivity(activity))
      if launched { `continue`(activity) }
      return launched
    case .quickAction(let item):
      return didFinishLaunching(rawOptions: FakeLaunchOptions.shortcutItem(item))
    case .notificationTap(let response):
      let launched = didFinishLaunching(rawOptions: FakeLaunchOptions.remoteNotification(response.payload))
      playWarmOpen(.notificationTap(response))
      return launched
    }
  }

  /// Plays a cold start of a scene-based app: the connection options reach
  /// `willConnect(options:scene:)`; `launchOptions` is `nil`. A notification tap is then handed
  /// over a second time by the notification center's `didReceive`, its `targetScene` the
  /// connecting scene unless the response names one (as has been seen on devices; Apple does not
  /// document whether it always is). A Handoff puts only its
  /// type in the options, and its activity follows through `scene(_:continue:)`. Play it for a
  /// second scene to play two windows opened at once.
  ///
  /// - Parameters:
  ///   - input: What opened the app.
  ///   - scene: The scene's persistent identifier.
  public func playSceneColdStart(_ input: PlayedInput, scene: String = "scene") {
    _ = didFinishLaunching(rawOptions: nil)
    var options = FakeConnectionOptions()
    switch input {
    case .link(let url): options.urlContexts = [FakeURLContext(url: url)]
    case .universalLink(let url): options.userActivities = [.universalLink(url)]
    case .activity(let activity): options.userActivities = [activity]
    case .quickAction(let item): options.shortcutItem = item
    case .notificationTap(let response): options.notificationResponse = response
    case .handoff(let activity): options.handoffUserActivityType = activity.activityType
    }
    willConnect(options: options, scene: scene)
    switch input {
    case .notificationTap(var response):
      response.targetScene = response.targetScene ?? FakeScene(scene)
      didReceive(response, completion: {})
      dispatcher.receiveSubmitted()
    case .handoff(let activity):
      `continue`(activity, scene: scene)
    default: break
    }
  }

  /// Plays `input` reaching a running app: the delegate method iOS calls for it. A notification
  /// tap arrives on the notification center's queue and is received on the main actor before
  /// this returns.
  ///
  /// - Returns: Whether it was accepted (delivered or held), as the delegate method answers.
  @discardableResult
  public func playWarmOpen(_ input: PlayedInput) -> Bool {
    switch input {
    case .link(let url): return open(url)
    case .universalLink(let url): return `continue`(FakeUserActivity.universalLink(url))
    case .activity(let activity), .handoff(let activity): return `continue`(activity)
    case .quickAction(let item): return perform(item)
    case .notificationTap(let response):
      didReceive(response, completion: {})
      dispatcher.receiveSubmitted()
      return true
    }
  }

  /// Plays a background launch for a silent (`content-available`) push: the payload is in the
  /// launch options, and no notification delegate call follows.
  public func playBackgroundLaunch(silentPush payload: [AnyHashable: Any]) {
    _ = didFinishLaunching(rawOptions: FakeLaunchOptions.remoteNotification(payload))
  }
}

/// Which code takes an App Intent iOS performs in a scene (iOS 26, a `LinkOpeningSceneIntent`)
/// before its `perform()` runs.
public enum SceneIntentPath: Sendable, CaseIterable {
  /// The scene delegate's `scene(_:willPerformAppIntent:)` forwards it (`receive(_:in:)`).
  case sceneDelegate
  /// The delegate does not implement it: iOS calls the intent's `performNavigation(forScene:)`.
  case performNavigation
  /// SwiftUI's `onAppIntentExecution`, called after `perform()` has run.
  case swiftUIAfterPerform
  /// SwiftUI's own scene delegate took it, with no `onAppIntentExecution`: only `perform()` runs.
  case performOnly
}

extension LinkReceiver {
  /// Plays an App Intent that opens the app in a scene (iOS 26, a `LinkOpeningSceneIntent`), as
  /// iOS calls it: on a cold start the scene connects first (the intent is in the connection
  /// options' `appIntent`, which is not read); then the scene takes it by `path` (the scene
  /// delegate, the intent's `performNavigation(forScene:)`), then the intent's `perform()` runs,
  /// its `uiScene` the scene (and SwiftUI's `onAppIntentExecution`, on that path). With no scene,
  /// iOS calls `perform()` only.
  ///
  /// - Parameters:
  ///   - route: The intent's route.
  ///   - scene: The scene iOS chose for it, if any.
  ///   - coldStart: Whether the intent launched the app.
  ///   - path: Which code takes the intent in the scene.
  /// - Throws: What `perform()` throws (`LinkIntents.perform(_:scene:)`).
  public func playAppIntent(
    _ route: Route, scene: String?, coldStart: Bool = false, path: SceneIntentPath = .sceneDelegate
  ) throws(DeepLinkError) {
    if coldStart {
      _ = didFinishLaunching(rawOptions: nil)
      willConnect(options: FakeConnectionOptions(), scene: scene)
    }
    if let scene {
      switch path {
      case .sceneDelegate: receiveAppIntent(route, scene: scene)
      case .performNavigation: LinkIntents.receiver(for: Route.self)?.receiveAppIntent(route, scene: scene)
      case .swiftUIAfterPerform, .performOnly: break
      }
    }
    try LinkIntents.perform(route, scene: scene)
    if let scene, path == .swiftUIAfterPerform { receiveAppIntent(route, scene: scene) }
  }
}
