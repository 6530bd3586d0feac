import Testing

@testable import DeepLinkKit
@testable import DeepLinkKitRouting

/// Each of a route table's rules, alone: what it refuses and what it lets through.
@Suite struct TableRuleTests {
  enum Route: Hashable, Sendable {
    case item(Int)
    case home
  }

  private func messages(_ problems: [RouteTableError.Problem]) -> [String] { problems.map(\.message) }

  @Test func schemeRule() {
    #expect(SchemeRule.problems(in: ["myapp", "my-app.v2+x"]).isEmpty)
    #expect(
      messages(SchemeRule.problems(in: ["https", "1app"])) == [
        "scheme \"https\": http and https are not custom schemes; list universal-link hosts instead",
        "scheme \"1app\": a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\"",
      ])
  }

  @Test func hostRule() {
    var list = HostList()
    #expect(HostRule.problems(in: ["app.example.com", "*.example.org"], listing: &list).isEmpty)
    #expect(list.entries == ["app.example.com", "*.example.org"])
    var partial = HostList()
    let problems = HostRule.problems(in: ["app..example.com", "fine.example.com"], listing: &partial)
    #expect(problems.count == 1)
    #expect(problems.first?.code == .invalidOption)
    // The list the router keeps holds the valid hosts only.
    #expect(partial.entries == ["fine.example.com"])
  }

  @Test func limitsRule() {
    #expect(LimitsRule.problems(in: InputLimits()).isEmpty)
    #expect(!LimitsRule.problems(in: InputLimits(maxSegments: 0)).isEmpty)
  }

  @Test func pushURLKeysRule() {
    #expect(PushURLKeysRule.problems(in: ["url", "link"]).isEmpty)
    #expect(
      messages(PushURLKeysRule.problems(in: ["url", ""])) == [
        "pushURLKeys holds an empty key; name the payload fields that hold a link"
      ])
  }

  @Test func theOptionRulesRunInOrder() {
    var hosts = HostList()
    let problems = TableRules.problems(
      schemes: ["http"], hosts: ["bad host"], limits: InputLimits(), pushURLKeys: [""], hostList: &hosts)
    #expect(problems.count == 3)
    #expect(problems[0].message.hasPrefix("scheme \"http\""))
    #expect(problems[1].message.contains("bad host"))
    #expect(problems[2].message.hasPrefix("pushURLKeys"))
  }

  @Test func matchableRuleExcludesARouteNoLinkCanMatch() throws {
    let limits = InputLimits(maxSegments: 2)
    let long = RouteDefinition<Route>.path("/a/b/c", to: .home)
    let (problems, excluded) = TableRules.problems(of: long, pattern: try RoutePattern("/a/b/c"), limits: limits)
    #expect(excluded)
    #expect(problems.map(\.code) == [.invalidPattern])
    let short = RouteDefinition<Route>.path("/a/b", to: .home)
    #expect(TableRules.problems(of: short, pattern: try RoutePattern("/a/b"), limits: limits).excluded == false)
  }

  @Test func sourcesRuleFindsSourcesThatCannotOpenTheRoute() throws {
    let none = RouteDefinition<Route>.path("/home", to: .home, sources: [])
    #expect(
      messages(SourcesRule.problems(of: none, pattern: try RoutePattern("/home"))) == [
        "route /home has an empty list of sources, so nothing can open it"
      ])
    let open = RouteDefinition<Route>.path("/home", to: .home, sources: [.push])
    #expect(SourcesRule.problems(of: open, pattern: try RoutePattern("/home")).isEmpty)
  }

  @Test func declarationRuleNamesADeclarationThatDoesNotFitItsPattern() throws {
    let bad = RouteDefinition<Route>.path("/items/:id/:other") { (id: Int) in .item(id) }
    #expect(DeclarationRule.problems(of: bad).map(\.code) == [.invalidDeclaration])
    let good = RouteDefinition<Route>.path("/items/:id") { (id: Int) in .item(id) }
    #expect(DeclarationRule.problems(of: good).isEmpty)
  }

  @Test func hostGroupRuleListsAGroupsHostOnce() {
    var list = HostList()
    var problems: [RouteTableError.Problem] = []
    #expect(HostGroupRule.listing("App.Example.com", in: &list, problems: &problems) == "app.example.com")
    #expect(HostGroupRule.listing("app.example.com", in: &list, problems: &problems) == "app.example.com")
    #expect(list.entries == ["app.example.com"])
    #expect(HostGroupRule.listing("*.example.com", in: &list, problems: &problems) == nil)
    #expect(problems.map(\.code) == [.invalidOption])
  }
}
