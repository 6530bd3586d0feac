import DeepLinkKit
import Testing

/// Splitting, decoding and the query, which custom schemes and universal links share.
@Suite struct PathAndQueryTests {
  static let router = try! makeRouter(["/messages/:id", "/docs/*path", "/search", "/a/:x/c"])

  @Test(arguments: [
    // Split before decoding: %2F stays inside its segment.
    ("myapp://messages/a%2Fb", Outcome.route("/messages/:id", ["id": "a/b"])),
    ("https://app.example.com/messages/a%2fb", .route("/messages/:id", ["id": "a/b"])),
    ("myapp://messages/..%2F..%2Fetc", .route("/messages/:id", ["id": "../../etc"])),
    // A catch-all joins its segments with "/": an encoded slash would forge a segment there.
    ("myapp://docs/a%2Fb/c", .refused(.invalidParameter)),
    ("myapp://messages/caf%C3%A9", .route("/messages/:id", ["id": "café"])),
    ("myapp://messages/café", .route("/messages/:id", ["id": "café"])),
    ("myapp://messages/a+b", .route("/messages/:id", ["id": "a+b"])),
    ("myapp://messages/%41", .route("/messages/:id", ["id": "A"])),
    ("myapp://messages/...", .route("/messages/:id", ["id": "..."])),
    ("myapp://messages/.hidden", .route("/messages/:id", ["id": ".hidden"])),
    ("myapp://a/%20/c", .route("/a/:x/c", ["x": " "])),
  ])
  func segments(url: String, expected: Outcome) {
    #expect(Self.router.outcome(url) == expected)
  }

  @Test(arguments: [
    ("myapp://messages/..", #"the segment ".." is a dot segment"#),
    ("myapp://messages/./42", #"the segment "." is a dot segment"#),
    ("myapp://messages/%2E%2E", #"the segment "%2E%2E" is a dot segment"#),
    ("myapp://messages/.%2e", #"the segment ".%2e" is a dot segment"#),
    ("myapp://messages/%2e", #"the segment "%2e" is a dot segment"#),
    ("myapp://../messages", #"the segment ".." is a dot segment"#),
    ("https://app.example.com/a/../b", #"the segment ".." is a dot segment"#),
    ("myapp://messages/%zz", #"the segment "%zz" holds a malformed percent escape"#),
    ("myapp://messages/%4", #"the segment "%4" holds a malformed percent escape"#),
    ("myapp://messages/42%", #"the segment "42%" holds a malformed percent escape"#),
    ("myapp://messages/%FF", #"the segment "%FF" does not decode to UTF-8 text"#),
    ("myapp://messages/%C3", #"the segment "%C3" does not decode to UTF-8 text"#),
    ("myapp://messages/%00", #"the segment "%00" decodes to the control character U+0000"#),
    ("myapp://messages/a%0Ab", #"the segment "a%0Ab" decodes to the control character U+000A"#),
    ("myapp://messages/a%7Fb", #"the segment "a%7Fb" decodes to the control character U+007F"#),
    ("myapp://messages/a%C2%85b", #"the segment "a%C2%85b" decodes to the control character U+0085"#),
    ("myapp://messages/%C2%9B31m", #"the segment "%C2%9B31m" decodes to the control character U+009B"#),
    ("myapp://messages/a%E2%80%AEb", #"the segment "a%E2%80%AEb" decodes to the invisible character U+202E"#),
    ("myapp://messages/a\u{202E}b", #"the segment "a\u{202E}b" holds the invisible character U+202E"#),
    ("myapp://messages/42\n", "it holds the control character U+000A"),
    ("myapp://mess\u{0}ages", "it holds the control character U+0000"),
    ("myapp://messages/\t42", "it holds the control character U+0009"),
    ("myapp://messages/42?q=\u{7F}", "it holds the control character U+007F"),
    ("myapp://messages\\42", "it holds a backslash"),
    ("myapp://search?q=%zz", #"the query item "q=%zz" holds a malformed percent escape or bytes that are not UTF-8"#),
    ("myapp://search?q=%FF", #"the query item "q=%FF" holds a malformed percent escape or bytes that are not UTF-8"#),
    ("myapp://search?q=a%00b", #"the query item "q=a%00b" has a value that decodes to the control character U+0000"#),
    ("myapp://search?a%0A=b", #"the query item "a%0A=b" has a name that decodes to the control character U+000A"#),
  ])
  func malformed(url: String, reason: String) {
    #expect(Self.router.error(url) == DeepLinkError(.malformedInput, "malformed link: " + reason))
  }

  @Test(arguments: [
    ("myapp://search?q=macaroni", ["q": "macaroni"]),
    ("myapp://search?q=a+b", ["q": "a+b"]),
    ("myapp://search?q=a%2Bb&r=%26&s=x%3Dy", ["q": "a+b", "r": "&", "s": "x=y"]),
    ("myapp://search?q=a=b=c", ["q": "a=b=c"]),
    ("myapp://search?q=1&q=2", ["q": "1"]),
    ("myapp://search?flag&empty=&=v&&x=1", ["flag": "", "empty": "", "x": "1"]),
    ("myapp://search?next=https://evil.com", ["next": "https://evil.com"]),
    ("myapp://search?text=line%0Anext", ["text": "line\nnext"]),
    ("myapp://search?q=caf%C3%A9#q=ignored", ["q": "café"]),
    ("myapp://search#q=ignored", [:]),
    ("myapp://search?", [:]),
  ])
  func queryItems(url: String, expected: [String: String]) {
    #expect(Self.router.outcome(url) == .route("/search", expected))
  }

  @Test func pathParameterWinsOverQueryItem() throws {
    let resolution = try Self.router.resolve("myapp://messages/42?id=7&other=1")
    #expect(resolution.route.parameters == ["id": "42", "other": "1"])
    #expect(Array(resolution.parameters.map(\.name)) == ["id", "other"])
  }

  @Test func lengthLimit() throws {
    let router = try makeRouter(["/docs/*path"], limits: InputLimits(maxURLLength: 64))
    let atLimit = "myapp://docs/" + String(repeating: "a", count: 64 - 13)
    #expect(atLimit.utf8.count == 64)
    #expect(router.outcome(atLimit).routeName == "/docs/*path")
    #expect(
      router.error(atLimit + "a")
        == DeepLinkError(.inputTooLarge, "the link is 65 bytes long; the limit is 64 bytes"))
  }

  @Test func defaultLengthLimitIs4096Bytes() throws {
    // One long segment: the value limit is raised so that only the link's length is tested.
    let router = try makeRouter(["/docs/*path"], limits: InputLimits(maxValueLength: 4096))
    let prefix = "myapp://docs/"
    let atLimit = prefix + String(repeating: "é", count: (4096 - prefix.utf8.count) / 2)
    #expect(atLimit.utf8.count == 4095)
    #expect(router.outcome(atLimit).routeName == "/docs/*path")
    #expect(router.outcome(atLimit + "ab") == .refused(.inputTooLarge))
  }

  @Test func longSegmentInErrorMessagesIsShortened() throws {
    let error = try #require(Self.router.error("myapp://messages/" + String(repeating: "x", count: 500) + "%zz"))
    #expect(
      error.message == "malformed link: the segment \"" + String(repeating: "x", count: 80)
        + "…\" holds a malformed percent escape")
  }
}
