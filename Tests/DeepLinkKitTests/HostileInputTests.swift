import DeepLinkKit
import Foundation
import Testing

/// Hostile input and the answer each must get. A deep link is input from outside: any app can
/// send a custom-scheme URL, anyone can publish a link, a payload is a dictionary of anything.
@Suite struct HostileInputTests {
  /// A router that reads international host names, so that every check of a host is reached.
  static let router = try! table(.international).makeRouter()
  /// The same table, reading ASCII host names only.
  static let asciiRouter = try! table(.ascii).makeRouter()

  static func table(_ hostNames: HostNames) -> TestTable {
    TestTable(
      schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], hostNames: hostNames,
      routes: [
        .init(
          name: "message", path: "/messages/:id",
          push: PushRule(when: ["type": "message"], parameters: ["id": "message_id"])),
        .init(name: "request", path: "/requests/:id(int)", shortcut: "com.example.request", intent: "OpenRequest"),
        .init(name: "order", path: "/orders/:id(uuid)", activity: "com.example.order"),
        .init(name: "docs", path: "/docs/*path", intent: "OpenDocs"),
        .init(name: "search", path: "/search"),
        .init(name: "deleteAccount", path: "/account/delete", sources: [.inApp]),
      ]
    )
  }

  struct Case: CustomTestStringConvertible, Sendable {
    let input: String
    let expected: Outcome
    var testDescription: String { input.debugDescription.prefix(90) + " → \(expected)" }
  }

  static func refused(_ code: DeepLinkError.Code, _ inputs: [String]) -> [Case] {
    inputs.map { Case(input: $0, expected: .refused(code)) }
  }

  // MARK: Links

  static let encodedDotsAndSlashes: [Case] =
    refused(
      .malformedInput,
      [
        "myapp://messages/..", "myapp://messages/.", "myapp://../messages", "myapp://messages/%2e%2e",
        "myapp://messages/%2E%2E",
        "myapp://messages/.%2e", "myapp://messages/%2e.", "myapp://messages/%2e",
        "https://app.example.com/docs/../../etc/passwd",
        "https://app.example.com/docs/a/%2e%2e/%2e%2e/secret", "myapp:///./messages/1", "myapp://docs/a/./b",
      ])
    + [
      // Split before decoding: an encoded slash or dot-dot stays inside one segment, a plain value.
      Case(input: "myapp://messages/..%2F..%2Fetc", expected: .route("message", ["id": "../../etc"])),
      Case(input: "myapp://messages/a%2Fb", expected: .route("message", ["id": "a/b"])),
      Case(input: "myapp://messages/%2F", expected: .route("message", ["id": "/"])),
      Case(input: "myapp://messages/%5C..%5C", expected: .route("message", ["id": "\\..\\"])),
      Case(input: "myapp://messages/...", expected: .route("message", ["id": "..."])),
      // In a catch-all, joined with "/", an encoded slash would forge segments: refused (round 2).
      Case(input: "myapp://docs/a%2F..%2F..%2Fetc", expected: .refused(.invalidParameter)),
      Case(input: "myapp://docs/ok/%2F", expected: .refused(.invalidParameter)),
      Case(input: "https://app.example.com/docs/x/..%2Fsecret", expected: .refused(.invalidParameter)),
      Case(input: "myapp://docs/a/b/c", expected: .route("docs", ["path": "a/b/c"])),
    ]

  static let rawControls: [Case] = refused(
    .malformedInput, (Array(0..<0x20) + [0x7F]).map { "myapp://messages/a" + String(UnicodeScalar(UInt8($0))) + "b" })

  static let encodedControlsInPath: [Case] = refused(
    .malformedInput, (Array(0..<0x20) + [0x7F]).map { "myapp://messages/a%" + String(format: "%02X", $0) + "b" })

  static let encodedControlsInQuery: [Case] =
    refused(
      .malformedInput,
      ["myapp://search?q=a%00b", "myapp://search?a%0A=1", "myapp://search?%00=1", "myapp://search?%1F=x"])
    + [
      Case(input: "myapp://search?text=line%0Anext", expected: .route("search", ["text": "line\nnext"])),
      Case(input: "myapp://search?text=tab%09", expected: .route("search", ["text": "tab\t"])),
    ]

  static let invalidEscapes: [Case] = refused(
    .malformedInput,
    [
      "myapp://messages/%", "myapp://messages/%4", "myapp://messages/%G1", "myapp://messages/%zz",
      "myapp://messages/a%",
      "myapp://messages/%%41", "myapp://messages/%-1", "myapp://messages/%FF", "myapp://messages/%C3",
      "myapp://messages/%C3%28",
      "myapp://messages/%ED%A0%80", "myapp://messages/%F8%88%80%80%80", "myapp://messages/%C0%AF", "myapp://search?q=%",
      "myapp://search?q=%ZZ", "myapp://search?q=%FE", "myapp://%zz/x", "myapp://%/x",
    ])

  static let overlong: [Case] = refused(
    .inputTooLarge,
    [
      "myapp://messages/" + String(repeating: "a", count: 5_000),
      "https://app.example.com/messages/1?" + String(repeating: "k=v&", count: 1_100),
      "myapp://messages/" + String(repeating: "x", count: 1_025),
      "myapp://docs/" + Array(repeating: "a", count: 40).joined(separator: "/"),
      "myapp://search?" + (0..<70).map { "k\($0)=v" }.joined(separator: "&"),
      "myapp://search?q=" + String(repeating: "%41", count: 1_100),
      "myapp://messages/" + String(repeating: "%C3%A9", count: 600),
    ])

  static let userInfoAndPorts: [Case] =
    refused(
      .malformedInput,
      [
        "https://user@app.example.com/messages/1", "https://user:pass@app.example.com/messages/1",
        "https://app.example.com@evil.com/messages/1", "https://evil.com@app.example.com/messages/1",
        "https://@app.example.com/x",
        "https://app.example.com:8443/messages/1", "https://app.example.com:80/messages/1",
        "https://app.example.com:1/x",
        "https://app.example.com:65536/x", "https://app.example.com:-443/x", "https://app.example.com:443x/x",
        "https://app.example.com: 443/x", "myapp://user@messages/1", "myapp://messages:1/1", "myapp://:@messages/1",
      ])
    + [
      Case(input: "https://app.example.com:443/messages/1", expected: .route("message", ["id": "1"])),
      Case(input: "https://app.example.com:/messages/1", expected: .route("message", ["id": "1"])),
      Case(input: "https://app.example.com:0443/messages/1", expected: .route("message", ["id": "1"])),
    ]

  static let backslashes: [Case] = refused(
    .malformedInput,
    [
      "https://evil.com\\@app.example.com/x", "https://app.example.com\\evil.com/x",
      "https://app.example.com/messages\\1",
      "myapp://messages\\1", "myapp:\\\\messages/1", "https:\\\\app.example.com/messages/1",
      "https://app.example.com/\\\\evil.com",
      "myapp://search?q=a\\b",
    ])

  static let hosts: [Case] =
    refused(
      .unknownHost,
      [
        "https://evil.com/messages/1", "https://app.example.com.evil.com/messages/1",
        "https://evilapp.example.com/messages/1",
        "https://example.org/messages/1", "https://app.example.co/messages/1", "https://аpp.example.com/messages/1",
        "https://app.еxample.com/messages/1",
        "https://xn--pp-6kc.example.com/x", "https://127.0.0.1/x", "https://0x7f.1/x", "https://app-example.com/x",
        "https://app.example.com.org/x",
        "https://EXAMPLE.ORG/messages/1",
      ])
    + refused(
      .malformedInput,
      [
        "https://app.example.com./messages/1", "https://app.example.com../x", "https://shop.example.org./x",
        "https://app%2Eexample.com/x", "https://app.example.com%2Fevil.com/x", "https://%61pp.example.com/x",
        "https://app.example.com%00/x", "https:///messages/1", "https:app.example.com/messages/1",
        "https:/app.example.com/x",
        "https://app example.com/x", "https://app<example.com/x", "https://app.example.com%2e/x", "https://:443/x",
        "https://[::1]/x", "https://app.example.com\u{3002}evil/x",
        // Not valid host names, though a wildcard's suffix matches (round 2 of the hardening).
        "https://..example.org/x", "https://a..example.org/x", "https://.example.org/x",
        "https://xn--.example.org/x", "https://xn--a.example.org/x", "https://xn--zz-9999999999.example.org/x",
        "https://xn--abc-.example.org/x", "https://-a.example.org/x", "https://a-.example.org/x",
        "https://" + String(repeating: "a", count: 64) + ".example.org/x",
        "https://" + String(repeating: "abcdefgh.", count: 29) + "example.org/x",
        "https://a\u{200B}.example.org/x", "https://a\u{202E}b.example.org/x", "https://a\u{200D}b.example.org/x",
        "https://a\u{FEFF}.example.org/x", "https://app\u{FF0E}example.com/x", "https://a\u{FF61}example.org/x",
        "https://a%E2%80%8B.example.org/x",
        // A dot followed by a combining mark is one character: the labels are split on the dot's
        // byte, and a label may not begin with a combining mark (RFC 5891, section 4.2.3.2).
        "https://x.\u{301}y.example.org/messages/1", "https://b\u{FC}cher.\u{301}example.org/messages/1",
        // A compatibility character stands for another (`ⓐ` for `a`): the host is not what it looks.
        "https://ⓐpp.example.com/x", "https://ﬁ.example.org/messages/1",
      ])
    + [
      Case(input: "HTTPS://APP.EXAMPLE.COM/messages/1", expected: .route("message", ["id": "1"])),
      Case(input: "https://a.b.example.org/messages/1", expected: .route("message", ["id": "1"])),
      Case(input: "https://xn--bcher-kva.example.org/messages/1", expected: .route("message", ["id": "1"])),
      Case(input: "https://a_b.example.org/messages/1", expected: .route("message", ["id": "1"])),
      Case(
        input: "https://" + String(repeating: "a", count: 63) + ".example.org/messages/1",
        expected: .route("message", ["id": "1"])),
    ]

  /// C1 controls, bidi controls and invisible format characters in a path segment, raw or
  /// encoded (round 2 of the hardening); ZWJ and ZWNJ stay, as emoji and scripts need them.
  static let invisibleCharacters: [Case] =
    refused(
      .malformedInput,
      [
        "myapp://messages/a%C2%85b", "myapp://messages/%C2%9B31m", "myapp://messages/a%C2%80",
        "myapp://messages/%C2%9F",
        "myapp://messages/a%E2%80%AEb", "myapp://messages/a\u{202E}b", "myapp://messages/a%E2%81%A6b",
        "myapp://messages/a%E2%80%8Bb", "myapp://messages/%EF%BB%BFa", "myapp://messages/a%C2%ADb",
        "myapp://messages/a%E2%80%A8b", "myapp://messages/a%E2%80%A9b", "myapp://messages/a%E2%80%8Fb",
        "myapp://messages/%F3%A0%80%81a", "myapp://messages/a%D8%9Cb", "myapp://search?a%C2%85=1",
        "myapp://search?a%E2%80%AE=1", "myapp://docs/a/%E2%80%AE/b",
      ])
    + [
      Case(input: "myapp://messages/%F0%9F%91%A9%E2%80%8D%F0%9F%92%BB", expected: .route("message", ["id": "👩‍💻"])),
      Case(input: "myapp://messages/a%E2%80%8Cb", expected: .route("message", ["id": "a\u{200C}b"])),
      Case(input: "myapp://search?q=a%E2%80%AEb", expected: .route("search", ["q": "a\u{202E}b"])),
    ]

  static let schemes: [Case] =
    refused(
      .unsupportedScheme,
      [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
        "http://app.example.com/messages/1", "ftp://app.example.com/x", "myapp2://messages/1", "my-app://messages/1",
        "vbscript:msgbox(1)", "intent://messages/1#Intent;scheme=myapp;end", "tel:+100", "mailto:a@b.c", "about:blank",
        "blob:x",
      ])
    + refused(
      .malformedInput,
      [
        "", " ", "messages/1", "//app.example.com/x", "1myapp://x", "://x", ":", "myapp", " myapp://messages/1",
        "\tmyapp://x",
      ])

  static let nestedURLs: [Case] = [
    // A link inside a parameter is a plain value: never followed, never resolved.
    Case(input: "myapp://search?next=https://evil.com", expected: .route("search", ["next": "https://evil.com"])),
    Case(input: "myapp://search?next=%2F%2Fevil.com", expected: .route("search", ["next": "//evil.com"])),
    Case(input: "myapp://search?u=javascript:alert(1)", expected: .route("search", ["u": "javascript:alert(1)"])),
    Case(input: "myapp://messages/https:%2F%2Fevil.com", expected: .route("message", ["id": "https://evil.com"])),
    Case(input: "myapp://docs/https:/evil.com/x", expected: .route("docs", ["path": "https:/evil.com/x"])),
    Case(
      input: "myapp://search?redirect=myapp%3A%2F%2Faccount%2Fdelete",
      expected: .route("search", ["redirect": "myapp://account/delete"])),
  ]

  static let emptyAndTyped: [Case] =
    refused(
      .noRoute,
      [
        "myapp://messages", "myapp://messages/", "myapp://messages//", "myapp://requests", "myapp:///",
        "myapp://nothing",
      ])
    + refused(
      .invalidParameter,
      [
        "myapp://requests/%20", "myapp://requests/1.0", "myapp://requests/0x10", "myapp://requests/1e3",
        "myapp://requests/99999999999999999999", "myapp://requests/-", "myapp://requests/+1",
        // 1844674407370955161 × 10 fits in 64 bits; adding the last digit did not, and trapped
        // (Fuzz/FuzzInputs found it).
        "myapp://requests/18446744073709551616", "myapp://requests/18446744073709551619",
        "myapp://requests/000018446744073709551616", "myapp://requests/-18446744073709551616",
        "myapp://requests/%EF%BC%91",
        "myapp://orders/not-a-uuid", "myapp://orders/9F0C7A3E5B1D4C2A8E6F0123456789AB",
        "myapp://orders/{9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB}",
      ])
    + refused(
      .sourceNotAllowed,
      ["myapp://account/delete", "https://app.example.com/account/delete", "MYAPP://account/delete#x"])
    + [Case(input: "myapp://messages/%20", expected: .route("message", ["id": " "]))]

  /// A reply the user never typed: only a notification's typed reply fills `replyText` (issue 24).
  static let forgedReplies: [Case] = refused(
    .invalidParameter,
    [
      "myapp://messages/1?replyText=yes", "https://app.example.com/messages/1?replyText=yes",
      "https://app.example.com/search?q=a&replyText=", "myapp://messages/1?replyText=a&replyText=b",
    ])

  static let allLinks: [Case] =
    encodedDotsAndSlashes + rawControls + encodedControlsInPath + encodedControlsInQuery + invalidEscapes + overlong
    + userInfoAndPorts + backslashes + hosts + invisibleCharacters + schemes + nestedURLs + emptyAndTyped
    + forgedReplies

  @Test(arguments: allLinks)
  func link(_ row: Case) {
    #expect(Self.router.outcome(row.input) == row.expected)
  }

  /// A router of ASCII host names answers each hostile link as the router above does, but for a
  /// universal link whose host is an international name (a non-ASCII byte, or an `xn--` label):
  /// that one it refuses as `unknownHost`, since it lists no such host, and never opens a route.
  @Test(arguments: allLinks)
  func linkToARouterOfASCIIHosts(_ row: Case) {
    let outcome = Self.asciiRouter.outcome(row.input)
    let scheme = row.input.prefix { $0 != ":" }.lowercased()
    let authority = row.input.drop { $0 != ":" }.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    let isInternational =
      scheme == "https" && (authority.utf8.contains { $0 >= 0x80 } || authority.lowercased().contains("xn--"))
    if isInternational, outcome != row.expected {
      #expect(outcome == .refused(.unknownHost))
    } else {
      #expect(outcome == row.expected)
    }
  }

  /// The hostile corpus is at least 200 inputs: 156 links and payloads here, and the 44 hostile
  /// tables DeepLinkKitConfigurationTests holds (`HostileTableTests.theTableCorpusIsLarge`).
  @Test func theCorpusIsLarge() {
    #expect(Self.allLinks.count + Self.payloadCases >= 156)
  }

  // MARK: Payloads and other sources

  static let payloadCases = 22

  @Test func hostilePayloads() {
    var deep: [AnyHashable: Any] = ["type": "message", "message_id": "1"]
    for _ in 0..<100 { deep = ["d": deep] }
    let enormous = Dictionary(uniqueKeysWithValues: (0..<1_000).map { (AnyHashable("k\($0)"), "v" as Any) })
      .merging(["type": "message", "message_id": "1"]) { $1 }
    let cases: [([AnyHashable: Any], Outcome)] = [
      (deep, .refused(.inputTooLarge)),
      (enormous, .refused(.inputTooLarge)),
      (["type": "message", "message_id": 42], .route("message", ["id": "42"])),  // a number where a string is expected
      (["type": "message", "message_id": true], .route("message", ["id": "true"])),  // a Boolean too
      (["type": "message", "message_id": ""], .refused(.invalidParameter)),  // empty
      (["type": "message", "message_id": [1, 2]], .refused(.invalidParameter)),  // an array is left out
      (["type": "message", "message_id": NSNull()], .refused(.invalidParameter)),
      (["type": 1, "message_id": "1"], .refused(.noRoute)),  // "1" is not "message"
      (["deeplink": "javascript:alert(1)"], .refused(.unsupportedScheme)),
      (["deeplink": "https://evil.com/messages/1"], .refused(.unknownHost)),
      (["deeplink": "myapp://account/delete"], .refused(.sourceNotAllowed)),
      (["deeplink": 42], .refused(.malformedInput)),  // "42" is not a link: it has no scheme
      (["deeplink": String(repeating: "a", count: 5_000)], .refused(.inputTooLarge)),
      ([1: "int key", "type": "message", "message_id": "5"], .route("message", ["id": "5"])),
      // A push field fills a path parameter only if a link's segment could hold it (round 2).
      (["type": "message", "message_id": "1\u{0}"], .refused(.invalidParameter)),
      (["type": "message", "message_id": ".."], .refused(.invalidParameter)),
      (["type": "message", "message_id": "\u{1B}[31m"], .refused(.invalidParameter)),
      (["type": "message", "message_id": "a\u{85}"], .refused(.invalidParameter)),
      (["type": "message", "message_id": "\u{202E}1"], .refused(.invalidParameter)),
      (["type": "message", "message_id": "👩‍💻"], .route("message", ["id": "👩‍💻"])),
      // Round 3: a whole floating-point number is an integer at any size Int64 holds.
      (["type": "message", "message_id": 1e18], .route("message", ["id": "1000000000000000000"])),
      (["type": "message", "message_id": 1e19], .route("message", ["id": "1e+19"])),
    ]
    #expect(cases.count == Self.payloadCases)
    for (payload, expected) in cases {
      let outcome: Outcome
      do {
        let route = try Self.router.resolve(.push(LinkPush(userInfo: payload))).route
        outcome = .route(route.name, route.parameters)
      } catch {
        outcome = .refused(error.code)
      }
      #expect(outcome == expected, "\(payload.keys.prefix(3)) → \(outcome)")
    }
  }

  @Test(arguments: [
    (
      DeepLinkInput.quickAction(LinkQuickAction(type: "com.example.request", userInfo: ["id": " "])),
      DeepLinkError.Code.invalidParameter
    ),
    (.quickAction(LinkQuickAction(type: "com.example.request", userInfo: ["id": "1; DROP TABLE"])), .invalidParameter),
    (.quickAction(LinkQuickAction(type: "")), .noRoute),
    (.intent(IntentInvocation(name: "OpenRequest", parameters: ["id": "\u{0}"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenRequest", parameters: ["id": "7\u{0}"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenRequest\u{0}")), .noRoute),
    // Whatever the source, a value that fills a path parameter or catch-all passes a link
    // segment's rules, and any other value a query item's (round 2 of the hardening).
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "../../etc/passwd"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "a/./b"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "/etc/passwd"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "a/b\n"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "a/\u{2066}b"])), .invalidParameter),
    (.intent(IntentInvocation(name: "OpenDocs", parameters: ["path": "a", "x\n": "1"])), .malformedInput),
    (
      .quickAction(LinkQuickAction(type: "com.example.request", userInfo: ["id": "1", "note": "a\u{0}"])),
      .malformedInput
    ),
    (.userActivity(ContinuedActivity(type: "com.example.order", userInfo: ["id": "."])), .invalidParameter),
    (.userActivity(ContinuedActivity(type: "com.example.order", userInfo: ["id": "../../"])), .invalidParameter),
    (
      .userActivity(ContinuedActivity(type: ContinuedActivity.browsingWebType, webpageURL: "javascript:alert(1)")),
      .unsupportedScheme
    ),
    (
      .userActivity(ContinuedActivity(type: ContinuedActivity.browsingWebType, webpageURL: "myapp://account/delete")),
      .unsupportedScheme
    ),
    (
      .userActivity(
        ContinuedActivity(
          type: ContinuedActivity.spotlightItemType,
          userInfo: [ContinuedActivity.spotlightIdentifierKey: "myapp://account/delete"])), .sourceNotAllowed
    ),
    // Round 3: a catch-all from another source holds no more segments than a link may.
    (
      .intent(
        IntentInvocation(name: "OpenDocs", parameters: ["path": (0..<40).map { "p\($0)" }.joined(separator: "/")])),
      .inputTooLarge
    ),
  ])
  func otherSources(input: DeepLinkInput, code: DeepLinkError.Code) {
    #expect(throws: DeepLinkError.self) { try Self.router.resolve(input) }
    #expect((try? Self.router.resolve(input)) == nil)
    do {
      _ = try Self.router.resolve(input)
    } catch {
      #expect(error.code == code)
    }
  }
}
