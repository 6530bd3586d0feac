/// One route of a table: a pattern and the app's route it opens, declared once; the router both
/// resolves links to the route and prints the route back as a link from that one declaration.
///
/// ```swift
/// let routes: [RouteDefinition<DeeplinkType>] = [
///   .path("/messages", to: .messages(.root)),
///   .path("/messages/:id") { .messages(.details(id: $0)) },
///   .path("/requests/:id(int)", DeeplinkType.request),
///   .path("/search?q&page=1", DeeplinkType.search),   // case search(q: String, page: Int)
///   .mount("/home", HomeFlow.routes, DeeplinkType.home),
/// ]
/// ```
///
/// A declaration's values are the pattern's parameters in order, path first, then the query
/// parameters declared after `?`; their Swift types (``LinkValue``) decide what a link's text must
/// be. When the router is built, a declaration whose types disagree with its pattern is refused,
/// naming the route; none of the app's closures runs then. A route prints from the values it holds,
/// and in a debug build every link a declared route opens must print back as that link's own
/// values (a closure that changes, drops or swaps a value is refused at the first link that shows
/// it); `roundTripProblems()` in `DeepLinkKitTesting` checks every declaration from the edge values
/// of its types.
public struct RouteDefinition<Route>: Sendable {
  /// Builds the route from a link's parameters (``path(_:name:sources:parse:print:)``'s `parse`).
  package typealias Parse = @Sendable (RouteParameters) throws -> Route
  /// A custom definition's parameters that print a route, in order (a name may repeat: an
  /// array's query items); `nil` for a route of another definition. (Not a typed-throws closure:
  /// the type of one needs iOS 18's runtime.)
  package typealias Printer = @Sendable (Route) -> [(name: String, value: String)]?

  /// The path pattern, as written (a mounted route's prefix and pattern joined).
  package let pattern: String
  /// A name for messages, lint reports and JSON tables; optional in Swift tables.
  package let name: String?
  /// The sources allowed to open this route; `nil` allows all.
  package let sources: Set<DeepLinkSource>?
  /// What opens this route besides its link, its one host and its landing page: one object, and
  /// none for most routes, so that a router keeps a small value a route (its definitions are
  /// kept for printing and checks; these seven fields inline made a definition 240 bytes).
  private(set) var keys: RouteKeys?
  /// The route's parse, and for a declared route or a group its printing and checks: one
  /// object a route, which the router also keeps as the route's parser. (A closure each for
  /// parse and print and a protocol's box were 48 bytes more of every definition, and the router
  /// then boxed each parse again.)
  let body: RouteBody<Route>

  /// The quick-action type that opens this route, if any.
  package var shortcutType: String? { keys?.shortcutType }
  /// The intent name that opens this route, if any.
  package var intentName: String? { keys?.intentName }
  /// Whether that intent is an App Intent (``appIntent(_:)``), which iOS needs declared nowhere,
  /// rather than a SiriKit custom intent (``intent(_:)``), which `NSUserActivityTypes` declares.
  package var isAppIntent: Bool { keys?.isAppIntent ?? false }
  /// The user-activity type that opens this route, if any.
  package var activityType: String? { keys?.activityType }
  /// The rules by which push notifications open this route (a tap, an action, a reply), in the
  /// order ``push(when:parameters:action:runsInBackground:)`` added them.
  package var pushRules: [PushRule] { keys?.pushRules ?? [] }

  /// Whether the app must confirm this route before it is delivered from an untrusted source
  /// (a custom-scheme URL, which any app can send).
  package private(set) var requiresConfirmation = false
  /// Whether this is a group (`mount`, `host`), whose `members` are its routes; stored, so that a
  /// table of single routes is told apart at once. (Beside `requiresConfirmation`, where it takes
  /// no word of its own.)
  let isGroup: Bool
  /// The one host whose links open this route (``host(_:_:)``); `nil` for every host.
  package var host: String? { keys?.host }
  /// What its landing page shows, declared with DeepLinkKitConfiguration's
  /// `page(title:description:image:)`, for the exported table and the link domain's site.
  package var page: RoutePage? { keys?.page }

