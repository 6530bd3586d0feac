import DeepLinkKit
import Foundation
import Testing

@Suite struct PushTests {
  static func push(
    _ userInfo: [AnyHashable: Any], action: String = LinkPush.defaultAction, reply: String? = nil
  )
    -> DeepLinkInput
  {
    .push(LinkPush(userInfo: userInfo, actionIdentifier: action, replyText: reply))
  }

  @Test(arguments: ["deeplink", "deep_link", "link", "url"])
  func linkUnderEachKey(key: String) {
    let top = outcome(Self.push([key: "myapp://messages/1"]))
    #expect(top.route == TestRoute("message", parameters: ["id": "1"]))
    #expect(top.source == .push)
    #expect(outcome(Self.push(["data": [key: "https://app.example.com/messages/2"]])).route?.parameters == ["id": "2"])
  }

  @Test func topLevelKeysComeBeforeData() {
    let input = Self.push(["data": ["deeplink": "myapp://messages/inner"], "url": "myapp://messages/outer"])
    #expect(outcome(input).route?.parameters == ["id": "outer"])
  }

  @Test func firstKeyThatResolvesWins() {
    let input = Self.push(["deeplink": "ftp://nowhere", "link": "myapp://messages/3"])
    #expect(outcome(input).route?.parameters == ["id": "3"])
  }

