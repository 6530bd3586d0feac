/// The raw values of the `UIApplication.LaunchOptionsKey`s the glue reads (Apple does not document
/// them; they equal the Objective-C constant names, as runtime logs show). The app-delegate
/// forward turns `[UIApplication.LaunchOptionsKey: Any]` into `[String: Any]` with them.
public enum LaunchOptionKey {
  /// `.url`: a `URL`.
  public static let url = "UIApplicationLaunchOptionsURLKey"
  /// `.remoteNotification`: the payload dictionary. Set for a tap and for a silent push that
  /// launched the app in the background alike, so the glue does not route it (see
  /// ``LinkReceiver/didFinishLaunching(rawOptions:)``).
  public static let remoteNotification = "UIApplicationLaunchOptionsRemoteNotificationKey"
  /// `.shortcutItem`: a `UIApplicationShortcutItem`.
  public static let shortcutItem = "UIApplicationLaunchOptionsShortcutItemKey"
  /// `.userActivityDictionary`: a dictionary holding the activity's type and, when present, the activity.
  public static let userActivityDictionary = "UIApplicationLaunchOptionsUserActivityDictionaryKey"
  /// `.userActivityType`: inside the user-activity dictionary, the activity type.
  public static let userActivityType = "UIApplicationLaunchOptionsUserActivityTypeKey"
  /// Inside the user-activity dictionary, the `NSUserActivity` itself (no public constant).
  public static let userActivity = "UIApplicationLaunchOptionsUserActivityKey"

  /// Launch options keyed by their raw values, as ``LinkReceiver/didFinishLaunching(rawOptions:)``
  /// takes them: what the app delegate's `[UIApplication.LaunchOptionsKey: Any]` becomes.
  /// Internal, so that an app keeps only the copy its forward specializes (a `package` generic
  /// is kept whole in every app: 3.3 KB of the tiny app).
  static func raw<Key: RawRepresentable>(_ options: [Key: Any]?) -> [String: Any]? where Key.RawValue == String {
    guard let options else { return nil }
    var raw: [String: Any] = [:]
    for (key, value) in options { raw[key.rawValue] = value }
    return raw
  }
}
