import DeepLinkKit

/// One entry of the Associated Domains entitlement: `<service>:<fully qualified domain>[?mode=<mode>]`
/// (Apple's "Associated Domains Entitlement" and "Supporting associated domains"): no scheme, path,
/// query other than `mode`, port or trailing `/`; a leading `*.` label except for `appclips`; an
/// internationalized domain in Punycode.
struct AssociatedDomainEntry: Hashable {
  static let services = ["activitycontinuation", "appclips", "applinks", "webcredentials"]
  static let modes = ["developer", "managed", "developer+managed"]

  let text: String
  let service: String
  /// Lowercase ASCII; `*.example.com` for a wildcard.
  let host: String
  let mode: String?

  var isWildcard: Bool { host.hasPrefix("*.") }
  /// The domain without `*.`.
  var domain: String { isWildcard ? String(host.dropFirst(2)) : host }

  /// An entry read, or what is wrong with it.
  enum Reading {
    case entry(AssociatedDomainEntry)
    /// `malformedAssociatedDomain`, `unknownService` or `unknownMode`.
    case problem(ConfigurationProblem)
  }

  /// Reads an entry, or says what is wrong with it.
  static func read(_ text: String) -> Reading {
    func malformed(_ reason: String) -> Reading {
      .problem(ConfigurationProblem("malformedAssociatedDomain", .error, "the entry \(quoted(text)) \(reason)"))
    }
    func unknown(_ code: String, _ phrase: String, _ value: String, known: [String]) -> Reading {
      .problem(
        ConfigurationProblem(
          code, .error,
          "the entry \(quoted(text)) \(phrase) \(quoted(value)); the \(phrase.split(separator: " ").last!)s are "
            + known.joined(separator: ", ")))
    }
    guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
      return malformed("has no service: write it as applinks:\(text)")
    }
    let service = String(text[..<colon])
    var rest = text[text.index(after: colon)...]
    guard services.contains(service) else {
      return unknown("unknownService", "names the service", service, known: services)
    }
    if rest.hasPrefix("//") || rest.contains("://") {
      return malformed("holds a URL scheme; write the domain alone (\(service):example.com)")
    }
    var mode: String?
    if let question = rest.firstIndex(of: "?") {
      let query = rest[rest.index(after: question)...]
      rest = rest[..<question]
      guard query.hasPrefix("mode="), !query.contains("&") else {
        return malformed("has a query other than ?mode=; only the mode may follow the domain")
      }
      let value = String(query.dropFirst(5))
      guard modes.contains(value) else {
        return unknown("unknownMode", "asks for the mode", value, known: modes)
      }
      mode = value
    }
    if rest.hasSuffix("/") { return malformed("ends with \"/\"; write the domain without a trailing slash") }
    if rest.contains("/") { return malformed("holds a path; an entry names a domain, never a path") }
    if rest.contains(":") { return malformed("holds a port, which associated domains never use") }
    if rest.hasSuffix(".") { return malformed("ends with \".\"") }
    let isWildcard = rest.hasPrefix("*.")
    let name = isWildcard ? rest.dropFirst(2) : rest
    if name.contains("*") { return malformed("has \"*\" other than as a leading \"*.\" label") }
    if isWildcard, service == "appclips" { return malformed("has a wildcard, which appclips entries may not use") }
    if name.utf8.contains(where: { $0 >= 0x80 }) {
      let ascii =
        (try? HostList.normalize(Array(name.utf8), idna: .full)).map { " (\(isWildcard ? "*." : "")\($0))" } ?? ""
      return malformed("has a domain that is not in its Punycode form\(ascii)")
    }
    let host: String
    do {
      host = try HostList.normalize(Array(name.utf8), idna: .full)
    } catch {
      return malformed("has a domain that \(error.reason)")
    }
    return .entry(
      AssociatedDomainEntry(text: text, service: service, host: isWildcard ? "*." + host : host, mode: mode))
  }

  /// Whether links on `tableHost` (a host or `*.domain` of the route table) open through this
  /// entry: the same host, or a subdomain of a wildcard entry's domain.
  func covers(_ tableHost: String) -> Bool {
    if tableHost == host { return true }
    guard isWildcard else { return false }
    let name = tableHost.hasPrefix("*.") ? String(tableHost.dropFirst(2)) : tableHost
    return name.hasSuffix("." + domain) || (tableHost.hasPrefix("*.") && name == domain)
  }
}
