/// Building a route from named values (a quick action's `userInfo`, an intent's parameters, a
/// push rule's fields), checked as a link's values are.
extension LinkRouter {
  /// Builds the route of the definition at `index` from named values (a quick action's
  /// `userInfo`, an intent's parameters, a push rule's fields), checking them exactly as a link's
  /// are: a value that fills a path parameter or catch-all by a decoded path segment's rules, any
  /// other by a query item's. The rest of the resolution goes in `details`. Only a notification's
  /// `typedReply` fills the reply parameter (`LinkPush.replyParameter`); values that set it are refused.
  func routeFromNamedValues(
    _ index: Int, values: [String: String], typedReply: String? = nil, source: DeepLinkSource,
    details: inout ResolutionDetails?
  ) throws(DeepLinkError) -> Route {
    if values[LinkPush.replyParameter] != nil { throw Self.forgedReply(from: source) }
    // Sorted, so that the same values give the same answer (and the same message) on every run.
    try checkValues(values.sortedByKey)
    // A typed reply is what a person wrote: bounded on its own, and cut to the bound rather than
    // refused (the message would be lost); it is no link's value, so no link's rule applies.
    var values = values
    var truncation: DeepLinkError?
    if let typedReply {
      let reply = InputLimits.fitted(reply: typedReply)
      values[LinkPush.replyParameter] = reply.text
      truncation = reply.truncation
    }
    let definition = definitions[index]
    let sorted = values.sortedByKey
    var parameters = RouteParameters()
    for segment in patterns[index].segments {
      if let (name, value) = try namedValue(
        for: segment, in: values, of: definition, segmentCount: patterns[index].segments.count)
      {
        parameters.append(name, value)
      }
    }
    for (name, value) in sorted {
      if typedReply == nil || name != LinkPush.replyParameter { try checkQueryLike(name, value) }
      parameters.append(name, value)
    }
    // What building the route reads of its record; the rest of a record serves a link's match.
    let record = RouteEssentials(
      sources: RouteEssentials.bits(of: definition.sources), requiresConfirmation: definition.requiresConfirmation,
      declaresQuery: !patterns[index].query.isEmpty, capacity: 0, defaultBytes: 0, captureCount: 0, first: .none,
      second: .none, overflow: 0)
    let route = try buildRoute(
      index, record, &parameters, source: source, linkKind: nil, checkingSources: true, details: &details)
    details?.replyTruncation = truncation
    return route
  }

  /// The value `values` holds for a named segment (a parameter or catch-all) of a pattern of
  /// `segmentCount` segments, checked the way a link's decoded segments are (`TextRules`, and a
  /// link's number of segments); `nil` for a literal or `*`. Serves every source that supplies
  /// parameters by name, and printing.
  func namedValue(
    for segment: RoutePattern.Segment, in values: [String: String], of definition: RouteDefinition<Route>,
    segmentCount: Int
  ) throws(DeepLinkError) -> (name: String, value: String)? {
    switch segment {
    case .parameter(let name, let type):
      guard let value = values[name] else { throw .invalidParameter(name, "of \(definition.label) is missing") }
      if let problem = TextRules.segmentProblem(value) {
        throw .invalidParameter(name, "of \(definition.label) \(problem)")
      }
      guard type.accepts(value) else {
        throw .invalidParameter(name, "of \(definition.label) \(type.requirement), not \(quoted(value))")
      }
      return (name, value)
    case .catchAll(let name):
      guard let value = values[name], !value.isEmpty else {
        throw .invalidParameter(name, "of \(definition.label) is missing")
      }
      // A catch-all spans segments: each part between slashes must be one a link could carry, and
      // no more of them than a link could carry beside the pattern's other segments.
      let parts = value.slashSeparatedParts
      let limit = adapter.limits.maxSegments - segmentCount + 1
      if parts.count > limit {
        throw InputLimits.tooLarge(
          "the catch-all \(quoted(name)) of \(definition.label) holds \(parts.count) segments",
          limit: "\(limit), with the pattern's other segments \(adapter.limits.maxSegments) (maxSegments)")
      }
      for part in parts {
        if let problem = TextRules.segmentProblem(part) {
          throw .invalidParameter(name, "of \(definition.label) holds a segment that \(problem)")
        }
      }
      return (name, value)
    case .literal, .wildcard:
      return nil
    }
  }

  /// Refuses too many values, or a value that is too long, before a route is built from them.
  func checkValues(_ values: [(key: String, value: String)]) throws(DeepLinkError) {
    let limits = adapter.limits
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
  private func checkQueryLike(_ name: String, _ value: String) throws(DeepLinkError) {
    if let scalar = TextRules.firstRefused(in: name) {
      throw DeepLinkError(.malformedInput, "the value name \(quoted(name)) holds the \(TextRules.describe(scalar))")
    }
    if value.firstByte(in: .nul) != nil {
      throw DeepLinkError(.malformedInput, "the value of \(quoted(name)) holds the control character U+0000")
    }
  }
}
