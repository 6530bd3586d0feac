import DeepLinkKit

/// A finding about an app's configuration for its links: an apple-app-site-association file
/// (`aasa lint`, `verify`, `generate`), or the app's Info.plist and entitlements (`doctor`), each
/// checked against the route table.
///
/// ```swift
/// let problems = try table.verify(file, appID: "ABCDE12345.com.example.app")
/// problems[0].description
/// // "error: forbiddenRouteOpened: https://example.com/settings/account/delete opens the app …"
/// ```
public struct ConfigurationProblem: Sendable, Hashable, CustomStringConvertible {
  /// How much a problem matters.
  public enum Severity: String, Sendable, Hashable, Comparable {
    /// Links break, or open what they must not.
    case error
    /// Probably a mistake, or works only in some builds.
    case warning
    /// Worth knowing; nothing to fix.
    case info

    public static func < (left: Severity, right: Severity) -> Bool { left.rank < right.rank }
    private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }
  }

  /// A stable code to switch over, such as `routeNotCovered`, `forbiddenRouteOpened`,
  /// `catchAll` or `schemeNotRegistered`; the README lists them all.
  public var code: String
  /// How much it matters.
  public var severity: Severity
  /// A sentence for people, naming where the problem is.
  public var message: String
  /// The route the problem is about, by its table name.
  public var route: String?
  /// The URL that shows it.
  public var url: String?
  /// The deciding or offending `details` entry of the file, when there is one.
  package var details: Int?
  /// The deciding or offending component of that entry, when there is one.
  package var component: Int?

  package init(
    _ code: String, _ severity: Severity, _ message: String, route: String? = nil, url: String? = nil,
    details: Int? = nil, component: Int? = nil
  ) {
    self.code = code
    self.severity = severity
    self.message = message
    self.route = route
    self.url = url
    self.details = details
    self.component = component
  }

  /// `severity: code: message`, as the `deeplink` tool prints it.
  public var description: String { "\(severity): \(code): \(message)" }
}

extension [ConfigurationProblem] {
  /// Errors first, then warnings, then information; in the order found within each.
  package func bySeverity() -> [ConfigurationProblem] {
    enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
  }
}
