import DeepLinkKit
import Testing

@Suite struct PatternTests {
  @Test(
    arguments: [
      ("/", []),
      ("/messages", [RoutePattern.Segment.literal("messages")]),
      ("/messages/", [.literal("messages")]),
      ("/messages/:id", [.literal("messages"), .parameter(name: "id", type: .string)]),
      ("/requests/:id(int)", [.literal("requests"), .parameter(name: "id", type: .int)]),
      ("/orders/:id(uuid)", [.literal("orders"), .parameter(name: "id", type: .uuid)]),
      ("/a/:name(string)", [.literal("a"), .parameter(name: "name", type: .string)]),
      ("/a/*/c", [.literal("a"), .wildcard, .literal("c")]),
      ("/docs/*path", [.literal("docs"), .catchAll(name: "path")]),
      ("/a%20b/caf%C3%A9", [.literal("a b"), .literal("café")]),
    ] as [(String, [RoutePattern.Segment])])
  func parses(pattern: String, segments: [RoutePattern.Segment]) throws {
    // Segments are compared as Swift writes them out, case and values: they are not `Equatable`
    // (the conformance would be code every app keeps).
    let parsed = try RoutePattern(pattern).segments
    #expect(parsed.map { String(reflecting: $0) } == segments.map { String(reflecting: $0) })
  }

  @Test(arguments: [
    ("messages", #"pattern "messages": a pattern must start with "/""#),
    ("", #"pattern "": a pattern must start with "/""#),
    ("/a//b", #"pattern "/a//b": segment 2 is empty"#),
    ("/a/:", #"pattern "/a/:": ":" has an empty parameter name"#),
    ("/a/:()", #"pattern "/a/:()": ":()" has the unknown type ""; the types are int, uuid and string"#),
    (
      "/a/:id(float)",
      #"pattern "/a/:id(float)": ":id(float)" has the unknown type "float"; the types are int, uuid and string"#
    ),
    ("/a/:id(int", #"pattern "/a/:id(int": ":id(int" opens "(" without closing it at the end"#),
    (
      "/a/:1st",
      #"pattern "/a/:1st": ":1st" has the invalid parameter name "1st" (use letters, digits and _, not starting with a digit)"#
    ),
    (
      "/a/:my-id",
      #"pattern "/a/:my-id": ":my-id" has the invalid parameter name "my-id" (use letters, digits and _, not starting with a digit)"#
    ),
    ("/docs/*path/edit", #"pattern "/docs/*path/edit": the catch-all "*path" must be the last segment"#),
    ("/a/:id/b/:id", #"pattern "/a/:id/b/:id": the parameter name "id" is used twice"#),
    ("/a/:id/*id", #"pattern "/a/:id/*id": the parameter name "id" is used twice"#),
    ("/search#q", ##"pattern "/search#q": segment 1 "search#q" holds "#"; a pattern is a path only"##),
    ("/search?q&&page", #"pattern "/search?q&&page": the query declares an empty parameter"#),
    ("/search?q&q", #"pattern "/search?q&q": the parameter name "q" is used twice"#),
    ("/search/:q?q", #"pattern "/search/:q?q": the parameter name "q" is used twice"#),
    // Past eight names, the names are a set, path and query alike.
    (
      "/:a/:b/:c/:d/:e/:f/:g/:h/:i?j&a",
      #"pattern "/:a/:b/:c/:d/:e/:f/:g/:h/:i?j&a": the parameter name "a" is used twice"#
    ),
    ("/:a/:b/:c/:d?e&f&g&h&i&j&c", #"pattern "/:a/:b/:c/:d?e&f&g&h&i&j&c": the parameter name "c" is used twice"#),
    (
      "/search?1q",
      #"pattern "/search?1q": "1q" has the invalid parameter name "1q" (use letters, digits and _, not starting with a digit)"#
    ),
    (
      "/search?page(int)=x",
      #"pattern "/search?page(int)=x": the default of "page(int)=x" must be a base-10 integer that fits in 64 bits"#
    ),
    (
      "/search?page(number)",
      #"pattern "/search?page(number)": the query parameter "page(number)" has an unknown or unclosed type; the types are int, uuid and string"#
    ),
    ("/a%zz", #"pattern "/a%zz": segment 1 "a%zz" holds a malformed percent escape"#),
    ("/a/..", #"pattern "/a/..": segment 2 is a dot segment, which no link can match"#),
  ])
  func refusesBrokenPatterns(pattern: String, message: String) {
    #expect(throws: RouteTableError(problems: [.init(.invalidPattern, message)])) {
      try RoutePattern(pattern)
    }
  }

  @Test func namesCapturedParameters() throws {
    #expect(try RoutePattern("/a/:x/*/:y(int)/*rest").parameterNames == ["x", "y", "rest"])
  }

  @Test func tableReportsEveryBrokenPatternAtOnce() {
    #expect(
      tableProblems(["/ok", "/a/:", "/b/*x/c", "/ok/:id"]) == [
        #"pattern "/a/:": ":" has an empty parameter name"#,
        #"pattern "/b/*x/c": the catch-all "*x" must be the last segment"#,
      ])
  }
}