  /// Changes the keys (a definition is changed by its builders only, as it is declared).
  private mutating func changeKeys(_ change: (RouteKeys) -> Void) {
    let changed = keys?.copy() ?? RouteKeys()
    change(changed)
    keys = changed
  }

  /// Builds the route from a link's parameters.
  func parse(_ parameters: RouteParameters) throws -> Route { try body.parse(parameters) }
  /// The pattern with the types and query presences the declaration's Swift types give it;
  /// `nil` when the pattern does not parse (the router reports why) or for a custom definition.
  var compiledPattern: RoutePattern? { body.compiledPattern }
  /// What is wrong with the declaration, found when it was made; the router reports each.
  var declarationProblems: [String] { body.problems }
  /// The routes of a mounted group, already under its prefix; `nil` for a single route.
  var members: [RouteDefinition<Route>]? { body.members }

  /// Whether this definition prints routes.
  var isPrintable: Bool { body.isPrintable }

  /// A custom definition: the app's (or a JSON table's) own parse and print.
  package init(
    pattern: String, name: String?, sources: Set<DeepLinkSource>?, parse: @escaping Parse, printer: Printer?
  ) {
    self.init(pattern: pattern, name: name, sources: sources, body: CustomRoute(parse: parse, printer: printer))
  }

  init(pattern: String, name: String?, sources: Set<DeepLinkSource>?, body: RouteBody<Route>) {
    self.pattern = pattern
    self.name = name
    self.sources = sources
    self.body = body
    self.isGroup = body.members != nil
  }

  /// This route, opened also by the quick action of type `type`; the item's `userInfo` supplies
  /// the parameters by name.
  ///
  /// ```swift
  /// .path("/activity", to: .activity).shortcut("com.example.activity")
  /// ```
  public func shortcut(_ type: String) -> Self {
    var copy = self
    copy.changeKeys { $0.shortcutType = type }
    return copy
  }

  /// This route, with its landing page's text.
  package func withPage(_ page: RoutePage) -> Self {
    var copy = self
    copy.changeKeys { $0.page = page }
    return copy
  }

  /// This route, opened also by the intent named `name`; the intent's parameters supply the
  /// route's parameters by name.
  public func intent(_ name: String) -> Self {
    var copy = self
    copy.changeKeys {
      $0.intentName = name
      $0.isAppIntent = false
    }
    return copy
  }

  /// This route, opened also by the App Intent named `name`: one whose `perform()` hands
  /// `.intent(IntentInvocation(name:parameters:))` to the dispatcher, so that its parameters
  /// supply the route's by name, checked as a link's are. Unlike a SiriKit custom intent
  /// (``intent(_:)``), it needs no `NSUserActivityTypes` entry, and `deeplink doctor` and `plist`
  /// ask for none. (An App Intent that names its route itself needs no name on the route.)
  public func appIntent(_ name: String) -> Self {
    var copy = intent(name)
    copy.changeKeys { $0.isAppIntent = true }
    return copy
  }

  /// This route, opened also by a user activity of type `type` (Handoff, a donated activity);
  /// the activity's `userInfo` supplies the parameters by name.
  public func activity(_ type: String) -> Self {
    var copy = self
    copy.changeKeys { $0.activityType = type }
    return copy
  }

