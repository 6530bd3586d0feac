import DeepLinkKit
import Foundation

extension RouteTable {
  /// The Info.plist entries this table needs, as an XML property list to paste from (or to give
  /// ``check(_:appGroup:)``, which it passes): a URL type with the table's schemes, `NSUserActivityTypes`
  /// (the activity types, the intent class names: Siri opens the app for an intent with an
  /// activity of that type, which is how the router receives it, and `DeepLinkKit.window`, the
  /// type of the windows `LinkReceiver.windowActivity(opening:)` opens), and a static quick
  /// action per `shortcut` whose route opens without values, titled after its route (a
  /// placeholder to localize); a quick action whose route needs a value (`/conversations/:id`) is
  /// a dynamic one, which `router.quickActionItem(for:title:)` makes with it. It leaves out
  /// `INIntentsSupported`, which asks iOS to hand intents to `application(_:handlerFor:)` rather
  /// than open the app.
  ///
  /// ```swift
  /// print(table.infoPlist(bundleID: "com.example.app"))
  /// // <?xml …><plist version="1.0"><dict><key>CFBundleURLTypes</key> …
  /// ```
  ///
  /// - Parameter bundleID: The app's bundle ID, the URL type's `CFBundleURLName`; `nil` leaves
  ///   the name out.
  /// - Returns: The property list's XML text.
  package func infoPlist(bundleID: String? = nil) -> String {
    PropertyListText.xml(infoPlistEntries(bundleID: bundleID))
  }

  /// ``infoPlist(bundleID:)`` as JSON, for scripts.
  package func infoPlistJSON(bundleID: String? = nil) -> String {
    infoPlistEntries(bundleID: bundleID).prettyText() + "\n"
  }

  /// The entitlements file this table needs: `com.apple.developer.associated-domains` with
  /// `applinks:<host>` for each host (`applinks:*.example.com` for `*.example.com`).
  ///
  /// With `appClip`, `appclips:<host>` too for each host but the wildcards, which `appclips`
  /// entries may not use: what both the app's and its App Clip's targets list for the App Clip
  /// to open from the domain's links (Apple's "Associating your App Clip with your website"; the
  /// App Clip target needs only those entries). With `appGroup`, the App Groups entitlement
  /// with it: the group the App Clip hands its link over through (`AppClipHandoff`).
  package func entitlementsPlist(appClip: Bool = false, appGroup: String? = nil) -> String {
    var domains = hosts.map { "applinks:" + AssociationTable.normalized($0) }
    if appClip { domains += appClipDomains }
    var entitlements: [String: JSONValue] = [
      LinkAppConfiguration.associatedDomainsKey: .array(domains.map(JSONValue.string))
    ]
    if let appGroup { entitlements[LinkAppConfiguration.appGroupsKey] = .array([.string(appGroup)]) }
    return PropertyListText.xml(.object(entitlements))
  }

  /// The App Clip target's own entitlements file: `appclips:<host>` for each host but the
  /// wildcards, its full app's application identifier
  /// (`com.apple.developer.parent-application-identifiers`), and the app group it hands its link
  /// over through, which the full app's entitlements list too.
  ///
  /// - Parameters:
  ///   - parentApplicationID: The full app's application identifier (`TEAMID.com.example.shop`).
  ///   - appGroup: The app group both targets share.
  package func appClipEntitlementsPlist(parentApplicationID: String, appGroup: String) -> String {
    PropertyListText.xml(
      .object([
        LinkAppConfiguration.associatedDomainsKey: .array(appClipDomains.map(JSONValue.string)),
        LinkAppConfiguration.parentApplicationsKey: .array([.string(parentApplicationID)]),
        LinkAppConfiguration.appGroupsKey: .array([.string(appGroup)]),
      ]))
  }

  /// `appclips:<host>` for each host but the wildcards, which `appclips` entries may not use.
  private var appClipDomains: [String] {
    hosts.map(AssociationTable.normalized).filter { !$0.hasPrefix("*.") }.map { "appclips:" + $0 }
  }

