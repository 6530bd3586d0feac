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

extension PathRequest {
  /// The strings of a scanned link.
  init(_ link: ScannedLink) {
    source = link.source
    kind = link.kind
    segments = link.segments.map { String(decoding: $0, as: UTF8.self) }
    query = link.query.map {
      QueryItem(name: String(decoding: $0.name, as: UTF8.self), value: String(decoding: $0.value, as: UTF8.self))
    }
    host = link.host.map { String(decoding: $0, as: UTF8.self) }
  }
}
