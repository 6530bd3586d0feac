/// Each command's own usage, cut from the tool's: `deeplink resolve --help` (or `-h`, or
/// `deeplink help resolve`) prints the entries of `resolve`, and `deeplink aasa generate --help`
/// the entry of that subcommand, then what every command shares (the built-in table, the exit
/// status).
enum CommandHelp {
  /// Whether `arguments` (a command's, after its name) ask for its help.
  static func isAsked(in arguments: ArraySlice<String>) -> Bool {
    arguments.contains("--help") || arguments.contains("-h")
  }

  /// The usage of the command named by `words` (a command, maybe its subcommand, then anything);
  /// `nil` when no command of the usage has that name.
  static func text(for words: [String], in usage: String) -> String? {
    let name = Array(words.prefix { !$0.hasPrefix("-") }.prefix(2))
    guard let command = name.first else { return nil }
    let entries = self.entries(of: usage)
    var chosen = entries.filter { $0.words.starts(with: name) }
    // A subcommand not listed under its command: the command's entries.
    if chosen.isEmpty { chosen = entries.filter { $0.words.first == command } }
    guard !chosen.isEmpty else { return nil }
    let shared = usage.components(separatedBy: "\n\n").filter {
      $0.hasPrefix("Without --routes") || $0.hasPrefix("EXIT STATUS")
    }
    return (["USAGE:\n" + chosen.map(\.text).joined(separator: "\n")] + shared)
      .joined(separator: "\n\n")
  }

  /// The usage's command entries: a line indented by two spaces, and the lines under it
  /// indented further.
  private static func entries(of usage: String) -> [(words: [String], text: String)] {
    var entries: [(words: [String], text: String)] = []
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  "), !line.hasPrefix("   ") {
        let words = line.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") }.map(String.init)
        entries.append((words, String(line)))
      } else if line.hasPrefix("   "), !entries.isEmpty {
        entries[entries.count - 1].text += "\n" + line
      }
    }
    return entries
  }
}
