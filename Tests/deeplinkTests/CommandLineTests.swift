import Foundation
import Testing

@testable import DeepLinkToolbox

/// The tool's command line, walked command by command from its declarations: each page of help,
/// each usage error, each required option, `--version`, and the completion scripts, run in the
/// shells they are for.
@Suite struct CommandLineTests {
  static let commands = Completions.all(DeepLinkTool.root)
  /// The commands that run (not groups), by their words.
  static let leaves = commands.filter { $0.run != nil }.map(\.path)

  static func command(_ path: [String]) throws -> Command {
    try #require(commands.first { $0.path == path })
  }

  @Test(arguments: commands.map(\.path))
  func everyCommandsHelpIsMadeFromItsDeclaration(path: [String]) throws {
    let command = try Self.command(path)
    let result = try ToolRunner.run(path + ["--help"])
    #expect(result.status == 0 && result.error.isEmpty)
    let expected = HelpText.help(
      of: command, tool: "deeplink", exitStatus: DeepLinkTool.exitStatus, hasVersion: path.isEmpty)
    #expect(result.output == expected + "\n")
    for option in command.options {
      #expect(result.output.contains("\n  --\(option.name)"), "\(option.name)")
    }
    for argument in command.arguments {
      #expect(result.output.contains("\n  <\(argument.name)>"), "\(argument.name)")
    }
    for subcommand in command.subcommands {
      #expect(result.output.contains("\n  \(subcommand.path.last ?? "") "), "\(subcommand.name)")
    }
    let wide = result.output.split(separator: "\n").filter { $0.count > HelpText.width }
    #expect(wide.isEmpty, "lines over 80 columns: \(wide)")
  }

