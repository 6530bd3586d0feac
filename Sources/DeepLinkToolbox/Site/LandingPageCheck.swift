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
  ///
  /// The page is read by Unicode scalars, as a browser tokenizes HTML: by `Character`, a `>` or a
  /// quote followed by a combining mark is another character, and the tag would not end there.
  static func bannerContent(in html: String) -> String? {
    let scalars = Array(html.unicodeScalars)[...]
    var position = 0
    while let start = find("<meta", in: scalars, from: position) {
      let open = start + 5
      guard let end = scalars[open...].firstIndex(of: ">") else { return nil }
      let tag = scalars[open..<end]
      position = end + 1
      guard attribute("name", in: tag)?.lowercased() == "apple-itunes-app" else { continue }
      return attribute("content", in: tag).map(unescaped)
    }
    return nil
  }

  /// Where `word` (ASCII, lower case) first starts in `scalars` at or after `position`, the
  /// page's ASCII letters taken in any case.
  private static func find(_ word: String, in scalars: ArraySlice<Unicode.Scalar>, from position: Int) -> Int? {
    let letters = Array(word.unicodeScalars)
    var index = max(position, scalars.startIndex)
    while index + letters.count <= scalars.endIndex {
      if letters.indices.allSatisfy({ Self.lowercased(scalars[index + $0]) == letters[$0] }) { return index }
      index += 1
    }
    return nil
  }

  /// An ASCII capital letter in lower case; any other scalar as it is.
  private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
  }

  /// The value of `name="…"` (or single-quoted) in a tag's text.
  private static func attribute(_ name: String, in tag: ArraySlice<Unicode.Scalar>) -> String? {
    var position = tag.startIndex
    while let found = find(name + "=", in: tag, from: position) {
      let before = found > tag.startIndex ? tag[found - 1] : nil
      let valueStart = found + name.unicodeScalars.count + 1
      position = found + 1
      guard before == nil || before == " " || before == "\t" || before == "\n",
        valueStart < tag.endIndex, tag[valueStart] == "\"" || tag[valueStart] == "'"
      else { continue }
      let quote = tag[valueStart]
      guard let close = tag[(valueStart + 1)...].firstIndex(of: quote) else { return nil }
      var value = String.UnicodeScalarView()
      value.append(contentsOf: tag[(valueStart + 1)..<close])
      return String(value)
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
