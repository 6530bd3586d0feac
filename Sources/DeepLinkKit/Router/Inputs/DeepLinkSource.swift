/// The way a link reached the app.
///
/// Routes can be limited to some sources (see ``RouteDefinition``): a route that deletes an
/// account should open only from inside the app (``inApp``), never from a custom-scheme URL that
/// any other app can send.
public enum DeepLinkSource: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// A URL with one of the app's own schemes (`myapp://…`). Any app on the device can send one.
  case customScheme
  /// An `https` link on one of the app's associated domains.
  case universalLink
  /// A tap on a push notification.
  case push
  /// A home-screen quick action.
  case shortcut
  /// A Siri intent or App Intent.
  case intent
  /// A Handoff, Spotlight or donated user activity.
  case userActivity
  /// A link the app opens itself (a tap on a link inside a message, say).
  case inApp
  /// A link handed over across the install: the one the user followed before the app was
  /// installed, claimed on the first launch (`DeepLinkKitDeferred`).
  case deferred

  /// A bit of its own, for sets of sources kept as a mask.
  var bit: UInt16 {
    switch self {
    case .customScheme: 1
    case .universalLink: 2
    case .push: 4
    case .shortcut: 8
    case .intent: 16
    case .userActivity: 32
    case .inApp: 64
    case .deferred: 128
    }
  }

  public var description: String { rawValue }

  // Compared and hashed by case, not by the raw value's text (what a raw-value type gets by
  // default): less code in an app, and no string compared to tell two sources apart.
  public static func == (a: Self, b: Self) -> Bool { a.bit == b.bit }
  public func hash(into hasher: inout Hasher) { hasher.combine(bit) }

  /// How the source reads in a sentence ("a custom-scheme URL").
  var phrase: String {
    switch self {
    case .customScheme: "a custom-scheme URL"
    case .universalLink: "a universal link"
    case .push: "a push notification"
    case .shortcut: "a quick action"
    case .intent: "an intent"
    case .userActivity: "a user activity"
    case .inApp: "inside the app"
    case .deferred: "a deferred link"
    }
  }
}