  @Test(arguments: leaves)
  func everyCommandsUsageErrorIsThreeLines(path: [String]) throws {
    let command = try Self.command(path)
    let result = try ToolRunner.run(path + ["--no-such-option"])
    #expect(result.status == 2 && result.output.isEmpty)
    #expect(
      result.error.split(separator: "\n").map(String.init) == [
        "deeplink: unknown option --no-such-option",
        "Usage: " + HelpText.usageLine(of: command, tool: "deeplink"),
        "  See 'deeplink \(command.name) --help' for more information.",
      ])
  }

  /// Without a required option (all else given), each command says which it needs; with an
  /// argument more than it takes, that it takes no more.
  @Test(arguments: leaves)
  func everyRequiredOptionAndArgumentIsChecked(path: [String]) throws {
    let command = try Self.command(path)
    func value(_ option: Option) -> [String] { option.value == nil ? ["--\(option.name)"] : ["--\(option.name)", "x"] }
    let required = command.options.filter(\.isRequired)
    let arguments = command.arguments.filter { !$0.isOptional }.map { _ in "x" }
    for missing in required {
      let given = required.filter { $0.name != missing.name }.flatMap(value)
      let result = try ToolRunner.run(path + given + arguments)
      #expect(result.status == 2)
      #expect(result.error.hasPrefix("deeplink: \(command.name) needs --\(missing.name) \(missing.valueLabel)\n"))
    }
    if let first = command.arguments.first, !first.isOptional {
      let result = try ToolRunner.run(path + required.flatMap(value))
      #expect(result.status == 2)
      #expect(result.error.hasPrefix("deeplink: \(command.name) needs \(first.label)\n"))
    }
    if !command.arguments.contains(where: \.isRepeating) {
      let all = command.arguments.map { _ in "x" }
      let result = try ToolRunner.run(path + required.flatMap(value) + ["--"] + all + ["extra"])
      #expect(result.status == 2)
      #expect(result.error.hasPrefix("deeplink: \(command.name) takes "), "\(result.error)")
    }
  }

  /// Declarations a user can rely on: names of lowercase words and dashes, none twice in a
  /// command, none taking `--help` or `--version`; a sentence of help for each.
  @Test func declarationsAreWellFormed() {
    for command in Self.commands {
      let names = command.options.map(\.name)
      #expect(Set(names).count == names.count, "\(command.name)")
      #expect(!names.contains("help") && !names.contains("version"), "\(command.name)")
      for name in names + command.path {
        #expect(name.allSatisfy { $0.isLowercase || $0 == "-" || $0.isNumber }, "\(name)")
      }
      #expect(command.abstract.hasSuffix("."), "\(command.name)")
      for option in command.options { #expect(option.help.hasSuffix("."), "\(command.name) --\(option.name)") }
      for argument in command.arguments { #expect(argument.help.hasSuffix("."), "\(command.name) \(argument.label)") }
      #expect(command.run == nil || command.subcommands.isEmpty, "\(command.name) runs and has subcommands")
    }
  }

  /// The tool's guide lists every command by the usage line its declaration makes.
  @Test func theGuidesSynopsisIsTheDeclarations() throws {
    let guide = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent(
          "../../Sources/DeepLinkKitConfiguration/DeepLinkKitConfiguration.docc/TheDeeplinkTool.md"),
      encoding: .utf8)
    let block = try #require(
      guide.components(separatedBy: "<!-- tool-usage -->\n```text\n").dropFirst().first?.components(
        separatedBy: "\n```"
      )
      .first)
    let expected =
      try Self.leaves.map { HelpText.usageLine(of: try Self.command($0), tool: "deeplink") } + ["deeplink --version"]
    #expect(block.split(separator: "\n").map(String.init) == expected)
  }

  @Test func versionIsTheChangelogsTopRelease() throws {
    let result = try ToolRunner.run("--version")
    #expect(result == .init(status: 0, output: DeepLinkTool.version + "\n", error: ""))
    let changelog = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../CHANGELOG.md"),
      encoding: .utf8)
    let top = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
    // "## Unreleased (0.2.0)" between releases: the tool says 0.2.0-dev; at a release, its number.
    let number =
      top.contains("Unreleased")
      ? top.split(separator: "(").last?.dropLast() : top.split(separator: " ").dropFirst().first
    let expected = top.contains("Unreleased") ? "\(number ?? "")-dev" : "\(number ?? "")"
    #expect(DeepLinkTool.version == expected)
  }

  @Test func aGroupWithoutItsSubcommandOrAnUnknownOneIsAUsageError() throws {
    let bare = try ToolRunner.run("site")
    #expect(bare.status == 2)
    #expect(
      bare.error.hasPrefix("deeplink: site needs a subcommand: generate or verify\nUsage: deeplink site <subcommand>\n")
    )
    let none = try ToolRunner.run([])
    #expect(none.status == 2 && none.error.hasPrefix("deeplink: no command given\nUsage: deeplink <subcommand>\n"))
    let flag = try ToolRunner.run("aasa", "lint", "--strict=yes", "f")
    #expect(flag.status == 2 && flag.error.hasPrefix("deeplink: --strict takes no value\n"))
  }

  // MARK: - Completions

  @Test(arguments: Completions.shells)
  func everyScriptNamesEveryCommandAndOption(shell: String) throws {
    let result = try ToolRunner.run("completion", shell)
    #expect(result.status == 0 && result.error.isEmpty)
    #expect(result.output == Completions.script(for: shell, root: DeepLinkTool.root))
    for command in Self.commands {
      if !command.path.isEmpty { #expect(result.output.contains(command.name), "\(shell): \(command.name)") }
      for option in command.options {
        let spelled = shell == "fish" ? "-l \(option.name)" : "--\(option.name)"
        #expect(result.output.contains(spelled), "\(shell): \(command.name) --\(option.name)")
      }
    }
  }

  @Test func anUnknownShellIsAUsageError() throws {
    let result = try ToolRunner.run("completion", "tcsh")
    #expect(result.status == 2 && result.error.hasPrefix(#"deeplink: completion takes zsh, bash or fish, not "tcsh""#))
  }

  /// What a shell offers, line by line: (the words typed, the offers expected).
  static let offers: [([String], [String])] = [
    ([""], ["demo", "resolve", "aasa", "completion"]),
    (["--ver"], ["--version"]),
    (["aasa", ""], ["generate", "verify", "lint", "match"]),
    (["aasa", "generate", "--app-"], ["--app-id", "--app-clip"]),
    (["resolve", "--format", ""], ["text", "json"]),
    (["check-links", "--format", ""], ["text", "json", "junit"]),
    (["completion", ""], ["zsh", "bash", "fish"]),
    (["help", "r"], ["resolve", "routes"]),
    (["help", "aasa", ""], ["generate", "verify", "lint", "match"]),
    (["help", "site", "g"], ["generate"]),
  ]

  /// What a shell must not offer on those lines: after `help aasa`, only `aasa`'s subcommands.
  static let notOffered: [[String]: [String]] = [
    ["help", "aasa", ""]: ["resolve", "demo", "site", "--help"],
    ["help", "site", "g"]: ["aasa", "resolve"],
  ]

  static func shell(_ name: String) -> String? {
    ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  static func run(_ shell: String, _ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: shell)
    process.arguments = ["-c", script]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: shell("bash") != nil, "needs bash"))
  func bashOffersWhatTheDeclarationsSay() throws {
    let file = try ToolRunner.temporaryFile(try ToolRunner.run("completion", "bash").output, name: "deeplink.bash")
    for (typed, expected) in Self.offers {
      let words = (["deeplink"] + typed).map { "'\($0)'" }.joined(separator: " ")
      let output = try Self.run(
        Self.shell("bash")!,
        "source \(file); COMP_WORDS=(\(words)); COMP_CWORD=\(typed.count); _deeplink; printf '%s\\n' \"${COMPREPLY[@]}\""
      )
      let offered = Set(output.split(separator: "\n").map(String.init))
      #expect(Set(expected).isSubset(of: offered), "\(typed): \(offered.sorted())")
      #expect(offered.isDisjoint(with: Self.notOffered[typed] ?? []), "\(typed): \(offered.sorted())")
    }
  }

  @Test(.enabled(if: shell("fish") != nil, "needs fish (apt-get install fish)"))
  func fishOffersWhatTheDeclarationsSay() throws {
    let file = try ToolRunner.temporaryFile(try ToolRunner.run("completion", "fish").output, name: "deeplink.fish")
    for (typed, expected) in Self.offers {
      let line = (["deeplink"] + typed).joined(separator: " ")
      let output = try Self.run(Self.shell("fish")!, "source \(file); complete -C '\(line)'")
      let offered = Set(output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") })
      #expect(Set(expected).isSubset(of: offered), "\(typed): \(offered.sorted())")
      #expect(offered.isDisjoint(with: Self.notOffered[typed] ?? []), "\(typed): \(offered.sorted())")
    }
  }

  /// zsh's completion system needs a terminal; its two functions are stood in for, so that the
  /// script's own work (finding the command, the specs it hands over) is what is checked.
  @Test(.enabled(if: shell("zsh") != nil, "needs zsh (apt-get install zsh)"))
  func zshHandsOverWhatTheDeclarationsSay() throws {
    let script = try ToolRunner.run("completion", "zsh").output
    #expect(script.hasPrefix("#compdef deeplink\n"))
    let body = try ToolRunner.temporaryFile(
      script.replacingOccurrences(of: "\n_deeplink \"$@\"\n", with: "\n"), name: "deeplink.zsh")
    for (typed, expected) in Self.offers where typed.last?.isEmpty ?? false {
      let words = (["deeplink"] + typed).map { "'\($0)'" }.joined(separator: " ")
      let output = try Self.run(
        Self.shell("zsh")!,
        """
        source \(body); _arguments() { print -rl -- "$@" }; _describe() { print -rl -- ${(P)2} }
        words=(\(words)); CURRENT=\(typed.count + 1); _deeplink
        """)
      // A subcommand is handed over as "name:abstract", an option as "--name[help]", choices as
      // "(a b c)".
      let lines = output.split(separator: "\n")
      let choices = lines.flatMap { line in
        line.split(separator: "(").dropFirst().flatMap { $0.prefix { $0 != ")" }.split(separator: " ") }
      }
      func offers(_ word: String) -> Bool {
        lines.contains { $0.hasPrefix(word + ":") || $0.hasPrefix(word + "[") } || choices.contains { $0 == word }
      }
      for word in expected { #expect(offers(word), "\(typed) \(word): \(output)") }
      for word in Self.notOffered[typed] ?? [] { #expect(!offers(word), "\(typed) \(word) offered: \(output)") }
    }
  }
}
