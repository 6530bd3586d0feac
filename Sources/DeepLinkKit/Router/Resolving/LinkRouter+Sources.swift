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
    // Any input but a link leads somewhere through the function its factory gave it (see
    // `KeyedLookup.swift`), so that an app that receives only links carries none of that code.
    guard let lead = input.lead(matcher) else {
      guard case .url(let url, let source) = input.kind else {
        throw DeepLinkError(.noRoute, "the input leads nowhere")
      }
      return try resolvedRoute(url, source: source, details: &details)
    }
    var linkError: DeepLinkError?
    for link in lead.links {
      do throws(DeepLinkError) {
        let route = try resolvedRoute(link, source: lead.linkSource, details: &details)
        // A route only background actions open ("Save for later") is no place a tap navigates to.
        if lead.isTap, let index = details?.index,
          let action = keyed.backgroundOnlyActions.first(where: { $0.route == index })?.action
        {
          throw DeepLinkError(
            .sourceNotAllowed,
            "\(routeNames.label(index)) opens only from the notification action \(quoted(action)), which runs "
              + "in the background; a tap does not open it")
        }
        return route
      } catch {
        linkError = linkError ?? error
      }
    }
    if let failure = lead.failure { throw failure }
    guard let found = lead.found else {
      throw linkError ?? lead.refusal ?? DeepLinkError(.noRoute, "the input leads nowhere")
    }
    // The route a key found, built as a link's is, from what building reads of its record (the
    // rest of a record serves a link's match).
    let definition = definitions[found.index]
    let record = RouteEssentials(
      sources: RouteEssentials.bits(of: definition.sources), requiresConfirmation: definition.requiresConfirmation,
      declaresQuery: !patterns[found.index].query.isEmpty, capacity: 0, defaultBytes: 0, captureCount: 0,
      first: .none, second: .none, overflow: 0)
    var parameters = found.parameters
    let route = try buildRoute(
      found.index, record, &parameters, source: found.source, linkKind: nil, checkingSources: true,
      details: &details)
    details?.replyTruncation = lead.replyTruncation
    details?.runsInBackground = lead.runsInBackground
    return route
  }

  /// The names of the path parameters of the route that the intent `name` opens (none when no
  /// route does): what the glue reads from an intent's properties.
  package func parameterNames(ofIntent name: String) -> [String] {
    keyed.intents[name].map { patterns[$0].parameterNames } ?? []
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
