import DeepLinkKit
import Foundation

extension LinkRouter {
  /// The router's table in the JSON route-table format, so that `deeplink lint`, `resolve` and
  /// `url` (and the checks built on them) run on the table the app compiles.
  ///
  /// Each pattern is written in full (`/requests/:id(int)`, `/search?q&page(int)=1&tag*`), with
  /// the allowed texts of a raw-value enum or `Bool` parameter under `values`, so the JSON table
  /// resolves links as this router does: the same routes, parameters and failure codes. A route
  /// without a `name` is named after its enum case (`home.dashboard.card`), or else its pattern,
  /// with `-2`, `-3`… when two would be the same. (To name a route after its case, the export
  /// builds the route once from the first edge value of each parameter's type: the only place
  /// outside `DeepLinkKitTesting`'s checks that calls a route's closure with values of its own.) Keep the exported file current with one test
  /// in the app:
  ///
  /// ```swift
  /// @Test func theExportedTableIsCurrent() throws {
  ///   #expect(try String(contentsOf: routesJSON, encoding: .utf8) == appRouter.routeTable.jsonText)
  /// }
  /// ```
  public var routeTable: RouteTable {
    var taken: Set<String> = []
    var entries: [RouteTable.Entry] = []
    entries.reserveCapacity(definitions.count)
    for (definition, pattern) in zip(definitions, patterns) {
      var name = definition.name ?? definition.exampleRoute.flatMap(RouteCase.path) ?? pattern.description
      if !taken.insert(name).inserted {
        let base = name
        var number = 2
        repeat {
          name = "\(base)-\(number)"
          number += 1
        } while !taken.insert(name).inserted
      }
      entries.append(
        RouteTable.Entry(
          name: name, path: pattern.canonicalText, sources: definition.sources, shortcut: definition.shortcutType,
          intent: definition.isAppIntent ? nil : definition.intentName, activity: definition.activityType, push: nil,
          confirm: definition.requiresConfirmation, values: definition.allowedValues, host: definition.host,
          appIntent: definition.isAppIntent ? definition.intentName : nil, pushRules: definition.pushRules,
          page: definition.page.map {
            RouteTable.LandingPage(title: $0.title, description: $0.description, image: $0.image)
          }
        ))
    }
    var table = RouteTable(
      schemes: schemeList, hosts: hostEntries, isCaseSensitive: isCaseSensitive, limits: limits,
      pushURLKeys: pushURLKeys, routes: entries)
    table.customSchemeHost = customSchemeHost
    table.readsInternationalHosts = readsInternationalHosts
    return table
  }
}

extension RouteTable {
  /// The table as JSON text, which ``init(json:)`` reads back: two-space indentation, keys sorted,
  /// defaults left out, so that the file is stable under version control.
  public var jsonText: String {
    var object: [String: Any] = ["routes": routes.map(\.jsonObject)]
    if !schemes.isEmpty { object["schemes"] = schemes }
    if !hosts.isEmpty { object["hosts"] = hosts }
    if !isCaseSensitive { object["caseSensitive"] = false }
    if customSchemeHost != .firstSegment { object["customSchemeHost"] = customSchemeHost.rawValue }
    if readsInternationalHosts { object["hostNames"] = "international" }
    if pushURLKeys != LinkRouter<NamedRoute>.defaultPushURLKeys { object["pushURLKeys"] = pushURLKeys }
    let defaults = InputLimits()
    for (key, path) in InputLimits.jsonKeys where limits[keyPath: path] != defaults[keyPath: path] {
      object[key] = limits[keyPath: path]
    }
    // Plain strings, numbers and Booleans in arrays and dictionaries: always serializable.
    let data =
      (try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self) + "\n"
  }
}

extension RouteTable.Entry {
  fileprivate var jsonObject: [String: Any] {
    var object: [String: Any] = ["name": name, "path": path]
    if let sources { object["sources"] = DeepLinkSource.allCases.filter(sources.contains).map(\.rawValue) }
    if let shortcut { object["shortcut"] = shortcut }
    if let intent { object["intent"] = intent }
    if let appIntent { object["appIntent"] = appIntent }
    if let activity { object["activity"] = activity }
    let rules: [[String: Any]] = pushRules.map { push in
      var rule: [String: Any] = ["when": push.when]
      if !push.parameters.isEmpty { rule["parameters"] = push.parameters }
      if let action = push.action { rule["action"] = action }
      if push.runsInBackground { rule["background"] = true }
      if let category = push.category { rule["category"] = category }
      return rule
    }
    // One rule is written as an object, as before several were allowed; several as a list.
    if rules.count == 1 { object["push"] = rules[0] } else if !rules.isEmpty { object["push"] = rules }
    if confirm { object["confirm"] = true }
    if !values.isEmpty { object["values"] = values }
    if let host { object["host"] = host }
    if let page {
      var fields = ["title": page.title]
      fields["description"] = page.description
      fields["image"] = page.image
      object["page"] = fields
    }
    return object
  }
}

/// The enum cases on the way down to a route's last case: `home.dashboard.card.detail` for
/// `.home(.dashboard(.card(id: 7, .detail)))`; `nil` when the route is not an enum. Names
/// exported routes, and narrows the declarations tried when a route is printed.
enum RouteCase {
  static func path(_ route: Any) -> String? {
    var names: [String] = []
    var next: [Any] = [route]
    while let value = next.first, names.count < 16 {
      next.removeFirst()
      let mirror = Mirror(reflecting: value)
      // A parameter's value (a raw-value enum) is not part of the route's name.
      guard mirror.displayStyle == .enum, !(value is any LinkValue) else { continue }
      guard let payload = mirror.children.first else {
        names.append(String(describing: value))
        continue
      }
      if let label = payload.label { names.append(label) }
      let inner = Mirror(reflecting: payload.value)
      next = inner.displayStyle == .tuple ? inner.children.map(\.value) : [payload.value]
    }
    return names.isEmpty ? nil : names.joined(separator: ".")
  }
}

extension RouteDefinition {
  /// This route, with what its landing page shows (`deeplink site generate`) and its link
  /// preview: a title, a sentence, and an absolute `https` image URL. It is exported with the
  /// table (`router.routeTable`), as a JSON table's `page` is.
  ///
  /// ```swift
  /// .path("/items/:id", ItemsRoute.item).page(title: "An item", description: "Open it in the app")
  /// ```
  public func page(title: String, description: String? = nil, image: String? = nil) -> Self {
    withPage(RoutePage(title: title, description: description, image: image))
  }
}
