/// One command of the tool, declared once: its name, what it does, its options and arguments.
/// The parser, the help, an error's usage line and the shell completions are all made from it,
/// never parsed back out of text (the conventions of swift-argument-parser, which the package
/// does not depend on).
struct Command {
  /// The words that name it: `["resolve"]`, `["aasa", "generate"]`.
  let path: [String]
  /// One sentence: what it does.
  let abstract: String
  /// More, shown in its help under the abstract.
  var discussion = ""
  var options: [Option] = []
  var arguments: [Argument] = []
  /// The commands under it (`aasa generate`); a command with subcommands runs none itself.
  var subcommands: [Command] = []
  var run: (@MainActor (Arguments) throws -> Int32)?

  /// The command's name as typed: `aasa generate`.
  var name: String { path.joined(separator: " ") }
  /// The last word of its name, which its group lists: `generate`.
  var word: String { path.last ?? "" }
  /// The words of its subcommands.
  var subcommandWords: [String] { subcommands.map(\.word) }

  /// The subcommand whose word is `word`, if any.
  func subcommand(_ word: String) -> Command? { subcommands.first { $0.word == word } }
}

/// An option: `--routes <file>` takes a value; `--strict` is a flag.
struct Option {
  let name: String
  /// What its value is called in help (`file`), or `nil` for a flag.
  let value: String?
  let help: String
  var completion: Completion = .none
  var isRepeatable = false
  var isRequired = false
  /// The value used when it is not given, shown in help.
  var defaultValue: String?

  /// A flag: an option without a value.
  static func flag(_ name: String, _ help: String) -> Option { Option(name: name, value: nil, help: help) }

  /// The options every command that reads a route table shares.
  static let routes = Option(
    name: "routes", value: "file", help: "The route table (JSON). Without it, the built-in example table.",
    completion: .file)

  /// `--format` with `choices`, the first the default.
  static func format(_ choices: [String]) -> Option {
    Option(
      name: "format", value: "format", help: "The output's format: \(choices.joined(separator: ", ")).",
      completion: .choices(choices), defaultValue: choices[0])
  }

  /// The value's name as help shows it: `<file>`.
  var valueLabel: String { value.map { "<\($0)>" } ?? "" }
}

/// A positional argument.
struct Argument {
  let name: String
  let help: String
  var completion: Completion = .none
  var isOptional = false
  /// Whether it may be given any number of times (zero or more when optional).
  var isRepeating = false

  var label: String { "<\(name)>" }
}

/// What a shell offers for a value.
enum Completion: Equatable {
  case none
  case file
  case directory
  case choices([String])
  /// The tool's commands (`deeplink help <command>`).
  case commands
}

/// `value` with `change` made to it: a shared option, required or repeatable in one command.
func with<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
  var value = value
  change(&value)
  return value
}
