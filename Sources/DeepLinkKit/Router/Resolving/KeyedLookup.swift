/// Resolving an input other than a link (a push notification, a quick action, an intent, a user
/// activity) up to what opens it, without the app's route type: the links it carries, or the route
/// its key names with the parameters its values give. ``LinkRouter`` then builds the route as it
/// builds a link's (``LinkRouter/resolvedRoute(_:details:)``).
///
/// Nothing reaches this code but through what uses it: an input's factory holds the function that
/// leads its kind (``DeepLinkInput``), and registering a route's keys holds the function that reads
/// named values (``KeyedRoutes/namedRoute``). An app that receives only links carries none of
/// it, and one whose routes have no keys none of the named values' reading.
///
/// Methods of the matcher, which holds the keyed routes, and classes rather than structs for what
/// they return: a struct is a type whose value witnesses every app keeps (3 KB for these).
extension LinkMatcher {
  private var limits: InputLimits { adapter.limits }
  private func label(_ index: Int) -> String { routeNames.label(index) }

  /// A quick action: the route of its type, built from its `userInfo`.
  func lead(for action: LinkQuickAction) -> KeyedLead {
    guard let index = keyed.shortcuts[action.type] else {
      return KeyedLead(refusal: DeepLinkError(.noRoute, "no route opens the quick action \(quoted(action.type))"))
    }
    return read(index, values: action.userInfo, source: .shortcut, into: KeyedLead())
  }

  /// An intent: the route of its name, built from its parameters, unless it has a parameter the
  /// glue could not read.
  func lead(for intent: IntentInvocation) -> KeyedLead {
    guard let index = keyed.intents[intent.name] else {
      return KeyedLead(refusal: DeepLinkError(.noRoute, "no route opens the intent \(quoted(intent.name))"))
    }
    if let (name, value) = intent.unreadParameters.sortedByKey.first {
      return KeyedLead(
        refusal: .invalidParameter(
          name,
          "of \(label(index)) is not read from the intent \(quoted(intent.name)): its value is \(value), and a route value is read from text, a number, a URL, a UUID or one object's identifier"
        ))
    }
    return read(index, values: intent.parameters, source: .intent, into: KeyedLead())
  }

  /// A user activity: a web-browsing activity's page, as a universal link; a Spotlight item's
  /// identifier, when it is a link; else the route of its type, built from its `userInfo`.
  func lead(for activity: ContinuedActivity) -> KeyedLead {
    switch activity.type {
    case ContinuedActivity.browsingWebType:
      guard let url = activity.webpageURL else {
        return KeyedLead(refusal: .malformed("a web-browsing user activity has no webpage URL"))
      }
      // It stands for a universal link: its page is http(s), never a custom scheme (found by fuzzing).
      guard url.hasPrefixIgnoringASCIICase("https:") || url.hasPrefixIgnoringASCIICase("http:") else {
        return KeyedLead(
          refusal: DeepLinkError(
            .unsupportedScheme,
            "the webpage of a web-browsing user activity must be an https link, not \(quoted(url))"))
      }
      return KeyedLead(links: [url])
    case ContinuedActivity.spotlightItemType:
      guard let identifier = activity.userInfo[ContinuedActivity.spotlightIdentifierKey] else {
        return KeyedLead(refusal: DeepLinkError(.noRoute, "the Spotlight item has no identifier"))
      }
      guard identifier.contains(":") else {
        return KeyedLead(
          refusal: DeepLinkError(.noRoute, "the Spotlight item identifier \(quoted(identifier)) is not a link"))
      }
      return KeyedLead(links: [identifier], linkSource: .userActivity)
    default:
      guard let index = keyed.activities[activity.type] else {
        return KeyedLead(
          refusal: DeepLinkError(.noRoute, "no route opens the user activity type \(quoted(activity.type))"))
      }
      return read(index, values: activity.userInfo, source: .userActivity, into: KeyedLead())
    }
  }

