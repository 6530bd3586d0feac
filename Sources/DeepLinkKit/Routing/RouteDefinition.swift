/// One route of a table: a path pattern, how to build the app's route from the link's parameters,
/// and how to print the route back as parameters.
///
/// ```swift
/// let routes: [RouteDefinition<DeeplinkType>] = [
///   .path("/messages", to: .messages(.root)),
///   .path(
///     "/messages/:id",
///     parse: { .messages(.details(id: try $0.string("id"))) },
///     print: { route in
///       guard case .messages(.details(let id)) = route else { return nil }
///       return ["id": id]
///     }),
/// ]
/// ```
public struct RouteDefinition<Route: Hashable & Sendable>: Sendable {
  /// Builds the route from a link's parameters.
  public typealias Parse = @Sendable (RouteParameters) throws -> Route
  /// Returns the parameters that print `route` with this definition, or `nil` if this definition
  /// does not print it. Parameters that are not in the pattern become query items.
  public typealias Print = @Sendable (Route) -> [String: String]?

  /// The path pattern, as written.
  public let pattern: String
  /// A name for messages, lint reports and JSON tables; optional in Swift tables.
  public let name: String?
  /// The sources allowed to open this route; `nil` allows all.
  public let sources: Set<DeepLinkSource>?
  /// The quick-action type that opens this route, if any.
  public private(set) var shortcutType: String?
  /// The intent name that opens this route, if any.
  public private(set) var intentName: String?
  /// The user-activity type that opens this route, if any.
  public private(set) var activityType: String?
  /// The rule by which a push notification opens this route, if any.
  public private(set) var pushRule: PushRule?
  /// Whether the app must confirm this route before it is delivered from an untrusted source
  /// (a custom-scheme URL, which any app can send).
  public private(set) var requiresConfirmation = false
  let parse: Parse
  let print: Print?

  /// A route built from the link's parameters, and printed back from the route.
  ///
  /// - Parameters:
  ///   - pattern: The path pattern, such as `/messages/:id`.
  ///   - name: A name for messages; optional.
  ///   - sources: The sources allowed to open the route; `nil` (the default) allows all.
  ///   - parse: Builds the route; a thrown ``DeepLinkError`` is passed on, any other error becomes
  ///     `invalidParameter`.
  ///   - print: The parameters for a route this definition prints, or `nil` for other routes.
  ///     Omit it for a route that is never printed.
  public static func path(
    _ pattern: String, name: String? = nil, sources: Set<DeepLinkSource>? = nil,
    parse: @escaping Parse, print: Print? = nil
  ) -> Self {
    Self(pattern: pattern, name: name, sources: sources, parse: parse, print: print)
  }

  /// A route that takes no parameters: the pattern always gives `route`, and `route` prints as
  /// the pattern.
  ///
  /// - Parameters:
  ///   - pattern: The path pattern, such as `/messages`.
  ///   - route: The route it opens.
  ///   - name: A name for messages; optional.
  ///   - sources: The sources allowed to open the route; `nil` (the default) allows all.
  public static func path(
    _ pattern: String, to route: Route, name: String? = nil, sources: Set<DeepLinkSource>? = nil
  ) -> Self {
    Self(
      pattern: pattern, name: name, sources: sources, parse: { _ in route },
      print: { $0 == route ? [:] : nil })
  }

  /// This route, opened also by the quick action of type `type`; the item's `userInfo` supplies
  /// the parameters by name.
  ///
  /// ```swift
  /// .path("/activity", to: .activity).shortcut("com.example.activity")
  /// ```
  public func shortcut(_ type: String) -> Self {
    var copy = self
    copy.shortcutType = type
    return copy
  }

  /// This route, opened also by the intent named `name`; the intent's parameters supply the
  /// route's parameters by name.
  public func intent(_ name: String) -> Self {
    var copy = self
    copy.intentName = name
    return copy
  }

  /// This route, opened also by a user activity of type `type` (Handoff, a donated activity);
  /// the activity's `userInfo` supplies the parameters by name.
  public func activity(_ type: String) -> Self {
    var copy = self
    copy.activityType = type
    return copy
  }

  /// This route, opened also by a push notification whose payload has every field of `when`.
  ///
  /// ```swift
  /// .path("/messages/:id", parse: …, print: …)
  ///   .push(when: ["type": "message"], parameters: ["id": "data.message_id"])
  /// ```
  ///
  /// - Parameters:
  ///   - when: PushPayload fields (flattened, see ``PushPayload``) that must all be equal to these strings.
  ///     Of the rules that match, the one with most fields wins.
  ///   - parameters: Route parameter name → payload field that supplies it.
  ///   - action: The notification action that this rule answers; `nil` (the default) answers a tap.
  public func push(when: [String: String], parameters: [String: String] = [:], action: String? = nil) -> Self {
    var copy = self
    copy.pushRule = PushRule(when: when, parameters: parameters, action: action)
    return copy
  }

  /// This route, delivered from an untrusted source only after the app confirms it (an account
  /// deletion, a payment): the dispatcher asks its `confirm` handler first.
  ///
  /// ```swift
  /// .path("/payments/:id/confirm", parse: …, print: …).requiringConfirmation()
  /// ```
  public func requiringConfirmation() -> Self {
    var copy = self
    copy.requiresConfirmation = true
    return copy
  }

  /// Whether a source other than a link opens this route.
  var hasKeyedSource: Bool {
    shortcutType != nil || intentName != nil || activityType != nil || pushRule != nil
  }

  /// How the route reads in messages: `route "messageDetails" (/messages/:id)` or `route /messages/:id`.
  var label: String {
    let pattern = TextRules.escaped(pattern)
    return name.map { "route \(quoted($0)) (\(pattern))" } ?? "route \(pattern)"
  }
}