  private func infoPlistEntries(bundleID: String?) -> JSONValue {
    var entries: [String: JSONValue] = [:]
    if !schemes.isEmpty {
      var type: [String: JSONValue] = [
        "CFBundleTypeRole": .string("Editor"), "CFBundleURLSchemes": .array(schemes.map(JSONValue.string)),
      ]
      if let bundleID { type["CFBundleURLName"] = .string(bundleID) }
      entries["CFBundleURLTypes"] = .array([.object(type)])
    }
    let activities = Self.unique(
      routes.compactMap(\.activity) + routes.compactMap(\.intent) + [ContinuedActivity.windowType])
    entries["NSUserActivityTypes"] = .array(activities.map(JSONValue.string))
    var seen: Set<String> = []
    let router = try? makeRouter()
    let items = routes.compactMap { route -> JSONValue? in
      guard let type = route.shortcut, seen.insert(type).inserted,
        router.map({ $0.refusal(of: .quickAction(LinkQuickAction(type: type))) == nil }) ?? true
      else { return nil }
      return .object([
        "UIApplicationShortcutItemType": .string(type),
        "UIApplicationShortcutItemTitle": .string(Self.title(route.name)),
      ])
    }
    if !items.isEmpty { entries["UIApplicationShortcutItems"] = .array(items) }
    return .object(entries)
  }

  private static func unique(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { seen.insert($0).inserted }
  }

  /// A route name as a title: `newListing`, `new_listing` and `home.newListing` give
  /// "New listing" and "Home new listing".
  static func title(_ name: String) -> String {
    var words: [String] = []
    var word = ""
    for character in name {
      if character == "." || character == "_" || character == "-" || character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else if character.isUppercase, let last = word.last, !last.isUppercase {
        words.append(word)
        word = String(character)
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { words.append(word) }
    let text = words.map { $0.count > 1 && $0 == $0.uppercased() ? $0 : $0.lowercased() }.joined(separator: " ")
    return text.prefix(1).uppercased() + text.dropFirst()
  }
}

/// Writes an XML property list (Apple's PropertyList-1.0 DTD): dictionaries with sorted keys,
/// strings, Booleans, integers and reals, tab-indented as Xcode writes them.
enum PropertyListText {
  static func xml(_ root: JSONValue) -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
      #"<plist version="1.0">"#,
    ]
    write(root, indent: "", into: &lines)
    lines.append("</plist>")
    return lines.joined(separator: "\n") + "\n"
  }

  private static func write(_ value: JSONValue, indent: String, into lines: inout [String]) {
    switch value {
    case .null: lines.append(indent + "<string></string>")
    case .bool(let flag): lines.append(indent + (flag ? "<true/>" : "<false/>"))
    case .number(let number):
      lines.append(
        indent
          + (number.rounded() == number && abs(number) < 1e15
            ? "<integer>\(Int64(number))</integer>" : "<real>\(number)</real>"))
    case .string(let text): lines.append(indent + "<string>\(escaped(text))</string>")
    case .array(let items):
      guard !items.isEmpty else { return lines.append(indent + "<array/>") }
      lines.append(indent + "<array>")
      for item in items { write(item, indent: indent + "\t", into: &lines) }
      lines.append(indent + "</array>")
    case .object(let members):
      guard !members.isEmpty else { return lines.append(indent + "<dict/>") }
      lines.append(indent + "<dict>")
      for key in members.keys.sorted() {
        lines.append(indent + "\t<key>\(escaped(key))</key>")
        write(members[key]!, indent: indent + "\t", into: &lines)
      }
      lines.append(indent + "</dict>")
    }
  }

  /// Markup as entities, by Unicode scalars (``MarkupText/xml(_:oneLine:)``).
  static func escaped(_ text: String) -> String { MarkupText.xml(text) }
}
