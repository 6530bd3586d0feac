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

/// One route per parameter type, and a search with every query shape.
enum TypedRoute: Hashable, Sendable {
  case int(Int)
  case uuid(UUID)
  case bool(Bool)
  case double(Double)
  case text(String)
  case tab(Tab)
  case level(Level)
  case code(Code)
  case search(q: String, page: Int, sort: String?, tags: [String])
  case files(path: String)
}

enum Tab: String, CaseIterable, LinkValue { case inbox, archive }
enum Level: Int, CaseIterable, LinkValue {
  case low = 1
  case high = 2
}

/// An app's own `LosslessStringConvertible` type: upper-case letters and digits.
struct Code: Hashable, LosslessStringConvertible, LinkValue {
  let text: String
  init?(_ description: String) {
    guard !description.isEmpty, description.allSatisfy({ $0.isNumber || ("A"..."Z").contains($0) }) else {
      return nil
    }
    text = description
  }
  var description: String { text }
}

let typedRouter = try! LinkRouter<TypedRoute>(
  schemes: ["typed"],
  routes: [
    .path("/int/:value", TypedRoute.int),
    .path("/uuid/:value", TypedRoute.uuid),
    .path("/bool/:value", TypedRoute.bool),
    .path("/double/:value", TypedRoute.double),
    .path("/text/:value", TypedRoute.text),
    .path("/tab/:value", TypedRoute.tab),
    .path("/level/:value", TypedRoute.level),
    .path("/code/:value", TypedRoute.code),
    .path("/search?q&page=1&sort&tags", TypedRoute.search),
    .path("/files/*path", TypedRoute.files),
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
    // Of two query items with one name, the first gives a parameter that is not repeated.
    #expect(
      try typedRouter.route(for: "typed://search?q=a&q=b&page=4&page=5&sort=new&sort=old")
        == .search(q: "a", page: 4, sort: "new", tags: []))
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

  // MARK: Declarations that cannot print are refused when the router is built

  private enum Mistake: Hashable, Sendable {
    case item(id: Int)
    case named(String)
    case pair(Int, String)
    case flag
    case unflagged
    case nested(Tab)
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

  @Test func aValueTheRouteDropsIsRefused() {
    #expect(
      problems([.path("/items/:id") { (_: Int) in .flag }]) == [
        #"route /items/:id does not keep parameter "id" in its route as given, so the route cannot be printed; build the route from the value unchanged"#
      ])
  }

  @Test func aValueTheRouteChangesIsRefused() {
    #expect(
      problems([.path("/items/:id") { .item(id: $0 + 1) }]) == [
        #"route /items/:id does not keep parameter "id" in its route as given, so the route cannot be printed; build the route from the value unchanged"#
      ])
  }

  @Test func aCaseChosenByTheValueIsRefused() {
    #expect(
      problems([.path("/flags/:on") { (on: Bool) in on ? .flag : .unflagged }]) == [
        #"route /flags/:on does not keep parameter "on" in its route as given, so the route cannot be printed; build the route from the value unchanged"#
      ])
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

  @Test func aTypeWithoutExamplesIsRefused() {
    #expect(
      problems([.path("/names/:value") { (value: NotIterable) in .named(value.rawValue) }]) == [
        #"route /names/:value has parameter "value", whose type gives no example values; make it CaseIterable or give it linkExamples"#
      ])
  }

  @Test func aRouteAnotherOneShadowsIsRefused() {
    // The literal route takes the example link of the parameter route, which then opens the wrong route.
    #expect(
      problems([.path("/names/:value", Mistake.named), .path("/names/example-a7", to: .flag)]) == [
        #"route /names/:value cannot print its own route "named(\"example-a7\")": the link "m://names/example-a7" printed by route /names/:value opens route /names/example-a7 instead; a parameter value collides with another route"#
      ])
  }

  @Test func aGroupThatDropsItsRoutesIsRefused() {
    #expect(
      problems([.mount("/cards", CardFlow.routes) { (_: CardRoute) in .flag }]) == [
        "the group at /cards does not keep the group's route in its route as given, so its routes cannot be printed"
      ])
  }
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
