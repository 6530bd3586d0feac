import DeepLinkKit
import Foundation

/// The app's one entry point for every callback that can carry a link: it reads what it needs
/// from the Apple object at once, hands it to the dispatcher, and answers what Apple's rules want.
///
/// ```swift
/// // AppDelegate
/// func application(_ application: UIApplication,
///                  didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///   UNUserNotificationCenter.current().delegate = notificationDelegate
///   return links.didFinishLaunching(options: launchOptions)
/// }
/// func application(_ app: UIApplication, open url: URL,
///                   options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
///   links.open(url)
/// }
/// ```
///
/// Cold starts often hand one link over twice (a launch option, then the delegate call); the
/// dispatcher's duplicate window delivers it once.
@MainActor
public final class LinkReceiver<Route: Hashable & Sendable> {
  /// The dispatcher that resolves, holds and delivers every link.
  public let dispatcher: LinkDispatcher<Route>
  private let onRefusedUniversalLink: (@MainActor (URL, DeepLinkError) -> Void)?
  /// The routes of window activities not yet received, by their activity's token, oldest first.
  private var windowRoutes: [(token: String, route: Route)] = []
  /// The scene intents' routes handed over by one path of a run, for the other path to find
  /// (`DeepLinkKitAppIntents` keeps them here: one receiver, one memory).
  package var sceneIntents:
    [(route: Route, scene: String, fromPerform: Bool, time: Duration, outcome: LinkOutcome<Route>)] = []

  /// Creates a receiver.
  ///
  /// - Parameters:
  ///   - dispatcher: The app's dispatcher.
  ///   - onRefusedUniversalLink: Called with a universal link that opens nothing, so the app can
  ///     open it in the browser instead (`UIApplication.shared.open(url)`); `nil` does nothing.
  public init(
    dispatcher: LinkDispatcher<Route>, onRefusedUniversalLink: (@MainActor (URL, DeepLinkError) -> Void)? = nil
  ) {
    self.dispatcher = dispatcher
    self.onRefusedUniversalLink = onRefusedUniversalLink
  }

  // MARK: - App delegate

  /// Harvests the launch options of `application(_:didFinishLaunchingWithOptions:)`: the URL, the
  /// user activity and the quick action.
  ///
  /// A remote notification in the launch options is not routed: iOS sets it both when the user
  /// tapped the notification and when a silent (`content-available`) push launched the app in
  /// the background, and the options cannot tell the two apart. A tap reaches
  /// `userNotificationCenter(_:didReceive:withCompletionHandler:)` (``didReceive(_:completion:)``)
  /// once launch finishes, provided the notification center's delegate is set before then; route
  /// taps from there only.
  ///
  /// - Parameter options: The launch options, keyed by their raw values (``LaunchOptionKey``);
  ///   `nil` for scene-based apps.
  /// - Returns: What the launch method should return: `false` only when a launching quick action
  ///   was taken here, so that UIKit does not also call `application(_:performActionFor:…)`.
  @discardableResult
  public func didFinishLaunching(rawOptions options: [String: Any]?) -> Bool {
    guard let options else { return true }
    if let url = options[LaunchOptionKey.url] as? URL {
      open(url)
    }
    if let activities = options[LaunchOptionKey.userActivityDictionary] as? [AnyHashable: Any],
      let activity = activities[LaunchOptionKey.userActivity] as? any UserActivityInput
    {
      `continue`(activity)
    }
    if let item = options[LaunchOptionKey.shortcutItem] as? any ShortcutItemInput {
      perform(item)
      return false
    }
    return true
  }

  /// Handles `application(_:open:options:)`, `scene(_:openURLContexts:)` and SwiftUI's `onOpenURL`.
  ///
  /// - Parameters:
  ///   - url: The link.
  ///   - sendingApplication: The sending app's bundle identifier (`options[.sourceApplication]`),
  ///     for the delivery's context; never an identity to trust.
  ///   - scene: The scene's `session.persistentIdentifier`, for the delivery's context.
  /// - Returns: Whether the link was accepted (delivered or held).
  @discardableResult
  public func open(_ url: URL, sendingApplication: String? = nil, scene: String? = nil) -> Bool {
    let outcome = dispatcher.receive(DeepLinkInput.url(url).arriving(in: scene, from: sendingApplication))
    if case .refused(let error) = outcome, url.scheme?.lowercased() == "https" {
      onRefusedUniversalLink?(url, error)
    }
    return outcome.isHandled
  }

  /// Handles `application(_:continue:restorationHandler:)`, `scene(_:continue:)` and SwiftUI's
  /// `onContinueUserActivity`.
  ///
  /// - Parameters:
  ///   - activity: The activity: a universal link, Handoff, Spotlight, a Siri shortcut.
  ///   - scene: The scene's `session.persistentIdentifier`, for the delivery's context.
  /// - Returns: Whether it was accepted (delivered or held).
  @discardableResult
  public func `continue`(_ activity: some UserActivityInput, scene: String? = nil) -> Bool {
    if let route = claimWindowRoute(of: activity) {
      return dispatcher.receive(route: route, source: .inApp, scene: scene).isHandled
    }
    let outcome = dispatcher.receive(activity.input(for: dispatcher.router).arriving(in: scene))
    if case .refused(let error) = outcome, activity.activityType == ContinuedActivity.browsingWebType,
      let url = activity.webpageURL
    {
      onRefusedUniversalLink?(url, error)
    }
    return outcome.isHandled
  }

