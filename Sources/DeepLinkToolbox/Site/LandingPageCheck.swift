import DeepLinkKit
import DeepLinkKitConfiguration

/// What `deeplink site verify --page` checks in a served landing page: that Safari shows the App
/// Clip's card over it. Safari reads the card from the page's Smart App Banner, a
/// `<meta name="apple-itunes-app">` whose content names the App Clip's bundle ID
/// (`app-clip-bundle-id`) and asks for the card (`app-clip-display=card`); AppClip, "Supporting
/// invocations from your website and the Messages app".
enum LandingPageCheck {
  /// The problems of the page `name` (its HTML `html`) for the App Clip `appClipID`
  /// (`TEAMID.bundle.id`): `smartAppBannerMissing` (no banner at all), `appClipCardMissing` (the
  /// banner names no App Clip, or another), `appClipCardNotShown` (a banner, not the card).
  static func problems(of html: String, page name: String, appClipID: String) -> [ConfigurationProblem] {
    let bundle = LinkSite.Options.bundleID(ofAppID: appClipID)
    guard let content = bannerContent(in: html) else {
      return [
        ConfigurationProblem(
          "smartAppBannerMissing", .error,
          "\(name) has no Smart App Banner (<meta name=\"apple-itunes-app\">), so Safari shows no App Clip card on it",
          url: name)
      ]
    }
    var fields: [String: String] = [:]
    for item in content.split(separator: ",") {
      let parts = item.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      let key = parts[0].trimmingCharacters(in: .whitespaces)
      if fields[key] == nil { fields[key] = parts[1].trimmingCharacters(in: .whitespaces) }
    }
    guard let named = fields["app-clip-bundle-id"], named == bundle else {
      let found = fields["app-clip-bundle-id"].map { "names the App Clip \(quoted($0))" } ?? "names no App Clip"
      return [
        ConfigurationProblem(
          "appClipCardMissing", .error,
          "\(name)'s Smart App Banner \(found); Safari shows the card of \(quoted(bundle)) only for "
            + "app-clip-bundle-id=\(bundle)",
          url: name)
      ]
    }
    guard fields["app-clip-display"] == "card" else {
      return [
        ConfigurationProblem(
          "appClipCardNotShown", .warning,
          "\(name)'s Smart App Banner names the App Clip but shows a banner, not its card: add app-clip-display=card",
          url: name)
      ]
    }
    return []
  }

  /// The `content` of the page's first `<meta name="apple-itunes-app">`, its character references
  /// read; `nil` when it has none.
  static func bannerContent(in html: String) -> String? {
    var rest = html[...]
    while let start = rest.range(of: "<meta", options: .caseInsensitive) {
      guard let end = rest.range(of: ">", range: start.upperBound..<rest.endIndex) else { return nil }
      let tag = rest[start.upperBound..<end.lowerBound]
      rest = rest[end.upperBound...]
      guard attribute("name", in: tag)?.lowercased() == "apple-itunes-app" else { continue }
      return attribute("content", in: tag).map(unescaped)
    }
    return nil
  }

  /// The value of `name="…"` (or single-quoted) in a tag's text.
  private static func attribute(_ name: String, in tag: Substring) -> String? {
    var rest = tag
    while let found = rest.range(of: name + "=", options: .caseInsensitive) {
      let before = rest[..<found.lowerBound].last
      rest = rest[found.upperBound...]
      guard before == nil || before == " " || before == "\t" || before == "\n",
        let quote = rest.first, quote == "\"" || quote == "'"
      else { continue }
      let value = rest.dropFirst()
      guard let close = value.firstIndex(of: quote) else { return nil }
      return String(value[..<close])
    }
    return nil
  }

  /// `&amp;`, `&quot;`, `&#39;`, `&lt;` and `&gt;` read back.
  private static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}