  @Test func ruleWithMostMatchingFieldsWins() {
    #expect(
      outcome(Self.push(["type": "message", "message_id": 5])).route == TestRoute("message", parameters: ["id": "5"]))
    #expect(
      outcome(Self.push(["type": "message", "thread": true, "thread_id": 9, "message_id": 5])).route
        == TestRoute("thread", parameters: ["id": "9"]))
  }

  @Test func rulesAreTriedWhenTheLinkDoesNotResolve() {
    let input = Self.push(["deeplink": "https://evil.example.com/x", "type": "message", "message_id": "6"])
    #expect(outcome(input).route == TestRoute("message", parameters: ["id": "6"]))
  }

  /// A tap's link that opens nothing gives way to the rule that matches; when that rule cannot
  /// build its route, the rule's refusal is the answer, not the link's.
  @Test func aMatchingRulesRefusalComesBeforeTheLinksOne() {
    let input = Self.push(["deeplink": "https://evil.example.com/x", "type": "message"])
    #expect(
      outcome(input).error
        == DeepLinkError(
          .invalidParameter,
          #"parameter "id" of route "message" (/messages/:id) is missing: the payload has no field "message_id""#))
    // Two links that open nothing, and no rule: the first link's refusal.
    let links = Self.push(["deeplink": "https://evil.example.com/x", "link": "ftp://nowhere"])
    #expect(outcome(links).error?.code == .unknownHost)
  }

  @Test func anUnresolvableLinkExplainsWhenNoRuleMatches() {
    let error = outcome(Self.push(["deeplink": "https://evil.example.com/x"])).error
    #expect(error?.code == .unknownHost)
  }

  @Test(arguments: [
    ([:] as [String: String], DeepLinkError(.noRoute, "no route matches the notification's payload")),
    (["type": "other"], DeepLinkError(.noRoute, "no route matches the notification's payload")),
    (
      ["type": "message"],
      DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route "message" (/messages/:id) is missing: the payload has no field "message_id""#)
    ),
    (
      ["type": "message", "thread": "true", "thread_id": "abc"],
      DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route "thread" (/threads/:id(int)) must be a base-10 integer that fits in 64 bits, not "abc""#
      )
    ),
  ])
  func refusals(payload: [String: String], error: DeepLinkError) {
    #expect(outcome(Self.push(payload)).error == error)
  }

  @Test func dismissOpensNothing() {
    let input = Self.push(["deeplink": "myapp://messages/1"], action: LinkPush.dismissAction)
    #expect(outcome(input).error == DeepLinkError(.noRoute, "a dismissed notification opens no route"))
  }

  @Test func customActionsOpenOnlyTheirRules() {
    let reply = outcome(
      Self.push(["deeplink": "myapp://messages/1", "message_id": "8"], action: "REPLY", reply: "On my way"))
    #expect(reply.route == TestRoute("reply", parameters: ["id": "8", "replyText": "On my way"]))
    #expect(
      outcome(Self.push(["deeplink": "myapp://messages/1"], action: "MARK_READ")).error
        == DeepLinkError(.noRoute, #"no route opens the notification action "MARK_READ""#))
  }

  /// Only a typed reply fills `replyText`: a link (from any source), a payload field or another
  /// source's values cannot send a reply the user never typed.
  @Test func noLinkCanForgeATypedReply() {
    for link in ["https://app.example.com/messages/8/reply?replyText=Yes", "myapp://messages/8/reply?replyText=Yes"] {
      #expect(outcome(.url(link)).error?.code == .invalidParameter)
      #expect(outcome(.url(link)).error?.message.contains("is set only by a notification's typed reply") == true)
    }
    #expect(
      outcome(.url("https://app.example.com/messages/8/reply?replyText=Yes")).error?.message
        == #"parameter "replyText" is set only by a notification's typed reply; a universal link cannot set it"#)
    // A link a push carries, and a payload field a rule reads, are not typed replies either.
    #expect(
      outcome(Self.push(["deeplink": "myapp://messages/8/reply?replyText=Yes"])).error?.code == .invalidParameter)
    #expect(
      outcome(.intent(IntentInvocation(name: "ShowActivityIntent", parameters: ["replyText": "Yes"]))).error?.code
        == .invalidParameter)
    // The typed reply still reaches its route.
    let reply = outcome(Self.push(["message_id": "8"], action: "REPLY", reply: "Yes"))
    #expect(reply.route == TestRoute("reply", parameters: ["id": "8", "replyText": "Yes"]))
    #expect(
      tableProblems([
        .init(name: "r", path: "/r", push: PushRule(when: ["t": "r"], parameters: ["replyText": "text"]))
      ]) == [
        #"route "r" (/r) has a push rule that fills "replyText" from the payload; only the notification's typed reply fills it"#
      ])
  }

  @Test func sourcesAllowListApplies() {
    #expect(outcome(Self.push(["deeplink": "myapp://account/delete"])).error?.code == .sourceNotAllowed)
  }

  @Test func tableChoosesItsLinkKeys() throws {
    let router = try TestTable(schemes: ["myapp"], pushURLKeys: ["target"], routes: [.init(name: "a", path: "/a")])
      .makeRouter()
    #expect(outcome(Self.push(["target": "myapp://a"]), router: router).route == TestRoute("a"))
    #expect(outcome(Self.push(["deeplink": "myapp://a"]), router: router).error?.code == .noRoute)
  }

  @Test func sameRuleTwiceIsAConflict() {
    #expect(
      tableProblems([
        .init(name: "a", path: "/a", push: PushRule(when: ["type": "x"])),
        .init(name: "b", path: "/b", push: PushRule(when: ["type": "x"])),
        .init(name: "c", path: "/c", push: PushRule(when: ["type": "x"], action: "OPEN")),
      ]) == [#"route "a" (/a) and route "b" (/b) have the same push rule"#])
  }

  /// One route answers its notification's tap and its reply action: the tap opens it with the
  /// payload's values, the reply with the typed text as well.
  @Test func aRouteHasATapRuleAndAReplyRule() throws {
    enum Chat: Hashable, Sendable { case message(id: String, reply: String?) }
    let router = try LinkRouter<Chat>(
      schemes: ["myapp"],
      routes: [
        RouteDefinition<Chat>.path("/messages/:id?replyText") { .message(id: $0, reply: $1) }
          .push(when: ["type": "message"], parameters: ["id": "message_id"])
          .push(when: ["type": "message"], parameters: ["id": "message_id"], action: "REPLY")
      ])
    #expect(router.definitions[0].pushRules.count == 2)
    let tap = try router.resolve(Self.push(["type": "message", "message_id": "4"]))
    #expect(tap.route == .message(id: "4", reply: nil))
    let reply = try router.resolve(
      Self.push(["type": "message", "message_id": "4"], action: "REPLY", reply: "On my way"))
    #expect(reply.route == .message(id: "4", reply: "On my way"))
    // An action neither rule answers still opens nothing.
    #expect(throws: DeepLinkError(.noRoute, #"no route opens the notification action "ARCHIVE""#)) {
      try router.resolve(Self.push(["type": "message", "message_id": "4"], action: "ARCHIVE"))
    }
  }

  @Test func theSameRuleTwiceOnOneRouteIsAConflict() {
    #expect(
      tableProblems([
        .init(
          name: "a", path: "/a", push: PushRule(when: ["type": "x"]),
          pushRules: [PushRule(when: ["type": "x"], action: "OPEN"), PushRule(when: ["type": "x"])])
      ]) == [#"route "a" (/a) has the same push rule twice"#])
  }

  /// A route only background actions open ("Save for later") is no place a tap navigates to: a
  /// tap whose payload carries its link is refused; its action opens it.
  @Test func aBackgroundOnlyRouteRefusesATap() throws {
    enum NewsRoute: Hashable, Sendable {
      case article(id: Int)
      case save(id: Int)
    }
    let router = try LinkRouter<NewsRoute>(
      schemes: ["news"],
      routes: [
        .path("/articles/:id", NewsRoute.article),
        .path("/articles/:id/save", NewsRoute.save)
          .push(when: ["type": "article"], parameters: ["id": "article_id"], action: "SAVE", runsInBackground: true),
      ])
    #expect(throws: DeepLinkError.self) { try router.resolve(.push(userInfo: ["deeplink": "news://articles/3/save"])) }
    #expect(try router.resolve(.push(userInfo: ["deeplink": "news://articles/3"])).route == .article(id: 3))
    let saved = try router.resolve(.push(userInfo: ["type": "article", "article_id": "3"], action: "SAVE"))
    #expect(saved.route == .save(id: 3) && saved.runsInBackground)
    do {
      _ = try router.resolve(.push(userInfo: ["deeplink": "news://articles/3/save"]))
    } catch {
      #expect(error.code == .sourceNotAllowed)
      #expect(
        error.message
          == #"route /articles/:id/save opens only from the notification action "SAVE", which runs in the background; a tap does not open it"#
      )
    }
  }

  /// Rules are tried most fields first, and rules of as many fields in table order, whichever
  /// route declared them and wherever it stands (a host group's route too).
  @Test func rulesOfMoreFieldsComeFirstAndEqualOnesInTableOrder() throws {
    enum Route: Hashable, Sendable {
      case kind, group, both, hosted
    }
    let router = try LinkRouter<Route>(
      schemes: ["myapp"], hosts: ["app.example.com"],
      routes: [
        .path("/kind", to: .kind).push(when: ["kind": "a"]),
        .path("/group", to: .group).push(when: ["group": "g"]),
        .path("/both", to: .both).push(when: ["kind": "a", "sub": "1"]),
        .host("help.example.com", [.path("/hosted", to: .hosted).push(when: ["kind": "a", "sub": "1", "deep": "x"])]),
      ])
    #expect(try router.resolve(Self.push(["kind": "a", "group": "g"])).route == .kind)
    #expect(try router.resolve(Self.push(["group": "g", "kind": "a"])).route == .kind)
    #expect(try router.resolve(Self.push(["kind": "a", "sub": "1", "group": "g"])).route == .both)
    #expect(try router.resolve(Self.push(["kind": "a", "sub": "1", "deep": "x"])).route == .hosted)
    #expect(try router.resolve(Self.push(["group": "g"])).route == .group)
  }

  /// A keyed route's problems are found as a route without keys' are, in a host group too.
  @Test func aHostGroupsKeyedRoutesAreChecked() {
    enum Route: Hashable, Sendable {
      case first, second
    }
    #expect(throws: RouteTableError.self) {
      try LinkRouter<Route>(routes: [
        .path("/first", to: .first).push(when: ["kind": "a"]),
        .host("help.example.com", [.path("/second", to: .second).push(when: ["kind": "a"])]),
      ])
    }
    do {
      _ = try LinkRouter<Route>(routes: [
        .path("/first", to: .first).shortcut("com.example.x"),
        .host("help.example.com", [.path("/first", to: .second).shortcut("com.example.x").push(when: [:])]),
      ])
      Issue.record("the table was built")
    } catch {
      #expect(
        error.problems.map(\.message) == [
          #"route /first has a push rule with no "when" fields and no action, so any notification would open it; name the fields that pick it"#,
          #"route /first and route /first are both opened by the quick action "com.example.x""#,
        ])
    }
  }
}
