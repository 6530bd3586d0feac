import DeepLinkKit
import DeepLinkKitDeferred
import DeepLinkKitTesting
import Foundation
import Testing

// README: Holding links until the app can navigate (the tests use this condition too)
extension LinkCondition {
  static let signedIn: LinkCondition = "signedIn"
}

/// The README's Swift examples, compiled and run. `everySwiftBlockIsHere` fails when a block in
/// the README no longer appears, line for line, in this file.
@Suite struct ReadmeTests {
  static let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")

  /// The README, and the guides its sections moved to: every Swift block of each is compiled.
  static let documents = [
    "README.md", "Sources/DeepLinkKit/DeepLinkKit.docc/DeclaringRoutes.md",
    "Sources/DeepLinkKit/DeepLinkKit.docc/HoldingLinks.md", "Sources/DeepLinkKit/DeepLinkKit.docc/LaunchSources.md",
    "Sources/DeepLinkKitDeferred/DeepLinkKitDeferred.docc/InstallHandOff.md",
    "Sources/DeepLinkKitConfiguration/DeepLinkKitConfiguration.docc/RouteTablesAsJSON.md",
  ]

  static func blocks(_ language: String) throws -> [String] {
    let root = readme.deletingLastPathComponent()
    let text = try documents.map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
      .joined(separator: "\n")
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```\(language)" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  @Test func everySwiftBlockIsHere() throws {
    let normalize = { (text: String) in
      // Imports sit at the top of this file, not inside the test functions.
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
        .joined(separator: "\n")
    }
    // The "Testing your app's links" block is an app's test: it is compiled where the testing
    // library is, by AppTestingExampleTests. The quick start is an iOS app's scene delegate:
    // Examples/QuickStartApp, which Examples/ios-check builds for iOS.
    let root = Self.readme.deletingLastPathComponent()
    let appTests = root.appendingPathComponent("Tests/DeepLinkKitUIKitTests/AppTestingExampleTests.swift")
    let quickStart = root.appendingPathComponent("Examples/QuickStartApp/QuickStart.swift")
    // The JSON guide's block loads a table: DeepLinkKitConfiguration's tests compile it.
    let jsonGuide = root.appendingPathComponent("Tests/DeepLinkKitConfigurationTests/TableOptionsTests.swift")
    let source = normalize(
      try [URL(fileURLWithPath: #filePath), appTests, quickStart, jsonGuide]
        .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n"))
    let blocks = try Self.blocks("swift")
    #expect(blocks.count == 10)
    for block in blocks {
      #expect(source.contains(normalize(block)), "README block not compiled by ReadmeTests.swift:\n\(block)")
    }
  }

  @MainActor @Test func linksThatSurviveTheInstall() async throws {
    enum DeeplinkType: Hashable, Sendable { case item(Int) }
    let router = try LinkRouter<DeeplinkType>(
      hosts: ["app.example.com"], routes: [.path("/items/:id", DeeplinkType.item)])
    let dispatcher = LinkDispatcher(router: router)
    let suite = "ReadmeTests.deferred.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let pasteboard = FakePasteboard(
      DeferredLinks<DeeplinkType>.handoffLink("https://app.example.com/items/42", at: Date()))
    // README: Links that survive the install
    // At launch; `defaults` is `.standard` unless the app keeps it elsewhere.
    let deferred = DeferredLinks(dispatcher: dispatcher, store: UserDefaultsDeferredLinkStore(defaults: defaults))
    if deferred.isFirstLaunch {
      _ = await deferred.claimFromPasteboard(pasteboard)  // UIPasteboard.general, after the splash screen
    }
    var delivered: [DeeplinkType] = []
    dispatcher.setHandler { route, _ in delivered.append(route) }
    dispatcher.satisfy(.ready)
    #expect(delivered == [.item(42)])
  }

  @MainActor @Test func inAnApp() throws {
    // README: In an app
    enum DeeplinkType: Hashable, Sendable {
      case messages
      case message(id: String)
      case request(id: Int)
      case activity
      case search(query: String, page: Int)
    }

    let router = try LinkRouter<DeeplinkType>(
      schemes: ["myapp"],
      hosts: ["app.example.com"],
      routes: [
        .path("/messages", to: .messages),
        .path("/messages/:id", DeeplinkType.message),
        .path("/requests/:id", DeeplinkType.request),  // an Int: matches only integers
        .path("/activity", to: .activity),
        .path("/search?q&page=1", DeeplinkType.search),  // query parameters; page defaults to 1
      ])

    let message = try router.route(for: "myapp://messages/42")  // .message(id: "42")
    let request = try router.route(for: "https://app.example.com/requests/7")  // .request(id: 7)
    let search = try router.route(for: "myapp://search?q=swift")  // .search(query: "swift", page: 1)
    let link = try router.urlString(for: .message(id: "a/b c"))
    // "https://app.example.com/messages/a%2Fb%20c"

    do {
      _ = try router.route(for: "myapp://requests/seven")
    } catch {
      print(error.code)  // invalidParameter
      print(error.message)
      // parameter "id" of route /requests/:id must be a base-10 integer that fits in 64 bits, not "seven"
    }
    // End of the README block; what its comments claim:
    #expect(message == .message(id: "42"))
    #expect(request == .request(id: 7))
    #expect(search == .search(query: "swift", page: 1))
    #expect(link == "https://app.example.com/messages/a%2Fb%20c")
    #expect(
      throws: DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route /requests/:id must be a base-10 integer that fits in 64 bits, not "seven""#)
    ) {
      try router.route(for: "myapp://requests/seven")
    }

    // README: Holding links until the app can navigate, with the router above.
    var shown: [DeeplinkType] = []  // stands for your root view controller or coordinator
    let dispatcher = LinkDispatcher(
      router: router,
      holdingPolicy: .newestOnly,  // or .queue(limit: 5)
      maxAge: .seconds(300),  // a link held longer is dropped as expired
      requirements: { route in route == .messages ? [] : [.signedIn] },  // every route also needs .ready
      deliver: { route in shown.append(route) })
    dispatcher.addObserver(LinkEventLog.observer())  // os.Logger on Apple platforms, print elsewhere

    let outcome = dispatcher.receive(.url("myapp://messages/42"))  // at launch: held, missing ready and signedIn
    dispatcher.satisfy(.ready)  // splash done: still held, the user is signed out
    dispatcher.satisfy(.signedIn)  // login done: delivered, once
    dispatcher.revoke(.signedIn)  // logout
    dispatcher.satisfy(.signedIn)  // login again: nothing is replayed
    // End of the README block; what its comments claim:
    #expect(outcome == .held(.message(id: "42"), missing: [.ready, .signedIn]))
    #expect(shown == [.message(id: "42")])

    // README: Every launch source
    let routes: [RouteDefinition<DeeplinkType>] = [
      .path("/messages", to: .messages).shortcut("com.example.messages").intent("ShowMessagesIntent"),
      .path("/messages/:id", DeeplinkType.message).push(when: ["type": "message"], parameters: ["id": "message_id"]),
    ]
    // End of the README block.
    let sources = try LinkRouter<DeeplinkType>(schemes: ["myapp"], routes: routes)
    #expect(try sources.route(for: "myapp://messages/3") == .message(id: "3"))
    #expect(try sources.resolve(.quickAction(LinkQuickAction(type: "com.example.messages"))).route == .messages)
    #expect(try sources.resolve(.intent(IntentInvocation(name: "ShowMessagesIntent"))).route == .messages)
    #expect(
      try sources.resolve(.push(LinkPush(userInfo: ["type": "message", "message_id": 42]))).route
        == .message(id: "42"))
  }

  @Test func declaringRoutes() throws {
    // README: Declaring routes
    enum CardRoute: Hashable, Sendable {
      case summary
      case transaction(id: String, showsReceipt: Bool)
    }

    enum HomeRoute: Hashable, Sendable {
      case feed
      case card(id: Int, CardRoute)
    }

    let cardRoutes: [RouteDefinition<CardRoute>] = [
      .path("/", to: .summary),
      .path("/transactions/:id?receipt=false", CardRoute.transaction),
    ]

    let homeRoutes: [RouteDefinition<HomeRoute>] = [
      .path("/", to: .feed),
      .mount("/cards/:cardID", cardRoutes, HomeRoute.card),  // the prefix's values come first
    ]

    let home = try LinkRouter<HomeRoute>(schemes: ["myapp"], routes: [.mount("/home", homeRoutes) { $0 }])
    let card = try home.route(for: "myapp://home/cards/7/transactions/t1?receipt=true")
    // .card(id: 7, .transaction(id: "t1", showsReceipt: true))
    let cardLink = try home.urlString(for: .card(id: 7, .summary))  // "myapp://home/cards/7"
    // End of the README block; what its comments claim:
    #expect(card == .card(id: 7, .transaction(id: "t1", showsReceipt: true)))
    #expect(cardLink == "myapp://home/cards/7")
  }

  /// Every launch source: a tap rule and a background reply on one route.
  @Test func notificationActionsAndReplies() throws {
    enum ChatRoute: Hashable, Sendable {
      case conversation(id: Int, replyText: String?)
    }
    // Guide: LaunchSources, Notification actions and replies
    let chatRoutes: [RouteDefinition<ChatRoute>] = [
      .path("/conversations/:id?replyText?", ChatRoute.conversation)
        .push(when: ["type": "message"], parameters: ["id": "conversation_id"])
        .push(when: ["type": "message"], parameters: ["id": "conversation_id"], action: "REPLY", runsInBackground: true)
    ]
    // End of the guide's block; what it says:
    let router = try LinkRouter<ChatRoute>(schemes: ["chat"], routes: chatRoutes)
    let payload: [AnyHashable: Any] = ["type": "message", "conversation_id": 7]
    #expect(try router.resolve(.push(userInfo: payload)).route == .conversation(id: 7, replyText: nil))
    #expect(
      try router.resolve(.push(userInfo: payload, action: "REPLY", replyText: "On my way")).route
        == .conversation(id: 7, replyText: "On my way"))
    // A route with parameters names its sources before the route: `.path(pattern, sources:, Case)`.
    let inApp = RouteDefinition<ChatRoute>.path(
      "/conversations/:id/close?replyText?", sources: [.inApp], ChatRoute.conversation)
    #expect(
      try LinkRouter<ChatRoute>(schemes: ["chat"], routes: [inApp]).route(
        for: "chat://conversations/1/close", source: .inApp) == .conversation(id: 1, replyText: nil))
  }
}
