import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// A notification action without `.foreground` (an inline reply, "Mark as read") runs with the app
/// in the background, as iOS launches it: no scene connects, the app is never `ready`. A push rule
/// that says so (`runsInBackground`) delivers its route without `.ready`, to the background
/// handler, and the notification's completion handler runs once that handler has finished. It
/// was held for `.ready`, then dropped as expired (or opened a screen hours later), and the
/// completion handler ran before the route was even received.
@MainActor @Suite(.serialized) struct BackgroundActionTests {
  static let table = #"""
    {"schemes": ["chat"], "routes": [
      {"name": "conversation", "path": "/conversations/:id(int)/reply",
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "REPLY",
                "background": true}},
      {"name": "read", "path": "/conversations/:id(int)/read", "sources": ["push"],
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "READ",
                "background": true}},
      {"name": "open", "path": "/conversations/:id(int)",
       "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}}}
    ]}
    """#
  static let router = try! RouteTable.makeRouter(json: Data(table.utf8))

  final class Chat {
    var sent: [(Int, String)] = []
    var opened: [NamedRoute] = []
    /// Resumes a reply's send, which waits like a network call.
    var pending: [CheckedContinuation<Void, Never>] = []
  }

  final class Done: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func record() { lock.withLock { count += 1 } }
    var total: Int { lock.withLock { count } }
  }

  /// The app as iOS launches it for a background action: no scene, never `ready`.
  static func launchedInBackground(
    _ chat: Chat, needs: Set<LinkCondition> = []
  ) -> LinkReceiver<NamedRoute> {
    let dispatcher = LinkDispatcher(router: router, requirements: { _ in needs })
    dispatcher.setHandler { route in chat.opened.append(route) }
    dispatcher.setBackgroundHandler { route, _ in
      guard route.name == "conversation", let id = Int(route.parameters["id"] ?? ""),
        let text = route.parameters["replyText"]
      else { return }
      await withCheckedContinuation { chat.pending.append($0) }  // the send, over the network
      chat.sent.append((id, text))
    }
    return LinkReceiver(dispatcher: dispatcher)
  }

  static func reply(_ text: String, to id: Int, action: String = "REPLY") -> FakeNotificationResponse {
    FakeNotificationResponse(
      actionIdentifier: action, payload: ["type": "message", "conversation_id": String(id)], replyText: text)
  }

  static func settle(_ condition: () -> Bool) async {
    for _ in 0..<200 where !condition() { await Task.yield() }
  }

  @Test func aReplyIsSentWithNoWindowAndTheCompletionWaitsForIt() async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat)
    let done = Done()
    links.didReceive(Self.reply("On my way", to: 7)) { done.record() }
    links.dispatcher.receiveSubmitted()
    await Self.settle { !chat.pending.isEmpty }
    // Delivered without `.ready` or a window, to the background handler, which is still sending.
    #expect(chat.pending.count == 1)
    #expect(done.total == 0)
    chat.pending.removeFirst().resume()
    await Self.settle { done.total == 1 }
    #expect(chat.sent.map(\.0) == [7] && chat.sent.map(\.1) == ["On my way"])
    #expect(done.total == 1)
    #expect(chat.opened.isEmpty)
    // A tap on the same notification still waits for the app to be ready, as navigation does.
    links.didReceive(FakeNotificationResponse(payload: ["type": "message", "conversation_id": "7"])) {}
    links.dispatcher.receiveSubmitted()
    #expect(chat.opened.isEmpty)
    links.dispatcher.satisfy(.ready)
    #expect(chat.opened == [NamedRoute("open", parameters: ["id": "7"])])
  }

  /// Its other conditions still apply: signed out, the reply is held (and the completion handler
  /// runs at once, since iOS allows little time), then sent when the app is signed in.
  @Test func aReplyStillWaitsForItsOtherConditions() async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat, needs: [.signedIn])
    let done = Done()
    links.didReceive(Self.reply("Later", to: 3)) { done.record() }
    links.dispatcher.receiveSubmitted()
    #expect(done.total == 1)
    #expect(links.dispatcher.heldLinks.count == 1)
    links.dispatcher.satisfy(.signedIn)
    await Self.settle { !chat.pending.isEmpty }
    chat.pending.removeFirst().resume()
    await Self.settle { !chat.sent.isEmpty }
    #expect(chat.sent.map(\.1) == ["Later"])
  }

  /// A background action's sources apply: "Mark as read" may only come from a push, and a link
  /// to its path opens nothing.
  @Test func aBackgroundActionsSourcesApply() throws {
    #expect(throws: DeepLinkError.self) { try Self.router.resolve("chat://conversations/4/read") }
    let resolved = try Self.router.resolve(
      .push(LinkPush(userInfo: ["type": "message", "conversation_id": "4"], actionIdentifier: "READ")))
    #expect(resolved.runsInBackground)
    #expect(
      try !Self.router.resolve(.push(LinkPush(userInfo: ["type": "message", "conversation_id": "4"])))
        .runsInBackground)
  }

  /// Without a background handler, a background action is delivered like a tap: when ready.
  @Test func withoutABackgroundHandlerItWaitsForReadyLikeATap() {
    var opened: [NamedRoute] = []
    let dispatcher = LinkDispatcher(router: Self.router, deliver: { opened.append($0) })
    let done = Done()
    LinkReceiver(dispatcher: dispatcher).didReceive(Self.reply("Hi", to: 1)) { done.record() }
    dispatcher.receiveSubmitted()
    #expect(opened.isEmpty && done.total == 1)
    dispatcher.satisfy(.ready)
    #expect(opened == [NamedRoute("conversation", parameters: ["id": "1", "replyText": "Hi"])])
  }

  /// A table's background rule is read and written back; a background rule for a tap is a problem.
  @Test func theTableSaysWhichActionsRunInTheBackground() throws {
    let table = try RouteTable(json: Data(Self.table.utf8))
    #expect(table.routes[0].pushRules.first?.runsInBackground == true)
    #expect(table.routes[2].pushRules.first?.runsInBackground == false)
    #expect(try RouteTable(json: Data(table.jsonText.utf8)).routes == table.routes)
    let tap = #"{"routes": [{"name": "a", "path": "/a", "push": {"when": {"t": "a"}, "background": true}}]}"#
    #expect {
      try RouteTable.makeRouter(json: Data(tap.utf8))
    } throws: { error in
      (error as? RouteTableError)?.problems.contains { $0.message.contains("runs in the background for a tap") } == true
    }
  }
}
