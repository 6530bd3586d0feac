import DeepLinkKit
import DeepLinkKitConfiguration

/// The apps that open a link in a browser of their own, which does not hand a universal link to
/// iOS: the user lands on the route's page with the app installed and no way in. A landing page
/// tells these browsers by their user agents and shows an "Open in the app" button carrying the
/// route's custom-scheme link, and a hint to open the page in Safari; never a redirect without a
/// tap, which flashes a system prompt and loses the user. Every other browser, Safari first, sees
/// the page as it is. Kept in one place: the pages' script reads these markers, and
/// `Tests/Site/check` loads a page in Chromium with a user agent of each app and with Safari's.
enum InAppBrowsers {
  /// An app, and a text its browser's user agent carries and Safari's does not.
  typealias Marker = (app: String, marker: String)

  /// The markers, as the apps' browsers write them. Messenger's (`FBAN/MessengerForiOS`) is
  /// Facebook's. Gmail is not here: no marker of its browser could be confirmed, and a guess
  /// would show the button in Safari too; its readers get the page as Safari's do.
  static let markers: [Marker] = [
    ("Facebook, Messenger", "FBAN/"), ("Facebook on Android", "FB_IAB/"), ("Instagram", "Instagram "),
    ("TikTok", "musical_ly"), ("TikTok's web view", "BytedanceWebview"), ("LinkedIn", "LinkedInApp"),
    ("Snapchat", "Snapchat/"), ("X", "Twitter for iPhone"), ("Pinterest", "Pinterest/"), ("LINE", " Line/"),
    ("WeChat", "MicroMessenger/"), ("the Google app", " GSA/"),
  ]
}

extension SitePages {
  /// The part of a route's page that an app's own browser shows (hidden elsewhere): the button
  /// that opens the route by the table's first custom scheme, when the route accepts that source,
  /// and the hint to open the page in Safari.
  func inAppBrowserBox(for entry: RouteTable.Entry) -> String {
    let opensByScheme = !table.schemes.isEmpty && entry.sources.map { $0.contains(.customScheme) } ?? true
    let button = opensByScheme ? "<p><a id=\"dlk-open-app\" href=\"#\">Open in the app</a></p>\n" : ""
    return """
      <div id="dlk-in-app" hidden>
      \(button)<p>This app's browser cannot open the \(Self.html(options.name)) app by itself. To open it, \
      open this page in Safari: tap the ··· or share button, then Open in Safari (Open in browser).</p>
      </div>
      """
  }

  /// What the custom-scheme link of a page's link starts with: the scheme, and the host when
  /// the table reads a custom-scheme link's host as a host (`customSchemeHost: host`).
  var customSchemePrefix: String {
    let scheme = table.schemes.first ?? ""
    return Self.script(table.customSchemeHost == .host ? "\(scheme)://\(domain)" : "\(scheme)://")
  }

  static func scriptArray(_ texts: [String]) -> String { "[" + texts.map(script).joined(separator: ", ") + "]" }
}
