import DeepLinkKit
import Foundation

/// A route table read from JSON.
///
/// ```json
/// {
///   "schemes": ["myapp"],
///   "hosts": ["app.example.com", "*.example.org"],
///   "caseSensitive": true,
///   "maxURLLength": 4096, "maxSegments": 32,
///   "routes": [
///     { "name": "messageDetails", "path": "/messages/:id" },
///     { "name": "deleteAccount", "path": "/settings/account/delete", "sources": ["inApp"] }
///   ]
/// }
/// ```
///
/// `routes` is required; `schemes` and `hosts` default to none, `caseSensitive` to `true`, the
/// limits (`maxURLLength`, `maxSegments`, `maxQueryItems`, `maxValueLength`, `maxPayloadFields`,
/// `maxPayloadDepth`) to `InputLimits`' defaults, and `pushURLKeys` to `deeplink`,
/// `deep_link`, `link`, `url`, and `customSchemeHost` (`"firstSegment"` or `"host"`) to
/// `"firstSegment"`. A
/// route has a `name` (unique) and a `path` pattern, and may have `sources` (the sources allowed to
/// open it; default all), `shortcut` (a quick-action type), `intent` (a SiriKit custom intent's
/// class name), `appIntent` (an App Intent's name, which needs no `NSUserActivityTypes` entry), `activity`
/// (a user-activity type), `push` (`{"when": {field: value}, "parameters": {name: field},
/// "action": id}`, or a list of such rules: a tap and a reply), `confirm` (`true`: the app confirms it before it is delivered from an
/// untrusted source), `values` (`{parameter: [allowed text, …]}`, as a Swift table exports for
/// a raw-value enum or `Bool`), `host` (a route of that host only) and `page` (`{"title": …,
/// "description": …, "image": URL}`: what its landing page and link preview show). Any other key, and any value of the wrong type, is a problem that
/// names it. A Swift router's `LinkRouter/routeTable` writes this format.
public struct RouteTable: Sendable, Hashable {
  /// One route of the table.
  public struct Entry: Sendable, Hashable {
    /// The route's unique name.
    public var name: String
    /// Its path pattern.
    public var path: String
    /// The sources allowed to open it; `nil` allows all.
    public var sources: Set<DeepLinkSource>?
    /// The quick-action type that opens it.
    public var shortcut: String?
    /// The SiriKit custom intent that opens it: its class name, which `NSUserActivityTypes` declares.
    public var intent: String?
    /// The App Intent that opens it, by the name its `perform()` hands over; iOS needs it declared
    /// nowhere.
    public var appIntent: String?
    /// The user-activity type that opens it.
    public var activity: String?
    /// The rules by which push notifications open it (a tap, an action, a reply).
    package var pushRules: [PushRule]
    /// The first of `pushRules`; setting it replaces them all.
    package var push: PushRule? {
      get { pushRules.first }
      set { pushRules = newValue.map { [$0] } ?? [] }
    }
    /// Whether the app must confirm it before it is delivered from an untrusted source.
    public var confirm: Bool
    /// The texts a parameter may hold, for the parameters that list them; any other is refused
    /// with `invalidParameter`.
    public var values: [String: [String]]
    /// The one host whose links open it, as in `RouteDefinition/host(_:_:)`; `nil` for every host.
    public var host: String?
    /// What its landing page shows (`deeplink site`): its title and link preview.
    public var page: LandingPage?

    /// Creates an entry; each argument sets the property of its name. Push rules are read from
    /// a table's JSON (`"push"`), or exported from a Swift router's definitions.
    public init(
      name: String, path: String, sources: Set<DeepLinkSource>? = nil, shortcut: String? = nil,
      intent: String? = nil, activity: String? = nil, confirm: Bool = false,
      values: [String: [String]] = [:], host: String? = nil, appIntent: String? = nil, page: LandingPage? = nil
    ) {
      self.init(
        name: name, path: path, sources: sources, shortcut: shortcut, intent: intent, activity: activity, push: nil,
        confirm: confirm, values: values, host: host, appIntent: appIntent, pushRules: [], page: page)
    }

