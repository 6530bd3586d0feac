import DeepLinkKit

/// The README's five-route table ("In an app"), as an app would declare it, for the tests that
/// export it and run the tool on the export.
public enum ReadmeRoute: Hashable, Sendable {
  case messages
  case message(id: String)
  case request(id: Int)
  case activity
  case search(query: String, page: Int)

  public static func router() throws -> LinkRouter<ReadmeRoute> {
    try LinkRouter(
      schemes: ["myapp"], hosts: ["app.example.com"],
      routes: [
        .path("/messages", to: .messages),
        .path("/messages/:id", ReadmeRoute.message),
        .path("/requests/:id", ReadmeRoute.request),
        .path("/activity", to: .activity),
        .path("/search?q&page=1", ReadmeRoute.search),
      ])
  }

  /// Links of every kind for both tables: hits, misses, wrong types, defaults, extra query items.
  public static let probeLinks = [
    "myapp://messages", "myapp://messages/42?utm_source=mail", "https://app.example.com/requests/7",
    "myapp://requests/seven", "myapp://search?q=swift", "myapp://search?page=2&q=a%20b", "myapp://search",
    "myapp://search?q=x&page=two", "myapp://nothing", "https://app.example.com/activity",
  ]
}
