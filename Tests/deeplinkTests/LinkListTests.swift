import DeepLinkKit
import DeepLinkKitConfiguration
import Testing

@testable import DeepLinkToolbox

/// Reading a list of live links: what a line means, and what it takes to fail.
@Suite struct LinkListTests {
  @Test func linesCommentsAndExpectations() {
    let list = LinkList(
      text: "# a comment\r\n\n  myapp://a#frag  \nmyapp://b -> b\tid=1  q=a%20b\nmyapp://c ->\nmyapp://d -> d x\n"
        + "myapp://e -> e id=1 id=2\nmyapp://f -> f v=%zz\n  # indented comment\n")
    #expect(list.lines.map(\.number) == [3, 4, 5, 6, 7, 8])
    #expect(list.lines[0].link == "myapp://a#frag" && list.lines[0].expected == nil && list.lines[0].problem == nil)
    #expect(list.lines[1].expected == NamedRoute("b", parameters: ["id": "1", "q": "a b"]))
    #expect(list.lines[2].problem == #""->" names no route"#)
    #expect(list.lines[3].problem == #""x" is not NAME=VALUE"#)
    #expect(list.lines[4].problem == #"the value of "id" is given twice"#)
    #expect(list.lines[5].problem == #"the value of "v" holds a malformed percent escape"#)
  }

  @Test func aLinkPassesOnlyWhenItOpensItsRouteWithItsValues() throws {
    let router = try RouteTable(
      schemes: ["myapp"], routes: [.init(name: "item", path: "/items/:id"), .init(name: "cart", path: "/cart")]
    ).makeRouter()
    let results = LinkList(
      text: "myapp://items/1?ref=x -> item id=1\nmyapp://items/1 -> item id=2\nmyapp://cart -> item\n"
        + "myapp://nowhere\nmyapp://cart\nmyapp://items/1 -> item ref=x"
    )
    .check(with: router)
    #expect(results.map(\.status) == [.ok, .unexpected, .unexpected, .refused, .ok, .unexpected])
    #expect(results[1].message == #"opens item(id: 1): id "1", not "2""#)
    #expect(results[3].error?.code == .noRoute)
    #expect(results[5].message == #"opens item(id: 1): ref missing, not "x""#)
  }

  /// A byte-order mark (which some editors write at the start of a UTF-8 file) is no part of the
  /// first line: a comment there stays a comment, a link stays the link.
  @Test func aByteOrderMarkIsSkipped() {
    #expect(LinkList(text: "\u{FEFF}# campaign\nmyapp://a\n").lines.map(\.link) == ["myapp://a"])
    #expect(LinkList(text: "\u{FEFF}myapp://a -> a").lines.map(\.link) == ["myapp://a"])
    // Only at the start: elsewhere it is a character of the line, which the router refuses.
    #expect(LinkList(text: "myapp://a\n\u{FEFF}myapp://b").lines.map(\.link) == ["myapp://a", "\u{FEFF}myapp://b"])
  }

  /// Lines are numbered as `grep -n` and editors number them: a line feed (with or without a
  /// carriage return before it) ends a line; a vertical tab, a form feed, U+0085, U+2028 or
  /// U+2029 does not.
  @Test func onlyALineFeedEndsALine() {
    let list = LinkList(text: "myapp://a\u{0B}x\nmyapp://b\u{0C}\r\nmyapp://c\u{85}\u{2028}\u{2029}\n\nmyapp://d\r\n")
    #expect(list.lines.map(\.number) == [1, 2, 3, 5])
    #expect(
      list.lines.map(\.link) == ["myapp://a\u{0B}x", "myapp://b\u{0C}", "myapp://c\u{85}\u{2028}\u{2029}", "myapp://d"])
  }
}