  /// A push notification: the dismiss action opens nothing. A tap's links, under the table's push
  /// URL keys, come first; then the push rule that matches with most fields, built from the
  /// payload fields it names and the typed reply.
  func lead(for notification: LinkPush) -> KeyedLead {
    let action = notification.actionIdentifier
    if notification.fields.count > limits.maxPayloadFields {
      return KeyedLead(
        refusal: InputLimits.tooLarge(
          "the notification's payload has \(notification.fields.count) fields", limit: "\(limits.maxPayloadFields)"))
    }
    if notification.depth > limits.maxPayloadDepth {
      return KeyedLead(
        refusal: InputLimits.tooLarge(
          "the notification's payload nests \(notification.depth) levels deep", limit: "\(limits.maxPayloadDepth)"))
    }
    if action == LinkPush.dismissAction {
      return KeyedLead(refusal: DeepLinkError(.noRoute, "a dismissed notification opens no route"))
    }
    let isTap = action == LinkPush.defaultAction
    var links: [String] = []
    if isTap {
      for field in keyed.pushLinkFields {
        if let link = notification.fields[field] { links.append(link) }
      }
    }
    guard
      let (rule, index) = keyed.pushRules.first(where: { $0.rule.matches(notification, action: isTap ? nil : action) })
    else {
      return KeyedLead(
        links: links, linkSource: .push, isTap: isTap,
        refusal: DeepLinkError(
          .noRoute,
          isTap
            ? "no route matches the notification's payload"
            : "no route opens the notification action \(quoted(action))"))
    }
    let lead = KeyedLead(links: links, linkSource: .push, isTap: isTap)
    var values: [String: String] = [:]
    for (parameter, field) in rule.parameters.sortedByKey {
      guard let value = notification.fields[field] else {
        lead.failure = .invalidParameter(
          parameter, "of \(label(index)) is missing: the payload has no field \(quoted(field))")
        return lead
      }
      values[parameter] = value
    }
    lead.runsInBackground = rule.runsInBackground
    return read(index, values: values, typedReply: notification.replyText, source: .push, into: lead)
  }

  /// `lead`, with the route at `index`, which a key found, and the parameters `values` give, or
  /// why they cannot build it.
  private func read(
    _ index: Int, values: [String: String], typedReply: String? = nil, source: DeepLinkSource, into lead: KeyedLead
  ) -> KeyedLead {
    // Registering a key sets it, and a key is how `index` was found.
    guard let namedRoute = keyed.namedRoute else {
      lead.failure = DeepLinkError(.noRoute, "no route has keys")
      return lead
    }
    namedRoute(self, index, values, typedReply, source, lead)
    return lead
  }

  /// Gives `lead` the route at `index` with the parameters named values give (a quick action's
  /// `userInfo`, an intent's parameters, a push rule's fields), checked exactly as a link's are: a
  /// value that fills a path parameter or catch-all by a decoded path segment's rules, any other
  /// by a query item's; or why they cannot build it. Only a notification's `typedReply` fills
  /// the reply parameter (`LinkPush.replyParameter`); values that set it are refused.
  static func namedRoute(
    _ matcher: LinkMatcher, _ index: Int, _ values: [String: String], _ typedReply: String?,
    _ source: DeepLinkSource, _ lead: KeyedLead
  ) {
    do throws(DeepLinkError) {
      try matcher.namedRoute(index, values, typedReply: typedReply, source: source, into: lead)
    } catch {
      lead.failure = error
    }
  }

  private func namedRoute(
    _ index: Int, _ values: [String: String], typedReply: String?, source: DeepLinkSource, into lead: KeyedLead
  ) throws(DeepLinkError) {
    if values[LinkPush.replyParameter] != nil { throw .forgedReply(from: source) }
    // Sorted, so that the same values give the same answer (and the same message) on every run.
    try NamedValues.check(values.sortedByKey, limits: limits)
    // A typed reply is what a person wrote: bounded on its own, and cut to the bound rather than
    // refused (the message would be lost); it is no link's value, so no link's rule applies.
    var values = values
    var truncation: DeepLinkError?
    if let typedReply {
      let reply = InputLimits.fitted(reply: typedReply)
      values[LinkPush.replyParameter] = reply.text
      truncation = reply.truncation
    }
    let segments = patterns[index].segments
    var parameters = RouteParameters()
    for segment in segments {
      if let (name, value) = try NamedValues.value(
        for: segment, in: values, of: { label(index) }, limits: limits, segmentCount: segments.count)
      {
        parameters.append(name, value)
      }
    }
    for (name, value) in values.sortedByKey {
      if typedReply == nil || name != LinkPush.replyParameter { try NamedValues.checkQueryLike(name, value) }
      parameters.append(name, value)
    }
    lead.found = (index, parameters, source)
    lead.replyTruncation = truncation
  }
}

