/// What an adapter hands the router for a link that names a path: the decoded segments and query
/// items, and the source the link came from.
struct PathRequest: Sendable {
  struct QueryItem: Sendable {
    var name: String
    var value: String
  }

  var source: DeepLinkSource
  /// The link's own kind, ``DeepLinkSource/customScheme`` or ``DeepLinkSource/universalLink``,
  /// whatever source it is reported as (a push's link is reported as a push).
  var kind: DeepLinkSource
  /// Percent-decoded, non-empty segments, split before decoding (`%2F` stays inside its segment).
  var segments: [String]
  /// Percent-decoded query items in order; `+` stays `+`.
  var query: [QueryItem]
  /// The link's host, normalized: a universal link's, or a custom-scheme link's when the table
  /// reads its host as a host (``CustomSchemeHost/host``).
  var host: String? = nil

  /// The path as people read it, for messages: `/messages/42`.
  var pathDescription: String { "/" + segments.joined(separator: "/") }
}
