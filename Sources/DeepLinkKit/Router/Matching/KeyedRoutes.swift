/// The routes that sources other than links open by key: quick-action types, intent names,
/// activity types, and push rules (most fields first, then table order).
struct KeyedRoutes: Sendable {
  var shortcuts: [String: Int] = [:]
  var intents: [String: Int] = [:]
  var activities: [String: Int] = [:]
  var pushRules: [(rule: PushRule, route: Int)] = []
  /// The payload fields a push's link is looked for under: every key at the top level, then
  /// every key inside `data`.
  var pushLinkFields: [String]

  init<Route>(_ definitions: [RouteDefinition<Route>], pushURLKeys: [String], problems: inout [RouteTableError.Problem])
  {
    self.pushLinkFields = pushURLKeys + pushURLKeys.map { "data." + $0 }
    func register(_ key: String?, _ kind: String, _ table: inout [String: Int], _ index: Int) {
      guard let key else { return }
      if let existing = table[key] {
        problems.appendUnspecialized(
          .init(
            .conflict,
            "\(definitions[existing].label) and \(definitions[index].label) are both opened by the \(kind) \(quoted(key))"
          ))
      } else {
        table[key] = index
      }
    }
    // Only definitions with a keyed source are copied: copying every definition (closures,
    // strings, a push rule) was a measurable part of building a large table.
    for index in definitions.indices where definitions[index].hasKeyedSource {
      let definition = definitions[index]
      register(definition.shortcutType, "quick action", &shortcuts, index)
      register(definition.intentName, "intent", &intents, index)
      if let type = definition.activityType,
        [ContinuedActivity.browsingWebType, ContinuedActivity.spotlightItemType].contains(type)
      {
        problems.appendUnspecialized(
          .init(
            .invalidOption,
            "\(definition.label): the activity type \(quoted(type)) is routed by its link; it cannot name a route"))
      } else {
        register(definition.activityType, "activity type", &activities, index)
      }
      for rule in definition.pushRules {
        if let existing = pushRules.first(where: {
          $0.rule.when == rule.when && $0.rule.answeredAction == rule.answeredAction
        }) {
          problems.appendUnspecialized(
            .init(
              .conflict,
              existing.route == index
                ? "\(definition.label) has the same push rule twice"
                : "\(definitions[existing.route].label) and \(definition.label) have the same push rule"))
        } else {
          pushRules.appendUnspecialized((rule, index))
        }
      }
    }
    // Most fields first; equal counts keep table order (the sort is stable).
    pushRules = stableSorted(pushRules) { (-$0.rule.when.count, "") }
  }
}