/// What an input other than a link leads to (`KeyedLookup.swift`): the router tries its links in
/// order, and the first that opens a route wins; then the route its key found; else it refuses
/// the input, with the first link's refusal or, when none, `refusal`. (A class: a struct is a
/// type whose value witnesses every app keeps.)
final class KeyedLead {
  let links: [String]
  /// The source its links are resolved as; `nil` takes each link's own kind.
  let linkSource: DeepLinkSource?
  /// Whether the links are a notification tap's: a route that only background actions open is
  /// no place a tap navigates to.
  let isTap: Bool
  /// The route a key found, and the parameters its values give.
  var found: (index: Int, parameters: RouteParameters, source: DeepLinkSource)?
  /// Whether a push rule for an action that runs in the background found it.
  var runsInBackground = false
  /// Why the typed reply was cut, if it was.
  var replyTruncation: DeepLinkError?
  /// Why the input's values cannot build the route its key found: this refusal comes before a
  /// link's.
  var failure: DeepLinkError?
  /// Why the input opens nothing when no link and no key does.
  let refusal: DeepLinkError?

  init(links: [String] = [], linkSource: DeepLinkSource? = nil, isTap: Bool = false, refusal: DeepLinkError? = nil) {
    self.links = links
    self.linkSource = linkSource
    self.isTap = isTap
    self.refusal = refusal
  }
}

/// Reading a route's parameters from named values, checked as a link's are: for the sources that
/// supply them by name, and for printing.
enum NamedValues {
  /// The value `values` holds for a named segment (a parameter or catch-all) of a pattern of
  /// `segmentCount` segments, checked the way a link's decoded segments are (`TextRules`, and a
  /// link's number of segments); `nil` for a literal or `*`. `label` names the route in a refusal.
  static func value(
    for segment: RoutePattern.Segment, in values: [String: String], of label: () -> String, limits: InputLimits,
    segmentCount: Int
  ) throws(DeepLinkError) -> (name: String, value: String)? {
    switch segment {
    case .parameter(let name, let type):
      guard let value = values[name] else { throw .invalidParameter(name, "of \(label()) is missing") }
      if let problem = TextRules.segmentProblem(value) {
        throw .invalidParameter(name, "of \(label()) \(problem)")
      }
      guard type.accepts(value) else {
        throw .invalidParameter(name, "of \(label()) \(type.requirement), not \(quoted(value))")
      }
      return (name, value)
    case .catchAll(let name):
      guard let value = values[name], !value.isEmpty else {
        throw .invalidParameter(name, "of \(label()) is missing")
      }
      // A catch-all spans segments: each part between slashes must be one a link could carry, and
      // no more of them than a link could carry beside the pattern's other segments.
      let parts = value.slashSeparatedParts
      let limit = limits.maxSegments - segmentCount + 1
      if parts.count > limit {
        throw InputLimits.tooLarge(
          "the catch-all \(quoted(name)) of \(label()) holds \(parts.count) segments",
          limit: "\(limit), with the pattern's other segments \(limits.maxSegments) (maxSegments)")
      }
      for part in parts {
        if let problem = TextRules.segmentProblem(part) {
          throw .invalidParameter(name, "of \(label()) holds a segment that \(problem)")
        }
      }
      return (name, value)
    case .literal, .wildcard:
      return nil
    }
  }

  /// Refuses too many values, or a value that is too long, before a route is built from them.
  static func check(_ values: [(key: String, value: String)], limits: InputLimits) throws(DeepLinkError) {
    if values.count > limits.maxPayloadFields {
      throw InputLimits.tooLarge("the input has \(values.count) values", limit: "\(limits.maxPayloadFields)")
    }
    for (name, value) in values where max(value.utf8.count, name.utf8.count) > limits.maxValueLength {
      let what = value.utf8.count > limits.maxValueLength ? "the value of \(quoted(name))" : "a value's name"
      let length = max(value.utf8.count, name.utf8.count)
      throw InputLimits.tooLarge("\(what) is \(length) bytes long", limit: "\(limits.maxValueLength) bytes")
    }
  }

  /// Refuses a named value that a link's query item could not carry: a name with a character a
  /// query name may not hold (`TextRules`), or a value with NUL.
  static func checkQueryLike(_ name: String, _ value: String) throws(DeepLinkError) {
    if let scalar = TextRules.firstRefused(in: name) {
      throw DeepLinkError(.malformedInput, "the value name \(quoted(name)) holds the \(TextRules.describe(scalar))")
    }
    if value.firstByte(in: .nul) != nil {
      throw DeepLinkError(.malformedInput, "the value of \(quoted(name)) holds the control character U+0000")
    }
  }
}
