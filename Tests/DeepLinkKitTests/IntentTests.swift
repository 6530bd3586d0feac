import DeepLinkKit
import Testing

@Suite struct IntentTests {
  @Test func nameOpensItsRouteWithItsParameters() {
    let plain = outcome(.intent(IntentInvocation(name: "ShowActivityIntent")))
    #expect(plain.route == TestRoute("activity"))
    #expect(plain.source == .intent)
    let request = outcome(.intent(IntentInvocation(name: "OpenRequestIntent", parameters: ["id": "12"])))
    #expect(request.route == TestRoute("request", parameters: ["id": "12"]))
  }

  @Test(arguments: [
    (
      IntentInvocation(name: "OrderSoupIntent"),
      DeepLinkError(.noRoute, #"no route opens the intent "OrderSoupIntent""#)
    ),
    (
      IntentInvocation(name: "OpenRequestIntent", parameters: ["id": "1.5"]),
      DeepLinkError(
        .invalidParameter,
        #"parameter "id" of route "request" (/requests/:id(int)) must be a base-10 integer that fits in 64 bits, not "1.5""#
      )
    ),
  ])
  func refusals(intent: IntentInvocation, error: DeepLinkError) {
    #expect(outcome(.intent(intent)).error == error)
  }

  @Test func oneNameForTwoRoutesIsAConflict() {
    #expect(
      tableProblems([.init(name: "a", path: "/a", intent: "Show"), .init(name: "b", path: "/b", intent: "Show")])
        == [#"route "a" (/a) and route "b" (/b) are both opened by the intent "Show""#])
  }
}
