import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink url`: the link that opens a route, the command that opens it in the simulator, or a
/// push payload that carries it.
extension DeepLinkTool {
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
    let route = try namedRoute(entry, values: arguments.positional.dropFirst())
    let parameters = route.parameters
    do {
      let link = try router.urlString(for: route)
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

  /// The route of `entry` with the values of `KEY=VALUE` words: a repeated query parameter
  /// (`tag*`) may be given more than once; a defaulted one that is not given takes its default,
  /// as the route a link without it resolves to does.
  static func namedRoute(_ entry: RouteTable.Entry, values pairs: some Sequence<String>) throws(Arguments.UsageError)
    -> NamedRoute
  {
    let query = (try? RoutePattern(entry.path))?.query ?? []
    var parameters: [String: String] = [:]
    var repeated: [String: [String]] = [:]
    for pair in pairs {
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
    return NamedRoute(entry.name, parameters: parameters, repeated: repeated)
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
}
