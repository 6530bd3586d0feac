import DeepLinkKit
import Foundation

/// An apple-app-site-association file's `applinks`, and which app a URL on its domain opens, by the
/// rules iOS follows (Apple's `applinks` documentation, its WWDC 2019 and 2020 Universal Links
/// sessions and TN3155, with what Apple's `swcutil` was observed to do where they are silent).
///
/// ```swift
/// let file = try AppSiteAssociation(json: data)
/// let answer = file.match("https://example.com/buy/42", domain: "example.com")
/// answer.opens         // ["ABCDE12345.com.example.app"]
/// answer.unreachable   // nil: the rules decided (`deeplink aasa` names the rule that did)
/// ```
public struct AppSiteAssociation: Sendable {
  /// What the file says of a URL for one app.
  package enum Decision: String, Sendable, Hashable {
    /// A rule matched: the link opens the app.
    case match
    /// An `exclude` rule matched first: the link opens in the browser.
    case blocked
    /// No rule of the app matched.
    case none
  }

  /// The effective rule that decided, after `defaults` (domain, then app) were applied.
  package struct Rule: Sendable, Hashable {
    /// The path pattern (`/`).
    package var path: String
    /// The query: a pattern for the whole query, or item name → value pattern (`?`).
    package var query: Query
    /// The fragment pattern (`#`).
    package var fragment: String
    /// Whether a match blocks the link.
    package var exclude: Bool
    /// Whether letters must match in case.
    package var caseSensitive: Bool
    /// Whether the URL is compared as encoded (`true`) or percent-decoded (`false`).
    package var percentEncoded: Bool
    /// The rule's `comment`, if any.
    package var comment: String?
  }

  /// A rule's query predicate.
  package enum Query: Sendable, Hashable {
    /// A pattern for the entire query (absent query: the empty string).
    case pattern(String)
    /// Item name → value pattern; every listed name must match in every instance.
    case items([String: String])
  }

  /// The answer for one app.
  package struct Result: Sendable, Hashable {
    /// The app ID.
    package var appID: String
    /// Whether the URL opens it.
    package var decision: Decision
    /// The index of the deciding `details` entry (in sorted key order for the oldest dictionary
    /// form); `nil` for ``Decision/none``.
    package var details: Int?
    /// The index of the deciding component; `nil` for ``Decision/none`` or a legacy `paths` entry.
    package var component: Int?
    /// The index of the deciding legacy `paths` pattern, when one decided.
    package var legacyPath: Int?
    /// The deciding rule; `nil` for ``Decision/none``.
    package var rule: Rule?
  }

  /// The answer for a URL.
  public struct Answer: Sendable, Hashable {
    /// One result per app asked about (every app of the file when none was named): which rule
    /// decided, for `deeplink aasa`'s report.
    package var results: [Result]
    /// The apps the URL opens, in the order of their deciding details entry.
    public var opens: [String]
    /// Why no app can open it whatever the rules say: the URL is out of the file's reach
    /// (another host, not http or https, not a URL), or iOS reads no rule from the file (it is
    /// over 128 KB, or has no `applinks`).
    public var unreachable: String?
  }

  /// One `details` entry.
  struct Details: Sendable {
    var appIDs: [String]
    /// `nil` for a legacy entry with `paths` only.
    var components: [Layer]?
    var paths: [String]?
    var defaults: Layer?
  }

  /// A component or a `defaults` object: the keys it sets.
  struct Layer: Sendable {
    var path: String?
    var query: Query?
    var fragment: String?
    var exclude: Bool?
    var caseSensitive: Bool?
    var percentEncoded: Bool?
    var comment: String?
  }

  let details: [Details]
  /// The App Clips the file lets open from its domain (`appclips.apps`).
  let appClipIDs: [String]
  let defaults: Layer?
  let variables: AASAVariables
  /// The file's size, which iOS caps.
  let byteCount: Int
  /// Why iOS reads no rule of the file (too large, no `applinks`), if it reads none.
  let ignored: String?
  /// Each app's rules, compiled once.
  private(set) var compiled: [String: [CompiledRule]] = [:]
  /// What the structure checks found (`unknownKey`, `catchAll`, `unreachableRule`, …); see
  /// ``lint(json:appID:)``.
  package private(set) var problems: [ConfigurationProblem] = []

  /// Reads a file.
  ///
  /// A file with no `applinks` (only `webcredentials`, say) is read, and opens no app by a
  /// universal link; so is a file over 128 KB, which iOS ignores.
  ///
  /// - Parameter json: The file's bytes (a UTF-8 byte-order mark at the start is skipped).
  /// - Throws: `DeepLinkError` (`malformedInput`) when it is not JSON or not an object.
  public init(json: Data) throws(DeepLinkError) {
    do {
      try self.init(reading: json)
    } catch {
      throw DeepLinkError(.malformedInput, error.problem.message)
    }
  }