  /// This route, opened also by a push notification whose payload has every field of `when`.
  /// Each call adds a rule, so one route can answer a tap and an action (a reply) of its
  /// notification:
  ///
  /// ```swift
  /// .path("/messages/:id", parse: …, print: …)
  ///   .push(when: ["type": "message"], parameters: ["id": "data.message_id"])
  ///   .push(when: ["type": "message"], parameters: ["id": "data.message_id"], action: "REPLY")
  /// ```
  ///
  /// - Parameters:
  ///   - when: Payload fields (flattened: `"data.id"` for `{"data": {"id": …}}`) that must all be
  ///     equal to these strings. Of the rules that match, the one with most fields wins.
  ///   - parameters: Route parameter name → payload field that supplies it.
  ///   - action: The notification action that this rule answers; `nil` (the default) answers a tap.
  ///   - runsInBackground: Whether the action runs with the app in the background (a reply, "Mark
  ///     as read"): delivered without `.ready` to the dispatcher's background handler
  ///     (``LinkDispatcher/setBackgroundHandler(_:)``), and the notification's completion handler
  ///     runs once that handler returns.
  ///   - category: The notification category that offers `action` (its
  ///     `UNNotificationCategory` identifier): the payloads the tools write for the action name it
  ///     in `aps.category`, so that iOS shows the action.
  public func push(
    when: [String: String], parameters: [String: String] = [:], action: String? = nil, runsInBackground: Bool = false,
    category: String? = nil
  ) -> Self {
    var copy = self
    copy.changeKeys {
      $0.pushRules.appendUnspecialized(
        PushRule(
          when: when, parameters: parameters, action: action, runsInBackground: runsInBackground, category: category))
    }
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

  /// Takes the keys, sources aside, by which `other` is opened: a mounted route keeps its own.
  mutating func copyKeys<Other>(of other: RouteDefinition<Other>) {
    keys = other.keys
    requiresConfirmation = other.requiresConfirmation
  }

  /// Routes that only links on `host` open: an app that serves several universal-link domains
  /// with different routes (`shop.example.com`, `help.example.com`) gives each its own table.
  ///
  /// ```swift
  /// routes: [
  ///   .path("/", to: .home),                                        // every host
  ///   .host("help.example.com", [.path("/articles/:id", AppRoute.article)]),
  ///   .host("shop.example.com", [.path("/products/:id", AppRoute.product)]),
  /// ]
  /// ```
  ///
  /// A link on that host is matched against its routes first, then against the routes for every
  /// host; a link on another host, or a custom-scheme link without a host, never opens them.
  /// The host is listed as a universal-link host, and these routes print as links on it.
  /// Conflicts are checked within each host's routes.
  ///
  /// - Parameters:
  ///   - host: The host name, exactly (no wildcard).
  ///   - routes: Its routes.
  public static func host(_ host: String, _ routes: [RouteDefinition<Route>]) -> Self {
    let members = routes.flatMap { $0.members ?? [$0] }.map { member -> Self in
      var member = member
      if member.host == nil { member.changeKeys { $0.host = host } }
      return member
    }
    var group = Self(pattern: "/", name: nil, sources: nil, body: RouteGroup(members: members, problems: []))
    group.changeKeys { $0.host = host }
    return group
  }

  /// Whether a source other than a link opens this route.
  var hasKeyedSource: Bool {
    shortcutType != nil || intentName != nil || activityType != nil || !pushRules.isEmpty
  }

  /// How the route reads in messages: `route "messageDetails" (/messages/:id)` or `route /messages/:id`.
  package var label: String { RouteLabel(pattern: pattern, name: name).text }
}

/// What a definition holds of its route beyond its pattern and keys: its parse, and what a
/// declared route (or group) adds: the pattern its types complete and the problems found in it.
/// One object per route, made when the route is declared; nothing of it but `parse` runs until a
/// route is printed or checked. A class, not a protocol, so that the router keeps it as the
/// route's parser (``RouteParserBox``).
///
/// What builds a table is here, as methods a subclass overrides. What prints a route, checks it
/// and lists its values for export is not (`RouteDefinition+Operations.swift`): the runtime
/// record of a class's type keeps every method of its table in every app that declares such a
/// route, and an app keeps those only if it calls them.
///
/// Its parse is a method, not a stored closure: a declared route's one closure both parses and
/// builds its route from values (``TypedRoute``), where a closure each kept 72 bytes more a route.
/// The base class is the body of a pattern that does not parse, which the router refuses.
class RouteBody<Route>: RouteParserBox, @unchecked Sendable {
  /// Builds the route from a link's parameters.
  func parse(_ parameters: RouteParameters) throws -> Route {
    throw DeepLinkError(.noRoute, "the pattern does not parse")
  }

  /// The pattern with the types and query presences the Swift types give it.
  var compiledPattern: RoutePattern? { nil }
  /// What is wrong with the declaration; the router reports each.
  var problems: [String] { [] }
  /// A group's routes, already under its prefix; `nil` for a single route.
  var members: [RouteDefinition<Route>]? { nil }
  /// What adds a group to a table (``RouteTableCompiler/addGroup(_:_:_:)``); `nil` for a single
  /// route.
  var addGroup: RouteGroup<Route>.Add? { nil }
  /// Whether it prints routes.
  var isPrintable: Bool { false }
}

/// A custom definition's body: the app's (or a JSON table's) own parse and print.
final class CustomRoute<Route>: RouteBody<Route>, @unchecked Sendable {
  /// The parameters that print a route (``RouteDefinition/Printer``); `nil` for a route that is
  /// never printed.
  let printer: RouteDefinition<Route>.Printer?
  private let parseRoute: RouteDefinition<Route>.Parse

