extension LinkRouter {
  /// The routes a navigation stack shows on the way to `route`: the route of each leading part of
  /// its link's path that opens one, ending with `route` itself. `/messages/42` gives the messages
  /// list, then message 42, so a SwiftUI app sets its `NavigationStack` path in one assignment
  /// and Back leads where the link's path says.
  ///
  /// ```swift
  /// try router.navigationStack(for: .messages(.details(id: "42")))
  /// // [.messages(.root), .messages(.details(id: "42"))]
  /// ```
  ///
  /// A leading part that opens no route (`/settings` when only `/settings/profile` is a route) is
  /// skipped; the route's sources are not checked, as the app shows these itself.
  ///
  /// - Parameter route: The route delivered.
  /// - Returns: The routes from the outermost to `route`.
  /// - Throws: ``DeepLinkError`` when `route` cannot be printed (see ``urlString(for:)``).
  public func navigationStack(for route: Route) throws(DeepLinkError) -> [Route] {
    let request = try adapter.request(for: urlString(for: route), source: nil)
    var stack: [Route] = []
    for count in 1..<max(1, request.segments.count) {
      let leading = PathRequest(
        source: request.source, kind: request.kind, segments: Array(request.segments.prefix(count)), query: [])
      if let resolution = try? resolve(leading, checkingSources: false), resolution.route != stack.last {
        stack.append(resolution.route)
      }
    }
    return stack + [route]
  }
}