    /// Creates an entry with push rules: `push` is one rule, the same as `pushRules: [push]`
    /// (before `pushRules`, if both are given).
    package init(
      name: String, path: String, sources: Set<DeepLinkSource>? = nil, shortcut: String? = nil,
      intent: String? = nil, activity: String? = nil, push: PushRule?, confirm: Bool = false,
      values: [String: [String]] = [:], host: String? = nil, appIntent: String? = nil, pushRules: [PushRule] = [],
      page: LandingPage? = nil
    ) {
      self.page = page
      self.appIntent = appIntent
      self.values = values
      self.host = host
      self.name = name
      self.path = path
      self.sources = sources
      self.shortcut = shortcut
      self.intent = intent
      self.activity = activity
      self.pushRules = (push.map { [$0] } ?? []) + pushRules
      self.confirm = confirm
    }
  }

  /// What a route's landing page shows (`deeplink site generate`), and its link preview's Open
  /// Graph tags.
  public struct LandingPage: Sendable, Hashable {
    /// The page's title.
    public var title: String
    /// A sentence under it, and the preview's description.
    public var description: String?
    /// The preview's image: an absolute `https` URL (a preview crawler fetches nothing else, and
    /// a `javascript:` or `data:` value has no place in a page's head); any other is a problem
    /// of the table.
    public var image: String?

    /// Creates a page.
    public init(title: String, description: String? = nil, image: String? = nil) {
      self.title = title
      self.description = description
      self.image = image
    }

    /// Why `image` is not an absolute `https` URL with a host, written as a URL is (RFC 3986's
    /// characters, every other one percent-encoded), with no user information, that reads back
    /// as itself; `nil` when it is one.
    package static func imageProblem(_ image: String) -> String? {
      if image.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
        return "holds a space or a control character"
      }
      if let scalar = image.unicodeScalars.first(where: { !isURLCharacter($0) }) {
        return "holds \(quoted(String(scalar))), which a URL does not (percent-encode it)"
      }
      guard let url = URL(string: image), url.scheme?.lowercased() == "https" else {
        return "is not an absolute https URL"
      }
      guard let host = url.host, !host.isEmpty else { return "has no host" }
      let authority = image.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      if url.user != nil || url.password != nil || authority.contains("@") {
        return "has user information (user@host), which a page's image must not"
      }
      guard url.absoluteString == image else { return "does not read back as the same URL" }
      return nil
    }

