import DeepLinkKit
import DeepLinkKitUIKit

extension LinkRouter {
  /// The dynamic quick action that opens `route`.
  ///
  /// - Parameters:
  ///   - route: A route whose definition has a quick-action type and prints it.
  ///   - title: The title the home screen shows.
  ///   - subtitle: An optional second line.
  /// - Returns: The item; picking it comes back as `route` (checked before it is returned).
  /// - Throws: ``DeepLinkError``: `noRoute` when no definition with a quick-action type prints
  ///   the route, `invalidParameter` when its parameters would not bring it back.
  public func quickActionItem(for route: Route, title: String, subtitle: String? = nil) throws(DeepLinkError)
    -> QuickActionItem
  {
    let (index, values) = try printed(route, kind: "quick-action type") { $0.shortcutType != nil }
    let item = QuickActionItem(
      type: definitions[index].shortcutType!, title: title, subtitle: subtitle, userInfo: values)
    try checkRoundTrip(item.input, route, what: "quick action \(quoted(item.type))")
    return item
  }

  /// The user activity to donate or publish for `route`.
  ///
  /// A route with an activity type gives an activity of that type, with the route's parameters
  /// in its `userInfo`; any other route gives a web-browsing activity whose webpage is its
  /// universal link. Either carries the universal link as `webpageURL` when the table lists a host.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - title: The title shown in Spotlight, Siri suggestions and Handoff.
  ///   - eligibility: Where the activity may be offered; Handoff, search and prediction by default.
  /// - Returns: The item; continuing it comes back as `route` (checked before it is returned).
  /// - Throws: ``DeepLinkError``: `noRoute` when the route has neither an activity type nor a
  ///   universal link, `invalidParameter` when its parameters would not bring it back.
  public func userActivityItem(
    for route: Route, title: String, eligibility: UserActivityItem.Eligibility = [.handoff, .search, .prediction]
  ) throws(DeepLinkError) -> UserActivityItem {
    let link = try? urlString(for: route)
    let webpage = link.flatMap { $0.hasPrefix("https://") ? $0 : nil }
    let item: UserActivityItem
    if let (index, values) = try? printed(route, kind: "activity type", where: { $0.activityType != nil }) {
      item = UserActivityItem(
        type: definitions[index].activityType!, title: title, userInfo: values, webpageURL: webpage,
        eligibility: eligibility, persistentIdentifier: link)
    } else if let webpage {
      item = UserActivityItem(
        type: ContinuedActivity.browsingWebType, title: title, userInfo: [:], webpageURL: webpage,
        eligibility: eligibility, persistentIdentifier: link)
    } else {
      throw DeepLinkError(
        .noRoute, "\(quoted(String(describing: route))) has no activity type and no universal link to continue it by")
    }
    try checkRoundTrip(item.input, route, what: "user activity \(quoted(item.type))")
    return item
  }

  /// The Spotlight item for `route`: its identifier is the route's link, so that tapping the
  /// result opens the route.
  ///
  /// - Parameters:
  ///   - route: A route that prints a link opened from a user activity.
  ///   - title: The title Spotlight shows.
  ///   - summary: A line under the title.
  ///   - keywords: Words that find the item.
  ///   - domain: A group of items the app may delete at once (`domainIdentifier`).
  /// - Returns: The item; tapping it comes back as `route` (checked before it is returned).
  /// - Throws: ``DeepLinkError``: what ``LinkRouter/urlString(for:)`` throws, or
  ///   `invalidParameter` when the link would not bring the route back from Spotlight (a route
  ///   whose sources leave out user activities).
  public func spotlightItem(
    for route: Route, title: String, summary: String? = nil, keywords: [String] = [], domain: String? = nil
  ) throws(DeepLinkError) -> SpotlightItem {
    let item = SpotlightItem(
      identifier: try urlString(for: route), domain: domain, title: title, summary: summary, keywords: keywords)
    try checkRoundTrip(item.input, route, what: "Spotlight item \(quoted(item.identifier))")
    return item
  }

  /// The first definition that has a key of this kind and prints `route`, with the printed values.
  private func printed(
    _ route: Route, kind: String, where hasKey: (RouteDefinition<Route>) -> Bool
  ) throws(DeepLinkError) -> (Int, [String: String]) {
    for (index, definition) in definitions.enumerated() where hasKey(definition) {
      if let values = try definition.print(route) {
        return (index, Dictionary(values.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
      }
    }
    throw DeepLinkError(.noRoute, "no route definition with a \(kind) prints \(quoted(String(describing: route)))")
  }

  private func checkRoundTrip(_ input: DeepLinkInput, _ route: Route, what: String) throws(DeepLinkError) {
    let resolved: Route
    do {
      resolved = try resolve(input).route
    } catch {
      throw DeepLinkError(
        .invalidParameter,
        "the \(what) built for \(quoted(String(describing: route))) does not open it: \(error.message)")
    }
    guard resolved == route else {
      throw DeepLinkError(
        .invalidParameter,
        "the \(what) built for \(quoted(String(describing: route))) opens \(quoted(String(describing: resolved))) instead"
      )
    }
  }
}
