import DeepLinkKit
import DeepLinkKitPublishing
import DeepLinkKitUIKit
import Foundation
import Testing

/// Quick actions and user activities built from routes come back as the same routes.
@Suite struct PublishingTests {
  static let routes: [RouteDefinition<DeeplinkType>] = [
    .path("/activity", to: .activity).shortcut("com.example.activity"),
    .path("/requests/:id", DeeplinkType.request).shortcut("com.example.request").activity("com.example.request"),
    .path("/docs/*path?v", DeeplinkType.docs).activity("com.example.docs"),
    .path("/messages/:id") { .messages(.details(id: $0)) },
    .path("/listings/new", to: .newListing, sources: [.inApp]).shortcut("com.example.new"),
  ]
  static let router = try! LinkRouter<DeeplinkType>(schemes: ["myapp"], hosts: ["app.example.com"], routes: routes)

  @Test func quickActionItems() throws {
    #expect(
      try Self.router.quickActionItem(for: .request(id: 7), title: "Request 7", subtitle: "Open")
        == QuickActionItem(type: "com.example.request", title: "Request 7", subtitle: "Open", userInfo: ["id": "7"]))
    let item = try Self.router.quickActionItem(for: .activity, title: "Activity")
    #expect(try Self.router.resolve(item.input).route == .activity)
  }

  @Test func userActivityItemsOfTheRoutesType() throws {
    let item = try Self.router.userActivityItem(
      for: .docs(path: "a b/c", version: "2"), title: "Docs", eligibility: [.search])
    #expect(
      item
        == UserActivityItem(
          type: "com.example.docs", title: "Docs", userInfo: ["path": "a b/c", "v": "2"],
          webpageURL: "https://app.example.com/docs/a%20b/c?v=2", eligibility: [.search],
          persistentIdentifier: "https://app.example.com/docs/a%20b/c?v=2"))
    #expect(try Self.router.resolve(item.input).route == .docs(path: "a b/c", version: "2"))
  }

  @Test func routeWithoutActivityTypeContinuesByItsUniversalLink() throws {
    let item = try Self.router.userActivityItem(for: .messages(.details(id: "42")), title: "Message")
    #expect(item.type == ContinuedActivity.browsingWebType)
    #expect(item.webpageURL == "https://app.example.com/messages/42")
    #expect(item.eligibility == [.handoff, .search, .prediction])
    let resolution = try Self.router.resolve(item.input)
    #expect(resolution.route == .messages(.details(id: "42")))
    #expect(resolution.source == .universalLink)
  }

  @Test func refusals() throws {
    #expect(
      throws: DeepLinkError(
        .noRoute,
        #"no route definition with a quick-action type prints "messages(DeepLinkKitTests.DeeplinkType.Messages.details(id: \"1\"))""#
      )
    ) { try Self.router.quickActionItem(for: .messages(.details(id: "1")), title: "x") }
    // A quick action the route's own sources refuse is not published.
    #expect(throws: DeepLinkError.self) { try Self.router.quickActionItem(for: .newListing, title: "New") }
    let customOnly = try LinkRouter<DeeplinkType>(schemes: ["myapp"], routes: Array(Self.routes.suffix(2)))
    #expect(throws: DeepLinkError.self) {
      try customOnly.userActivityItem(for: .messages(.details(id: "1")), title: "x")
    }
  }

  /// The property: for generated values, a published quick action or activity comes back as the
  /// route it was built for.
  @Test func roundTripProperty() throws {
    var generator = SeededGenerator(seed: 99)
    var published = 0
    for _ in 0..<1_000 {
      let id = Int.random(in: Int.min...Int.max, using: &generator)
      #expect(
        try Self.router.resolve(
          Self.router.quickActionItem(for: .request(id: id), title: "r").input
        ).route == .request(id: id))
      let path = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        RoundTripTests.randomText(using: &generator, allowEmpty: false)
      }.joined(separator: "/")
      let route = DeeplinkType.docs(path: path, version: Bool.random(using: &generator) ? "1" : nil)
      guard let item = try? Self.router.userActivityItem(for: route, title: "d") else {
        #expect(RoundTripTests.cannotBeASegment(route), "\(route) was not published")
        continue
      }
      #expect(try Self.router.resolve(item.input).route == route)
      published += 1
    }
    #expect(published > 400)
  }
}

/// The navigation stack that leads to a route, from its link's path (issue: a SwiftUI app sets its
/// `NavigationStack` path in one assignment).
@Suite struct NavigationStackTests {
  static let router = try! LinkRouter<DeeplinkType>(
    schemes: ["myapp"], hosts: ["app.example.com"], routes: exampleRoutes)

  @Test func aNestedRouteComesAfterTheRoutesOfItsLeadingPath() throws {
    #expect(
      try Self.router.navigationStack(for: .messages(.details(id: "42")))
        == [.messages(.root), .messages(.details(id: "42"))])
    #expect(try Self.router.navigationStack(for: .messages(.root)) == [.messages(.root)])
    // "/listings" opens nothing: skipped.
    #expect(try Self.router.navigationStack(for: .newListing) == [.newListing])
    // "/docs" opens nothing; "/docs/a" is the catch-all's folder above "/docs/a/b".
    #expect(
      try Self.router.navigationStack(for: .docs(path: "a/b", version: "2"))
        == [.docs(path: "a", version: nil), .docs(path: "a/b", version: "2")])
  }

  @Test func aRouteThatCannotBePrintedHasNoStack() {
    #expect(throws: DeepLinkError.self) { try Self.router.navigationStack(for: .messages(.details(id: ".."))) }
  }
}
