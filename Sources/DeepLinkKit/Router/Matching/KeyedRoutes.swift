/// The routes that sources other than links open by key: quick-action types, intent names,
/// activity types, and push rules (most fields first, then table order).
///
/// Filled one route at a time, and only for a route that has keys (``RouteTableCompiler``
/// reaches ``register(_:route:label:problems:)`` through the route's ``RouteKeys``): an app that
/// declares no keyed route carries none of this code, only the empty tables its look-ups read.
///
/// A class, filled while the table is compiled and never changed after (which makes it
/// `Sendable`): a struct of these tables and functions was a type whose value witnesses every app
/// kept.
final class KeyedRoutes: @unchecked Sendable {
  var shortcuts: [String: Int] = [:]
  var intents: [String: Int] = [:]
  var activities: [String: Int] = [:]
  var pushRules: [(rule: PushRule, route: Int)] = []
  /// The payload fields a push's link is looked for under: every key at the top level, then
  /// every key inside `data`.
  let pushLinkFields: [String]
  /// The routes that only notification actions running in the background open, with the first
  /// such action: no tap navigates to them.
  var backgroundOnlyActions: [(route: Int, action: String)] = []
  /// Reads a keyed route's parameters from named values (``LinkMatcher/namedRoute(_:_:_:_:_:_:)``):
  /// set by ``register(_:route:label:problems:)``, so that an app none of whose routes has keys
  /// carries none of that code.
  var namedRoute: (@Sendable (LinkMatcher, Int, [String: String], String?, DeepLinkSource, KeyedLead) -> Void)?

  init(pushURLKeys: [String]) {
    pushLinkFields = pushURLKeys + pushURLKeys.map { "data." + $0 }
  }

  /// Registers the keys of the kept route `index`, and names each key another route has already,
  /// with `label` (a kept route's label, by index).
  func register(
    _ keys: RouteKeys, route index: Int, label: (Int) -> String, problems: inout [RouteTableError.Problem]
  ) {
    func register(_ key: String?, _ kind: String, _ table: inout [String: Int]) {
      guard let key else { return }
      if let existing = table[key] {
        problems.appendUnspecialized(
          .init(.conflict, "\(label(existing)) and \(label(index)) are both opened by the \(kind) \(quoted(key))"))
      } else {
        table[key] = index
      }
    }
    namedRoute = LinkMatcher.namedRoute
    if let action = keys.backgroundOnlyAction { backgroundOnlyActions.appendUnspecialized((index, action)) }
    register(keys.shortcutType, "quick action", &shortcuts)
    register(keys.intentName, "intent", &intents)
    if let type = keys.activityType,
      [ContinuedActivity.browsingWebType, ContinuedActivity.spotlightItemType].contains(type)
    {
      problems.appendUnspecialized(
        .init(
          .invalidOption,
          "\(label(index)): the activity type \(quoted(type)) is routed by its link; it cannot name a route"))
    } else {
      register(keys.activityType, "activity type", &activities)
    }
    for rule in keys.pushRules {
      if let existing = pushRules.first(where: {
        $0.rule.when == rule.when && $0.rule.answeredAction == rule.answeredAction
      }) {
        problems.appendUnspecialized(
          .init(
            .conflict,
            existing.route == index
              ? "\(label(index)) has the same push rule twice"
              : "\(label(existing.route)) and \(label(index)) have the same push rule"))
      } else {
        // Most fields first; equal counts keep table order: after every rule of as many fields.
        let place = pushRules.firstIndex { $0.rule.when.count < rule.when.count } ?? pushRules.endIndex
        pushRules.insert((rule, index), at: place)
      }
    }
  }
}
