import DeepLinkKit
import Foundation

/// What an app declares for the ways it is opened: its Info.plist (URL schemes, static quick
/// actions, activity types, intents), its Intents extensions' Info.plist, and its Associated
/// Domains entitlement. ``RouteTable/check(_:appGroup:)`` compares it with the route table.
///
/// ```swift
/// let configuration = try LinkAppConfiguration(
///   infoPlist: Data(contentsOf: infoPlistURL), entitlements: Data(contentsOf: entitlementsURL))
/// let problems = table.check(configuration)   // [] when the app declares what the table needs
/// ```
///
/// What it read stays inside: ``RouteTable/check(_:appGroup:)`` names each missing or extra
/// entry, and `deeplink doctor` prints the same report.
///
/// Keys read (Apple's Information Property List and Entitlements references):
/// `CFBundleURLTypes[].CFBundleURLSchemes[]`, `UIApplicationShortcutItems[].UIApplicationShortcutItemType`
/// (and its `UIApplicationShortcutItemUserInfo`, the values a static item opens its route with),
/// `NSUserActivityTypes[]`, `INIntentsSupported[]`, an extension's
/// `NSExtension.NSExtensionAttributes.IntentsSupported[]`, `NSAppClip` (an App Clip's Info.plist),
/// and the entitlements `com.apple.developer.associated-domains[]`,
/// `com.apple.security.application-groups[]` and `com.apple.developer.parent-application-identifiers[]`.
public struct LinkAppConfiguration: Sendable, Hashable {
  /// The custom URL schemes of every URL type, in order.
  package var urlSchemes: [String]
  /// The types of the static quick actions, in order.
  package var shortcutTypes: [String]
  /// `NSUserActivityTypes`.
  package var activityTypes: [String]
  /// `INIntentsSupported`: the intents the app handles itself.
  package var intents: [String]
  /// The intents the app's Intents extensions handle (`IntentsSupported`).
  package var extensionIntents: [String]
  /// The Associated Domains entitlement's entries (`applinks:example.com`); `nil` when no
  /// entitlements were given, so domains are not checked.
  package var associatedDomains: [String]?
  /// Whether the Info.plist is an App Clip's (it has `NSAppClip`).
  package var isAppClip = false
  /// The App Groups entitlement's groups (`group.com.example.shop`), which an App Clip and its
  /// full app share to hand a link over; `nil` when no entitlements were given.
  package var appGroups: [String]?
  /// An App Clip's `com.apple.developer.parent-application-identifiers`: its full app's
  /// application identifier; `nil` when no entitlements were given.
  package var parentApplicationIdentifiers: [String]?
  /// What reading found: a value of the wrong type (`invalidPlistValue`), a quick action without
  /// a type or with one used twice. ``RouteTable/check(_:appGroup:)`` reports them first.
  package var problems: [ConfigurationProblem]
  /// Each static quick action's `UIApplicationShortcutItemUserInfo`, as text, by type.
  var shortcutUserInfo: [String: [String: String]] = [:]

  /// Creates a configuration from its values (the package's tests).
  package init(
    urlSchemes: [String] = [], shortcutTypes: [String] = [], activityTypes: [String] = [], intents: [String] = [],
    extensionIntents: [String] = [], associatedDomains: [String]? = nil
  ) {
    self.urlSchemes = urlSchemes
    self.shortcutTypes = shortcutTypes
    self.activityTypes = activityTypes
    self.intents = intents
    self.extensionIntents = extensionIntents
    self.associatedDomains = associatedDomains
    problems = []
  }

