import DeepLinkKit

/// The core tests' route: the route's name and the parameters its link supplied, compared whole.
///
/// The core's tests build their routers with the core's own Swift API (`.path(_:name:sources:
/// parse:print:)` and its modifiers), so that they need no tooling product; JSON tables and their
/// `NamedRoute` are tested with `DeepLinkKitConfiguration`, in its own test target.
struct TestRoute: Hashable, Sendable, CustomStringConvertible {
  var name: String
  var parameters: [String: String]

  init(_ name: String, parameters: [String: String] = [:]) {
    self.name = name
    self.parameters = parameters
  }

  /// `name(key: value, …)`, the parameters sorted by name: reads well in a failed expectation.
  var description: String {
    "\(name)(\(parameters.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")))"
  }
}

/// A table of named routes declared in Swift: each entry is a `.path` definition whose route is a
/// ``TestRoute`` named after the entry, with the entry's quick action, intent, activity, push
/// rules and confirmation added by the core's public modifiers.
struct TestTable {
  struct Entry {
    var name: String
    var path: String
    var sources: Set<DeepLinkSource>? = nil
    var shortcut: String? = nil
    var intent: String? = nil
    var activity: String? = nil
    var push: PushRule? = nil
    var confirm = false
    var pushRules: [PushRule] = []

    var definition: RouteDefinition<TestRoute> {
      let name = name
      var definition = RouteDefinition<TestRoute>.path(
        path, name: name, sources: sources,
        parse: { parameters in TestRoute(name, parameters: parameters.dictionary) },
        print: { route in route.name == name ? route.parameters : nil })
      if let shortcut { definition = definition.shortcut(shortcut) }
      if let intent { definition = definition.intent(intent) }
      if let activity { definition = definition.activity(activity) }
      if confirm { definition = definition.requiringConfirmation() }
      for rule in (push.map { [$0] } ?? []) + pushRules {
        definition = definition.push(
          when: rule.when, parameters: rule.parameters, action: rule.action, runsInBackground: rule.runsInBackground,
          category: rule.category)
      }
      return definition
    }
  }

  var schemes: [String] = []
  var hosts: [String] = []
  var hostNames = HostNames.ascii
  var isCaseSensitive = true
  var limits = InputLimits()
  var pushURLKeys = LinkRouter<TestRoute>.defaultPushURLKeys
  var routes: [Entry]

  func makeRouter() throws(RouteTableError) -> LinkRouter<TestRoute> {
    try LinkRouter(
      schemes: schemes, hosts: hosts, hostNames: hostNames, isCaseSensitive: isCaseSensitive, limits: limits,
      pushURLKeys: pushURLKeys,
      routes: routes.map(\.definition))
  }
}
