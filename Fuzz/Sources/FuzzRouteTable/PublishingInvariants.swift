import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitPublishing
import DeepLinkKitTesting
import Foundation
import FuzzSupport

/// What an app publishes for a route the fuzzed table opened: a quick action, a user activity or
/// a Spotlight item is returned only when the input iOS hands back for it, built here as iOS
/// builds it (not through the item's own `input`), opens that very route; a Spotlight item's
/// identifier is the route's link; a refusal is a typed error that says why.
func checkPublishing(_ route: NamedRoute, router: LinkRouter<NamedRoute>) {
  do {
    let item = try router.spotlightItem(for: route, title: "t")
    // CoreSpotlight's activity: its type and its userInfo key, as Apple's headers spell them.
    let tapped = DeepLinkInput.userActivity(
      type: "com.apple.corespotlightitem", userInfo: ["kCSSearchableItemActivityIdentifier": item.identifier])
    expectOpens(tapped, route, router: router, what: "the Spotlight item \(item.identifier)")
    if item.identifier != (try? router.urlString(for: route)) {
      violation("the Spotlight item of \(route) is \(item.identifier), not its link")
    }
  } catch {
    expectReason(error, route, what: "Spotlight item")
  }
  do {
    let item = try router.quickActionItem(for: route, title: "t")
    expectOpens(
      .quickAction(type: item.type, userInfo: item.userInfo), route, router: router,
      what: "the quick action \(item.type)")
  } catch {
    expectReason(error, route, what: "quick action")
  }
  do {
    let item = try router.userActivityItem(for: route, title: "t")
    let tapped = DeepLinkInput.userActivity(
      type: item.type, webpageURL: item.webpageURL.flatMap { URL(string: $0) }, userInfo: item.userInfo)
    expectOpens(tapped, route, router: router, what: "the user activity \(item.type)")
  } catch {
    expectReason(error, route, what: "user activity")
  }
}

/// The notification categories of the fuzzed table, with a title for every action the JSON
/// names: a refusal is a conflict or a missing title; the categories have one identifier each and
/// each action once; registered as made, they are never reported as wrong (only an action that
/// names no category may be).
func checkNotificationCategories(_ json: Data, router: LinkRouter<NamedRoute>) {
  var titles: [String: String] = [:]
  for action in actionNames(in: (try? JSONSerialization.jsonObject(with: json)) as Any) { titles[action] = "t" }
  let categories: [NotificationCategoryItem]
  do {
    categories = try router.notificationCategories(titles: titles)
  } catch {
    if error.problems.isEmpty { violation("the notification categories were refused without a problem") }
    for problem in error.problems where problem.code != .conflict && problem.code != .invalidOption {
      violation("the notification categories were refused with \(problem.code): \(problem.message)")
    }
    return
  }
  if Set(categories.map(\.identifier)).count != categories.count {
    violation("two notification categories have one identifier: \(categories.map(\.identifier))")
  }
  for category in categories where Set(category.actions.map(\.identifier)).count != category.actions.count {
    violation("the category \(category.identifier) offers an action twice")
  }
  let registered = categories.map(FakeNotificationCategory.init)
  for problem in router.notificationCategoryProblems(registered: registered)
  where !problem.hasSuffix("names no category and no registered category offers it, so iOS never shows it") {
    violation("the table's own categories, registered as made, are reported: \(problem)")
  }
}

/// Every string under an `"action"` key, at any depth.
private func actionNames(in object: Any) -> [String] {
  switch object {
  case let dictionary as [String: Any]:
    dictionary.flatMap { key, value in
      key == "action" ? (value as? String).map { [$0] } ?? [] : actionNames(in: value)
    }
  case let array as [Any]: array.flatMap(actionNames(in:))
  default: []
  }
}

private func expectOpens(_ input: DeepLinkInput, _ route: NamedRoute, router: LinkRouter<NamedRoute>, what: String) {
  do {
    let opened = try router.resolve(input).route
    if opened != route { violation("\(what), published for \(route), opens \(opened)") }
  } catch {
    violation("\(what), published for \(route), is refused: \(error)")
  }
}

private func expectReason(_ error: DeepLinkError, _ route: NamedRoute, what: String) {
  if error.message.isEmpty { violation("the \(what) of \(route) was refused with no message") }
}