  /// Handles `application(_:performActionFor:completionHandler:)` and
  /// `windowScene(_:performActionFor:completionHandler:)`.
  ///
  /// - Parameters:
  ///   - item: The quick action.
  ///   - scene: The scene's `session.persistentIdentifier`, for the delivery's context.
  /// - Returns: What to pass to the completion handler: whether the action was accepted.
  @discardableResult
  public func perform(_ item: some ShortcutItemInput, scene: String? = nil) -> Bool {
    dispatcher.receive(DeepLinkInput.quickAction(item.quickAction).arriving(in: scene)).isHandled
  }

  // MARK: - Windows the app opens

  /// The activity type of ``windowActivity(opening:type:title:)``'s items by default.
  public nonisolated static var windowActivityType: String { ContinuedActivity.windowType }
  /// The `userInfo` key of a window activity's token.
  nonisolated static var windowTokenKey: String { "DeepLinkKit.window" }
  /// How many window activities wait to be received at most; the oldest is forgotten first.
  public nonisolated static var maxWindowRoutes: Int { 32 }

  /// The user activity that opens `route` in a window the app asks for: make an `NSUserActivity`
  /// of it and pass it in a `UISceneSessionActivationRequest` to
  /// `UIApplication.activateSceneSession(for:errorHandler:)` (iOS 17; before,
  /// `requestSceneSessionActivation(_:userActivity:options:errorHandler:)`). When the request
  /// fails (an iPhone opens no second window), ``cancelWindowActivity(_:)`` forgets it.
  ///
  /// ```swift
  /// let item = links.windowActivity(opening: .item(id: 42))
  /// let request = UISceneSessionActivationRequest(userActivity: NSUserActivity(item))
  /// UIApplication.shared.activateSceneSession(for: request) { _ in links.cancelWindowActivity(item) }
  /// ```
  ///
  /// iOS hands the activity to the window's scene (its connection options, or `scene(_:continue:)`
  /// for a window that exists), where ``willConnect(options:scene:)-(_,String?)`` and ``continue(_:scene:)-(_,String?)``
  /// deliver the route once, to that scene, as the app's own (`DeepLinkSource.inApp`): not as a
  /// link from outside, so no confirmation is asked and a route limited to `.inApp` opens. The
  /// activity carries a token only this receiver knows, so no other activity (Handoff from
  /// another device, a donated one) can pass for it; it is offered nowhere (no Handoff, Search
  /// or prediction). An activity received twice, or after ``maxWindowRoutes`` newer ones, is a
  /// link from outside again, and its type opens nothing.
  ///
  /// - Parameters:
  ///   - route: The route the new window opens.
  ///   - type: The activity type; list it in `NSUserActivityTypes` if the app lists activity types.
  ///   - title: The activity's title.
  /// - Returns: The item to make the activity of (`NSUserActivity(_:)`).
  public func windowActivity(
    opening route: Route, type: String = windowActivityType, title: String = ""
  ) -> UserActivityItem {
    let token = UUID().uuidString
    windowRoutes.append((token, route))
    if windowRoutes.count > Self.maxWindowRoutes { windowRoutes.removeFirst() }
    return UserActivityItem(type: type, title: title, userInfo: [Self.windowTokenKey: token], eligibility: [])
  }

  /// Forgets a window activity whose window iOS did not open: the error handler of
  /// `UIApplication.activateSceneSession(for:errorHandler:)` (an iPhone has one window, so the
  /// request fails there). Its route no longer waits, and the activity opens nothing if it comes
  /// after all.
  ///
  /// - Parameter item: What ``windowActivity(opening:type:title:)`` returned.
  public func cancelWindowActivity(_ item: UserActivityItem) {
    guard let token = item.userInfo[Self.windowTokenKey] else { return }
    windowRoutes.removeAll { $0.token == token }
  }

  /// How many window activities wait to be received.
  var pendingWindowActivities: Int { windowRoutes.count }

  /// The route of a window activity this receiver made, taken so that it opens once.
  private func claimWindowRoute(of activity: some UserActivityInput) -> Route? {
    guard let token = activity.userInfo?[Self.windowTokenKey] as? String,
      let index = windowRoutes.firstIndex(where: { $0.token == token })
    else { return nil }
    return windowRoutes.remove(at: index).route
  }

  // MARK: - Scene delegate

  /// Drains every cold-start source of `scene(_:willConnectTo:options:)`: URL contexts, user
  /// activities, the quick action and the notification response. (A pending Handoff arrives later,
  /// through `scene(_:continue:)`.)
  ///
  /// - Parameters:
  ///   - options: The connection options.
  ///   - scene: The connecting scene's `session.persistentIdentifier`, for each delivery's context.
  public func willConnect(options: some SceneConnectionOptionsInput, scene: String? = nil) {
    open(options.urlContexts, scene: scene)
    for activity in options.userActivities { `continue`(activity, scene: scene) }
    if let item = options.shortcutItem { perform(item, scene: scene) }
    if let response = options.notificationResponse {
      dispatcher.receive(DeepLinkInput.push(response.notification).arriving(in: scene))
    }
  }

