import DeepLinkKit
import Foundation
import Testing

/// The rules that turn Apple's `[AnyHashable: Any]` dictionaries into string fields.
@Suite struct PayloadTests {
  @Test func scalarValues() throws {
    let uuid = try #require(UUID(uuidString: "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"))
    let fields = LinkPayload.fields(of: [
      "string": "text", "int": 42, "negative": -7, "double": 1.5, "whole": 42.0, "huge": 1e300,
      "true": true, "false": false, "url": URL(string: "myapp://x")!, "uuid": uuid,
      "nsTrue": NSNumber(value: true), "nsInt": NSNumber(value: 7), "unsigned": UInt64.max,
    ])
    #expect(
      fields == [
        "string": "text", "int": "42", "negative": "-7", "double": "1.5", "whole": "42", "huge": "1e+300",
        "true": "true", "false": "false", "url": "myapp://x", "uuid": "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB",
        "nsTrue": "true", "nsInt": "7", "unsigned": "18446744073709551615",
      ])
  }

  /// A floating-point number that holds a whole number is written as one, however large, as long
  /// as `Int64` holds it: `1e3` and `1e+18` alike (`1e+18` was written "1e+18", which an `Int`
  /// parameter refused).
  @Test func wholeFloatingPointNumbersAreIntegersAtAnySize() throws {
    #expect(
      LinkPayload.fields(of: ["small": 1e3, "large": 1e18, "negative": -1e18, "past": 1e19, "zero": -0.0])
        == [
          "small": "1000", "large": "1000000000000000000", "negative": "-1000000000000000000", "past": "1e+19",
          "zero": "0",
        ])
    let router = try LinkRouter<Int>(
      schemes: ["x"],
      routes: [.path("/n/:id", parse: { try $0.int("id") }).push(when: ["t": "n"], parameters: ["id": "id"])])
    #expect(
      try router.resolve(.push(LinkPush(userInfo: ["t": "n", "id": 1e18]))).route == 1_000_000_000_000_000_000)
  }

  @Test func jsonPayloadKeepsBooleansAndNumbersApart() throws {
    let json =
      #"{"aps": {"alert": {"title": "Hi"}, "badge": 1}, "flag": true, "id": 42, "ratio": 0.25, "big": 12345678901234567890}"#
    let payload = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [AnyHashable: Any])
    #expect(
      LinkPayload.fields(of: payload) == [
        "aps.alert.title": "Hi", "aps.badge": "1", "flag": "true", "id": "42", "ratio": "0.25",
        "big": "12345678901234567890",
      ])
  }

  /// A literal dotted key and a nested key that flatten to one path: the nested one wins, on every
  /// run, whatever order the dictionaries iterate in (round 2 of the hardening; before, the winner
  /// depended on the hash seed). Each variant is built with another capacity and insertion order,
  /// which changes a dictionary's iteration order.
  @Test func collidingPathsGiveTheSameFieldsOnEveryRun() throws {
    let pairs: [(AnyHashable, Any)] = [
      ("data.deeplink", "myapp://messages/1"), ("data", ["deeplink": "myapp://messages/2"] as [AnyHashable: Any]),
      ("a.b", ["c": "literal-a.b"] as [AnyHashable: Any]), ("a", ["b.c": "literal-b.c"] as [AnyHashable: Any]),
      ("x", "1"), ("y", "2"), ("z", "3"),
    ]
    var seen: Set<[String: String]> = []
    for capacity in [0, 7, 16, 64, 500] {
      for rotation in 0..<pairs.count {
        var payload = [AnyHashable: Any](minimumCapacity: capacity)
        for (key, value) in pairs[rotation...] + pairs[..<rotation] { payload[key] = value }
        seen.insert(LinkPayload.fields(of: payload))
        let route = try sourcesRouter.resolve(.push(LinkPush(userInfo: payload))).route
        #expect(route == TestRoute("message", parameters: ["id": "2"]))
      }
    }
    #expect(
      seen == [
        [
          "data.deeplink": "myapp://messages/2", "a.b.c": "literal-b.c", "x": "1", "y": "2", "z": "3",
        ]
      ])
  }

  @Test func otherValuesAreLeftOut() {
    let fields = LinkPayload.fields(of: [
      "array": [1, 2], "null": NSNull(), "date": Date(), "data": Data([1]), "nan": Double.nan, 7: "int key",
      "kept": "yes",
    ])
    #expect(fields == ["kept": "yes"])
  }

  @Test func nestingIsFollowedToTheLimit() {
    var payload: [AnyHashable: Any] = ["leaf": "deep"]
    for level in (1..<LinkPayload.maxDepth).reversed() { payload = ["l\(level)": payload] }
    let path = (1..<LinkPayload.maxDepth).map { "l\($0)" }.joined(separator: ".") + ".leaf"
    #expect(LinkPayload.fields(of: payload) == [path: "deep"])
    #expect(LinkPayload.fields(of: ["l0": payload]).isEmpty)  // one level deeper than the limit
  }

  @Test func nilGivesNoFields() {
    #expect(LinkPayload.fields(of: nil).isEmpty)
    #expect(LinkQuickAction(type: "t", userInfo: nil as [AnyHashable: Any]?).userInfo.isEmpty)
  }

  /// A payload nested far deeper than the limit costs no more than one at the limit. (A
  /// self-containing dictionary cannot reach the library: payloads are property lists, and
  /// Foundation on Linux crashes reading one back before any caller could pass it on.)
  @Test func veryDeepNestingStopsAtTheLimit() {
    var payload: [AnyHashable: Any] = ["leaf": "deep"]
    for _ in 0..<1_000 { payload = ["n": payload, "top": "x"] }
    let fields = LinkPayload.fields(of: payload)
    #expect(fields.count == LinkPayload.maxDepth)  // "top", "n.top", "n.n.top", …
    #expect(fields["top"] == "x")
  }
}
