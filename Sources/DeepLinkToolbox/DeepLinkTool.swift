import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink`: resolves links, prints routes' links and checks route tables, with the real
/// DeepLinkKit engine. Exit status: 0 done, 1 refused (a link opens nothing, a table has
/// problems), 2 usage error or a table that cannot be read or built.
package struct DeepLinkTool {
  /// The tool's version: the release it is built from, or the next one and `-dev` between
  /// releases (the CHANGELOG's top section).
  static let version = "0.2.0-dev"

  static let exitStatus =
    "0 done; 1 refused (the link opens nothing, the table has problems); 2 usage error, or a table that cannot be read or built."

  /// Every command, declared once: the parser, the help, the usage errors and the shell
  /// completions are made from these.
  static let root: Command = Command(
    path: [],
    abstract: "Resolves links, prints routes' links and checks route tables, with the real DeepLinkKit engine.",
    discussion: """
      Without --routes, commands use the built-in example table (scheme deeplink-example, host \
      app.example.com); `deeplink routes` lists it.
      """,
    subcommands: [
      demoCommand, ResolveInput.command, urlCommand, lintCommand, routesCommand, CheckLinksCommand.command,
      SiteCommand.qaCommand, QRCommand.command, AASACommand.command, SiteCommand.command,
      AppConfigurationCommands.doctorCommand,
      AppConfigurationCommands.plistCommand, helpCommand, Completions.command,
    ])

  static let demoCommand: Command = Command(
    path: ["demo"], abstract: "Plays the example app's stories through the real router, dispatcher and app glue.",
    run: demo)

  static let lintCommand: Command = Command(
    path: ["lint"], abstract: "Builds a route table and reports every problem.", options: [.routes], run: lint)

  static let routesCommand: Command = Command(
    path: ["routes"], abstract: "Lists a table's routes.", options: [.routes], run: routes)

  static let helpCommand: Command = Command(
    path: ["help"], abstract: "Shows the help of the tool or of a command.",
    arguments: [
      Argument(
        name: "command", help: "The command, and its subcommand.", completion: .commands, isOptional: true,
        isRepeating: true)
    ],
    run: { help(for: $0.positional) })

  @MainActor package static func main() {
    exit(run(Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs one command; returns the exit status.
  @MainActor static func run(_ arguments: [String]) -> Int32 {
    // The command the words name: as many words as name commands, then its options and arguments.
    var command = root
    var rest = arguments[...]
    while let word = rest.first, let sub = command.subcommand(word) {
      command = sub
      rest = rest.dropFirst()
    }
    // Help, before `--` only: `deeplink resolve -- -h` resolves "-h".
    let options = rest.prefix { $0 != "--" }
    if options.contains("--help") || options.contains("-h") {
      print(HelpText.help(of: command, tool: "deeplink", exitStatus: exitStatus, hasVersion: command.path.isEmpty))
      return 0
    }
    if command.path.isEmpty, options.first == "--version" {
      print(version)
      return 0
    }
    do {
      guard let run = command.run else {
        guard let word = rest.first else {
          throw Arguments.UsageError(
            message: command.path.isEmpty
              ? "no command given"
              : "\(command.name) needs a subcommand: \(listed(command.subcommandWords))")
        }
        throw Arguments.UsageError(
          message: command.path.isEmpty
            ? "unknown command \(shown(word))"
            : "unknown \(command.name) subcommand \(shown(word)); the subcommands are: \(command.subcommandWords.joined(separator: ", "))"
        )
      }
      return try run(Arguments(rest, for: command))
    } catch let error as Arguments.UsageError {
      printError(HelpText.usageError(error.message, command: command, tool: "deeplink"))
      return 2
    } catch let error as TableFailure {
      printError("deeplink: \(error.message)")
      return 2
    } catch {
      printError("deeplink: \(error)")
      return 2
    }
  }

  /// `deeplink help [COMMAND [SUBCOMMAND]]`: the help of the command the words name.
  static func help(for words: [String]) -> Int32 {
    var command = root
    for word in words {
      guard let sub = command.subcommand(word) else {
        let what = command.path.isEmpty ? "command" : "\(command.name) subcommand"
        printError(HelpText.usageError("unknown \(what) \(shown(word))", command: helpCommand, tool: "deeplink"))
        return 2
      }
      command = sub
    }
    print(HelpText.help(of: command, tool: "deeplink", exitStatus: exitStatus, hasVersion: command.path.isEmpty))
    return 0
  }

  // MARK: - Commands

  @MainActor static func demo(_ arguments: Arguments) throws -> Int32 {
    print(Demo(router: try loadTable(nil).router()).run())
    return 0
  }

  static func resolve(_ arguments: Arguments) throws -> Int32 {
    let format = try arguments.format()
    let (input, link) = try ResolveInput.read(arguments)
    let router = try loadTable(arguments.options["routes"]).router()
    do {
      let resolution = try router.resolve(input)
      if format == "json" {
        var members = [
          ("route", JSONText.string(resolution.route.name)),
          ("parameters", parametersJSON(resolution.route)),
          ("source", JSONText.string(resolution.source.rawValue)),
        ]
        // A notification action that runs with the app in the background (a reply): no window,
        // no `.ready`, delivered to the background handler.
        if resolution.runsInBackground { members.append(("background", "true")) }
        print(JSONText.object(members))
      } else {
        var lines = [
          link, "  route       \(resolution.route.name)", "  pattern     \(resolution.pattern)",
          "  source      \(resolution.source)",
        ]
        if resolution.runsInBackground {
          lines.append("  runs        in the background: no window and no .ready; the background handler gets it")
        }
        let parameters = resolution.route.parameters.sorted { $0.key < $1.key }
        for (index, parameter) in parameters.enumerated() {
          let value = resolution.route.repeated[parameter.key]?.joined(separator: ", ") ?? parameter.value
          lines.append("\(index == 0 ? "  parameters  " : "              ")\(parameter.key) = \(value)")
        }
        printLines(lines)
      }
      return 0
    } catch {
      if format == "json" {
        print(
          JSONText.object([
            (
              "error",
              JSONText.object([
                ("code", JSONText.string(error.code.rawValue)), ("message", JSONText.string(error.message)),
              ])
            )
          ]))
      } else {
        printLines([link, "  refused     \(error.code)", "  reason      \(error.message)"])
      }
      return 1
    }
  }

  /// A route's parameters as a JSON object, a repeated one's items as an array.
  static func parametersJSON(_ route: NamedRoute) -> String {
    JSONText.object(
      route.parameters.sorted { $0.key < $1.key }.map { parameter in
        let value =
          route.repeated[parameter.key].map { "[" + $0.map(JSONText.string).joined(separator: ",") + "]" }
          ?? JSONText.string(parameter.value)
        return (parameter.key, value)
      })
  }

  static func lint(_ arguments: Arguments) throws -> Int32 {
    let file = arguments.options["routes"]
    let label = file ?? "built-in table"
    let data = try readTable(file)
    do {
      let router = try RouteTable.makeRouter(json: data)
      // What the table makes of the link domain's site (deeplink site generate): a route whose
      // page would clash with the site's own files is a problem; a path with no folder page, a note.
      let site =
        ((try? RouteTable(json: data))?.siteProblems() ?? []) + NotificationCategoryCheck.problems(of: router)
      let errors = site.filter { $0.severity == .error }
      let notes = site.filter { $0.severity != .error }.map { "\(label): \($0.severity): \($0.code): \($0.message)" }
      guard errors.isEmpty else {
        printLines(
          errors.map { "\(label): \($0.code): \($0.message)" } + notes
            + ["\(label): \(counted(errors.count, "problem"))"])
        return 1
      }
      printLines(notes + ["\(label): \(counted(router.routeCount, "route")), no problems"])
      return 0
    } catch {
      printLines(
        error.problems.map { "\(label): \($0.code): \($0.message)" }
          + ["\(label): \(counted(error.problems.count, "problem"))"])
      return 1
    }
  }

  static func routes(_ arguments: Arguments) throws -> Int32 {
    let table = try loadTable(arguments.options["routes"])
    _ = try table.router()
    let width = table.table.routes.map(\.name.count).max() ?? 0
    var lines: [String] = []
    if !table.table.schemes.isEmpty { lines.append("schemes: " + table.table.schemes.joined(separator: ", ")) }
    if !table.table.hosts.isEmpty { lines.append("hosts:   " + table.table.hosts.joined(separator: ", ")) }
    for route in table.table.routes {
      var notes: [String] = []
      if let sources = route.sources {
        notes.append("sources: " + sources.map(\.rawValue).sorted().joined(separator: ", "))
      }
      if let shortcut = route.shortcut { notes.append("shortcut: \(shortcut)") }
      if let intent = route.intent { notes.append("intent: \(intent)") }
      if let appIntent = route.appIntent { notes.append("appIntent: \(appIntent)") }
      if let activity = route.activity { notes.append("activity: \(activity)") }
      for push in route.pushRules {
        let fields = push.when.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        notes.append("push: " + (push.action.map { "action \($0) " } ?? "") + (fields.isEmpty ? "any" : fields))
      }
      let suffix = notes.isEmpty ? "" : "  (" + notes.joined(separator: "; ") + ")"
      lines.append(route.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + route.path + suffix)
    }
    printLines(lines)
    return 0
  }

  // MARK: - Tables

  struct TableFailure: Error { let message: String }

  struct LoadedTable {
    let label: String
    let table: RouteTable

    func router() throws(TableFailure) -> LinkRouter<NamedRoute> {
      do {
        return try table.makeRouter()
      } catch {
        throw TableFailure(
          message: "\(label) cannot be built:\n" + error.problems.map { "  \($0.message)" }.joined(separator: "\n"))
      }
    }
  }

  static func readTable(_ file: String?) throws(TableFailure) -> Data {
    guard let file else { return Data(exampleTableJSON.utf8) }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw TableFailure(message: "cannot read \(file): \((error as NSError).localizedDescription)")
    }
  }

  static func loadTable(_ file: String?) throws(TableFailure) -> LoadedTable {
    let label = file ?? "the built-in table"
    let data = try readTable(file)
    do {
      return LoadedTable(label: label, table: try RouteTable(json: data))
    } catch {
      throw TableFailure(
        message: "\(label) cannot be read:\n" + error.problems.map { "  \($0.message)" }.joined(separator: "\n"))
    }
  }
}

func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Prints each line as one line: a line break or a control or invisible character inside a line
/// (a route name, a parameter value, a link from the command line) is written as an escape, so
/// that no value can forge a line of output or reach the terminal as a control sequence.
func printLines(_ lines: [String]) {
  print(escapedLines(lines))
}

/// The lines as `printLines` prints them: each escaped onto one line.
func escapedLines(_ lines: [String]) -> String {
  lines.map { TextRules.escaped($0) }.joined(separator: "\n")
}

/// A value from the command line, quoted with escapes for a message.
func shown(_ text: String) -> String {
  "\"" + TextRules.escaped(text, quotes: true) + "\""
}

/// `1 route`, `2 routes`, `0 problems`.
/// `a, b or c`.
func listed(_ words: [String]) -> String {
  words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
}

func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
