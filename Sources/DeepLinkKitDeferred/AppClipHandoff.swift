import Foundation

/// The hand-off from an App Clip to its full app: the clip, opened from a link, leaves the link
/// in the `UserDefaults` of the app group both share, and the full app takes it, once, at its
/// first launch (``DeferredLinks/claimAppClip(_:)``).
///
/// ```swift
/// // In the App Clip, with the invocation's `NSUserActivity.webpageURL`:
/// AppClipHandoff(appGroup: "group.com.example.shop")?.write(url)
/// // In the full app, at the first launch:
/// if let handoff = AppClipHandoff(appGroup: "group.com.example.shop") { deferred.claimAppClip(handoff) }
/// ```
///
/// An app group's defaults are an API Apple requires a reason for: the privacy manifest declares
/// `1C8F.1` (information shared within the app group).
@MainActor
public struct AppClipHandoff {
  private let defaults: UserDefaults
  private let key: String

  /// The hand-off in the app group `appGroup` (its `UserDefaults(suiteName:)`); `nil` when the
  /// target is not in the group: `UserDefaults(suiteName:)` opens defaults for any name, so a clip
  /// without the app-group entitlement would write where the full app never reads. The group is
  /// the target's when Foundation `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`
  /// gives its container (https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)).
  public init?(appGroup: String, key: String = "DeepLinkKit.appClipHandoff") {
    self.init(appGroup: appGroup, key: key, isMember: { Self.isMember(of: $0) })
  }

  /// The same, with what says whether the target is in the group (a test's answer).
  init?(appGroup: String, key: String, isMember: (String) -> Bool) {
    guard isMember(appGroup), let defaults = UserDefaults(suiteName: appGroup) else { return nil }
    self.init(defaults: defaults, key: key)
  }

  /// Whether the running target has the app group's entitlement: it has the group's container.
  /// Where there are no app groups (Linux), any name is taken.
  nonisolated static func isMember(of appGroup: String) -> Bool {
    #if canImport(Darwin)
      FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) != nil
    #else
      true
    #endif
  }

  /// The hand-off in `defaults`, under `key`.
  public init(defaults: UserDefaults, key: String = "DeepLinkKit.appClipHandoff") {
    self.defaults = defaults
    self.key = key
  }

  /// In the App Clip: leaves `link` for the full app, with the time and an identifier of its own,
  /// replacing any link left before.
  public func write(_ link: URL, at date: Date = Date()) {
    defaults.set(
      ["link": link.absoluteString, "time": date.timeIntervalSince1970, "id": UUID().uuidString] as [String: Any],
      forKey: key)
  }

  /// In the full app: the link the clip left, taken (removed) so that it is handed over once.
  public func take() -> (link: String, id: String, createdAt: Date)? {
    guard let entry = defaults.dictionary(forKey: key) else { return nil }
    defaults.removeObject(forKey: key)
    guard let link = entry["link"] as? String, let id = entry["id"] as? String,
      let time = entry["time"] as? Double
    else { return nil }
    return (link, id, Date(timeIntervalSince1970: time))
  }
}

extension DeferredLinks {
  /// Takes the link an App Clip left in the app group, at the first launch only: handed over as
  /// ``claim(_:id:createdAt:)`` does, once per hand-off. The clip's entry is the app's own: it
  /// takes the launch's deferred link whatever the dispatcher does with it, so claim it before
  /// the pasteboard.
  ///
  /// - Parameter handoff: The app group's hand-off.
  public func claimAppClip(_ handoff: AppClipHandoff) -> DeferredLinkOutcome<Route> {
    // Asked before the link is taken, so that a launch that may not open it leaves it there.
    if let absence { return .nothing(absence) }
    guard let (link, id, createdAt) = handoff.take() else { return .nothing(.noHandoff) }
    return claim(link, id: id, createdAt: createdAt, isAppClipEntry: true)
  }
}