  /// Reads an app's property lists: XML or binary (Foundation's `PropertyListSerialization`), or
  /// JSON.
  ///
  /// - Parameters:
  ///   - infoPlist: The app's Info.plist.
  ///   - extensionPlists: The Info.plist of each Intents extension.
  ///   - entitlements: The app's entitlements file; `nil` leaves the entitlements unchecked.
  /// - Throws: `DeepLinkError` (`malformedInput`) when a file is not a property list whose top
  ///   level is a dictionary.
  public init(infoPlist: Data, extensionPlists: [Data] = [], entitlements: Data? = nil) throws(DeepLinkError) {
    self.init()
    var reader = PlistReader()
    let info = try reader.dictionary(infoPlist, file: "Info.plist")
    for (index, type) in reader.array(info["CFBundleURLTypes"], at: "Info.plist: CFBundleURLTypes").enumerated() {
      let location = "Info.plist: CFBundleURLTypes[\(index)]"
      guard let type = reader.object(type, at: location) else { continue }
      urlSchemes += reader.strings(type["CFBundleURLSchemes"], at: "\(location).CFBundleURLSchemes")
    }
    let items = reader.array(info["UIApplicationShortcutItems"], at: "Info.plist: UIApplicationShortcutItems")
    for (index, item) in items.enumerated() {
      let location = "Info.plist: UIApplicationShortcutItems[\(index)]"
      guard let item = reader.object(item, at: location) else { continue }
      guard case .string(let type)? = item["UIApplicationShortcutItemType"], !type.isEmpty else {
        reader.problem("\(location) has no UIApplicationShortcutItemType, which iOS requires")
        continue
      }
      if shortcutTypes.contains(type) {
        reader.problem("\(location) repeats the type \(quoted(type)); each quick action needs its own")
      }
      shortcutTypes.append(type)
      if case .object(let userInfo)? = item["UIApplicationShortcutItemUserInfo"] {
        shortcutUserInfo[type] = userInfo.compactMapValues(\.scalarText)
      }
    }
    activityTypes = reader.strings(info["NSUserActivityTypes"], at: "Info.plist: NSUserActivityTypes")
    intents = reader.strings(info["INIntentsSupported"], at: "Info.plist: INIntentsSupported")
    isAppClip = info["NSAppClip"] != nil
    for (index, data) in extensionPlists.enumerated() {
      let file = "extension Info.plist \(index + 1)"
      let plist = try reader.dictionary(data, file: file)
      guard case .object(let nsExtension)? = plist["NSExtension"],
        case .object(let attributes)? = nsExtension["NSExtensionAttributes"]
      else {
        reader.problem("\(file) has no NSExtension.NSExtensionAttributes; it is not an Intents extension's")
        continue
      }
      extensionIntents += reader.strings(
        attributes["IntentsSupported"], at: "\(file): NSExtension.NSExtensionAttributes.IntentsSupported")
    }
    if let entitlements {
      let plist = try reader.dictionary(entitlements, file: "the entitlements")
      associatedDomains = reader.strings(
        plist[Self.associatedDomainsKey], at: "the entitlements: \(Self.associatedDomainsKey)")
      appGroups = reader.strings(plist[Self.appGroupsKey], at: "the entitlements: \(Self.appGroupsKey)")
      parentApplicationIdentifiers = reader.strings(
        plist[Self.parentApplicationsKey], at: "the entitlements: \(Self.parentApplicationsKey)")
    }
    problems = reader.problems
  }

  /// The Associated Domains entitlement's key.
  package static let associatedDomainsKey = "com.apple.developer.associated-domains"
  /// The App Groups entitlement's key.
  static let appGroupsKey = "com.apple.security.application-groups"
  /// An App Clip's entitlement naming its full app.
  static let parentApplicationsKey = "com.apple.developer.parent-application-identifiers"
}

/// Reads property lists into `JSONValue`s, collecting problems instead of stopping.
struct PlistReader {
  var problems: [ConfigurationProblem] = []

  mutating func problem(_ message: String) {
    problems.append(ConfigurationProblem("invalidPlistValue", .error, message))
  }

  /// The top-level dictionary of an XML, binary or JSON property list.
  func dictionary(_ data: Data, file: String) throws(DeepLinkError) -> [String: JSONValue] {
    let value: JSONValue
    let text = JSONParser.withoutByteOrderMark(data)
    if text.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
      do {
        value = try JSONParser.parse(data)
      } catch {
        throw DeepLinkError(.malformedInput, "\(file) is not valid JSON: \(error.message)")
      }
    } else {
      do {
        value = Self.value(try PropertyListSerialization.propertyList(from: data, options: [], format: nil))
      } catch {
        throw DeepLinkError(.malformedInput, "\(file) is not a property list (XML, binary or JSON)")
      }
    }
    guard case .object(let dictionary) = value else {
      throw DeepLinkError(.malformedInput, "\(file) is not a property list whose top level is a dictionary")
    }
    return dictionary
  }

  /// A property-list value as JSON: dates and data, which no key read here holds, become `null`.
  static func value(_ any: Any) -> JSONValue {
    switch any {
    case let text as String: return .string(text)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .number(Double(number))
    case let number as Double: return .number(number)
    case let items as [Any]: return .array(items.map(value))
    case let dictionary as [String: Any]: return .object(dictionary.mapValues(value))
    case let dictionary as [AnyHashable: Any]:
      var object: [String: JSONValue] = [:]
      for (key, item) in dictionary { object[String(describing: key)] = value(item) }
      return .object(object)
    default: return .null
    }
  }

  mutating func array(_ value: JSONValue?, at location: String) -> [JSONValue] {
    switch value {
    case nil: return []
    case .array(let items)?: return items
    case let other?:
      problem("\(location) must be an array, not \(other.typeDescription)")
      return []
    }
  }

  mutating func object(_ value: JSONValue, at location: String) -> [String: JSONValue]? {
    guard case .object(let object) = value else {
      problem("\(location) must be a dictionary, not \(value.typeDescription)")
      return nil
    }
    return object
  }

  mutating func strings(_ value: JSONValue?, at location: String) -> [String] {
    var result: [String] = []
    for (index, item) in array(value, at: location).enumerated() {
      guard case .string(let text) = item else {
        problem("\(location)[\(index)] must be a string, not \(item.typeDescription)")
        continue
      }
      result.append(text)
    }
    return result
  }
}

extension JSONValue {
  /// A string, a number or a Boolean as the text a payload gives it (`7`, not `7.0`); `nil` for
  /// anything else.
  var scalarText: String? {
    switch self {
    case .string(let text): text
    case .number(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .bool(let value): value ? "true" : "false"
    case .null, .array, .object: nil
    }
  }
}
