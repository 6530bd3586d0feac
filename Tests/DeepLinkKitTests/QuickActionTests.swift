import DeepLinkKit
import Foundation
import Testing

@Suite struct QuickActionTests {
  @Test func typeOpensItsRoute() {
    let result = outcome(.quickAction(LinkQuickAction(type: "com.example.activity")))
    #expect(result.route == TestRoute("activity"))
    #expect(result.source == .shortcut)
  }

  @Test func userInfoSuppliesTypedParameters() {
    let result = outcome(
      .quickAction(LinkQuickAction(type: "com.example.request", userInfo: ["id": 7, "version": "2.1"])))
    #expect(result.route == TestRoute("request", parameters: ["id": "7", "version": "2.1"]))
  }

  @Test(arguments: [
    (
      LinkQuickAction(type: "com.example.request"),
      DeepLinkError(.invalidParameter, #"parameter "id" of route "request" (/requests/:id(int)) is missing"#)
    ),
    (
      LinkQuickAction(type: "com.example.request", userInfo: ["id": "seven"]),
      DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route "request" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not "seven""#
      )
    ),
    (
      LinkQuickAction(type: "com.example.request", userInfo: ["id": ""]),
      DeepLinkError(.invalidParameter, #"parameter "id" of route "request" (/requests/:id(int)) is empty"#)
    ),
    (
      LinkQuickAction(type: "com.example.unknown"),
      DeepLinkError(.noRoute, #"no route opens the quick action "com.example.unknown""#)
    ),
    (
      LinkQuickAction(type: "com.example.delete"),
      DeepLinkError(
        .sourceNotAllowed,
        #"route "deleteAccount" (/account/delete) cannot be opened from a quick action (allowed: inApp)"#)
    ),
  ])
  func refusals(action: LinkQuickAction, error: DeepLinkError) {
    #expect(outcome(.quickAction(action)).error == error)
  }

  @Test func oneTypeForTwoRoutesIsAConflict() {
    #expect(
      tableProblems([
        .init(name: "a", path: "/a", shortcut: "com.example.x"),
        .init(name: "b", path: "/b", shortcut: "com.example.x"),
      ]) == [#"route "a" (/a) and route "b" (/b) are both opened by the quick action "com.example.x""#])
  }

  /// The Swift API registers the same sources with typed builders.
  @Test func swiftBuilders() throws {
    let router = try LinkRouter<DeeplinkType>(
      schemes: ["myapp"],
      routes: [
        .path("/activity", to: .activity).shortcut("com.example.activity").intent("ShowActivityIntent"),
        .path("/requests/:id", DeeplinkType.request)
          .activity("com.example.request").push(when: ["type": "request"], parameters: ["id": "request_id"]),
      ])
    #expect(try router.resolve(.quickAction(LinkQuickAction(type: "com.example.activity"))).route == .activity)
    #expect(try router.resolve(.intent(IntentInvocation(name: "ShowActivityIntent"))).route == .activity)
    #expect(
      try router.resolve(.userActivity(ContinuedActivity(type: "com.example.request", userInfo: ["id": "3"]))).route
        == .request(id: 3))
    #expect(
      try router.resolve(.push(LinkPush(userInfo: ["type": "request", "request_id": 4]))).route
        == .request(id: 4))
  }

  /// A route opened by name (a quick action, an intent, an activity, a push rule) carries what
  /// its definition says: its confirmation, and only then.
  @Test func aRouteOpenedByNameCarriesItsConfirmation() throws {
    let router = try LinkRouter<DeeplinkType>(
      routes: [
        .path("/activity", to: .activity).shortcut("com.example.activity").intent("ShowActivityIntent")
          .requiringConfirmation(),
        .path("/requests/:id", DeeplinkType.request).activity("com.example.request")
          .push(when: ["type": "request"], parameters: ["id": "request_id"]),
      ])
    let confirmed: [DeepLinkInput] = [
      .quickAction(LinkQuickAction(type: "com.example.activity")),
      .intent(IntentInvocation(name: "ShowActivityIntent")),
    ]
    let plain: [DeepLinkInput] = [
      .userActivity(ContinuedActivity(type: "com.example.request", userInfo: ["id": "3"])),
      .push(LinkPush(userInfo: ["type": "request", "request_id": 4])),
    ]
    for input in confirmed { #expect(try router.resolve(input).requiresConfirmation) }
    for input in plain { #expect(try !router.resolve(input).requiresConfirmation) }
  }

  @Test func dispatcherTakesQuickActions() async {
    await MainActor.run {
      var shown: [TestRoute] = []
      let dispatcher = LinkDispatcher(router: sourcesRouter, deliver: { shown.append($0) })
      dispatcher.satisfy(.ready)
      #expect(dispatcher.receive(.quickAction(LinkQuickAction(type: "com.example.activity"))).isHandled)
      #expect(!dispatcher.receive(.quickAction(LinkQuickAction(type: "com.example.nothing"))).isHandled)
      #expect(shown == [TestRoute("activity")])
    }
  }
}
