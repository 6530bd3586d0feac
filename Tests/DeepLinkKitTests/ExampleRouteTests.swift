import DeepLinkKit
import Foundation
import Testing

/// An exported table names an unnamed declared route after the case that the first value of
/// each parameter's type builds (`RouteDefinition.exampleRoute`). A release build has these
/// first values without the round-trip checks' generators, so they must stay the values those
/// checks try first.
@Suite struct ExampleRouteTests {
  enum Route: Hashable, Sendable {
    case int(Int)
    case text(String)
    case uuid(UUID)
    case number(Double)
    case flag(Bool)
    case tab(Tab)
    case level(Level)
    case optional(String?)
    case list([Int])
    case nested(Int, Leaf)
  }

  enum Leaf: Hashable, Sendable { case leaf(String) }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"],
    routes: [
      .path("/i/:v", Route.int), .path("/t/:v", Route.text), .path("/u/:v", Route.uuid),
      .path("/n/:v", Route.number), .path("/f/:v", Route.flag), .path("/tab/:v", Route.tab),
      .path("/level/:v", Route.level), .path("/o?v?", Route.optional), .path("/l?v*", Route.list),
      .mount("/m/:id", [.path("/leaf/:name", Leaf.leaf)], Route.nested),
      .path("/custom", parse: { _ in .int(1) }, print: { _ in [:] }),
    ])

  @Test func aRouteIsBuiltFromTheFirstValueOfEachType() {
    let nilUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    #expect(
      Self.router.definitions.map(\.exampleRoute) == [
        .int(0), .text("a"), .uuid(nilUUID), .number(0), .flag(true), .tab(.inbox), .level(.low), .optional(nil),
        .list([]), .nested(0, .leaf("a")), nil,
      ])
  }

  @Test func theFirstValuesAreTheOnesTheRoundTripChecksTryFirst() {
    var generator = SplitMix(seed: 7)
    for index in Self.router.definitions.indices {
      let sampled = Self.router.sample(definitionAt: index, edge: 0, using: &generator)?.route
      #expect(sampled == Self.router.definitions[index].exampleRoute, "definition \(index)")
    }
  }

  /// An `Optional`'s first value is absent: the checks try a link without the parameter, which
  /// a closure that fills in a value of its own fails.
  @Test func anAbsentValueThatComesBackAsAValueIsFound() throws {
    let router = try LinkRouter<Route>(schemes: ["m"], routes: [.path("/o?v?") { (v: String?) in .optional(v ?? "x") }])
    let problems = router.roundTripProblems()
    #expect(problems.count == 1)
    #expect(problems.first?.contains(#"the link "m://o""#) == true, "\(problems)")
  }
}
