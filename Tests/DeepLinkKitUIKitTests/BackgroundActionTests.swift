import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Foundation
import Testing

@testable import DeepLinkKitUIKit

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

  /// Its other conditions still apply: signed out, the reply is held, and the completion handler
  /// waits: until the app is signed in and the reply is sent (it was called at once, and iOS
  /// could suspend the app before the reply went).
  @Test func aReplyStillWaitsForItsOtherConditions() async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat, needs: [.signedIn])
    let done = Done()
    links.didReceive(Self.reply("Later", to: 3)) { done.record() }
    links.dispatcher.receiveSubmitted()
    #expect(links.dispatcher.heldLinks.count == 1)
    #expect(done.total == 0)
    links.dispatcher.satisfy(.signedIn)
    await Self.settle { !chat.pending.isEmpty }
    #expect(done.total == 0)  // sending
    chat.pending.removeFirst().resume()
    await Self.settle { done.total == 1 }
    #expect(chat.sent.map(\.1) == ["Later"])
    #expect(done.total == 1)
  }

  /// A held reply that ends otherwise (a logout drops it) calls the completion handler then; one
  /// whose conditions do not come in time calls it after the wait iOS allows, and stays held: a
  /// sign-in later still sends it, and the handler is not called again.
  @Test func aHeldReplyCompletesWhenItEndsOrItsTimeIsUp() async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat, needs: [.signedIn])
    let dropped = Done()
    links.dispatcher.satisfy(.signedIn)
    links.dispatcher.revoke(.signedIn)
    links.dispatcher.satisfy(.signedIn)
    links.dispatcher.revoke(.signedIn)
    links.didReceive(Self.reply("Dropped", to: 1)) { dropped.record() }
    links.dispatcher.receiveSubmitted()
    #expect(dropped.total == 0)
    links.dispatcher.revoke(.signedIn, keepingLinks: false)  // a sign-out drops what waits for it
    #expect(dropped.total == 1)
    links.dispatcher.backgroundWait = .milliseconds(20)
    let late = Done()
    links.didReceive(Self.reply("Late", to: 2)) { late.record() }
    links.dispatcher.receiveSubmitted()
    #expect(late.total == 0)
    for _ in 0..<200 where late.total == 0 { try? await Task.sleep(for: .milliseconds(5)) }
    #expect(late.total == 1)
    #expect(links.dispatcher.heldLinks.count == 1)
    links.dispatcher.satisfy(.signedIn)
    await Self.settle { !chat.pending.isEmpty }
    chat.pending.removeFirst().resume()
    await Self.settle { !chat.sent.isEmpty }
    #expect(chat.sent.map(\.1) == ["Late"])
    #expect(late.total == 1 && dropped.total == 1)
  }

  /// The delegate the README teaches (`LinkNotificationDelegate(receiver:)`, with or without a
  /// wrapped delegate) calls iOS's completion handler once, after the background handler and the
  /// wrapped delegate have both finished, in whichever order they finish. It was called at once:
  /// "completion, handler starts, handler done".
  @Test(arguments: [nil, true, false])
  func theDelegateCompletesAfterTheHandlerAndTheWrappedDelegate(wrappedFinishesFirst: Bool?) async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat)
    let order = Order()
    var wrappedHandler: (@Sendable () -> Void)?
    links.didReceive(
      Self.reply("On my way", to: 7), completion: { order.note("completion") },
      forwarding: { handler in
        guard wrappedFinishesFirst != nil else { return false }  // no wrapped delegate
        wrappedHandler = handler
        return true
      })
    if wrappedFinishesFirst == true {
      order.note("wrapped done")
      wrappedHandler?()
    }
    links.dispatcher.receiveSubmitted()
    await Self.settle { !chat.pending.isEmpty }
    // The reply is being sent: the completion handler has not been called (it was, at once).
    #expect(!order.notes.contains("completion"))
    chat.pending.removeFirst().resume()
    await Self.settle { !chat.sent.isEmpty }
    await Self.settle { order.notes.contains("completion") || wrappedFinishesFirst == false }
    if wrappedFinishesFirst == false {
      // Sent, but the wrapped delegate has not called its handler yet: still waiting.
      #expect(!order.notes.contains("completion"))
      order.note("wrapped done")
      wrappedHandler?()
      wrappedHandler?()  // a second call counts once
    }
    await Self.settle { order.notes.contains("completion") }
    #expect(order.notes.last == "completion")
    #expect(order.notes.filter { $0 == "completion" }.count == 1)
    #expect(chat.sent.map(\.1) == ["On my way"])
  }

  /// The app's own delegate in its async form: `await links.receive(response)` returns once the
  /// reply is sent, so iOS takes the action as done only then.
  @Test func theAsyncReceiveReturnsAfterTheHandler() async {
    let chat = Chat()
    let links = Self.launchedInBackground(chat)
    let order = Order()
    Task { @MainActor in
      await Self.settle { !chat.pending.isEmpty }
      order.note("handler started")
      chat.pending.removeFirst().resume()
    }
    await links.receive(Self.reply("Hi", to: 5))
    order.note("returned")
    #expect(order.notes == ["handler started", "returned"])
    #expect(chat.sent.map(\.1) == ["Hi"])
  }

  final class Order: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func note(_ text: String) { lock.withLock { list.append(text) } }
    var notes: [String] { lock.withLock { list } }
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

  /// The tap's own action identifier names a tap: a rule that gives it with `"background": true`
  /// is the same problem as a tap rule that runs in the background (the flag was silently
  /// ignored), and a rule for it answers taps. A rule for the dismiss action opens nothing.
  @Test func theTapsOwnActionIdentifierIsATap() throws {
    let tapAction = "com.apple.UNNotificationDefaultActionIdentifier"
    let background =
      #"{"routes": [{"name": "a", "path": "/a", "push": {"when": {"t": "a"}, "action": "\#(tapAction)", "background": true}}]}"#
    #expect {
      try RouteTable.makeRouter(json: Data(background.utf8))
    } throws: { error in
      (error as? RouteTableError)?.problems.contains {
        $0.message.contains("runs in the background for a tap (\"\(tapAction)\" is the tap's own action)")
      } == true
    }
    let tap =
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "push": {"when": {"t": "a"}, "action": "\#(tapAction)"}}]}"#
    let router = try RouteTable.makeRouter(json: Data(tap.utf8))
    #expect(try router.resolve(.push(userInfo: ["t": "a"])).route.name == "a")
    let dismiss =
      #"{"routes": [{"name": "a", "path": "/a", "push": {"when": {"t": "a"}, "action": "com.apple.UNNotificationDismissActionIdentifier"}}]}"#
    #expect {
      try RouteTable.makeRouter(json: Data(dismiss.utf8))
    } throws: { error in
      (error as? RouteTableError)?.problems.contains { $0.message.contains("for the dismiss action") } == true
    }
  }

  /// A typed reply is text a person wrote: it has its own bound (64 KiB), far past a
  /// link value's 1 KiB, and past it the route still comes, with the first part of the reply and
  /// the reason in its context, never refused: the user's message is not lost.
  @Test func aLongReplyReachesTheHandlerWholeOrWithItsReason() async throws {
    var sent: [(String, DeliveryContext)] = []
    let dispatcher = LinkDispatcher(router: Self.router)
    dispatcher.setBackgroundHandler { route, context in
      if route.name == "conversation", let text = route.parameters["replyText"] { sent.append((text, context)) }
    }
    let links = LinkReceiver(dispatcher: dispatcher)
    let long = String(repeating: "Ça va? ", count: 1_000)  // 8,000 bytes: refused as a link value would be
    let tooLong = String(repeating: "👩‍💻", count: 6_000)  // 66,000 bytes, 11 bytes a character
    for (index, text) in [long, tooLong, "a\u{0}b"].enumerated() {
      links.didReceive(Self.reply(text, to: index)) {}
    }
    dispatcher.receiveSubmitted()
    await Self.settle { sent.count == 3 }
    try #require(sent.count == 3)
    #expect(sent[0].0 == long && sent[0].1.replyTruncation == nil)
    // Cut at a character's end, to what fits the bound.
    #expect(sent[1].0 == String(repeating: "👩‍💻", count: 65_536 / 11))
    let reason = try #require(sent[1].1.replyTruncation)
    #expect(reason.code == .inputTooLarge)
    #expect(
      reason.message
        == "the typed reply is 66000 bytes long, cut to its first 65527; the limit is 65536 bytes")
    #expect(sent[2].0 == "a\u{0}b")
    // Cut at a character's end even when the bound falls inside one.
    let cut = InputLimits.fitted(reply: "ab👩‍💻c", maxReplyLength: 5)
    #expect(cut.text == "ab")
    #expect(cut.truncation?.message == "the typed reply is 14 bytes long, cut to its first 2; the limit is 5 bytes")
  }
}
