import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation
import Testing

@Suite struct RouteTableTests {
  static func problems(_ json: String) -> [String] {
    do {
      _ = try RouteTable.makeRouter(json: Data(json.utf8))
      return []
    } catch {
      return error.problems.map(\.message)
    }
  }

  /// `"hostNames"` is the Swift router's `hostNames:`: a table reads international host names
  /// only when it says so, and a router that reads them exports a table that does.
  @Test func hostNamesAreReadAsInSwift() throws {
    let routes = #""routes": [{"name": "x", "path": "/x"}]"#
    #expect(
      Self.problems(#"{"hosts": ["bücher.example"], \#(routes)}"#) == [
        #"the host "bücher.example" is an international host name, which a router reads with hostNames: .international"#
      ])
    #expect(
      Self.problems(#"{"hostNames": "unicode", \#(routes)}"#) == [
        #""hostNames" must be "ascii" or "international", not "unicode""#
      ])
    #expect(Self.problems(#"{"hostNames": "ascii", "hosts": ["app.example.com"], \#(routes)}"#) == [])
    let json = #"{"hostNames": "international", "hosts": ["*.bücher.example"], \#(routes)}"#
    let router = try RouteTable.makeRouter(json: Data(json.utf8))
    #expect(try router.route(for: "https://shop.xn--bcher-kva.example/x") == NamedRoute("x"))
    #expect(try router.route(for: "https://shop.bücher.example/x") == NamedRoute("x"))
    let exported = router.routeTable
    #expect(exported.jsonText.contains(#""hostNames" : "international""#))
    #expect(try RouteTable(json: Data(exported.jsonText.utf8)) == exported)
    let swift = try LinkRouter<String>(hosts: ["app.example.com"], routes: [.path("/x", to: "x", name: "x")])
    #expect(!swift.routeTable.jsonText.contains("hostNames"))
  }

  @Test func loadsEveryKey() throws {
    let table = try RouteTable(
      json: Data(
        """
        {
          "schemes": ["myapp"], "hosts": ["app.example.com", "*.example.org"],
          "caseSensitive": false, "maxURLLength": 100,
          "routes": [
            {"name": "messageDetails", "path": "/messages/:id"},
            {"name": "deleteAccount", "path": "/account/delete", "sources": ["inApp", "universalLink"]}
          ]
        }
        """.utf8))
    #expect(
      table
        == RouteTable(
          schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], isCaseSensitive: false,
          limits: InputLimits(maxURLLength: 100),
          routes: [
            .init(name: "messageDetails", path: "/messages/:id"),
            .init(name: "deleteAccount", path: "/account/delete", sources: [.inApp, .universalLink]),
          ]))
    let router = try table.makeRouter()
    #expect(try router.route(for: "MYAPP://MESSAGES/42") == NamedRoute("messageDetails", parameters: ["id": "42"]))
    #expect(throws: DeepLinkError.self) { try router.route(for: "myapp://account/delete") }
    #expect(try router.route(for: "https://x.example.org/account/delete").name == "deleteAccount")
  }

  @Test func defaults() throws {
    let table = try RouteTable(json: Data(#"{"routes": []}"#.utf8))
    #expect(table == RouteTable(routes: []))
    #expect(table.isCaseSensitive && table.limits == InputLimits() && table.schemes.isEmpty && table.hosts.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"routes": [], "scheme": ["x"]}"#,
      [
        #"the table has the unknown key "scheme"; the keys are caseSensitive, customSchemeHost, hostNames, hosts, maxPayloadDepth, maxPayloadFields, maxQueryItems, maxSegments, maxURLLength, maxValueLength, pushURLKeys, routes, schemes"#
      ]
    ),
    (
      #"{"routes": [{"name": "a", "path": "/a", "shortcuts": "x"}]}"#,
      [
        #"routes[0] ("a") has the unknown key "shortcuts"; the keys are activity, appIntent, confirm, host, intent, name, page, path, push, shortcut, sources, values"#
      ]
    ),
    (
      #"{"routes": [{"name": "a", "path": "/a", "Path": "/b", "extra": 1}]}"#,
      [
        #"routes[0] ("a") has the unknown key "Path"; the keys are activity, appIntent, confirm, host, intent, name, page, path, push, shortcut, sources, values"#,
        #"routes[0] ("a") has the unknown key "extra"; the keys are activity, appIntent, confirm, host, intent, name, page, path, push, shortcut, sources, values"#,
      ]
    ),
    (#"{"schemes": ["x"]}"#, [#"the table has no "routes" array"#]),
    (#"{"routes": {}}"#, [#""routes" must be an array, not an object"#]),
    (#"[]"#, ["the table must be a JSON object, not an array"]),
    (#"{"routes": [], "schemes": "myapp"}"#, [#""schemes" must be an array of strings, not a string"#]),
    (#"{"routes": [], "hosts": ["a.com", 7]}"#, [#""hosts"[1] must be a string, not a number"#]),
    (#"{"routes": [], "caseSensitive": "no"}"#, [#""caseSensitive" must be a Boolean, not a string"#]),
    (#"{"routes": [], "caseSensitive": 1}"#, [#""caseSensitive" must be a Boolean, not a number"#]),
    (#"{"routes": [], "maxURLLength": 0}"#, [#""maxURLLength" must be a whole number from 1 to 2147483647, not 0.0"#]),
    (
      #"{"routes": [], "maxURLLength": 10.5}"#,
      [#""maxURLLength" must be a whole number from 1 to 2147483647, not 10.5"#]
    ),
    (
      #"{"routes": [], "maxURLLength": true}"#,
      [#""maxURLLength" must be a whole number from 1 to 2147483647, not a Boolean"#]
    ),
    (#"{"routes": ["/a"]}"#, ["routes[0] must be an object, not a string"]),
    (#"{"routes": [{"path": "/a"}]}"#, [#"routes[0] has no "name""#]),
    (#"{"routes": [{"name": "a"}]}"#, [#"routes[0] ("a") has no "path""#]),
    (#"{"routes": [{"name": "", "path": "/a"}]}"#, [#"routes[0] (""): "name" is empty"#]),
    (#"{"routes": [{"name": 1, "path": "/a"}]}"#, [#"routes[0]: "name" must be a string, not a number"#]),
    (#"{"routes": [{"name": "a", "path": null}]}"#, [#"routes[0] ("a"): "path" must be a string, not null"#]),
    (
      #"{"routes": [{"name": "a", "path": "/a", "sources": ["web"]}]}"#,
      [
        #"routes[0] ("a"): "sources" holds the unknown source "web"; the sources are customScheme, universalLink, push, shortcut, intent, userActivity, inApp, deferred"#
      ]
    ),
    (
      #"{"routes": [{"name": "a", "path": "/a", "sources": "inApp"}]}"#,
      [#"routes[0] ("a"): "sources" must be an array of strings, not a string"#]
    ),
  ])
  func refusesWrongShapes(json: String, expected: [String]) {
    #expect(Self.problems(json) == expected)
  }

  @Test func invalidJSONIsReported() {
    let problems = Self.problems(#"{"routes": [}"#)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("the table is not valid JSON: ") == true)
  }

  /// Tables that used to pass `lint` with "no problems" though part of them can never work, and
  /// hosts that are not valid names (round 2 of the hardening).
  @Test(arguments: [
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a%0A"}]}"#,
      [#"pattern "/a%0A": segment 1 "a%0A" holds the control character U+000A, which no link can match"#]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a\u0001b"}]}"#,
      [#"pattern "/a\u{1}b": segment 1 "a\u{1}b" holds the control character U+0001, which no link can match"#]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a%E2%80%AE"}]}"#,
      [#"pattern "/a%E2%80%AE": segment 1 "a%E2%80%AE" holds the invisible character U+202E, which no link can match"#]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "sources": []}]}"#,
      [#"route "a" (/a) has an empty list of sources, so nothing can open it"#]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "m", "path": "/m/:id/:part", "push": {"when": {"t": "m"}, "parameters": {"id": "i"}}}]}"#,
      [
        #"route "m" (/m/:id/:part) has a push rule that never fills its path parameter "part"; add it to the rule's parameters"#
      ]
    ),
    // `values` that cannot work: the list would be off (a name the pattern lacks), empty, or hold
    // what no link can carry; a default outside the list.
    (
      #"{"schemes": ["x"], "routes": [{"name": "t", "path": "/t/:tab?sort=new", "values": {"tabs": ["a"], "tab": [], "sort": ["old"]}}]}"#,
      [
        #"route "t" (/t/:tab?sort=new) has the default "new" for "sort", which is not one of its "values""#,
        #"route "t" (/t/:tab?sort=new) has an empty "values" list for "tab", so no link can open it"#,
        #"route "t" (/t/:tab?sort=new) has "values" for "tabs", which its pattern does not have (its parameters: tab, sort)"#,
      ]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "n", "path": "/n/:id(int)/:name", "values": {"id": ["7", "seven"], "name": ["", "..", "a/b"]}}]}"#,
      [
        #"route "n" (/n/:id(int)/:name) has the value "seven" for "id", which must be a base-10 integer that fits in 64 bits"#,
        #"route "n" (/n/:id(int)/:name) has the value "" for "name", which is empty, so no link can carry it"#,
        #"route "n" (/n/:id(int)/:name) has the value ".." for "name", which is the dot segment "..", so no link can carry it"#,
      ]
    ),
    // A push rule that picks nothing would open its route for any notification; an empty push
    // URL key names no field.
    (
      #"{"schemes": ["x"], "pushURLKeys": ["deeplink", ""], "routes": [{"name": "a", "path": "/a", "push": {}}]}"#,
      [
        #"pushURLKeys holds an empty key; name the payload fields that hold a link"#,
        #"route "a" (/a) has a push rule with no "when" fields and no action, so any notification would open it; name the fields that pick it"#,
      ]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a"}], "schemes": ["y"]}"#,
      [
        #"the table is not valid JSON: the table has the key "schemes" twice; JSON parsers disagree on which value wins, so keep one at line 1, column 61"#
      ]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "name": "b"}]}"#,
      [
        #"the table is not valid JSON: routes[0] has the key "name" twice; JSON parsers disagree on which value wins, so keep one at line 1, column 59"#
      ]
    ),
    (
      #"{"schemes": ["x"], "routes": [{"name": "a", "path": "/a", "sources": ["inApp"], "confirm": true}], "routes": []}"#,
      [
        #"the table is not valid JSON: the table has the key "routes" twice; JSON parsers disagree on which value wins, so keep one at line 1, column 100"#
      ]
    ),
    (
      #"{"hostNames": "international", "hosts": ["127.0.0.1", "*.com", "*.co.uk", "app．example.com", "a..example.com", "xn--a.example.com", "[::1]", "*.github.io", "ok.example.com", "app.exampl@eҜom", "b\u00fccher.\u0301example.com", "\ufb01.example.com"], "routes": []}"#,
      [
        #"the host "127.0.0.1" is an IP address; universal links need a domain name"#,
        #"the host "*.com" covers every site under the public suffix "com"; name the app's own domain"#,
        #"the host "*.co.uk" covers every site under the public suffix "co.uk"; name the app's own domain"#,
        #"the host "app．example.com" holds the full-width dot U+FF0E; a host's dots are ".""#,
        #"the host "a..example.com" has an empty label"#,
        #"the host "xn--a.example.com" has the label "xn--a", whose Unicode form "\u{80}" holds the control character U+0080"#,
        #"the host "[::1]" is an IP address; universal links need a domain name"#,
        #"the host "*.github.io" covers every site under the public suffix "github.io"; name the app's own domain"#,
        #"the host "app.exampl@eҜom" holds the character "@""#,
        // A dot followed by a combining mark is one character; the labels are split on the dot.
        #"the host "bücher.\#u{301}example.com" has a label that begins with the combining mark U+0301"#,
        #"the host "ﬁ.example.com" holds the compatibility character U+FB01, which links carry as "fi""#,
      ]
    ),
  ])
  func tablesThatCannotWorkAreProblems(json: String, expected: [String]) {
    #expect(Self.problems(json) == expected)
  }

  /// A repeated query parameter (`tag*`) keeps every item, and prints them all back; a defaulted
  /// one equal to its default prints nothing.
  @Test func aRepeatedParameterKeepsEveryItem() throws {
    let router = try RouteTable(
      json: Data(#"{"schemes": ["x"], "routes": [{"name": "search", "path": "/search?q&page=1&tag*"}]}"#.utf8)
    )
    .makeRouter()
    let route = try router.route(for: "x://search?q=a&tag=one&tag=two")
    #expect(route == NamedRoute("search", parameters: ["q": "a", "page": "1"], repeated: ["tag": ["one", "two"]]))
    #expect(route.parameters["tag"] == "one")
    #expect(route.description == "search(page: 1, q: a, tag: [one, two])")
    #expect(try router.urlString(for: route) == "x://search?q=a&tag=one&tag=two")
  }

  /// Every JSON file the library reads skips a UTF-8 byte-order mark, which editors write: a
  /// route table, an apple-app-site-association file, a JSON Info.plist.
  @Test func aByteOrderMarkIsSkipped() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let table = try RouteTable(json: Data(bom + Array(#"{"routes": [{"name": "a", "path": "/a"}]}"#.utf8)))
    #expect(table.routes.map(\.name) == ["a"])
    let association = try AppSiteAssociation(
      json: Data(
        bom + Array(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "*"}]}]}}"#.utf8)
      ))
    #expect(try association.match("https://x.com/a", domain: "x.com").opens == ["ABCDE12345.com.x"])
    let configuration = try LinkAppConfiguration(infoPlist: Data(bom + Array(#"{"NSUserActivityTypes": ["t"]}"#.utf8)))
    #expect(configuration.activityTypes == ["t"])
    // A byte-order mark anywhere else is not white space.
    #expect(throws: RouteTableError.self) { try RouteTable(json: Data(Array(" ".utf8) + bom + Array("{}".utf8))) }
  }

  /// Invalid UTF-8 is named as such, with where it is (it read as "found an array instead").
  @Test func invalidUTF8IsNamed() throws {
    var bytes = Array(#"{"routes": [{"name": "a"#.utf8)
    bytes += [0xFF, 0xFE]
    bytes += Array(#"", "path": "/a"}]}"#.utf8)
    #expect(
      throws: RouteTableError(problems: [
        .init(
          .invalidTable,
          "the table is not valid JSON: a string is not valid UTF-8 at line 1, column 22 (in routes[0].name)")
      ])
    ) { try RouteTable(json: Data(bytes)) }
  }

  @Test(arguments: [
    (#"{"routes": [}"#, "the table is not valid JSON: unexpected \"}\" at line 1, column 13 (in routes[0])"),
    (#"{"routes": []} x"#, "the table is not valid JSON: unexpected text after the JSON value at line 1, column 16"),
    (
      "{\"routes\": [\"a\u{1}\"]}",
      "the table is not valid JSON: a string holds the raw control character U+0001; write it as an escape at line 1, column 15 (in routes[0])"
    ),
    (
      #"{"routes": ["\ud800"]}"#,
      "the table is not valid JSON: a \\u escape is half of a surrogate pair at line 1, column 20 (in routes[0])"
    ),
    (
      String(repeating: "[", count: 10_000),
      "the table is not valid JSON: arrays and objects nest more than 512 levels deep at line 1, column 513 (in [0][0][0][0][0][0][0][0]…)"
    ),
  ])
  func jsonErrorsSayWhereTheyAre(json: String, message: String) {
    #expect(Self.problems(json) == [message])
  }

  @Test func everyProblemIsReportedTogether() {
    let json = """
      {
        "schemes": ["https"], "hosts": ["bad host"], "colour": "red",
        "routes": [
          {"name": "a", "path": "/messages/:id"},
          {"name": "b", "path": "/messages/:number"},
          {"name": "a", "path": "/other"},
          {"name": "c", "path": "/docs/*rest/x"},
          {"name": "d", "path": "/d", "sources": ["nowhere"]}
        ]
      }
      """
    #expect(
      Self.problems(json) == [
        #"the table has the unknown key "colour"; the keys are caseSensitive, customSchemeHost, hostNames, hosts, maxPayloadDepth, maxPayloadFields, maxQueryItems, maxSegments, maxURLLength, maxValueLength, pushURLKeys, routes, schemes"#,
        #"routes[4] ("d"): "sources" holds the unknown source "nowhere"; the sources are customScheme, universalLink, push, shortcut, intent, userActivity, inApp, deferred"#,
        #"scheme "https": http and https are not custom schemes; list universal-link hosts instead"#,
        #"the host "bad host" holds the character " ""#,
        #"route "a" (/messages/:id) and route "b" (/messages/:number) have the same shape; a link could match either"#,
        #"pattern "/docs/*rest/x": the catch-all "*rest" must be the last segment"#,
        #"two routes are named "a""#,
      ])
  }

  @Test func problemCodes() throws {
    let json =
      #"{"routes": [{"name": "a", "path": "/a"}, {"name": "a", "path": "/b"}, {"name": "c", "path": "/a"}, {"name": "d", "path": "x"}], "hosts": [""], "x": 1}"#
    do {
      _ = try RouteTable.makeRouter(json: Data(json.utf8))
      Issue.record("the table was accepted")
    } catch {
      #expect(
        error.problems.map(\.code) == [.invalidTable, .invalidOption, .conflict, .invalidPattern, .duplicateName])
    }
  }

  @Test func namedRoutesCarryPathParametersAndQueryItems() throws {
    let router = try RouteTable(schemes: ["myapp"], routes: [.init(name: "post", path: "/post/:id(int)")]).makeRouter()
    let resolution = try router.resolve("myapp://post/10?ref=push&id=99")
    #expect(resolution.route == NamedRoute("post", parameters: ["id": "10", "ref": "push"]))
    #expect(resolution.name == "post")
    #expect(resolution.pattern == "/post/:id(int)")
    #expect(try router.urlString(for: resolution.route) == "myapp://post/10?ref=push")
  }
}
