import DeepLinkKit
import Foundation

/// Reads a table from JSON, collecting problems instead of stopping at the first. Routes with a
/// problem are left out, so that the rest can still be checked.
struct Reader {
  var problems: [RouteTableError.Problem] = []

  private static let limitKeys = InputLimits.jsonKeys
  private static let tableKeys =
    ["caseSensitive", "customSchemeHost", "hostNames", "hosts"] + limitKeys.map(\.0) + [
      "pushURLKeys", "routes", "schemes",
    ]
  private static let routeKeys = [
    "activity", "appIntent", "confirm", "host", "intent", "name", "page", "path", "push", "shortcut", "sources",
    "values",
  ]
  private static let pageKeys = ["description", "image", "title"]
  private static let pushKeys = ["action", "background", "category", "parameters", "when"]

  mutating func read(_ json: Data) -> RouteTable? {
    let root: JSONValue
    do {
      root = try JSONParser.parse(json)
    } catch {
      problem("the table is not valid JSON: \(error.message)")
      return nil
    }
    guard case .object(let object) = root else {
      problem("the table must be a JSON object, not \(root.typeDescription)")
      return nil
    }
    checkKeys(object, allowed: Self.tableKeys, at: "the table")
    var table = RouteTable(routes: [])
    table.schemes = strings(object["schemes"], at: "\"schemes\"") ?? []
    table.hosts = strings(object["hosts"], at: "\"hosts\"") ?? []
    table.pushURLKeys = strings(object["pushURLKeys"], at: "\"pushURLKeys\"") ?? table.pushURLKeys
    switch object["customSchemeHost"] {
    case nil: break
    case .string(let text) where CustomSchemeHost(rawValue: text) != nil:
      table.customSchemeHost = CustomSchemeHost(rawValue: text)!
    case let other?:
      problem("\"customSchemeHost\" must be \"firstSegment\" or \"host\", not \(Self.show(other))")
    }
    switch object["hostNames"] {
    case nil, .string("ascii")?: break
    case .string("international")?: table.readsInternationalHosts = true
    case .string(let text)?: problem("\"hostNames\" must be \"ascii\" or \"international\", not \(quoted(text))")
    case let other?: problem("\"hostNames\" must be \"ascii\" or \"international\", not \(Self.show(other))")
    }
    switch object["caseSensitive"] {
    case nil: break
    case .bool(let value): table.isCaseSensitive = value
    case let other?: problem("\"caseSensitive\" must be a Boolean, not \(other.typeDescription)")
    }
    for (key, path) in Self.limitKeys {
      switch object[key] {
      case nil: break
      case .number(let value) where value >= 1 && value <= Double(Int32.max) && value.rounded() == value:
        table.limits[keyPath: path] = Int(value)
      case let other?: problem("\"\(key)\" must be a whole number from 1 to \(Int32.max), not \(Self.show(other))")
      }
    }
    switch object["routes"] {
    case .array(let routes):
      for (index, route) in routes.enumerated() {
        if let entry = entry(route, at: "routes[\(index)]") { table.routes.append(entry) }
      }
    case nil: problem("the table has no \"routes\" array")
    case let other?: problem("\"routes\" must be an array, not \(other.typeDescription)")
    }
    return table
  }

