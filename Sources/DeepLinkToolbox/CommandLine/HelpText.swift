import Foundation

/// The help of a command, the usage line of an error, and the wrapping both use: made from the
/// command's declaration, laid out as swift-argument-parser lays out its own (OVERVIEW, USAGE,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS; labels in a column of 26).
enum HelpText {
  static let width = 80
  static let column = 26

  /// `deeplink resolve [--routes <file>] … [<url>]`: one line, as an error shows it.
  static func usageLine(of command: Command, tool: String) -> String {
    ([tool] + usageWords(of: command)).joined(separator: " ")
  }

  /// The usage's words after the tool's name.
  static func usageWords(of command: Command) -> [String] {
    guard command.subcommands.isEmpty else { return command.path + ["<subcommand>"] }
    var words = command.path
    for option in command.options {
      var word = "--\(option.name)" + (option.value == nil ? "" : " \(option.valueLabel)")
      if option.isRepeatable { word += " ..." }
      words.append(option.isRequired ? word : "[\(word)]")
    }
    for argument in command.arguments {
      var word = argument.label
      if argument.isRepeating { word += " ..." }
      words.append(argument.isOptional ? "[\(word)]" : word)
    }
    return words
  }

  /// A usage error: what is wrong, the command's usage, and where its help is (three lines).
  static func usageError(_ message: String, command: Command, tool: String) -> String {
    let helpCommand = ([tool] + command.path).joined(separator: " ")
    return """
      \(tool): \(message)
      Usage: \(usageLine(of: command, tool: tool))
        See '\(helpCommand) --help' for more information.
      """
  }

  /// The command's full help. `exitStatus` and `version` are the tool's, shown on every page and
  /// on the tool's own.
  static func help(of command: Command, tool: String, exitStatus: String, hasVersion: Bool) -> String {
    var sections: [String] = []
    var overview = wrapped(command.abstract, first: "OVERVIEW: ", rest: "")
    for paragraph in command.discussion.components(separatedBy: "\n\n") where !paragraph.isEmpty {
      overview += "\n\n" + wrapped(paragraph.replacingOccurrences(of: "\n", with: " "), first: "", rest: "")
    }
    sections.append(overview)
    sections.append(
      wrapped(words: [tool] + usageWords(of: command), first: "USAGE: ", rest: "        "))
    if !command.arguments.isEmpty {
      sections.append(
        "ARGUMENTS:\n"
          + command.arguments.map { argument in
            entry(argument.label + (argument.isRepeating ? " ..." : ""), argument.help)
          }.joined(separator: "\n"))
    }
    var options = command.options.map { option in
      var text = option.help
      if let value = option.defaultValue { text += " (default: \(value))" }
      if option.isRepeatable { text += " (may be given more than once)" }
      return entry("--\(option.name)" + (option.value == nil ? "" : " \(option.valueLabel)"), text)
    }
    if hasVersion { options.append(entry("--version", "Show the version.")) }
    options.append(entry("-h, --help", "Show help information."))
    sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
    if !command.subcommands.isEmpty {
      let path = ([tool, "help"] + command.path).joined(separator: " ")
      sections.append(
        "SUBCOMMANDS:\n"
          + command.subcommands.map { entry($0.word, $0.abstract) }.joined(separator: "\n")
          + "\n\n  See '\(path) <subcommand>' for detailed help.")
    }
    sections.append("EXIT STATUS:\n" + wrapped(exitStatus, first: "  ", rest: "  "))
    return sections.joined(separator: "\n\n")
  }

  /// A label and its text in two columns; a label too wide for its column puts the text on the
  /// next line.
  static func entry(_ label: String, _ text: String) -> String {
    let head = "  " + label
    let indent = String(repeating: " ", count: column)
    if head.count + 2 <= column {
      return wrapped(text, first: head.padding(toLength: column, withPad: " ", startingAt: 0), rest: indent)
    }
    return head + "\n" + wrapped(text, first: indent, rest: indent)
  }

  /// `text` wrapped at ``width`` by words, its first line after `first`, the others after `rest`.
  static func wrapped(_ text: String, first: String, rest: String) -> String {
    wrapped(words: text.split(separator: " ").map(String.init), first: first, rest: rest)
  }

  /// `words` wrapped at ``width``, a word never cut (a usage's `[--routes <file>]` is one).
  static func wrapped(words: [String], first: String, rest: String) -> String {
    var lines: [String] = []
    var line = first
    var lineIsEmpty = true
    for word in words where !word.isEmpty {
      if !lineIsEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = rest
        lineIsEmpty = true
      }
      line += (lineIsEmpty ? "" : " ") + word
      lineIsEmpty = false
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
