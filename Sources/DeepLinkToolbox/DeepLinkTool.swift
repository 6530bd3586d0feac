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
      SiteCommand.qaCommand, AASACommand.command, SiteCommand.command, AppConfigurationCommands.doctorCommand,
      AppConfigurationCommands.plistCommand, helpCommand, Completions.command,
    ])

  static let demoCommand: Command = Command(
    path: ["demo"], abstract: "Plays the example app's stories through the real router, dispatcher and app glue.",
    run: demo)

  static let urlCommand: Command = Command(
    path: ["url"], abstract: "Prints the link that opens a route.",
    discussion: """
      Values that are not path parameters become query items. --simctl prints the command that opens \
      the link in the booted simulator; --apns writes a push payload carrying it, for `xcrun simctl \
      push`; neither for a route those cannot open (sources: inApp).
      """,
    options: [
      .routes, .flag("simctl", "Print the `xcrun simctl openurl` command that opens the link."),
      Option(
        name: "apns", value: "file", help: "Write a push payload carrying the link to this file.", completion: .file),
      Option(name: "bundle-id", value: "id", help: "The app's bundle identifier, in the payload (with --apns)."),
    ],
    arguments: [
      Argument(name: "name", help: "The route's name (`deeplink routes` lists them)."),
      Argument(name: "key=value", help: "A parameter's value.", isOptional: true, isRepeating: true),
    ],
    run: url)

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
    while let word = rest.first, let sub = command.subcommands.first(where: { $0.path.last == word }) {
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
              : "\(command.name) needs a subcommand: \(listed(command.subcommands.compactMap(\.path.last)))")
        }
        throw Arguments.UsageError(
          message: command.path.isEmpty
            ? "unknown command \(shown(word))"
            : "unknown \(command.name) subcommand \(shown(word)); the subcommands are: \(command.subcommands.compactMap(\.path.last).joined(separator: ", "))"
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
      guard let sub = command.subcommands.first(where: { $0.path.last == word }) else {
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

  static func url(_ arguments: Arguments) throws -> Int32 {
    guard let name = arguments.positional.first else {
      throw Arguments.UsageError(message: "url needs <name>")
    }
    let apns = try arguments.writtenPath("apns")
    if arguments.options["bundle-id"] != nil, apns == nil {
      throw Arguments.UsageError(message: "--bundle-id goes with --apns")
    }
    let table = try loadTable(arguments.options["routes"])
    let router = try table.router()
    guard let entry = table.table.routes.first(where: { $0.name == name }) else {
      let names = table.table.routes.map(\.name).joined(separator: ", ")
      printError("deeplink: noRoute: no route is named \(shown(name)) (routes: \(TextRules.escaped(names)))")
      return 1
    }
    // A repeated query parameter (`tag*`) may be given more than once; a defaulted one that is not
    // given takes its default, as the route a link without it resolves to does.
    let query = (try? RoutePattern(entry.path))?.query ?? []
    var parameters: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    for pair in arguments.positional.dropFirst() {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw Arguments.UsageError(message: "\(shown(pair)) is not a KEY=VALUE parameter")
      }
      let key = String(pair[..<equals])
      let value = String(pair[pair.index(after: equals)...])
      if query.contains(where: { $0.name == key && $0.presence == .repeated }) {
        repeated[key, default: []].append(value)
        continue
      }
      guard parameters[key] == nil else {
        throw Arguments.UsageError(message: "the parameter \(shown(key)) is given twice")
      }
      parameters[key] = value
    }
    for parameter in query {
      if case .defaulted(let value) = parameter.presence, parameters[parameter.name] == nil {
        parameters[parameter.name] = value
      }
    }
    do {
      let link = try router.urlString(for: NamedRoute(name, parameters: parameters, repeated: repeated))
      // What opens the link: the simulator opens it from outside the app, a push carries it. A
      // route limited to other sources (`inApp`) refuses either; the link alone is printed, with
      // a warning, for the app's own use.
      let pushKey = table.table.pushURLKeys.first ?? "deeplink"
      // A route only background actions open ("Save for later") opens from no tap: its payload is
      // the action's, which the tester chooses on the notification.
      if let file = apns, let rule = entry.pushRules.first, let action = rule.action,
        entry.pushRules.allSatisfy({ $0.runsInBackground && !$0.answersTap })
      {
        return try writeActionAPNS(
          rule, action: action, route: name, parameters: parameters, link: link, router: router, to: file,
          bundleID: arguments.options["bundle-id"])
      }
      var opener: String?
      var input = DeepLinkInput.url(link)
      if apns != nil {
        opener = "a push carrying it"
        input = .push(LinkPush(fields: [pushKey: link]))
      } else if arguments.flags.contains("simctl") {
        opener = "the simulator"
      }
      if let refusal = router.refusal(of: input), refusal.code == .sourceNotAllowed {
        guard let opener else {
          printError("deeplink: warning: \(refusal.message); the link opens the route only from within the app")
          print(link)
          return 0
        }
        printError("deeplink: sourceNotAllowed: \(opener) cannot open it: \(refusal.message)")
        return 1
      }
      if let file = apns {
        try writeAPNS(
          fields: [pushKey: link], route: name, category: nil, to: file, bundleID: arguments.options["bundle-id"])
      }
      print(arguments.flags.contains("simctl") ? "xcrun simctl openurl booted \(shellQuoted(link))" : link)
      return 0
    } catch let error as DeepLinkError {
      printError("deeplink: \(error)")
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

  /// A push payload for the simulator (`xcrun simctl push booted [BUNDLE] FILE`) with `fields`:
  /// the link under the first of the table's push URL keys (so that `resolve --push @FILE` and the
  /// app open the same route), or a notification action's fields, with its `category` in
  /// `aps.category`. `Simulator Target Bundle` lets the command omit the bundle.
  static func writeAPNS(
    fields: [String: String], route: String, category: String?, to file: String, bundleID: String?
  ) throws {
    var members: [(String, String)] = []
    if let bundleID { members.append(("Simulator Target Bundle", JSONText.string(bundleID))) }
    var aps = [("alert", JSONText.object([("title", JSONText.string("Open \(route)"))]))]
    if let category { aps.append(("category", JSONText.string(category))) }
    members.append(("aps", JSONText.object(aps)))
    members += fields.sorted { $0.key < $1.key }.map { ($0.key, JSONText.string($0.value)) }
    do {
      try Data((JSONText.object(members) + "\n").utf8).write(to: URL(fileURLWithPath: file))
    } catch {
      throw TableFailure(message: "cannot write \(file): \((error as NSError).localizedDescription)")
    }
  }

  /// Writes the payload of the notification action that opens a route only background actions
  /// open: the rule's fields and the route's values in theirs, checked to open the route when
  /// `action` is chosen; says on standard error what the tester chooses.
  static func writeActionAPNS(
    _ rule: PushRule, action: String, route: String, parameters: [String: String], link: String,
    router: LinkRouter<NamedRoute>, to file: String, bundleID: String?
  ) throws -> Int32 {
    var fields = rule.when
    for (parameter, field) in rule.parameters {
      guard let value = parameters[parameter] else {
        throw Arguments.UsageError(message: "the action's payload needs the parameter \(shown(parameter))")
      }
      fields[field] = value
    }
    let input = DeepLinkInput.push(LinkPush(fields: fields, actionIdentifier: action))
    if let refusal = router.refusal(of: input) {
      printError("deeplink: \(refusal.code): the action \(shown(action)) does not open it: \(refusal.message)")
      return 1
    }
    try writeAPNS(fields: fields, route: route, category: rule.category, to: file, bundleID: bundleID)
    printError(
      "deeplink: note: \(route) opens only from the notification action \(shown(action)), which runs in the "
        + "background; \(file) is that action's payload: choose \(shown(action)) on the notification"
        + (rule.category == nil
          ? " (the table names no category, so iOS shows the action only if the app sets one)" : ""))
    print(link)
    return 0
  }

  /// `text` in single quotes for a POSIX shell; a `'` inside is closed, escaped and reopened.
  static func shellQuoted(_ text: String) -> String { MarkupText.shellWord(text) }

  static func lint(_ arguments: Arguments) throws -> Int32 {
    let file = arguments.options["routes"]
    let label = file ?? "built-in table"
    let data = try readTable(file)
    do {
      let router = try RouteTable.makeRouter(json: data)
      // What the table makes of the link domain's site (deeplink site generate): a route whose
      // page would clash with the site's own files is a problem; a path with no folder page, a note.
      let site = (try? RouteTable(json: data))?.siteProblems() ?? []
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