  /// Checks a file's structure, with no route table: JSON, size, keys and their types, app IDs,
  /// substitution variables, patterns that never match, rules that constrain nothing or that an
  /// earlier rule always decides first.
  ///
  /// ```swift
  /// AppSiteAssociation.lint(json: Data(#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"],
  ///   "components": [{"/": "*"}, {"/": "/admin/*", "exclude": true}]}]}}"#.utf8)).map(\.code)
  /// // ["catchAll", "unreachableRule"]
  /// ```
  ///
  /// - Parameters:
  ///   - json: The file's bytes.
  ///   - appID: An app that must be listed (`appIDNotListed` otherwise); `nil` checks none.
  /// - Returns: The problems, errors first. A file that cannot be read gives one error:
  ///   `invalidJSON` or `notAnObject`; a file with no `applinks` object has `noApplinks`.
  public static func lint(json: Data, appID: String? = nil) -> [ConfigurationProblem] {
    do {
      let file = try AppSiteAssociation(reading: json)
      var problems = file.problems
      if let appID, !file.appIDs.contains(appID) {
        problems.append(ConfigurationProblem("appIDNotListed", .error, "the file names no rule for \(quoted(appID))"))
      }
      return problems.bySeverity()
    } catch {
      return [error.problem]
    }
  }

  /// A file that cannot be read: `invalidJSON` or `notAnObject`.
  struct Unreadable: Error {
    let problem: ConfigurationProblem
    init(_ code: String, _ message: String) { problem = ConfigurationProblem(code, .error, message) }
  }

  /// Reads a file's JSON object; `problems` are its structure problems.
  init(reading json: Data) throws(Unreadable) {
    let root: JSONValue
    do {
      root = try JSONParser.parse(json)
    } catch {
      throw Unreadable("invalidJSON", "the file is not valid JSON: \(error.message)")
    }
    try self.init(root: root, byteCount: json.count)
  }

  /// Reads a file already parsed.
  init(root: JSONValue, byteCount: Int) throws(Unreadable) {
    guard case .object(let top) = root else {
      throw Unreadable("notAnObject", "the file is not a JSON object but \(root.typeDescription)")
    }
    self.byteCount = byteCount
    if case .object(let appclips)? = top["appclips"], case .array(let apps)? = appclips["apps"] {
      appClipIDs = apps.compactMap(\.string)
    } else {
      appClipIDs = []
    }
    let applinks: [String: JSONValue]
    if case .object(let object)? = top["applinks"] {
      applinks = object
      ignored =
        byteCount > AASALinter.sizeLimit
        ? "the file is \(byteCount) bytes, and iOS ignores a file over \(AASALinter.sizeLimit) (128 KB)" : nil
    } else {
      applinks = [:]
      ignored = "the file has no \"applinks\" object, so it opens no app by a universal link"
    }
    var custom: [String: [String]] = [:]
    if case .object(let variables)? = applinks["substitutionVariables"] {
      for (name, value) in variables {
        guard case .array(let items) = value else { continue }
        custom[name] = items.compactMap(\.string)
      }
    }
    variables = AASAVariables(custom: custom)
    defaults = applinks["defaults"].flatMap(Self.layer)
    switch applinks["details"] {
    case .array(let entries)?:
      details = entries.compactMap(Self.details)
    case .object(let byAppID)?:
      // The oldest form: an object keyed by app ID, evaluated in sorted key order.
      details = byAppID.keys.sorted().compactMap { appID in
        guard var entry = Self.details(byAppID[appID]!) else { return nil }
        entry.appIDs = [appID]
        return entry
      }
    default:
      details = []
    }
    var compiled: [String: [CompiledRule]] = [:]
    for appID in appIDs { compiled[appID] = rules(for: appID).map { CompiledRule($0, in: self) } }
    self.compiled = compiled
    problems = AASALinter.lint(top, byteCount: byteCount, file: self)
  }

  private static func details(_ value: JSONValue) -> Details? {
    guard case .object(let object) = value else { return nil }
    var appIDs: [String] = []
    if case .string(let id)? = object["appID"] { appIDs.append(id) }
    if case .array(let ids)? = object["appIDs"] {
      for case .string(let id) in ids where !appIDs.contains(id) { appIDs.append(id) }
    }
    var components: [Layer]?
    if case .array(let items)? = object["components"] { components = items.map { layer($0) ?? Layer() } }
    var paths: [String]?
    if case .array(let items)? = object["paths"] {
      paths = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
    }
    return Details(appIDs: appIDs, components: components, paths: paths, defaults: object["defaults"].flatMap(layer))
  }

  private static func layer(_ value: JSONValue) -> Layer? {
    guard case .object(let object) = value else { return nil }
    var layer = Layer()
    if case .string(let text)? = object["/"] { layer.path = text }
    if case .string(let text)? = object["#"] { layer.fragment = text }
    if case .string(let text)? = object["comment"] { layer.comment = text }
    if case .bool(let flag)? = object["exclude"] { layer.exclude = flag }
    if case .bool(let flag)? = object["caseSensitive"] { layer.caseSensitive = flag }
    if case .bool(let flag)? = object["percentEncoded"] { layer.percentEncoded = flag }
    switch object["?"] {
    case .string(let text)?: layer.query = .pattern(text)
    case .object(let items)?:
      var predicates: [String: String] = [:]
      for (name, value) in items {
        // A value that is not a string makes the system ignore the whole dictionary.
        guard case .string(let pattern) = value else {
          predicates = [:]
          break
        }
        predicates[name] = pattern
      }
      layer.query = .items(predicates)
    default: break
    }
    return layer
  }

  /// The app IDs the file names, in order of first appearance.
  package var appIDs: [String] {
    var seen: [String] = []
    for entry in details { for id in entry.appIDs where !seen.contains(id) { seen.append(id) } }
    return seen
  }
}
