import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitPublishing
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// What the glue sets on an `NSUserActivity` or shortcut item for a published route, and that
/// continuing them comes back as the route.
@MainActor @Suite struct PublishingGlueTests {
  @Test func userActivityPropertiesFromAnItem() throws {
    let item = try GlueHarness.router.userActivityItem(
      for: named("request", ["id": "7"]), title: "Request 7", eligibility: [.search, .prediction])
    let activity = FakeUserActivity(activityType: item.type)
    item.apply(to: activity)
    #expect(activity.title == "Request 7")
    #expect(activity.userInfo as? [String: String] == ["id": "7"])
    #expect(activity.requiredUserInfoKeys == ["id"])
    #expect(activity.webpageURL == URL(string: "https://app.example.com/requests/7"))
    #expect(!activity.isEligibleForHandoff && activity.isEligibleForSearch && activity.isEligibleForPrediction)
    #expect(!activity.isEligibleForPublicIndexing)
    #expect(activity.persistentIdentifier == "https://app.example.com/requests/7")
    // The system hands the same activity back: it opens the same route.
    let harness = GlueHarness()
    #expect(harness.receiver.continue(activity))
    #expect(harness.delivered == [named("request", ["id": "7"])])
  }

  /// The fakes made from what the app publishes come back as the route, as the system hands
  /// the item back.
  @Test func fakesFromPublishedItemsOpenTheirRoute() throws {
    let route = named("request", ["id": "9"])
    let harness = GlueHarness()
    let shortcut = FakeShortcutItem(try GlueHarness.router.quickActionItem(for: route, title: "Request 9"))
    #expect(shortcut.userInfo?.mapValues { $0 as? NSString } == ["id": "9"])
    #expect(harness.receiver.perform(shortcut))
    let activity = FakeUserActivity(try GlueHarness.router.userActivityItem(for: route, title: "Request 9"))
    #expect(activity.title == "Request 9" && activity.persistentIdentifier == "https://app.example.com/requests/9")
    #expect(harness.receiver.continue(activity))
    let web = FakeUserActivity(try GlueHarness.router.userActivityItem(for: named("message", ["id": "3"]), title: "M"))
    #expect(web.activityType == ContinuedActivity.browsingWebType && web.userInfo == nil)
    #expect(harness.receiver.continue(web))
    #expect(harness.delivered == [route, route, named("message", ["id": "3"])])
  }

  @Test func browsingWebItemLeavesUserInfoEmpty() throws {
    let item = try GlueHarness.router.userActivityItem(for: named("message", ["id": "3"]), title: "Message")
    let activity = FakeUserActivity(activityType: item.type)
    item.apply(to: activity)
    #expect(activity.userInfo == nil && activity.requiredUserInfoKeys == nil)
    let harness = GlueHarness()
    #expect(harness.receiver.continue(activity))
    #expect(harness.delivered == [named("message", ["id": "3"])])
  }

  @Test func shortcutItemUserInfoIsSecureCodingStrings() throws {
    let item = try GlueHarness.router.quickActionItem(for: named("request", ["id": "5"]), title: "Request 5")
    #expect(item.secureUserInfo.mapValues { $0 as? NSString } == ["id": "5"])
    let harness = GlueHarness()
    #expect(harness.receiver.perform(FakeShortcutItem(type: item.type, userInfo: item.secureUserInfo)))
    #expect(harness.delivered == [named("request", ["id": "5"])])
  }

  /// A Spotlight item's identifier is the route's link; tapping it hands the app an activity
  /// that carries the identifier, which opens the same route.
  @Test func spotlightItemsOpenTheirRoute() throws {
    let route = named("request", ["id": "12"])
    let item = try GlueHarness.router.spotlightItem(
      for: route, title: "Request 12", summary: "Open", keywords: ["request"], domain: "requests")
    #expect(
      item
        == SpotlightItem(
          identifier: "https://app.example.com/requests/12", domain: "requests", title: "Request 12", summary: "Open",
          keywords: ["request"]))
    // What the glue gives `CSSearchableItemAttributeSet.keywords`: the words, or nothing at all.
    #expect(item.attributeKeywords == ["request"])
    #expect(SpotlightItem(identifier: item.identifier, title: "Request 12").attributeKeywords == nil)
    let harness = GlueHarness()
    let tapped = FakeUserActivity(item)
    #expect(tapped.activityType == "com.apple.corespotlightitem")
    #expect(harness.receiver.continue(tapped))
    #expect(harness.delivered == [route])
  }

  /// A route that user activities may not open gets no Spotlight item: the tap would be refused.
  @Test func spotlightItemOfARouteActivitiesCannotOpenIsRefused() throws {
    let router = try RouteTable(
      schemes: ["myapp"],
      routes: [.init(name: "pay", path: "/pay/:id", sources: [.customScheme])]
    ).makeRouter()
    #expect {
      try router.spotlightItem(for: NamedRoute("pay", parameters: ["id": "1"]), title: "Pay")
    } throws: { error in
      (error as? DeepLinkError)?.code == .invalidParameter
        && (error as? DeepLinkError)?.message.hasPrefix(#"the Spotlight item "myapp://pay/1" built for"#) == true
    }
  }
}