  private mutating func entry(_ value: JSONValue, at location: String) -> RouteTable.Entry? {
    guard case .object(let object) = value else {
      problem("\(location) must be an object, not \(value.typeDescription)")
      return nil
    }
    let count = problems.count
    let label: String
    if case .string(let name)? = object["name"] { label = "\(location) (\(quoted(name)))" } else { label = location }
    checkKeys(object, allowed: Self.routeKeys, at: label)
    let name = requiredString(object["name"], key: "name", at: label)
    let path = requiredString(object["path"], key: "path", at: label)
    var sources: Set<DeepLinkSource>?
    if let list = strings(object["sources"], at: "\(label): \"sources\"") {
      sources = []
      for source in list {
        if let known = DeepLinkSource(rawValue: source) {
          sources?.insert(known)
        } else {
          let known = DeepLinkSource.allCases.map(\.rawValue).joined(separator: ", ")
          problem("\(label): \"sources\" holds the unknown source \(quoted(source)); the sources are \(known)")
        }
      }
    }
    let shortcut = optionalString(object["shortcut"], key: "shortcut", at: label)
    let intent = optionalString(object["intent"], key: "intent", at: label)
    let appIntent = optionalString(object["appIntent"], key: "appIntent", at: label)
    if intent != nil, appIntent != nil {
      problem("\(label) has both \"intent\" and \"appIntent\"; a route is opened by one intent")
    }
    let activity = optionalString(object["activity"], key: "activity", at: label)
    let host = optionalString(object["host"], key: "host", at: label)
    var pushRules: [PushRule] = []
    switch object["push"] {
    case nil: break
    case .array(let rules):
      for (position, rule) in rules.enumerated() {
        if let rule = pushRule(rule, at: "\(label): \"push\"[\(position)]") { pushRules.append(rule) }
      }
    case let rule?:
      if let rule = pushRule(rule, at: "\(label): \"push\"") { pushRules.append(rule) }
    }
    var confirm = false
    switch object["confirm"] {
    case nil: break
    case .bool(let value): confirm = value
    case let other?: problem("\(label): \"confirm\" must be a Boolean, not \(other.typeDescription)")
    }
    var values: [String: [String]] = [:]
    switch object["values"] {
    case nil: break
    case .object(let object):
      for (parameter, list) in object.sorted(by: { $0.key < $1.key }) {
        values[parameter] = strings(list, at: "\(label): \"values\": \(quoted(parameter))")
      }
    case let other?: problem("\(label): \"values\" must be an object of string arrays, not \(other.typeDescription)")
    }
    var page: RouteTable.LandingPage?
    if let value = object["page"] {
      let location = "\(label): \"page\""
      if case .object(let fields) = value {
        checkKeys(fields, allowed: Self.pageKeys, at: location)
        let values = stringMap(value, at: location) ?? [:]
        if let title = values["title"] {
          page = RouteTable.LandingPage(title: title, description: values["description"], image: values["image"])
        } else {
          problem("\(location) needs a \"title\"")
        }
      } else {
        problem("\(location) must be an object, not \(value.typeDescription)")
      }
    }
    guard problems.count == count, let name, let path else { return nil }
    return RouteTable.Entry(
      name: name, path: path, sources: sources, shortcut: shortcut, intent: intent, activity: activity, push: nil,
      confirm: confirm, values: values, host: host, appIntent: appIntent, pushRules: pushRules, page: page)
  }

  private mutating func pushRule(_ value: JSONValue, at location: String) -> PushRule? {
    guard case .object(let object) = value else {
      problem("\(location) must be an object (or a list of objects), not \(value.typeDescription)")
      return nil
    }
    checkKeys(object, allowed: Self.pushKeys, at: location)
    let when = stringMap(object["when"], at: "\(location): \"when\"") ?? [:]
    let parameters = stringMap(object["parameters"], at: "\(location): \"parameters\"") ?? [:]
    let action = optionalString(object["action"], key: "action", at: location)
    var background = false
    switch object["background"] {
    case nil: break
    case .bool(let value): background = value
    case let other?: problem("\(location): \"background\" must be a Boolean, not \(other.typeDescription)")
    }
    let category = optionalString(object["category"], key: "category", at: location)
    return PushRule(
      when: when, parameters: parameters, action: action, runsInBackground: background, category: category)
  }

  private mutating func optionalString(_ value: JSONValue?, key: String, at location: String) -> String? {
    value == nil ? nil : requiredString(value, key: key, at: location)
  }

  private mutating func stringMap(_ value: JSONValue?, at location: String) -> [String: String]? {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      problem("\(location) must be an object of strings, not \(value.typeDescription)")
      return nil
    }
    var result: [String: String] = [:]
    for (key, item) in object.sorted(by: { $0.key < $1.key }) {
      guard case .string(let text) = item else {
        problem("\(location): \(quoted(key)) must be a string, not \(item.typeDescription)")
        continue
      }
      result[key] = text
    }
    return result
  }

  private mutating func checkKeys(_ object: [String: JSONValue], allowed: [String], at location: String) {
    for key in object.keys.sorted() where !allowed.contains(key) {
      problem("\(location) has the unknown key \(quoted(key)); the keys are \(allowed.joined(separator: ", "))")
    }
  }

  private mutating func requiredString(_ value: JSONValue?, key: String, at location: String) -> String? {
    switch value {
    case .string(let text) where !text.isEmpty: return text
    case .string: problem("\(location): \"\(key)\" is empty")
    case nil: problem("\(location) has no \"\(key)\"")
    case let other?: problem("\(location): \"\(key)\" must be a string, not \(other.typeDescription)")
    }
    return nil
  }

  private mutating func strings(_ value: JSONValue?, at location: String) -> [String]? {
    guard let value else { return nil }
    guard case .array(let items) = value else {
      problem("\(location) must be an array of strings, not \(value.typeDescription)")
      return nil
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else {
        problem("\(location)[\(index)] must be a string, not \(item.typeDescription)")
        continue
      }
      result.append(text)
    }
    return result
  }

  private mutating func problem(_ message: String) {
    problems.append(.init(.invalidTable, message))
  }

  private static func show(_ value: JSONValue) -> String {
    if case .number(let number) = value { return String(number) }
    return value.typeDescription
  }
}
