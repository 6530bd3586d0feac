import DeepLinkKit
import DeepLinkKitTesting
import Testing

/// A route with a typed reply (`replyText`) round-trips: its links are checked without the reply,
/// which no link may carry, and its replies through the notification action that types them.
@Suite struct ReplyRoundTripTests {
  enum ChatRoute: Hashable, Sendable {
    case conversation(id: Int, replyText: String?)
    case inbox
  }

  static func router(reply: RouteDefinition<ChatRoute>) throws -> LinkRouter<ChatRoute> {
    try LinkRouter<ChatRoute>(schemes: ["chat"], routes: [.path("/inbox", to: .inbox), reply])
  }

  @Test func aRouteWithATypedReplyComesBack() throws {
    let router = try Self.router(
      reply: .path("/conversations/:id?replyText?", ChatRoute.conversation)
        .push(when: ["type": "message"], parameters: ["id": "conversation_id"])
        .push(when: ["type": "message"], parameters: ["id": "conversation_id"], action: "REPLY", runsInBackground: true)
    )
    #expect(router.roundTripProblems() == [])
  }

  @Test func aReplyThatTheActionDoesNotCarryBackIsStillAProblem() throws {
    // The closure drops the reply: the push opens a route without it.
    let router = try Self.router(
      reply: .path("/conversations/:id?replyText?") { (id: Int, _: String?) in
        ChatRoute.conversation(id: id, replyText: nil)
      }
      .push(when: ["type": "message"], parameters: ["id": "conversation_id"], action: "REPLY"))
    let problems = router.roundTripProblems(samples: 20)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("to the action \"REPLY\" of") == true, "\(problems)")
    #expect(problems.first?.contains("replyText \"a\", its route \"conversation(id: 0, replyText: nil)\"") == true)
  }

  @Test func everythingElseOfSuchARouteIsCheckedAsStrictly() throws {
    // The closure swaps a value of the link: found from the links without a reply.
    let router = try Self.router(
      reply: .path("/conversations/:id?replyText?") { (id: Int, reply: String?) in
        ChatRoute.conversation(id: id == 0 ? 1 : id, replyText: reply)
      }
      .push(when: ["type": "message"], parameters: ["id": "conversation_id"], action: "REPLY"))
    #expect(router.roundTripProblems().count == 1)
  }
}
