import DeepLinkKit

/// What an app donates or publishes as a user activity for a route (Siri suggestions, Spotlight,
/// Handoff). Its continuation comes back as the same route.
public struct UserActivityItem: Sendable, Equatable {
  /// Where the activity may be offered.
  public struct Eligibility: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    /// Creates eligibility from its raw value.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// `isEligibleForHandoff`.
    public static let handoff = Eligibility(rawValue: 1 << 0)
    /// `isEligibleForSearch`: Spotlight.
    public static let search = Eligibility(rawValue: 1 << 1)
    /// `isEligibleForPrediction`: Siri suggestions and shortcuts.
    public static let prediction = Eligibility(rawValue: 1 << 2)
    /// `isEligibleForPublicIndexing`.
    public static let publicIndexing = Eligibility(rawValue: 1 << 3)
  }

  /// The activity type: the route's own, or `NSUserActivityTypeBrowsingWeb` for a route that is
  /// opened by its universal link.
  public var type: String
  /// The title shown in Spotlight, Siri suggestions and Handoff.
  public var title: String
  /// The route's parameters, as strings.
  public var userInfo: [String: String]
  /// The route's universal link, when the table lists a host.
  public var webpageURL: String?
  /// Where the activity may be offered.
  public var eligibility: Eligibility
  /// An identifier to delete the donation by later: the route's link.
  public var persistentIdentifier: String?

  /// Creates an item.
  public init(
    type: String, title: String, userInfo: [String: String] = [:], webpageURL: String? = nil,
    eligibility: Eligibility = [.handoff, .search, .prediction], persistentIdentifier: String? = nil
  ) {
    self.type = type
    self.title = title
    self.userInfo = userInfo
    self.webpageURL = webpageURL
    self.eligibility = eligibility
    self.persistentIdentifier = persistentIdentifier
  }

  /// The input the system hands back when the user continues this activity.
  public var input: DeepLinkInput {
    .userActivity(ContinuedActivity(type: type, webpageURL: webpageURL, userInfo: userInfo))
  }
}
