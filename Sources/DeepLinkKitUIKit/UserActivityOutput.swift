import DeepLinkKit
import Foundation

/// The properties of an `NSUserActivity` the glue sets when it publishes a route (on the main
/// actor, where apps donate and publish activities).
@MainActor
public protocol UserActivityOutput: AnyObject {
  /// `NSUserActivity.title`.
  var title: String? { get set }
  /// `NSUserActivity.userInfo`.
  var userInfo: [AnyHashable: Any]? { get set }
  /// `NSUserActivity.requiredUserInfoKeys`.
  var requiredUserInfoKeys: Set<String>? { get set }
  /// `NSUserActivity.webpageURL`.
  var webpageURL: URL? { get set }
  /// `NSUserActivity.isEligibleForHandoff`.
  var isEligibleForHandoff: Bool { get set }
  /// `NSUserActivity.isEligibleForSearch`.
  var isEligibleForSearch: Bool { get set }
  /// `NSUserActivity.isEligibleForPublicIndexing`.
  var isEligibleForPublicIndexing: Bool { get set }
  /// `NSUserActivity.isEligibleForPrediction`.
  var isEligibleForPrediction: Bool { get set }
  /// `NSUserActivity.persistentIdentifier`.
  var persistentIdentifier: String? { get set }
}

extension UserActivityItem {
  /// Sets `activity`'s properties from this item. `requiredUserInfoKeys` lists the parameters, so
  /// that a search-eligible activity with a webpage keeps its `userInfo`.
  ///
  /// - Parameter activity: An `NSUserActivity` created with this item's ``UserActivityItem/type``.
  @MainActor
  public func apply(to activity: some UserActivityOutput) {
    activity.title = title
    // A loop, not a cast of the dictionary (see `ShortcutItemInput.quickAction`).
    var info: [AnyHashable: Any] = [:]
    for (key, value) in userInfo { info[key] = value }
    activity.userInfo = userInfo.isEmpty ? nil : info
    // Inserted one by one, through the standard library's unspecialized code (`insertUnspecialized`).
    var keys = Set<String>()
    for key in userInfo.keys { keys.insertUnspecialized(key) }
    activity.requiredUserInfoKeys = userInfo.isEmpty ? nil : keys
    activity.webpageURL = webpageURL.flatMap(URL.init(string:))
    activity.isEligibleForHandoff = eligibility.contains(.handoff)
    activity.isEligibleForSearch = eligibility.contains(.search)
    activity.isEligibleForPublicIndexing = eligibility.contains(.publicIndexing)
    activity.isEligibleForPrediction = eligibility.contains(.prediction)
    activity.persistentIdentifier = persistentIdentifier
  }
}
