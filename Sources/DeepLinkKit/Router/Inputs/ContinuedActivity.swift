import Foundation

/// An `NSUserActivity` that continues in the app (a universal link, Handoff, a Spotlight item, a
/// donated activity or Siri shortcut), as plain values.
///
/// - A web-browsing activity (``browsingWebType``) is a universal link: its ``webpageURL`` is routed.
/// - A Spotlight item (``spotlightItemType``) routes its item identifier when that is a URL.
/// - Any other type routes by type, its `userInfo` supplying the parameters.
package struct ContinuedActivity: Sendable, Equatable {
  /// `NSUserActivityTypeBrowsingWeb`.
  package static let browsingWebType = "NSUserActivityTypeBrowsingWeb"
  /// The activity type of the windows the app opens for a route (`LinkReceiver`'s
  /// `windowActivity(opening:)`), which the app lists in `NSUserActivityTypes`.
  package static let windowType = "DeepLinkKit.window"
  /// `CSSearchableItemActionType`, the type of an activity that opens a Spotlight item.
  package static let spotlightItemType = "com.apple.corespotlightitem"
  /// `CSSearchableItemActivityIdentifier`, the `userInfo` key of the Spotlight item's identifier.
  package static let spotlightIdentifierKey = "kCSSearchableItemActivityIdentifier"

  /// The activity type.
  package var type: String
  /// The activity's web page, for a universal link or browser Handoff.
  package var webpageURL: String?
  /// Its `userInfo`, flattened by the ``LinkPayload`` rules.
  package var userInfo: [String: String]

  /// Creates an activity.
  package init(type: String, webpageURL: String? = nil, userInfo: [String: String] = [:]) {
    self.type = type
    self.webpageURL = webpageURL
    self.userInfo = userInfo
  }

  /// Creates an activity from an `NSUserActivity`'s values.
  package init(type: String, webpageURL: URL?, userInfo: [AnyHashable: Any]?) {
    self.init(type: type, webpageURL: webpageURL?.absoluteString, userInfo: LinkPayload.fields(of: userInfo))
  }
}
