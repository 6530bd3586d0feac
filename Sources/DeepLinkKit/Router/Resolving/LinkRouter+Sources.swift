extension LinkRouter {
  /// Resolves any input: a link, a push notification, a quick action, an intent or a user activity.
  ///
  /// - A link is resolved as ``resolve(_:source:)-(String,_)`` does.
  /// - A push notification: the dismiss action opens nothing. A tap looks for a link under the
  ///   table's push URL keys, at the top level and then inside `data`; if none resolves, the push
  ///   rules whose `when` fields all match are tried, the one with most fields winning. Another
  ///   action is answered only by rules for that action. The typed reply, if any, is offered as
  ///   the parameter `replyText`, which nothing else may set (a link, a payload field, another
  ///   source's values that set it are refused).
  /// - A quick action, an intent, a user activity: looked up by type or name; the values they
  ///   carry supply the route's parameters by name, checked like a link's. A web-browsing activity
  ///   is a universal link; a Spotlight item routes its identifier when it is a link.
  ///
  /// - Parameter input: What reached the app.
  /// - Returns: The route, its parameters and its source.
  /// - Throws: ``DeepLinkError`` saying why the input opens nothing.
  @inlinable
  public func resolve(_ input: DeepLinkInput) throws(DeepLinkError) -> LinkResolution<Route> {
    // Put together here, where the caller's code may know `Route` (see `ResolutionDetails`).
    try LinkResolution { (details) throws(DeepLinkError) in try resolvedRoute(input, details: &details) }
  }

  /// The route `input` opens; the rest of its resolution goes in `details`.
  @usableFromInline
  package func resolvedRoute(_ input: DeepLinkInput, details: inout ResolutionDetails?) throws(DeepLinkError) -> Route {
    switch input.kind {
    case .url(let url, let source):
      return try resolvedRoute(url, source: source, details: &details)
    case .push(let notification):
      return try route(for: notification, details: &details)
    case .quickAction(let action):
      guard let index = keyed.shortcuts[action.type] else {
        throw DeepLinkError(.noRoute, "no route opens the quick action \(quoted(action.type))")
      }
      return try routeFromNamedValues(index, values: action.userInfo, source: .shortcut, details: &details)
    case .intent(let intent):
      guard let index = keyed.intents[intent.name] else {
        throw DeepLinkError(.noRoute, "no route opens the intent \(quoted(intent.name))")
      }
      if let (name, value) = intent.unreadParameters.sortedByKey.first {
        throw .invalidParameter(
          name,
          "of \(definitions[index].label) is not read from the intent \(quoted(intent.name)): its value is \(value), and a route value is read from text, a number, a URL, a UUID or one object's identifier"
        )
      }
      return try routeFromNamedValues(index, values: intent.parameters, source: .intent, details: &details)
    case .userActivity(let activity):
      return try route(for: activity, details: &details)
    }
  }

  /// The names of the path parameters of the route that the intent `name` opens (none when no
  /// route does): what the glue reads from an intent's properties.
  package func parameterNames(ofIntent name: String) -> [String] {
    keyed.intents[name].map { patterns[$0].parameterNames } ?? []
  }

  private func route(for activity: ContinuedActivity, details: inout ResolutionDetails?) throws(DeepLinkError)
    -> Route
  {
    switch activity.type {
    case ContinuedActivity.browsingWebType:
      guard let url = activity.webpageURL else {
        throw .malformed("a web-browsing user activity has no webpage URL")
      }
      // It stands for a universal link: its page is http(s), never a custom scheme (found by fuzzing).
      guard url.hasPrefixIgnoringASCIICase("https:") || url.hasPrefixIgnoringASCIICase("http:") else {
        throw DeepLinkError(
          .unsupportedScheme, "the webpage of a web-browsing user activity must be an https link, not \(quoted(url))")
      }
      return try resolvedRoute(url, source: nil, details: &details)
    case ContinuedActivity.spotlightItemType:
      guard let identifier = activity.userInfo[ContinuedActivity.spotlightIdentifierKey] else {
        throw DeepLinkError(.noRoute, "the Spotlight item has no identifier")
      }
      guard identifier.contains(":") else {
        throw DeepLinkError(.noRoute, "the Spotlight item identifier \(quoted(identifier)) is not a link")
      }
      return try resolvedRoute(identifier, source: .userActivity, details: &details)
    default:
      guard let index = keyed.activities[activity.type] else {
        throw DeepLinkError(.noRoute, "no route opens the user activity type \(quoted(activity.type))")
      }
      return try routeFromNamedValues(index, values: activity.userInfo, source: .userActivity, details: &details)
    }
  }

  private func route(for notification: LinkPush, details: inout ResolutionDetails?) throws(DeepLinkError)
    -> Route
  {
    let action = notification.actionIdentifier
    if notification.fields.count > limits.maxPayloadFields {
      throw InputLimits.tooLarge(
        "the notification's payload has \(notification.fields.count) fields", limit: "\(limits.maxPayloadFields)")
    }
    if notification.depth > limits.maxPayloadDepth {
      throw InputLimits.tooLarge(
        "the notification's payload nests \(notification.depth) levels deep", limit: "\(limits.maxPayloadDepth)")
    }
    if action == LinkPush.dismissAction {
      throw DeepLinkError(.noRoute, "a dismissed notification opens no route")
    }
    let isTap = action == LinkPush.defaultAction
    var linkError: DeepLinkError?
    if isTap {
      for field in keyed.pushLinkFields {
        guard let link = notification.fields[field] else { continue }
        do throws(DeepLinkError) {
          let route = try resolvedRoute(link, source: .push, details: &details)
          // A route only background actions open ("Save for later") is no place a tap navigates to.
          if let index = details?.index, let action = definitions[index].backgroundOnlyAction {
            throw DeepLinkError(
              .sourceNotAllowed,
              "\(definitions[index].label) opens only from the notification action \(quoted(action)), which runs "
                + "in the background; a tap does not open it")
          }
          return route
        } catch {
          linkError = linkError ?? error
        }
      }
    }
    guard
      let (rule, index) = keyed.pushRules.first(where: { $0.rule.matches(notification, action: isTap ? nil : action) })
    else {
      if let linkError { throw linkError }
      throw DeepLinkError(
        .noRoute,
        isTap
          ? "no route matches the notification's payload" : "no route opens the notification action \(quoted(action))")
    }
    var values: [String: String] = [:]
    for (parameter, field) in rule.parameters.sortedByKey {
      guard let value = notification.fields[field] else {
        throw .invalidParameter(
          parameter, "of \(definitions[index].label) is missing: the payload has no field \(quoted(field))")
      }
      values[parameter] = value
    }
    let route = try routeFromNamedValues(
      index, values: values, typedReply: notification.replyText, source: .push, details: &details)
    details?.runsInBackground = rule.runsInBackground
    return route
  }
}

extension LinkRouter {
  /// Why this router refuses `input`; `nil` when it opens a route (for the tools' checks).
  package func refusal(of input: DeepLinkInput) -> DeepLinkError? {
    do {
      _ = try resolve(input)
      return nil
    } catch {
      return error
    }
  }
}
