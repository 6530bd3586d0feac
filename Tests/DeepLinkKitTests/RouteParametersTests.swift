import DeepLinkKit
import Foundation
import Testing

/// `RouteParameters` keeps names and values as bytes in one block, copied on write: what it
/// reads back, how a repeated name behaves, and that copies are independent.
@Suite struct RouteParametersTests {
  static let router = try! LinkRouter<RouteParameters>(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .path("/docs/*path", parse: { $0 }),
      .path("/users/:user/posts/:post", parse: { $0 }),
      .path("/search?q&page=1", parse: { $0 }),
      .path("/", parse: { $0 }),
    ])

  @Test func aResolvedLinkReadsBackEveryValue() throws {
    let parameters = try Self.router.route(
      for: "myapp://users/an%20a/posts/%F0%9F%8C%8A?tag=swift&tag=ios&long=\(String(repeating: "x", count: 40))")
    #expect(parameters["user"] == "an a")
    #expect(parameters["post"] == "🌊")
    #expect(parameters["tag"] == "swift")
    #expect(parameters.values("tag") == ["swift", "ios"])
    #expect(parameters["long"] == String(repeating: "x", count: 40))
    #expect(parameters["missing"] == nil && parameters.values("missing").isEmpty)
    // A later value of a name is not counted or iterated, only listed by `values`.
    #expect(parameters.count == 4)
    #expect(parameters.map(\.name) == ["user", "post", "tag", "long"])
    #expect(
      parameters.dictionary == ["user": "an a", "post": "🌊", "tag": "swift", "long": String(repeating: "x", count: 40)])
  }

  @Test func aCatchAllAndADefaultFitTheirBlock() throws {
    #expect(try Self.router.route(for: "myapp://docs/guides/setup/intro")["path"] == "guides/setup/intro")
    let search = try Self.router.route(for: "https://app.example.com/search?q=a%26b")
    #expect(search["q"] == "a&b" && search["page"] == "1")
    let root = try Self.router.route(for: "myapp:///")
    #expect(root.count == 0 && root == RouteParameters())
  }

  @Test func aLaterValueOfANameIsLeftOutOfIterationInLongListsToo() {
    // Past 16 entries the first of each name is found by hashing, not by comparing each pair.
    for count in [6, 40] {
      let items = (0..<count).map { (name: "k\($0 % (count / 2))", value: String($0)) }
      let parameters = RouteParameters(items)
      let half = count / 2
      #expect(parameters.count == half)
      #expect(parameters.map(\.name) == (0..<half).map { "k\($0)" })
      #expect(parameters.map(\.value) == (0..<half).map(String.init))
      #expect(parameters.values("k0") == ["0", String(half)])
    }
  }

  @Test func namesAreTheSameOnlyWhenTheirBytesAre() {
    // A precomposed and a decomposed `é` are two names, as a link's bytes tell them apart and
    // `parameters["café"]` reads each by its own bytes: below 16 entries and past them alike.
    let precomposed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    for fillers in [2, 30] {
      let items =
        [(name: precomposed, value: "1"), (name: decomposed, value: "2"), (name: precomposed, value: "3")]
        + (0..<fillers).map { (name: "k\($0)", value: "x") }
      let parameters = RouteParameters(items)
      #expect(parameters.count == 2 + fillers)
      #expect(parameters.prefix(2).map { Array($0.name.utf8) } == [Array(precomposed.utf8), Array(decomposed.utf8)])
      #expect(parameters.prefix(2).map(\.value) == ["1", "2"])
    }
  }

  @Test func copiesAreIndependentAndEqualityFollowsContent() {
    var first: RouteParameters = ["id": "42"]
    let copy = first
    first = RouteParameters([(name: "id", value: "42"), (name: "id", value: "7"), (name: "x", value: "")])
    #expect(copy.count == 1 && copy["id"] == "42" && copy.values("id") == ["42"])
    #expect(first.values("id") == ["42", "7"] && first["x"] == "")
    // Grows past the room it was made with.
    var grown = RouteParameters()
    for index in 0..<50 {
      grown = RouteParameters(grown.map { ($0.name, $0.value) } + [(name: "k\(index)", value: String(index))])
    }
    #expect(grown.count == 50 && grown["k49"] == "49")
    let built = RouteParameters((0..<50).map { (name: "k\($0)", value: String($0)) })
    #expect(grown == built && grown.hashValue == built.hashValue)
    let one: RouteParameters = ["a": "1"]
    let other: RouteParameters = ["a": "2"]
    let two = RouteParameters([(name: "a", value: "1"), (name: "b", value: "2")])
    #expect(one != other && two != one)
  }
}

/// Printing a delivery's context (in a log, in the debugger's `po`) shows its parameters as text,
/// not the bytes they are stored as.
@Suite struct ParametersDescriptionTests {
  @Test func aContextPrintsItsParametersAsText() {
    let parameters = RouteParameters([("id", "7"), ("utm_campaign", "spring \"sale\"\n"), ("id", "8")])
    #expect(parameters.description == #"[id: "7", utm_campaign: "spring \"sale\"\n"]"#)
    let context = DeliveryContext(link: LinkID(3), source: .push, input: "push", parameters: parameters)
    let printed = String(describing: context)
    #expect(printed.contains(#"parameters: [id: "7", utm_campaign: "spring \"sale\"\n"]"#))
    #expect(!printed.contains("records"))
  }
}
