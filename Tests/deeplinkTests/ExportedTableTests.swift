import DeepLinkKit
import DeepLinkKitConfiguration
import ExampleRoutes
import Foundation
import Testing

/// A router declared in Swift exports its table as JSON; the tool, run on the export, resolves
/// every probe link as the Swift router does: the same route (by its exported name), the same
/// parameters, or the same failure code.
@Suite struct ExportedTableTests {
  @Test func theREADMETableResolvesAlikeInTheTool() throws {
    try compare(ReadmeRoute.router(), links: ReadmeRoute.probeLinks)
  }

  @Test func theCoordinatorTableResolvesAlikeInTheTool() throws {
    try compare(AppFlow.router(), links: AppFlow.probeLinks)
  }

  /// The tool's built-in table, which `deeplink demo` plays, is the export of the marketplace app's
  /// Swift declaration.
  @Test func theBuiltInTableIsTheSwiftDeclarationsExport() throws {
    let builtIn = try ToolRunner.run("routes")
    let exported = try ToolRunner.run(
      "routes", "--routes", try ToolRunner.temporaryFile(MarketplaceRoute.router().routeTable.jsonText))
    #expect(builtIn.status == 0)
    #expect(exported == builtIn)
  }

  @Test func theToolLintsTheExportCleanly() throws {
    for table in [try ReadmeRoute.router().routeTable, try AppFlow.router().routeTable] {
      let file = try ToolRunner.temporaryFile(table.jsonText)
      let result = try ToolRunner.run("lint", "--routes", file)
      #expect(result.status == 0, "\(result.output)\(result.error)")
    }
  }

  private func compare<Route>(_ router: LinkRouter<Route>, links: [String]) throws {
    let table = router.routeTable
    let file = try ToolRunner.temporaryFile(table.jsonText)
    // The JSON loader reads the export back as the same table.
    #expect(try RouteTable(json: Data(table.jsonText.utf8)) == table)
    var names: [String: String] = [:]  // pattern → exported name
    for entry in table.routes { names[entry.path] = entry.name }
    let patterns = try RouteTable(json: Data(table.jsonText.utf8)).makeRouter()
    var outcomes: (routes: Int, failures: Int) = (0, 0)
    for link in links {
      let result = try ToolRunner.run("resolve", "--routes", file, "--format", "json", link)
      let answer = try #require(
        try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any], "\(result.output)")
      do {
        let resolution = try router.resolve(link)
        let exported = try patterns.resolve(link)
        #expect(result.status == 0, "\(link): \(result.output)")
        #expect(answer["route"] as? String == exported.route.name, "\(link)")
        #expect(names.values.contains(exported.route.name))
        #expect(answer["parameters"] as? [String: String] == resolution.parameters.dictionary, "\(link)")
        outcomes.routes += 1
      } catch {
        outcomes.failures += 1
        let failure = answer["error"] as? [String: Any]
        #expect(failure?["code"] as? String == error.code.rawValue, "\(link): \(result.output)")
      }
    }
    // Both kinds of answer were compared.
    #expect(outcomes.routes >= links.count / 2 && outcomes.failures >= 3, "\(outcomes)")
  }
}
