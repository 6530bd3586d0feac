import DeepLinkKit
import DeepLinkKitTesting
import ExampleRoutes
import Foundation
import Testing

/// The seed app's nested route type (`RoundTripTests`' `DeeplinkType`), declared once per route.
private let seedRouter = try! LinkRouter<DeeplinkType>(
  schemes: ["myapp"], hosts: ["app.example.com"],
  routes: [
    .path("/messages", to: .messages(.root)),
    .path("/messages/:id") { .messages(.details(id: $0)) },
    .path("/activity", to: .activity),
    .path("/listings/new", to: .newListing),
    .path("/requests/:id", DeeplinkType.request),
  ])

@Suite struct DeclarationTests {
  // MARK: One declaration, both directions

  @Test func theSeedAppsNestedRoutesGoBothWays() throws {
    let cases: [(String, DeeplinkType)] = [
      ("myapp://messages", .messages(.root)),
      ("myapp://messages/42", .messages(.details(id: "42"))),
      ("https://app.example.com/messages/a%2Fb%20c", .messages(.details(id: "a/b c"))),
      ("myapp://activity", .activity),
      ("myapp://listings/new", .newListing),
      ("myapp://requests/7", .request(id: 7)),
    ]
    for (link, route) in cases {
      #expect(try seedRouter.route(for: link) == route)
    }
    #expect(
      try seedRouter.urlString(for: .messages(.details(id: "a/b c"))) == "https://app.example.com/messages/a%2Fb%20c")
    #expect(try seedRouter.urlString(for: .request(id: -3)) == "https://app.example.com/requests/-3")
    #expect(try seedRouter.urlString(for: .newListing) == "https://app.example.com/listings/new")
    // An Int parameter matches as `:id(int)` does: a wrong type names the parameter.
    #expect(
      seedRouter.error("myapp://requests/seven")
        == DeepLinkError(
          .invalidParameter,
          "parameter \"id\" of route /requests/:id must be a base-10 integer that fits in 64 bits, not \"seven\""))
    #expect(seedRouter.roundTripProblems(samples: 200).isEmpty)
  }

  @Test func everyParameterTypeReadsAndPrints() throws {
    let id = UUID(uuidString: "9F0C3A52-1B7E-4C55-A3C4-0E1D2F3A4B5C")!
    let cases: [(String, TypedRoute)] = [
      ("typed://int/-42", .int(-42)),
      ("typed://uuid/9f0c3a52-1b7e-4c55-a3c4-0e1d2f3a4b5c", .uuid(id)),
      ("typed://bool/true", .bool(true)),
      ("typed://double/2.5", .double(2.5)),
      ("typed://text/caf%C3%A9", .text("café")),
      ("typed://tab/archive", .tab(.archive)),
      ("typed://level/2", .level(.high)),
      ("typed://code/AB12", .code(Code("AB12")!)),
      ("typed://files/a/b%20c", .files(path: "a/b c")),
    ]
    for (link, route) in cases {
      #expect(try typedRouter.route(for: link) == route, "\(link)")
    }
    let printed: [(TypedRoute, String)] = [
      (.uuid(id), "typed://uuid/9F0C3A52-1B7E-4C55-A3C4-0E1D2F3A4B5C"),
      (.bool(false), "typed://bool/false"),
      (.double(-0.125), "typed://double/-0.125"),
      (.tab(.inbox), "typed://tab/inbox"),
      (.level(.low), "typed://level/1"),
      (.code(Code("Z9")!), "typed://code/Z9"),
      (.files(path: "a/b c"), "typed://files/a/b%20c"),
    ]
    for (route, link) in printed {
      #expect(try typedRouter.urlString(for: route) == link)
    }
  }

  @Test(arguments: [
    ("typed://bool/yes", #"parameter "value" of route /bool/:value must be true or false, not "yes""#),
    ("typed://double/nan", #"parameter "value" of route /double/:value must be a finite decimal number, not "nan""#),
    (
      "typed://double/0x1p3", #"parameter "value" of route /double/:value must be a finite decimal number, not "0x1p3""#
    ),
    ("typed://tab/spam", #"parameter "value" of route /tab/:value must be one of inbox, archive, not "spam""#),
    ("typed://level/3", #"parameter "value" of route /level/:value must be one of 1, 2, not "3""#),
    ("typed://code/ab", #"parameter "value" of route /code/:value must be a valid Code, not "ab""#),
    ("typed://uuid/42", #"parameter "value" of route /uuid/:value must be a UUID, not "42""#),
    ("typed://search", #"parameter "q" of route /search?q&page=1&sort&tags is missing"#),
    (
      "typed://search?q=a&page=two",
      #"parameter "page" of route /search?q&page=1&sort&tags must be a base-10 integer that fits in 64 bits, not "two""#
    ),
  ])
  func aValueOfTheWrongTypeNamesItsParameter(link: String, message: String) {
    #expect(typedRouter.error(link) == DeepLinkError(.invalidParameter, message))
  }

  @Test func queryParametersAreRequiredOptionalDefaultedOrRepeated() throws {
    #expect(
      try typedRouter.route(for: "typed://search?q=swift") == .search(q: "swift", page: 1, sort: nil, tags: []))
    #expect(
      try typedRouter.route(for: "typed://search?tags=a&q=x%20y&page=3&tags=b&sort=new&utm_source=mail")
        == .search(q: "x y", page: 3, sort: "new", tags: ["a", "b"]))
    // Of two query items with one name, the first gives a parameter that is not repeated, and
    // the second is not read: not even checked against the type (it refused the link).
    #expect(
      try typedRouter.route(for: "typed://search?q=a&q=b&page=4&page=5&sort=new&sort=old")
        == .search(q: "a", page: 4, sort: "new", tags: []))
    #expect(
      try typedRouter.route(for: "typed://search?q=a&page=4&page=x") == .search(q: "a", page: 4, sort: nil, tags: []))
    // The default is omitted; declared parameters print in the pattern's order, repeated ones in theirs.
    #expect(
      try typedRouter.urlString(for: .search(q: "swift", page: 1, sort: nil, tags: [])) == "typed://search?q=swift")
    #expect(
      try typedRouter.urlString(for: .search(q: "a&b", page: 2, sort: "old", tags: ["z", "a"]))
        == "typed://search?q=a%26b&page=2&sort=old&tags=z&tags=a")
  }

  /// The property test: every route of both tables, built from generated values of every
  /// parameter type, prints a link that opens it again.
  @Test func generatedValuesOfEveryTypeComeBack() throws {
    #expect(typedRouter.roundTripProblems(samples: 500, seed: 7).isEmpty)
    #expect(try AppFlow.router().roundTripProblems(samples: 500, seed: 8).isEmpty)
  }

  /// The check has teeth: a route whose custom closures disagree is named.
  @Test func theRoundTripCheckNamesACustomRouteThatDisagrees() throws {
    let router = try LinkRouter<TypedRoute>(
      schemes: ["typed"],
      routes: [
        .path(
          "/text/:value", parse: { .text(try $0.string("value") + "!") },
          print: { if case .text(let value) = $0 { ["value": value] } else { nil } })
      ])
    let problems = router.roundTripProblems(samples: 50)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("instead; a value does not read back as itself") == true, "\(problems)")
  }

  // MARK: Groups

  @Test func aFourLevelCoordinatorFlowGoesBothWays() throws {
    let router = try AppFlow.router()
    let card = AppRoute.home(.dashboard(.card(id: 7, .transaction(id: "t 1", showsReceipt: true))))
    let cases: [(String, AppRoute)] = [
      ("coord://home", .home(.feed)),
      ("coord://home/dashboard", .home(.dashboard(.overview(range: .week)))),
      ("coord://home/dashboard?range=year", .home(.dashboard(.overview(range: .year)))),
      ("coord://home/dashboard/cards/7", .home(.dashboard(.card(id: 7, .summary)))),
      ("coord://home/dashboard/cards/7/detail", .home(.dashboard(.card(id: 7, .detail)))),
      ("coord://home/dashboard/cards/7/transactions/t%201?receipt=true", card),
      ("coord://settings", .settings),
    ]
    for (link, route) in cases {
      #expect(try router.route(for: link) == route, "\(link)")
    }
    #expect(
      try router.urlString(for: card)
        == "https://coord.example.com/home/dashboard/cards/7/transactions/t%201?receipt=true")
    #expect(
      try router.urlString(for: .home(.dashboard(.overview(range: .week))))
        == "https://coord.example.com/home/dashboard")
    #expect(
      router.error("coord://home/dashboard/cards/seven/detail")
        == DeepLinkError(
          .invalidParameter,
          "parameter \"cardID\" of route /home/dashboard/cards/:cardID/detail must be a base-10 integer that fits in 64 bits, not \"seven\""
        ))
    #expect(
      router.error("coord://home/dashboard?range=daily")
        == DeepLinkError(
          .invalidParameter,
          "parameter \"range\" of route /home/dashboard?range=week must be one of week, month, year, not \"daily\""))
  }

  private let cardDetail: [RouteDefinition<DashboardRoute>] = [.path("/cards/:n/detail") { .card(id: $0, .detail) }]

  /// Mounted routes are one table: precedence and conflicts work across groups.
  @Test func groupsShareOneTablesPrecedenceAndConflicts() throws {
    let router = try LinkRouter<AppRoute>(
      schemes: ["coord"],
      routes: AppFlow.routes + [.path("/home/dashboard/cards/new", to: .settings)])
    #expect(try router.route(for: "coord://home/dashboard/cards/new") == .settings)
    #expect(try router.route(for: "coord://home/dashboard/cards/8") == .home(.dashboard(.card(id: 8, .summary))))
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .conflict,
          "route /home/dashboard/cards/:cardID/detail and route /home/dashboard/cards/:n/detail have the same shape; a link could match either"
        )
      ])
    ) {
      try LinkRouter<AppRoute>(
        schemes: ["coord"],
        routes: AppFlow.routes + [.mount("/home/dashboard", cardDetail) { .home(.dashboard($0)) }])
    }
  }

  // MARK: Declarations whose types disagree with the pattern are refused when the router is built

  private enum Mistake: Hashable, Sendable {
    case item(id: Int)
    case named(String)
    case pair(Int, String)
    case flag
    case unflagged
    case nested(Tab)
    case number(Int)
    case text(String)
    case ordered(Int, Int)
    case choice(NotIterable)
  }

  private enum NotIterable: String, LinkValue { case one, two }

  private func problems(_ routes: [RouteDefinition<Mistake>]) -> [String] {
    do {
      _ = try LinkRouter<Mistake>(schemes: ["m"], routes: routes)
      return []
    } catch {
      #expect(error.problems.allSatisfy { $0.code == .invalidDeclaration })
      return error.problems.map(\.message)
    }
  }

  @Test func aParameterCountThatDiffersIsRefused() {
    #expect(
      problems([.path("/pairs/:a/:b/:c", Mistake.pair)]) == [
        "route /pairs/:a/:b/:c names 3 (a, b, c) but its route is built from 2 values; they are bound in order, path parameters first"
      ])
    #expect(
      problems([.path("/items/:id", to: .flag)]) == [
        "route /items/:id names 1 (id) but its route is built from 0 values; they are bound in order, path parameters first"
      ])
  }

  @Test func aTypeThatDisagreesWithThePatternIsRefused() {
    #expect(
      problems([.path("/items/:id(uuid)", Mistake.item)]) == [
        #"route /items/:id(uuid) has path parameter "id" declared (uuid) but of type Int"#
      ])
    #expect(
      problems([.path("/items/:id") { (id: Int?) in .item(id: id ?? 0) }]) == [
        #"route /items/:id has path parameter "id" of type Optional<Int>; only a query parameter can be optional or repeated"#
      ])
    #expect(
      problems([.path("/items?tab=spam", Mistake.nested)]) == [
        #"route /items?tab=spam has query parameter "tab" whose default "spam" must be one of inbox, archive"#
      ])
  }

  // MARK: A route must print back with the values it was built from

  /// The closures of the issue that sampling missed, each with a link that shows it: a debug
  /// build refuses the link, and the property test finds it from the types' edge values.
  @Test(arguments: [
    (
      "abs", RouteDefinition<Mistake>.path("/n/:id") { .number(abs($0)) }, "m://n/-5",
      #"route /n/:id, built from id "-5", its route "number(5)" prints as id "5", so two links would open it; build the route from each value unchanged (checked in debug builds)"#,
      #"route /n/:id: the link "m://n/-1": built from id "-1", its route "number(1)" prints as id "1", so two links would open it; build the route from each value unchanged"#
    ),
    (
      "lowercased", .path("/s/:id") { (text: String) in .text(text.lowercased()) }, "m://s/ABC",
      #"route /s/:id, built from id "ABC", its route "text(\"abc\")" prints as id "abc", so two links would open it; build the route from each value unchanged (checked in debug builds)"#,
      #"route /s/:id: the link "m://s/A": built from id "A", its route "text(\"a\")" prints as id "a", so two links would open it; build the route from each value unchanged"#
    ),
    (
      "one value swapped", .path("/n/:id") { .number($0 == 3 ? 4 : $0) }, "m://n/3",
      #"route /n/:id, built from id "3", its route "number(4)" prints as id "4", so two links would open it; build the route from each value unchanged (checked in debug builds)"#,
      #"route /n/:id: the link "m://n/3": built from id "3", its route "number(4)" prints as id "4", so two links would open it; build the route from each value unchanged"#
    ),
    (
      "case chosen by the value", .path("/c/:id") { (id: Int) in id < 0 ? .text("\(id)") : .number(id) }, "m://c/-1",
      #"route /c/:id, built from id "-1", its route "text(\"-1\")" does not keep those values as given, so it cannot be printed; build the route from each value unchanged (checked in debug builds)"#,
      #"route /c/:id: the link "m://c/-1": built from id "-1", its route "text(\"-1\")" does not keep those values as given, so it cannot be printed; build the route from each value unchanged"#
    ),
    (
      "dropped", .path("/f/:id") { (_: Int) in .flag }, "m://f/2",
      #"route /f/:id, built from id "2", its route "flag" does not keep those values as given, so it cannot be printed; build the route from each value unchanged (checked in debug builds)"#,
      #"route /f/:id: the link "m://f/0": built from id "0", its route "flag" does not keep those values as given, so it cannot be printed; build the route from each value unchanged"#
    ),
    (
      "order lost", .path("/p/:a/:b") { (a: Int, b: Int) in .ordered(min(a, b), max(a, b)) }, "m://p/5/3",
      #"route /p/:a/:b, its route "ordered(3, 5)" is built alike from a "3", b "5" and from a "5", b "3", so two links would open it (checked in debug builds)"#,
      #"route /p/:a/:b: the link "m://p/0/1": its route "ordered(0, 1)" is built alike from a "0", b "1" and from a "1", b "0", so two links would open it"#
    ),
  ])
  private func aRouteThatDoesNotKeepItsValuesIsFound(
    what: String, definition: RouteDefinition<Mistake>, link: String, refusal: String, problem: String
  ) throws {
    let router = try LinkRouter<Mistake>(schemes: ["m"], routes: [definition])
    #expect(router.error(link) == DeepLinkError(.invalidParameter, refusal), "\(what)")
    #expect(router.roundTripProblems() == [problem], "\(what)")
  }

  /// Only the link's own values, and the route's, reach a declaration's closure: building a
  /// router calls none, so a closure that traps on a value no link of the app carries is harmless
  /// at launch, and a route it built prints.
  @Test func buildingARouterCallsNoClosureOfTheApps() throws {
    let calls = Counter()
    let router = try LinkRouter<Mistake>(
      schemes: ["m"],
      routes: [
        .path("/n/:id") { (id: Int) in
          calls.add()
          precondition(id < 1000, "no such item")
          return .number(id)
        },
        .mount("/p/:a", [.path("/x/:b") { (b: Int) in b }]) { (a: Int, b: Int) in
          calls.add()
          return .ordered(a, b)
        },
        .path("/names/:value") { (value: NotIterable) in
          calls.add()
          return .choice(value)
        },
      ])
    #expect(calls.value == 0)
    #expect(try router.route(for: "m://n/999") == .number(999))
    #expect(try router.urlString(for: .number(5)) == "m://n/5")
    #expect(try router.route(for: "m://p/1/x/2") == .ordered(1, 2))
    #expect(try router.urlString(for: .ordered(1, 2)) == "m://p/1/x/2")
    // A type without examples prints too: its value is read from the route.
    #expect(try router.urlString(for: .choice(.two)) == "m://names/two")
    #expect(calls.value > 0)
  }

  /// A literal route beside a parameter route is no mistake: the one value that would print as
  /// the literal's link is refused when it is printed, not when the router is built.
  @Test func aValueThatWouldOpenALiteralSiblingIsRefusedWhenPrinted() throws {
    let router = try LinkRouter<Mistake>(
      schemes: ["m"], routes: [.path("/names/:value", Mistake.named), .path("/names/new", to: .flag)])
    #expect(try router.urlString(for: .named("old")) == "m://names/old")
    #expect(
      throws: DeepLinkError(
        .invalidParameter,
        #"the link "m://names/new" printed by route /names/:value opens route /names/new instead; a parameter value collides with another route"#
      )
    ) { try router.urlString(for: .named("new")) }
    #expect(router.roundTripProblems().isEmpty)
  }

  /// A group's own sources and confirmation would apply to none of its routes: the table is
  /// refused, naming the group, and a sound group's routes open.
  @Test func aGroupWithASourceOfItsOwnIsRefused() throws {
    let group = RouteDefinition<Mistake>.mount("/cards", CardFlow.routes) { (_: CardRoute) in .flag }
    do {
      _ = try LinkRouter<Mistake>(schemes: ["m"], routes: [group.shortcut("com.example.cards")])
      Issue.record("the table was built")
    } catch {
      #expect(
        error.problems.map(\.message).contains(
          "the group at /cards has a source or confirmation of its own; give them to its routes"))
    }
    #expect(try LinkRouter<Mistake>(schemes: ["m"], routes: [group]).routeCount == CardFlow.routes.count)
  }

  @Test func aGroupThatDropsItsRoutesIsFound() throws {
    let router = try LinkRouter<Mistake>(
      schemes: ["m"], routes: [.mount("/cards", CardFlow.routes) { (_: CardRoute) in .flag }])
    #expect(
      router.error("m://cards/detail")
        == DeepLinkError(
          .invalidParameter,
          #"route /cards/detail, built from group route "detail", its route "flag" does not keep those values as given, so it cannot be printed; build the route from each value unchanged (checked in debug builds)"#
        ))
    #expect(throws: DeepLinkError(.noRoute, #"no route definition prints "flag""#)) { try router.urlString(for: .flag) }
  }

  /// A type of the app's whose text drops something (here, case): the route is built from the
  /// values it holds, so printing names the value that does not read back, and the round-trip
  /// check finds it from the type's examples.
  @Test func aValueThatDoesNotReadBackFromItsTextIsNamedWhenPrinted() throws {
    let router = try LinkRouter<LossySlugRoute>(schemes: ["s"], routes: [.path("/items/:slug", LossySlugRoute.item)])
    #expect(try router.route(for: "s://items/Mixed") == .item(LossySlug("Mixed")!))
    #expect(try router.urlString(for: .item(LossySlug("mixed")!)) == "s://items/mixed")
    #expect(
      throws: DeepLinkError(
        .invalidParameter,
        #"the link "s://items/mixed" printed by route /items/:slug opens "item(mixed)" instead; a value does not read back as itself"#
      )
    ) { try router.urlString(for: .item(LossySlug("Mixed")!)) }
    #expect(
      router.roundTripProblems(samples: 0) == [
        #"route /items/:slug: the link "s://items/mixed" of "item(Mixed)" opens "item(mixed)""#
      ])
  }
}

/// A count that closures on any thread may add to.
private final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

extension LinkRouter {
  fileprivate func error(_ link: String) -> DeepLinkError? {
    do {
      _ = try route(for: link)
      return nil
    } catch {
      return error
    }
  }
}
