import DeepLinkKit

extension LinkRouter {
  /// The notification categories the table's push rules name, each with the actions its rules
  /// answer, for the app to register at launch; see ``NotificationCategoryItem``.
  ///
  /// A rule that answers a plain tap and names a category gives the category, with no action of
  /// its own. A rule that answers an action and names no category gives nothing: the app offers
  /// that action in a category of its own making (`deeplink lint` says so).
  ///
  /// - Parameter titles: The title of each action's button, by action identifier (localized by
  ///   the app).
  /// - Returns: The categories, in the order the table first names them.
  /// - Throws: ``RouteTableError`` with a problem for each action with no title
  ///   (`invalidOption`) and each action that one rule runs in the background and another opens
  ///   the app for (`conflict`): a category's action does one or the other.
  public func notificationCategories(titles: [String: String]) throws(RouteTableError) -> [NotificationCategoryItem] {
    let needs = notificationCategoryNeeds()
    var problems = needs.conflicts.map { RouteTableError.Problem(.conflict, $0) }
    let categories = needs.categories.map { category in
      NotificationCategoryItem(
        identifier: category.identifier,
        actions: category.actions.map { action in
          if titles[action.identifier] == nil {
            problems.append(
              .init(
                .invalidOption,
                "the action \(quoted(action.identifier)) of category \(quoted(category.identifier)) has no title; add it to titles"
              ))
          }
          return NotificationCategoryItem.Action(
            identifier: action.identifier, title: titles[action.identifier] ?? action.identifier,
            takesText: action.takesText, opensApp: action.opensApp)
        })
    }
    guard problems.isEmpty else { throw RouteTableError(problems: problems) }
    return categories
  }

  /// Why the categories an app registered do not show its push rules' actions as the table
  /// needs them; one message each, empty when they do. An app's test reads them back:
  ///
  /// ```swift
  /// let registered = await UNUserNotificationCenter.current().notificationCategories()
  /// #expect(router.notificationCategoryProblems(registered: Array(registered)).isEmpty)
  /// ```
  ///
  /// It finds a category the table names that is not registered; an action missing from its
  /// category; a typed-reply action that is no text-input action; an action that brings the app
  /// forward for a rule that runs in the background, or the other way round; and an action whose
  /// rule names no category and that no registered category offers.
  ///
  /// - Parameter registered: The categories the app registered.
  /// - Returns: The problems found, in table order.
  public func notificationCategoryProblems(registered: [any NotificationCategoryInput]) -> [String] {
    let needs = notificationCategoryNeeds()
    var problems = needs.conflicts
    for category in needs.categories {
      guard let found = registered.first(where: { $0.identifier == category.identifier }) else {
        let actions = category.actions.map { quoted($0.identifier) }.joined(separator: ", ")
        problems.append(
          "the category \(quoted(category.identifier)) is not registered"
            + (actions.isEmpty ? ", though payloads name it" : ", so iOS shows none of its actions (\(actions))"))
        continue
      }
      for action in category.actions {
        let place = "the action \(quoted(action.identifier)) of category \(quoted(category.identifier))"
        guard let registeredAction = found.actionInputs.first(where: { $0.identifier == action.identifier }) else {
          problems.append("\(place) is not registered, so iOS does not show it (\(action.routes))")
          continue
        }
        problems += action.mismatches(registeredAction).map { "\(place) \($0)" }
      }
    }
    for action in needs.uncategorized {
      let offered = registered.contains { $0.actionInputs.contains { $0.identifier == action.identifier } }
      if !offered {
        problems.append(
          "the action \(quoted(action.identifier)) (\(action.routes)) names no category and no registered category offers it, so iOS never shows it"
        )
      }
    }
    return problems
  }

  /// What the table's push rules need of notification categories.
  package func notificationCategoryNeeds() -> NotificationCategoryNeeds {
    var needs = NotificationCategoryNeeds()
    for (index, definition) in definitions.enumerated() {
      let pattern = patterns[index]
      let takesText = (pattern.parameterNames + pattern.query.map(\.name)).contains(LinkPush.replyParameter)
      for rule in definition.pushRules {
        let action = rule.answersTap ? nil : rule.action
        guard let category = rule.category else {
          if let action {
            needs.uncategorized.append(
              .init(
                identifier: action, takesText: takesText, opensApp: !rule.runsInBackground, routes: definition.label))
          }
          continue
        }
        needs.add(
          action.map {
            .init(identifier: $0, takesText: takesText, opensApp: !rule.runsInBackground, routes: definition.label)
          }, to: category)
      }
    }
    return needs
  }
}

/// The categories a table's push rules name, with their actions; the actions no category offers;
/// and the actions two rules disagree on.
package struct NotificationCategoryNeeds: Sendable {
  /// An action a category (or no category) offers.
  package struct Action: Sendable {
    package var identifier: String
    /// A rule's route takes the typed reply.
    package var takesText: Bool
    /// A rule that does not run in the background answers it.
    package var opensApp: Bool
    /// The routes that answer it, as their labels: `route "reply" (/messages/:id)`.
    package var routes: String

    /// How a registered action differs from this one.
    func mismatches(_ registered: any NotificationActionInput) -> [String] {
      var found: [String] = []
      if takesText, !registered.takesText {
        found.append("is no text-input action, so \(routes) gets no typed reply")
      }
      if opensApp, !registered.opensApp {
        found.append("does not bring the app forward (.foreground), which \(routes) needs")
      } else if !opensApp, registered.opensApp {
        found.append("brings the app forward (.foreground), but \(routes) runs in the background")
      }
      return found
    }
  }

  package var categories: [(identifier: String, actions: [Action])] = []
  package var uncategorized: [Action] = []
  package var conflicts: [String] = []

  /// Adds `action` (none: a tap's rule) to `category`, merging it with the same action of another
  /// rule.
  mutating func add(_ action: Action?, to category: String) {
    let slot =
      categories.firstIndex { $0.identifier == category }
      ?? {
        categories.append((category, []))
        return categories.count - 1
      }()
    guard let action else { return }
    guard let known = categories[slot].actions.firstIndex(where: { $0.identifier == action.identifier }) else {
      categories[slot].actions.append(action)
      return
    }
    var merged = categories[slot].actions[known]
    if merged.opensApp != action.opensApp {
      let (foreground, background) = merged.opensApp ? (merged.routes, action.routes) : (action.routes, merged.routes)
      conflicts.append(
        "the action \(quoted(action.identifier)) of category \(quoted(category)) opens the app for \(foreground) and runs in the background for \(background); one action does one or the other, so give them two actions"
      )
    }
    merged.takesText = merged.takesText || action.takesText
    merged.routes += " and \(action.routes)"
    categories[slot].actions[known] = merged
  }
}
