import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// What `deeplink resolve` was asked to resolve: a URL, or one of the other sources given by
/// options. Exactly one is allowed; the companions of a source (`--action`, `--reply`,
/// `--user-info`, `--param`, `--webpage-url`) only with it.
enum ResolveInput {
  static let command: Command = Command(
    path: ["resolve"],
    abstract: "Resolves a link, push payload, quick action, intent or user activity to its route and parameters.",
    discussion: "Give a URL, or one of --push, --shortcut, --intent and --activity.",
    options: [
      .routes, .format(["text", "json"]),
      Option(name: "push", value: "json", help: "A push payload: JSON, or @FILE."),
      Option(name: "action", value: "id", help: "The notification action chosen (with --push)."),
      Option(name: "reply", value: "text", help: "The typed reply (with --push)."),
      Option(name: "shortcut", value: "type", help: "A quick action's type."),
      Option(name: "user-info", value: "json", help: "The quick action's or activity's user info: a JSON object."),
      Option(name: "intent", value: "name", help: "An intent's name."),
      Option(name: "param", value: "key=value", help: "An intent's parameter (with --intent).", isRepeatable: true),
      Option(name: "activity", value: "type", help: "A user activity's type."),
      Option(name: "webpage-url", value: "url", help: "The activity's web page (with --activity)."),
    ],
    arguments: [Argument(name: "url", help: "The link to resolve.", isOptional: true)],
    run: DeepLinkTool.resolve)

  /// The input, and how the text format's first line names it.
  static func read(_ arguments: Arguments) throws(Arguments.UsageError) -> (input: DeepLinkInput, label: String) {
    let sources = ["push", "shortcut", "intent", "activity"].filter { arguments.options[$0] != nil }
    let given = sources.count + arguments.positional.count
    guard given == 1 else {
      throw Arguments.UsageError(
        message: given == 0
          ? "resolve takes a URL, or one of --push, --shortcut, --intent, --activity"
          : "resolve takes one URL or one of --push, --shortcut, --intent, --activity, not several")
    }
    let companions: [(option: String, source: [String])] = [
      ("action", ["push"]), ("reply", ["push"]), ("user-info", ["shortcut", "activity"]), ("webpage-url", ["activity"]),
      ("param", ["intent"]),
    ]
    for (option, owners) in companions
    where (arguments.options[option] != nil || arguments.repeated[option] != nil)
      && !owners.contains(sources.first ?? "")
    {
      throw Arguments.UsageError(message: "--\(option) goes with --\(owners.joined(separator: " or --"))")
    }

    if let link = arguments.positional.first { return (.url(link), link) }
    let options = arguments.options
    if let push = options["push"] {
      let payload = try jsonObject(push.hasPrefix("@") ? readFile(String(push.dropFirst())) : push, option: "--push")
      let action = options["action"] ?? LinkPush.defaultAction
      let reply = options["reply"]
      if reply != nil, options["action"] == nil {
        throw Arguments.UsageError(message: "--reply is the text typed into a notification action; give its --action")
      }
      return (
        .push(LinkPush(userInfo: payload, actionIdentifier: action, replyText: reply)),
        "push notification (\(action)\(reply.map { ", reply \(shown($0))" } ?? ""))"
      )
    }
    let userInfo = try options["user-info"].map { text throws(Arguments.UsageError) in
      try jsonObject(text, option: "--user-info")
    }
    if let type = options["shortcut"] {
      return (.quickAction(LinkQuickAction(type: type, userInfo: userInfo)), "quick action \(type)")
    }
    if let name = options["intent"] {
      var parameters: [String: String] = [:]
      for pair in arguments.repeated["param"] ?? [] {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
          throw Arguments.UsageError(message: "--param \(shown(pair)) is not KEY=VALUE")
        }
        parameters[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      return (.intent(IntentInvocation(name: name, parameters: parameters)), "intent \(name)")
    }
    let type = options["activity"]!
    let webpage = options["webpage-url"]
    let activity = ContinuedActivity(type: type, webpageURL: webpage, userInfo: LinkPayload.fields(of: userInfo))
    return (.userActivity(activity), "user activity \(type)" + (webpage.map { " (\($0))" } ?? ""))
  }

  private static func readFile(_ path: String) throws(Arguments.UsageError) -> String {
    do {
      return try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    } catch {
      throw Arguments.UsageError(message: "cannot read \(path): \((error as NSError).localizedDescription)")
    }
  }

  /// A JSON object read by the rules a route table is read by (no trailing comma, no key given
  /// twice, a byte-order mark skipped), then handed over as Foundation reads it, as iOS hands a
  /// payload to the app (an integer stays an integer).
  private static func jsonObject(_ text: String, option: String) throws(Arguments.UsageError) -> [AnyHashable: Any] {
    let data = Data(JSONParser.withoutByteOrderMark(Data(text.utf8)))
    let value: JSONValue
    do {
      value = try JSONParser.parse(data)
    } catch {
      throw Arguments.UsageError(message: "\(option) is not valid JSON: \(error.message)")
    }
    guard case .object = value else { throw Arguments.UsageError(message: "\(option) must be a JSON object") }
    let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    guard let dictionary = object as? [AnyHashable: Any] else {
      throw Arguments.UsageError(message: "\(option) is not valid JSON")
    }
    return dictionary
  }
}
