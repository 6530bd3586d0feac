import Foundation
import Testing

/// SECURITY.md names the tests behind each guarantee; every guarantee names at least one, and
/// every named test exists.
@Suite struct SecurityDocumentTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func claims() throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent("SECURITY.md"), encoding: .utf8)
    let section = try #require(
      text.components(separatedBy: "<!-- security-claims -->").dropFirst().first?
        .components(separatedBy: "<!-- /security-claims -->").first)
    return section.split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") && !$0.hasPrefix("| guarantee") }
  }

  /// The `Suite.test` and `Fuzz/Target` names in backticks in a row's last column.
  static func references(_ row: String) -> [String] {
    let tests = row.split(separator: "|").last.map(String.init) ?? ""
    return tests.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
  }

  @Test func everyGuaranteeNamesExistingTests() throws {
    let claims = try Self.claims()
    #expect(claims.count >= 10)
    let testFiles = try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path)
      .filter { $0.hasSuffix(".swift") }
      .map {
        try String(contentsOf: Self.root.appendingPathComponent("Tests").appendingPathComponent($0), encoding: .utf8)
      }
    for claim in claims {
      let references = Self.references(claim)
      #expect(!references.isEmpty, "a guarantee names no test: \(claim.prefix(80))")
      for reference in references {
        if reference.hasPrefix("Fuzz/") {
          let target = reference.dropFirst("Fuzz/".count)
          #expect(
            FileManager.default.fileExists(
              atPath: Self.root.appendingPathComponent("Fuzz/Sources/\(target)/\(target).swift").path),
            "no fuzz target \(reference)")
          continue
        }
        if reference.hasPrefix("Tests/") {  // a check script, run by .ci/run
          #expect(
            FileManager.default.isExecutableFile(atPath: Self.root.appendingPathComponent(reference).path),
            "no check script \(reference)")
          continue
        }
        let parts = reference.split(separator: ".")
        #expect(parts.count == 2, "not Suite.test: \(reference)")
        guard parts.count == 2 else { continue }
        let suite = testFiles.first { $0.contains("struct \(parts[0])") }
        #expect(suite != nil, "no suite \(parts[0])")
        #expect(
          suite?.contains("func \(parts[1])(") == true, "no test \(reference) (named in SECURITY.md)")
      }
    }
  }

  /// `Mutations/run` breaks each guarantee on purpose and checks that the tests it names fail.
  /// Every guarantee names at least one test that a mutation there runs (by its name, or by its
  /// whole suite), so that no guarantee goes unchecked that way.
  @Test func everyGuaranteeHasAMutationThatItsTestsCatch() throws {
    let script = try String(contentsOf: Self.root.appendingPathComponent("Mutations/run"), encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: "[A-Z][A-Za-z]+Tests(\\.[A-Za-z]+)?")
    let range = NSRange(script.startIndex..., in: script)
    let checked = Set(
      pattern.matches(in: script, range: range).compactMap { Range($0.range, in: script).map { String(script[$0]) } })
    for claim in try Self.claims() {
      let tests = Self.references(claim).filter { !$0.hasPrefix("Fuzz/") }
      let isChecked = tests.contains { checked.contains($0) || checked.contains(String($0.split(separator: ".")[0])) }
      #expect(isChecked, "no mutation in Mutations/run runs the tests of: \(claim.prefix(90))")
    }
  }
}
