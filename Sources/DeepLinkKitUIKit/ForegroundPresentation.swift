import DeepLinkKit

/// How ``LinkNotificationDelegate`` answers `willPresent` for a notification that arrives while
/// the app is in the foreground, written over any options type so that it is tested here:
///
/// - with the app's `presentation`, its answer; the wrapped delegate is still told (it gets every
///   call it had before), and its answer is not used;
/// - else the wrapped delegate's answer, when it implements `willPresent`;
/// - else nothing is shown, as iOS does for a delegate that does not implement `willPresent`
///   ("the system silences alerts", UserNotifications,
///   `UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:)`).
///
/// The completion handler is called exactly once, by one of them.
enum ForegroundPresentation {
  /// - Parameters:
  ///   - fields: The notification's payload, read as a push's is (only for `presentation`).
  ///   - presentation: The app's own decision, if it gave one.
  ///   - none: The options that show nothing.
  ///   - forward: Calls the wrapped delegate's `willPresent` with a handler, and answers whether
  ///     it implements it.
  ///   - completion: The notification center's completion handler.
  static func decide<Options: Sendable>(
    _ fields: @autoclosure () -> [String: String], presentation: (([String: String]) -> Options)?, none: Options,
    forward: (_ handler: @escaping @Sendable (Options) -> Void) -> Bool,
    completion: @escaping @Sendable (Options) -> Void
  ) {
    if let presentation {
      _ = forward { _ in }
      completion(presentation(fields()))
    } else if !forward(completion) {
      completion(none)
    }
  }
}
