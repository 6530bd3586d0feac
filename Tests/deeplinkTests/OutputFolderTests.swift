import Foundation
import Testing

/// A command that writes files writes only under the folder or file it was given: an empty
/// `--output` (an unset variable in a script) is a usage error, and nothing is written, not even
/// into the working folder, where it would overwrite what is there.
@Suite struct OutputFolderTests {
  static let commands: [[String]] = [
    ["site", "generate", "--app-id", "ABCDE12345.com.example.app", "--output", ""],
    ["qa", "--output", ""],
    ["aasa", "generate", "--app-id", "ABCDE12345.com.example.app", "--output", ""],
    ["url", "--apns", "", "activity"],
    ["site", "generate", "--app-id", "ABCDE12345.com.example.app", "--output="],
  ]

  @Test(arguments: commands) func anEmptyOutputIsAUsageErrorAndNothingIsWritten(command: [String]) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-output-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("the team's own page\n".utf8).write(to: folder.appendingPathComponent("404.html"))
    let result = try ToolRunner.run(command, in: folder)
    #expect(result.status == 2)
    #expect(result.error.contains(command.contains("--apns") ? "--apns is empty" : "--output is empty"))
    #expect(result.output.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["404.html"])
    #expect(
      try String(contentsOf: folder.appendingPathComponent("404.html"), encoding: .utf8) == "the team's own page\n")
  }
}

/// Options are told by their bytes: `--` followed by a zero-width joiner or a combining mark is
/// one `Character`, and was taken for an argument (FuzzWriters found it, against a model of the
/// rules): it is an unknown option, and a usage error.
@Suite struct OptionSpellingTests {
  @Test(arguments: ["\u{200C}output", "\u{0301}format", "\u{FE0F}routes"])
  func aJoinedDashIsAnOptionNotAnArgument(name: String) throws {
    let result = try ToolRunner.run("check-links", "--" + name + "=x", "links.txt")
    #expect(result.status == 2)
    #expect(result.error.utf8.starts(with: "deeplink: unknown option --".utf8))
  }
}
