import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitPublishing
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// The notification categories a table's push rules need: made from the table, checked against
/// what the app registered, and an action of a registered category opens its route.
@MainActor @Suite struct NotificationCategoryTests {
  static let table = #"""
    {"schemes": ["chat"], "routes": [
      {"name": "open", "path": "/conversations/:id(int)",
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "category": "MESSAGE"}},
      {"name": "reply", "path": "/conversations/:id(int)/reply?replyText?",
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "REPLY",
                "background": true, "category": "MESSAGE"}},
      {"name": "call", "path": "/conversations/:id(int)/call",
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "CALL",
                "category": "MESSAGE"}},
      {"name": "accept", "path": "/invites/:id(int)/accept",
       "push": [{"when": {"type": "invite"}, "parameters": {"id": "invite_id"}, "action": "ACCEPT", "category": "INVITE"},
                {"when": {"type": "group-invite"}, "parameters": {"id": "invite_id"}, "action": "ACCEPT", "category": "INVITE"}]},
      {"name": "snooze", "path": "/reminders/:id(int)/snooze",
       "push": {"when": {"type": "reminder"}, "parameters": {"id": "reminder_id"}, "action": "SNOOZE", "background": true}}
    ]}
    """#
  static let router = try! RouteTable.makeRouter(json: Data(table.utf8))
  static let titles = ["REPLY": "Reply", "CALL": "Call", "ACCEPT": "Accept"]

  @Test func categoriesComeFromThePushRules() throws {
    #expect(
      try Self.router.notificationCategories(titles: Self.titles) == [
        NotificationCategoryItem(
          identifier: "MESSAGE",
          actions: [
            .init(identifier: "REPLY", title: "Reply", takesText: true, opensApp: false),
            .init(identifier: "CALL", title: "Call", takesText: false, opensApp: true),
          ]),
        // Two rules of one route answer ACCEPT in INVITE: one action.
        NotificationCategoryItem(identifier: "INVITE", actions: [.init(identifier: "ACCEPT", title: "Accept")]),
      ])
  }

  @Test func missingTitlesAndDisagreeingRulesAreTableProblems() {
    #expect(
      throws: RouteTableError(problems: [
        .init(.invalidOption, #"the action "CALL" of category "MESSAGE" has no title; add it to titles"#)
      ])
    ) { try Self.router.notificationCategories(titles: ["REPLY": "Reply", "ACCEPT": "Accept"]) }
    let clash = try! RouteTable.makeRouter(
      json: Data(
        #"""
        {"schemes": ["chat"], "routes": [
          {"name": "reply", "path": "/r/:id", "push": {"when": {"t": "m"}, "parameters": {"id": "i"}, "action": "GO", "category": "C"}},
          {"name": "later", "path": "/l/:id", "push": {"when": {"t": "n"}, "parameters": {"id": "i"}, "action": "GO", "category": "C", "background": true}}
        ]}
        """#.utf8))
    do {
      _ = try clash.notificationCategories(titles: ["GO": "Go"])
      Issue.record("a category's action that both opens the app and runs in the background was accepted")
    } catch {
      #expect(error.problems.map(\.code) == [.conflict])
      #expect(
        error.problems.first?.message
          == #"the action "GO" of category "C" opens the app for route "reply" (/r/:id) and runs in the background for route "later" (/l/:id); one action does one or the other, so give them two actions"#
      )
    }
  }

  @Test func theCategoriesMadeFromTheTableLeaveOnlyTheUncategorizedAction() throws {
    let made = try Self.router.notificationCategories(titles: Self.titles).map(FakeNotificationCategory.init)
    #expect(
      Self.router.notificationCategoryProblems(registered: made) == [
        #"the action "SNOOZE" (route "snooze" (/reminders/:id(int)/snooze)) names no category and no registered category offers it, so iOS never shows it"#
      ])
    // The app offers SNOOZE in a category of its own making: nothing is left.
    let reminders = FakeNotificationCategory(
      identifier: "REMINDER", actions: [FakeNotificationAction(identifier: "SNOOZE", opensApp: false)])
    #expect(Self.router.notificationCategoryProblems(registered: made + [reminders]).isEmpty)
  }

  @Test func aRegistrationThatDiffersFromTheTableIsReported() {
    let registered = [
      FakeNotificationCategory(
        identifier: "MESSAGE",
        actions: [
          FakeNotificationAction(identifier: "REPLY", title: "Reply", takesText: false, opensApp: true)
        ])
    ]
    #expect(
      Self.router.notificationCategoryProblems(registered: registered) == [
        #"the action "REPLY" of category "MESSAGE" is no text-input action, so route "reply" (/conversations/:id(int)/reply?replyText?) gets no typed reply"#,
        #"the action "REPLY" of category "MESSAGE" brings the app forward (.foreground), but route "reply" (/conversations/:id(int)/reply?replyText?) runs in the background"#,
        #"the action "CALL" of category "MESSAGE" is not registered, so iOS does not show it (route "call" (/conversations/:id(int)/call))"#,
        #"the category "INVITE" is not registered, so iOS shows none of its actions ("ACCEPT")"#,
        #"the action "SNOOZE" (route "snooze" (/reminders/:id(int)/snooze)) names no category and no registered category offers it, so iOS never shows it"#,
      ])
  }

  /// The action iOS shows from the registered category comes back as its route, with the reply.
  @Test func anActionOfTheRegisteredCategoryOpensItsRoute() async throws {
    let category = try #require(try Self.router.notificationCategories(titles: Self.titles).first)
    let reply = try #require(FakeNotificationCategory(category).actions.first { $0.takesText })
    let dispatcher = LinkDispatcher(router: Self.router)
    var replies: [NamedRoute] = []
    dispatcher.setBackgroundHandler { route, _ in replies.append(route) }
    let receiver = LinkReceiver(dispatcher: dispatcher)
    let response = FakeNotificationResponse(
      actionIdentifier: reply.identifier, payload: ["type": "message", "conversation_id": "4"], replyText: "On my way")
    await receiver.receive(response)
    #expect(replies == [NamedRoute("reply", parameters: ["id": "4", "replyText": "On my way"])])
  }

  /// Examples/PublishingApp's Swift table (ChatRoute.swift, linked here): the typed reply
  /// declared as the route's value makes a text-input action.
  @Test func aSwiftTableGivesTheSameCategories() throws {
    let router = chatRouter
    #expect(
      try router.notificationCategories(titles: ["REPLY": "Reply"]) == [
        NotificationCategoryItem(
          identifier: "MESSAGE", actions: [.init(identifier: "REPLY", title: "Reply", takesText: true, opensApp: false)]
        )
      ])
    let item = try router.spotlightItem(for: .conversation(id: 3), title: "Ann")
    #expect(item.identifier == "https://chat.example.com/conversations/3")
    #expect(try router.resolve(item.input).route == .conversation(id: 3))
    let reply = DeepLinkInput.push(
      userInfo: ["type": "message", "conversation_id": "3"], action: "REPLY", replyText: "On my way")
    #expect(try router.resolve(reply).route == .reply(id: 3, replyText: "On my way"))
    let shortcut = try router.quickActionItem(for: .conversation(id: 3), title: "Ann")
    #expect(try router.resolve(shortcut.input).route == .conversation(id: 3))
  }
}