    /// Whether a URL may hold `scalar` as it is: RFC 3986's unreserved and reserved characters
    /// and `%`.
    private static func isURLCharacter(_ scalar: Unicode.Scalar) -> Bool {
      guard scalar.isASCII else { return false }
      let byte = UInt8(scalar.value)
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
      default: return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
      }
    }
  }

  /// The custom URL schemes.
  public var schemes: [String]
  /// The universal-link hosts.
  public var hosts: [String]
  /// Whether literal segments match in case.
  public var isCaseSensitive: Bool
  /// Bounds on what one input may hold.
  public var limits: InputLimits
  /// The payload fields a push notification's link may be under.
  public var pushURLKeys: [String]
  /// How a custom-scheme link's host is read.
  public var customSchemeHost: CustomSchemeHost = .firstSegment
  /// Whether international host names are read (`"hostNames": "international"`; the router's
  /// ``HostNames/international``).
  package var readsInternationalHosts = false
  /// The hosts as the table's router reads them.
  package var hostList: HostList { HostList(idna: readsInternationalHosts ? .full : nil) }
  /// The routes.
  public var routes: [Entry]

  /// Creates a table.
  public init(
    schemes: [String] = [], hosts: [String] = [], isCaseSensitive: Bool = true, limits: InputLimits = InputLimits(),
    pushURLKeys: [String] = LinkRouter<NamedRoute>.defaultPushURLKeys, routes: [Entry]
  ) {
    self.pushURLKeys = pushURLKeys
    self.schemes = schemes
    self.hosts = hosts
    self.isCaseSensitive = isCaseSensitive
    self.limits = limits
    self.routes = routes
  }

  /// Reads a table from JSON.
  ///
  /// - Parameter json: The table's JSON text.
  /// - Throws: `RouteTableError` listing every unknown key, missing key and wrong value type.
  public init(json: Data) throws(RouteTableError) {
    var reader = Reader()
    let table = reader.read(json)
    guard reader.problems.isEmpty, let table else { throw RouteTableError(problems: reader.problems) }
    self = table
  }

  /// Builds the router for this table.
  ///
  /// - Returns: A router whose routes are ``NamedRoute`` values.
  /// - Throws: `RouteTableError` listing every bad pattern, conflict, duplicate name, scheme and host.
  public func makeRouter() throws(RouteTableError) -> LinkRouter<NamedRoute> {
    var problems: [RouteTableError.Problem] = []
    var names: Set<String> = []
    var definitions: [RouteDefinition<NamedRoute>] = []
    for entry in routes {
      guard names.insert(entry.name).inserted else {
        problems.append(.init(.duplicateName, "two routes are named \(quoted(entry.name))"))
        continue
      }
      let name = entry.name
      let allowed = entry.values.sorted { $0.key < $1.key }
      let pattern = try? RoutePattern(entry.path)
      let label = RouteLabel(pattern: entry.path, name: name).text
      if let pattern {
        problems += Self.valuesProblems(allowed, of: pattern).map { .init(.invalidOption, "\(label) \($0)") }
      }
      if let image = entry.page?.image, let problem = LandingPage.imageProblem(image) {
        problems.append(.init(.invalidOption, "\(label) has the page image \(quoted(image)), which \(problem)"))
      }
      let query = pattern?.query ?? []
      // A repeated parameter keeps every item; a defaulted one equal to its default prints nothing.
      let repeatedNames = query.filter { $0.presence == .repeated }.map(\.name)
      let defaults = query.compactMap { parameter in
        if case .defaulted(let value) = parameter.presence { (parameter.name, value) } else { nil }
      }
      var definition = RouteDefinition<NamedRoute>(
        pattern: entry.path, name: name, sources: entry.sources,
        parse: { parameters in
          for (parameter, texts) in allowed {
            if let text = parameters.values(parameter).first(where: { !texts.contains($0) }) {
              throw InvalidParameterValue(
                name: parameter, reason: "must be one of \(texts.joined(separator: ", ")), not \(quoted(text))")
            }
          }
          var repeated: [String: [String]] = [:]
          for parameter in repeatedNames { repeated[parameter] = parameters.values(parameter) }
          return NamedRoute(name, parameters: parameters.dictionary, repeated: repeated)
        },
        printer: { route in
          guard route.name == name else { return nil }
          var printed: [(name: String, value: String)] = []
          for (key, value) in route.parameters.sorted(by: { $0.key < $1.key }) {
            if let items = route.repeated[key] {
              printed += items.map { (key, $0) }
            } else if !defaults.contains(where: { $0 == (key, value) }) {
              printed.append((key, value))
            }
          }
          return printed
        })
      if let shortcut = entry.shortcut { definition = definition.shortcut(shortcut) }
      if let intent = entry.intent { definition = definition.intent(intent) }
      if let appIntent = entry.appIntent { definition = definition.appIntent(appIntent) }
      if let activity = entry.activity { definition = definition.activity(activity) }
      if let page = entry.page {
        definition = definition.withPage(RoutePage(title: page.title, description: page.description, image: page.image))
      }
      if entry.confirm { definition = definition.requiringConfirmation() }
      for rule in entry.pushRules {
        definition = definition.push(
          when: rule.when, parameters: rule.parameters, action: rule.action, runsInBackground: rule.runsInBackground,
          category: rule.category)
      }
      definitions.append(entry.host.map { .host($0, [definition]) } ?? definition)
    }
    let router: LinkRouter<NamedRoute>
    do {
      router = try LinkRouter(
        schemes: schemes, hosts: hosts, hostNames: readsInternationalHosts ? .international : .ascii,
        isCaseSensitive: isCaseSensitive, limits: limits,
        pushURLKeys: pushURLKeys, customSchemeHost: customSchemeHost, routes: definitions)
    } catch {
      throw RouteTableError(problems: error.problems + problems)
    }
    guard problems.isEmpty else { throw RouteTableError(problems: problems) }
    return router
  }

  /// Why a route's `values` lists cannot work: a parameter its pattern lacks (a misspelt name
  /// would turn the list off), an empty list (no link could open the route), a value its type
  /// refuses or no link can carry, a default outside the list.
  static func valuesProblems(_ values: [(key: String, value: [String])], of pattern: RoutePattern) -> [String] {
    var problems: [String] = []
    for (name, texts) in values {
      let segment = pattern.segments.first { $0.parameterName == name }
      let query = pattern.queryParameter(named: name)
      guard segment != nil || query != nil else {
        let names = pattern.parameterNames + pattern.query.map(\.name)
        problems.append(
          "has \"values\" for \(quoted(name)), which its pattern does not have"
            + (names.isEmpty ? "" : " (its parameters: \(names.joined(separator: ", ")))"))
        continue
      }
      guard !texts.isEmpty else {
        problems.append("has an empty \"values\" list for \(quoted(name)), so no link can open it")
        continue
      }
      for text in texts {
        let type: RoutePattern.ParameterType
        var carried: String?
        switch segment {
        case .parameter(_, let segmentType)?:
          type = segmentType
          carried = TextRules.segmentProblem(text)
        case .catchAll?:
          type = .string
          carried = text.slashSeparatedParts.lazy.compactMap(TextRules.segmentProblem).first
        default:
          type = query?.type ?? .string
          carried = text.utf8.contains(0) ? "holds the control character U+0000" : nil
        }
        if let carried {
          problems.append(
            "has the value \(quoted(text)) for \(quoted(name)), which \(carried), so no link can carry it")
        } else if type != .string, !type.accepts(text) {
          problems.append("has the value \(quoted(text)) for \(quoted(name)), which \(type.requirement)")
        }
      }
      if case .defaulted(let value)? = query?.presence, !texts.contains(value) {
        problems.append("has the default \(quoted(value)) for \(quoted(name)), which is not one of its \"values\"")
      }
    }
    return problems
  }

  /// Reads a table from JSON and builds its router, reporting every problem of both steps.
  ///
  /// - Parameter json: The table's JSON text.
  /// - Returns: The router.
  /// - Throws: `RouteTableError` listing every problem found.
  public static func makeRouter(json: Data) throws(RouteTableError) -> LinkRouter<NamedRoute> {
    var reader = Reader()
    guard let table = reader.read(json) else { throw RouteTableError(problems: reader.problems) }
    let router: LinkRouter<NamedRoute>
    do {
      router = try table.makeRouter()
    } catch {
      throw RouteTableError(problems: reader.problems + error.problems)
    }
    guard reader.problems.isEmpty else { throw RouteTableError(problems: reader.problems) }
    return router
  }
}

extension InputLimits {
  /// The JSON table keys of the limits, sorted.
  static let jsonKeys: [(String, WritableKeyPath<InputLimits, Int> & Sendable)] = [
    ("maxPayloadDepth", \.maxPayloadDepth), ("maxPayloadFields", \.maxPayloadFields),
    ("maxQueryItems", \.maxQueryItems),
    ("maxSegments", \.maxSegments), ("maxURLLength", \.maxURLLength),
    ("maxValueLength", \.maxValueLength),
  ]
}

// A table compares and hashes its entries' push rules here: in the core, where no app compares
// them, the conformance was code every app kept (5 KB of a router-only app, for the dictionaries'
// hashing).
extension PushRule: Hashable {
  package static func == (left: PushRule, right: PushRule) -> Bool {
    left.when == right.when && left.parameters == right.parameters && left.action == right.action
      && left.runsInBackground == right.runsInBackground && left.category == right.category
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(when)
    hasher.combine(parameters)
    hasher.combine(action)
    hasher.combine(runsInBackground)
    hasher.combine(category)
  }
}
