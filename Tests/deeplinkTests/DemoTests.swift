import Testing

/// `deeplink demo` tells each story the way the stories go. The README test pins the
/// whole text; this one checks what each story must show.
@Suite struct DemoTests {
  /// The demo's lines, grouped by story number.
  static func stories() throws -> [Int: [String]] {
    let result = try ToolRunner.run("demo")
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    var stories: [Int: [String]] = [:]
    var current: Int?
    for line in result.output.split(separator: "\n").map(String.init) {
      if let first = line.first, first.isNumber, let number = Int(line.prefix { $0.isNumber }) {
        current = number
      } else if let current {
        stories[current, default: []].append(line)
      }
    }
    return stories
  }

  static func shown(_ lines: [String]) -> [String] {
    lines.compactMap { line in
      guard let range = line.range(of: "app shows") else { return nil }
      return line[range.upperBound...].trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func everyStoryShowsWhatItShould() throws {
    let stories = try Self.stories()
    #expect(stories.keys.sorted() == [1, 2, 3, 4, 5, 6, 7, 8])
    // 1: the quick action waits through splash and login, then shows the activity screen.
    #expect(Self.shown(stories[1]!) == ["activity()"])
    #expect(stories[1]!.contains { $0.hasSuffix("#1 held: waiting for ready, signedIn") })
    #expect(stories[1]!.contains { $0.hasSuffix("#1 delivered activity() after 6.480s") })
    // 2: newest only: the second push wins, the first is reported as superseded.
    #expect(Self.shown(stories[2]!) == ["messageDetails(id: 18)"])
    #expect(stories[2]!.contains { $0.hasSuffix("#1 dropped: superseded by link #2") })
    // 3: the app is active: at once.
    #expect(Self.shown(stories[3]!) == ["post(id: 10)"])
    #expect(stories[3]!.contains { $0.hasSuffix("#1 delivered post(id: 10) at once") })
    // 4: two cold-start paths, one delivery.
    #expect(Self.shown(stories[4]!) == ["request(id: 7)"])
    #expect(stories[4]!.contains { $0.hasSuffix("#2 dropped: duplicate of link #1") })
    // 5: logout and login: nothing replays.
    #expect(Self.shown(stories[5]!) == [])
    #expect(stories[5]!.contains { $0.contains("(nothing is delivered") })
    // 6: held while signed out, delivered on sign-in.
    #expect(Self.shown(stories[6]!) == ["messageDetails(id: 42)"])
    #expect(stories[6]!.contains { $0.hasSuffix("#1 held: waiting for signedIn") })
    // 7: a silent push's launch option opens nothing, then or later.
    #expect(Self.shown(stories[7]!) == [])
    #expect(!stories[7]!.contains { $0.contains("dispatcher") })
    // 8: an account switch drops the link held for the first account.
    #expect(Self.shown(stories[8]!) == [])
    #expect(
      stories[8]!.contains {
        $0.hasSuffix("#1 dropped: signedIn was revoked while it waited; it is not kept for whoever satisfies it next")
      })
  }

  @Test func demoTakesNoArguments() throws {
    #expect(try ToolRunner.run("demo", "extra").status == 2)
  }
}