  init(parse: @escaping RouteDefinition<Route>.Parse, printer: RouteDefinition<Route>.Printer?) {
    self.printer = printer
    self.parseRoute = parse
  }

  override func parse(_ parameters: RouteParameters) throws -> Route { try parseRoute(parameters) }
  override var isPrintable: Bool { printer != nil }
}

/// A group of routes (``RouteDefinition/mount(_:_:_:)``, ``RouteDefinition/host(_:_:)``): its
/// members are the routes; it prints nothing itself, and parses nothing.
///
/// It holds what adds it to a table, made here: only an app that mounts a group or declares a host
/// group carries that code (the group's checks, its members' loop), not every app, as it would
/// were the table compiler to call it itself.
final class RouteGroup<Route>: RouteBody<Route>, @unchecked Sendable {
  typealias Add = (RouteDefinition<Route>, inout RouteTableCompiler, inout [RouteDefinition<Route>]) -> Void

  private let groupMembers: [RouteDefinition<Route>]
  private let groupProblems: [String]
  private let add: Add

  /// A group of `members`, with the problems found when it was declared. (A convenience
  /// initializer: a class's designated ones are listed in its runtime record, which every app
  /// keeps, and so would keep what this one reaches.)
  convenience init(members: [RouteDefinition<Route>], problems: [String]) {
    self.init(members, problems, RouteTableCompiler.addGroup)
  }

  private init(_ members: [RouteDefinition<Route>], _ problems: [String], _ add: @escaping Add) {
    (groupMembers, groupProblems, self.add) = (members, problems, add)
  }

  override func parse(_ parameters: RouteParameters) throws -> Route {
    throw DeepLinkError(.noRoute, "a group is not a route")
  }

  override var members: [RouteDefinition<Route>]? { groupMembers }
  override var problems: [String] { groupProblems }
  override var addGroup: Add? { add }
}

/// What opens a route besides its link, its one host and its landing page (see
/// ``RouteDefinition``'s `keys`). Not generic. A builder changes a copy before a definition holds
/// it; once held, it never changes, which makes it `Sendable`. (Its fields are its own, not a
/// struct's: a struct of them was a type of its own, whose value witnesses every app kept.)
final class RouteKeys: @unchecked Sendable {
  var shortcutType: String?
  var intentName: String?
  var isAppIntent = false
  var activityType: String?
  var pushRules: [PushRule] = []
  var host: String?
  var page: RoutePage?
  /// Adds a route with these keys to a table (``RouteTableCompiler/add(_:_:_:)``): held here, so
  /// that only an app whose routes have keys (their builders are what make this object) carries
  /// that code. A function, not a method: a class's methods are kept with its runtime record.
  let add: (inout RouteTableCompiler, RouteTableCompiler.Entry, RouteKeys) -> Bool = RouteTableCompiler.add

  init() {}

  /// The action of the first push rule, when every push rule of the route is a notification
  /// action that runs in the background: a route only such actions open, which a tap does not.
  var backgroundOnlyAction: String? {
    guard !pushRules.isEmpty, pushRules.allSatisfy({ $0.runsInBackground && !$0.answersTap }) else { return nil }
    return pushRules.first?.action
  }

  /// A copy to change.
  func copy() -> RouteKeys {
    let copy = RouteKeys()
    copy.shortcutType = shortcutType
    copy.intentName = intentName
    copy.isAppIntent = isAppIntent
    copy.activityType = activityType
    copy.pushRules = pushRules
    copy.host = host
    copy.page = page
    return copy
  }
}

/// A route's landing page text: its title, a sentence, and its preview image's URL.
package struct RoutePage: Sendable {
  package var title: String
  package var description: String?
  package var image: String?

  package init(title: String, description: String?, image: String?) {
    self.title = title
    self.description = description
    self.image = image
  }
}