  /// Handles `scene(_:openURLContexts:)`.
  ///
  /// - Parameters:
  ///   - contexts: The URL contexts; each one's sending app reaches its delivery's context.
  ///   - scene: The scene's `session.persistentIdentifier`, for the delivery's context.
  public func open(_ contexts: some Sequence<some URLContextInput>, scene: String? = nil) {
    for context in contexts { open(context.url, sendingApplication: context.sourceApplication, scene: scene) }
  }

  // MARK: - Notifications

  /// Handles `userNotificationCenter(_:didReceive:withCompletionHandler:)` from any thread: copies
  /// the response into plain values on the calling thread and hands the notification to the
  /// dispatcher, which receives it on the main actor, after this returns. `completion` is called
  /// exactly once: when the dispatcher has received it, or, for an action that runs in the
  /// background (`PushRule.runsInBackground`: a reply), once the dispatcher's background handler
  /// has finished with it (for an action held until sign-in, when it is handled, dropped, or
  /// after 25 seconds; see `LinkDispatcher.setBackgroundHandler(_:)`). iOS may suspend the app
  /// once it is called, so a reply is never reported done before it is sent.
  ///
  /// This is the one line to add to a notification delegate the app already has (its own, or
  /// one a push SDK installs):
  ///
  /// ```swift
  /// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
  ///                             withCompletionHandler completionHandler: @escaping () -> Void) {
  ///   links.didReceive(response, completion: completionHandler)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - response: The notification response.
  ///   - completion: The delegate's completion handler.
  public nonisolated func didReceive(
    _ response: some NotificationResponseInput, completion: @escaping @Sendable () -> Void
  ) {
    receive(response, whenDone: completion)
  }

  /// Routes a tap for a delegate that wraps the app's own (`LinkNotificationDelegate(wrapping:)`):
  /// `forward` passes a completion handler on to the wrapped delegate and answers whether it
  /// took it (it implements the method). `completion`, iOS's, is called exactly once, when both
  /// are done: the link (as ``didReceive(_:completion:)`` waits for it) and the wrapped delegate
  /// (when it calls the handler it was given; at once when it took none).
  nonisolated func didReceive(
    _ response: some NotificationResponseInput, completion: @escaping @Sendable () -> Void,
    forwarding forward: (@escaping @Sendable () -> Void) -> Bool
  ) {
    let gate = CompletionGate(parts: 2, then: completion)
    receive(response, whenDone: { gate.finish(0) })
    if !forward({ gate.finish(1) }) { gate.finish(1) }
  }

  /// Hands a notification response to the dispatcher from any thread, and returns once it is
  /// received, or, for an action that runs in the background, once the background handler has
  /// finished with it, as ``didReceive(_:completion:)`` calls its completion: for the async form
  /// of a delegate the app already has, which iOS takes as done when it returns.
  ///
  /// ```swift
  /// func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
  ///   await links.receive(response)
  /// }
  /// ```
  ///
  /// The response's `targetScene` is the window the notification opens in: its holding and
  /// duplicates are that scene's (read on the main actor, where a scene may be read).
  ///
  /// Emitted into the app that calls it (`@_alwaysEmitIntoClient`): the library holds no
  /// asynchronous code an app that does not call it would have to keep.
  ///
  /// - Parameter response: The notification response; copied into plain values at once.
  @_alwaysEmitIntoClient
  public nonisolated func receive(_ response: some NotificationResponseInput) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      receive(response, whenDone: { done.resume() })
    }
  }

  @usableFromInline
  nonisolated func receive(
    _ response: some NotificationResponseInput, whenDone: (@MainActor @Sendable () -> Void)?
  ) {
    var readScene: (@MainActor @Sendable () -> String?)?
    if let scene = response.targetSceneInput { readScene = { scene.sessionIdentifier } }
    dispatcher.submit(.push(response.notification), scene: readScene, whenDone: whenDone)
  }
}

/// A completion handler called once every part of the work it waits for has finished; a part
/// that reports twice (a wrapped delegate that calls its handler twice) counts once, and the
/// handler is never called twice.
final class CompletionGate: @unchecked Sendable {
  // Unchecked: `finished` is read and written under `lock` only.
  private let lock = NSLock()
  private var finished: [Bool]
  private let completion: @Sendable () -> Void

  init(parts: Int, then completion: @escaping @Sendable () -> Void) {
    finished = Array(repeating: false, count: parts)
    self.completion = completion
  }

  /// Records that part `part` finished; the last part to finish calls the handler.
  func finish(_ part: Int) {
    let isLast = lock.withLock { () -> Bool in
      guard !finished[part] else { return false }
      finished[part] = true
      return !finished.contains(false)
    }
    if isLast { completion() }
  }
}
