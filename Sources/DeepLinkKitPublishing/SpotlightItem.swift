import DeepLinkKit

/// What an app indexes in Spotlight for a route: one `CSSearchableItem`, whose identifier is the
/// route's link. Tapping the result continues a `CSSearchableItemActionType` activity that carries
/// the identifier, which the receiver routes: it comes back as the same route.
///
/// ```swift
/// let item = try router.spotlightItem(for: .request(id: 7), title: "Request 7", keywords: ["request"])
/// // DeepLinkKitPublishing, on iOS:
/// CSSearchableIndex.default().indexSearchableItems([CSSearchableItem(item)])
/// ```
public struct SpotlightItem: Sendable, Hashable {
  /// `CSSearchableItem.uniqueIdentifier`: the route's link.
  public var identifier: String
  /// `CSSearchableItem.domainIdentifier`: a group the app may delete at once.
  public var domain: String?
  /// The title Spotlight shows.
  public var title: String
  /// A line under the title (`contentDescription`).
  public var summary: String?
  /// Words that find it (`keywords`).
  public var keywords: [String]

  /// Creates an item.
  public init(identifier: String, domain: String? = nil, title: String, summary: String? = nil, keywords: [String] = [])
  {
    self.identifier = identifier
    self.domain = domain
    self.title = title
    self.summary = summary
    self.keywords = keywords
  }

  /// The keywords as Spotlight's attribute set takes them: `nil` when there are none, so that
  /// the attribute stays unset (`CSSearchableItemAttributeSet.keywords`).
  package var attributeKeywords: [String]? { keywords.isEmpty ? nil : keywords }

  /// The input the system hands back when the user taps this item in Spotlight.
  public var input: DeepLinkInput {
    .userActivity(
      ContinuedActivity(
        type: ContinuedActivity.spotlightItemType, userInfo: [ContinuedActivity.spotlightIdentifierKey: identifier]))
  }
}
