import DeepLinkKit
import Foundation

// Matching a URL against the file's rules, as iOS does.
extension AppSiteAssociation {
  /// Which apps a URL opens, as iOS decides from this file.
  ///
  /// - Parameters:
  ///   - url: The URL, as it would be tapped.
  ///   - domain: The domain the file is served from.
  ///   - appID: The app to ask about; `nil` asks about every app of the file.
  ///   - subdomains: Whether the file is consulted through a `*.domain` entitlement, so that
  ///     subdomains of `domain` are in its reach.
  /// - Returns: The apps it opens, or why none can.
  /// - Throws: `DeepLinkError` (`inputTooLarge`) when the URL is longer than 8,192 bytes, or when matching it would take more work than a URL may cost (a file of
  ///   thousands of variables, each of many values with wildcards): the answer is then unknown.
  public func match(_ url: String, domain: String, appID: String? = nil, subdomains: Bool = false)
    throws(DeepLinkError) -> Answer
  {
    let apps = appID.map { [$0] } ?? appIDs
    guard url.utf8.count <= Self.maxURLLength else {
      throw InputLimits.tooLarge("the URL is \(url.utf8.count) bytes long", limit: "\(Self.maxURLLength) bytes")
    }
    guard let parts = AASAURL(url) else {
      return Answer(results: apps.map(Self.none), opens: [], unreachable: "\(quoted(url)) is not an http or https URL")
    }
    let domain = domain.lowercasedASCII
    guard parts.host == domain || subdomains && parts.host.hasSuffix("." + domain) else {
      return Answer(
        results: apps.map(Self.none), opens: [],
        unreachable:
          "the URL's host \(quoted(parts.host)) is not \(quoted(domain))\(subdomains ? " or a subdomain of it" : "")")
    }
    if let ignored { return Answer(results: apps.map(Self.none), opens: [], unreachable: ignored) }
    var budget = AASAMatchBudget()
    var results: [Result] = []
    do {
      for app in apps { results.append(try decide(parts, for: app, budget: &budget)) }
    } catch {
      throw DeepLinkError(
        .inputTooLarge,
        "matching \(quoted(url)) against the file would take more than \(AASAMatchBudget.perURL) steps (its patterns and their variables' values, over the URL's length); no answer is given"
      )
    }
    let opens = results.filter { $0.decision == .match }.sorted { ($0.details ?? 0) < ($1.details ?? 0) }.map(\.appID)
    return Answer(results: results, opens: opens, unreachable: nil)
  }

  /// The longest URL ``match(_:domain:appID:subdomains:)`` takes: twice the longest link the
  /// router takes by default, and far more than any link a person taps.
  package static let maxURLLength = 8_192

  private static func none(_ appID: String) -> Result {
    Result(appID: appID, decision: .none, details: nil, component: nil, legacyPath: nil, rule: nil)
  }

  /// A rule of one app, where it sits in the file.
  struct PlacedRule {
    var details: Int
    /// `nil` for a legacy `paths` entry.
    var component: Int?
    var legacyPath: Int?
    var rule: Rule

    var location: String {
      "details[\(details)]." + (component.map { "components[\($0)]" } ?? "paths[\(legacyPath ?? 0)]")
    }
  }

  /// The rules iOS walks for an app, in order: its details entries in array order (an entry with
  /// no matching rule falls through to the app's next entry, `entryFallsThrough`), each entry's
  /// components, or its legacy `paths` when it has no components.
  func rules(for appID: String) -> [PlacedRule] {
    var rules: [PlacedRule] = []
    for (index, entry) in details.enumerated() where entry.appIDs.contains(appID) {
      if let components = entry.components {
        for (position, component) in components.enumerated() {
          rules.append(PlacedRule(details: index, component: position, rule: effectiveRule(component, in: entry)))
        }
      } else if let paths = entry.paths {
        for (position, text) in paths.enumerated() {
          let exclude = text.hasPrefix("NOT ")
          // A legacy path sees only the path, case-sensitively, unless defaults apply to it.
          var rule = Rule(
            path: exclude ? String(text.dropFirst(4)) : text, query: .pattern("*"), fragment: "*", exclude: exclude,
            caseSensitive: true, percentEncoded: true, comment: nil)
          if AASAUndocumented.defaultsApplyToLegacyPaths {
            let base = effectiveRule(Layer(), in: entry)
            (rule.caseSensitive, rule.percentEncoded) = (base.caseSensitive, base.percentEncoded)
          }
          rules.append(PlacedRule(details: index, component: nil, legacyPath: position, rule: rule))
        }
      }
      if !AASAUndocumented.entryFallsThrough { break }
    }
    return rules
  }

  /// The first rule of the app that matches.
  private func decide(_ url: AASAURL, for appID: String, budget: inout AASAMatchBudget)
    throws(AASAMatchBudget.Spent) -> Result
  {
    for rule in compiled[appID] ?? [] where try rule.matches(url, budget: &budget) {
      let placed = rule.placed
      return Result(
        appID: appID, decision: placed.rule.exclude ? .blocked : .match, details: placed.details,
        component: placed.component, legacyPath: placed.legacyPath, rule: placed.rule)
    }
    return Self.none(appID)
  }

  /// Built-in defaults ← the domain's `defaults` ← the app's ← the component.
  func effectiveRule(_ component: Layer, in entry: Details) -> Rule {
    var rule = Rule(
      path: "*", query: .pattern("*"), fragment: "*", exclude: false, caseSensitive: true, percentEncoded: true,
      comment: nil)
    for layer in [defaults, entry.defaults, component] {
      guard let layer else { continue }
      rule.path = layer.path ?? rule.path
      rule.query = layer.query ?? rule.query
      rule.fragment = layer.fragment ?? rule.fragment
      rule.exclude = layer.exclude ?? rule.exclude
      rule.caseSensitive = layer.caseSensitive ?? rule.caseSensitive
      rule.percentEncoded = layer.percentEncoded ?? rule.percentEncoded
    }
    rule.comment = component.comment
    return rule
  }

  func pattern(_ text: String, _ rule: Rule) -> AASAPattern {
    AASAPattern(text, variables: variables, caseSensitive: rule.caseSensitive)
  }

  /// A path pattern as it is compared: with its leading slash (a leading run collapsed to one),
  /// its trailing slashes trimmed, and, when it ends in `/*`, the parent pattern that also matches.
  static func pathPatterns(_ path: String) -> (pattern: String, parent: String?) {
    var text = path
    if text.hasPrefix("/") {
      text = "/" + text.drop { $0 == "/" }
    } else if let first = text.first, first != "*", first != "?", first != "$" {
      text = "/" + text
    }
    text = trimmingTrailingSlashes(text)
    return (text, text.hasSuffix("/*") ? trimmingTrailingSlashes(String(text.dropLast(2))) : nil)
  }

  static func trimmingTrailingSlashes(_ text: String) -> String {
    var text = Substring(text)
    while text.count > 1, text.last == "/" { text = text.dropLast() }
    return text.isEmpty ? "/" : String(text)
  }
}
