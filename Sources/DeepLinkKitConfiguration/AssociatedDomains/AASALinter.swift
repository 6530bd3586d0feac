import DeepLinkKit

/// The structure checks of an apple-app-site-association file, with no route table: what iOS
/// ignores, what it reads otherwise than its author probably meant, and rules that can never
/// decide. Each problem names where it is (`details[0].components[2]`).
///
/// Codes: `tooLarge`, `unknownKey`, `invalidValue`, `appsNotEmpty`, `detailsDictionary`,
/// `noAppID`, `appIDAndAppIDs`, `malformedAppID`, `mixedFormats`, `nonStringQueryPredicate`,
/// `badVariableName`, `variableInValue`, `undefinedVariable`, `unterminatedVariable`,
/// `emptyVariable`, `shadowsPredefined`, `defaultsPatternKey`, `catchAll`, `unreachableRule`,
/// `noApplinks`. (`invalidJSON` and `notAnObject` stop the reading: ``AppSiteAssociation/lint(json:appID:)``.)
package struct AASALinter {
  private(set) var problems: [ConfigurationProblem] = []

  /// How many cells of token comparisons the search for unreachable rules may cost: ample for
  /// any file of 128 KB that people write (a prefix check settles most pairs at no cost), and a
  /// bound on a hostile one, beyond which no more rules are reported unreachable.
  static let coverageBudget = 20_000_000

  /// Apple's limit on the file's size, uncompressed: 128 KB.
  static let sizeLimit = 131_072
  static let services = ["activitycontinuation", "appclips", "applinks", "webcredentials"]
  static let applinksKeys = ["apps", "defaults", "details", "substitutionVariables"]
  static let detailsKeys = ["appID", "appIDs", "components", "defaults", "paths"]
  static let componentKeys = ["#", "/", "?", "caseSensitive", "comment", "exclude", "percentEncoded"]

  /// Checks the file's JSON object, then the rules of the file as read.
  static func lint(_ top: [String: JSONValue], byteCount: Int, file: AppSiteAssociation) -> [ConfigurationProblem] {
    var linter = AASALinter()
    if byteCount > sizeLimit {
      linter.add(
        "tooLarge", .error,
        "the file is \(byteCount) bytes; iOS reads at most \(sizeLimit) (128 KB, uncompressed) and ignores a larger one"
      )
    }
    for key in top.keys.sorted() where !services.contains(key) {
      linter.add("unknownKey", .info, "the key \(quoted(key)) is not a service iOS reads; it is ignored")
    }
    for service in services where service != "applinks" {
      if let value = top[service] { linter.checkAppList(value, at: service) }
    }
    switch top["applinks"] {
    case .object(let applinks)?:
      linter.checkApplinks(applinks)
    case nil:
      linter.add("noApplinks", .error, "the file has no \"applinks\" object, so it opens no app by a universal link")
    case let other?:
      linter.add(
        "noApplinks", .error,
        "applinks must be an object, not \(other.typeDescription), so the file opens no app by a universal link")
    }
    linter.checkRules(file)
    return linter.problems
  }

  private mutating func add(
    _ code: String, _ severity: ConfigurationProblem.Severity, _ message: String, details: Int? = nil,
    component: Int? = nil
  ) {
    problems.append(ConfigurationProblem(code, severity, message, details: details, component: component))
  }

  // MARK: - Structure

  /// `webcredentials`, `appclips`, `activitycontinuation`: `{"apps": [appID, …]}`.
  private mutating func checkAppList(_ value: JSONValue, at location: String) {
    guard case .object(let object) = value, case .array(let apps)? = object["apps"] else {
      add("invalidValue", .error, "\(location) must be an object with an \"apps\" array of app IDs")
      return
    }
    for key in object.keys.sorted() where key != "apps" {
      add("unknownKey", .info, "\(location) has the key \(quoted(key)), which iOS does not read")
    }
    for (index, app) in apps.enumerated() {
      guard case .string(let id) = app else {
        add("invalidValue", .error, "\(location).apps[\(index)] must be a string, not \(app.typeDescription)")
        continue
      }
      checkAppID(id, at: "\(location).apps[\(index)]", details: nil)
    }
  }

  private mutating func checkApplinks(_ applinks: [String: JSONValue]) {
    for key in applinks.keys.sorted() where !Self.applinksKeys.contains(key) {
      add("unknownKey", .info, "applinks has the key \(quoted(key)), which iOS does not read")
    }
    switch applinks["apps"] {
    case nil: break
    case .array(let apps) where apps.isEmpty: break
    case .array:
      add(
        "appsNotEmpty", .warning,
        "applinks.apps must be an empty array (iOS 9–12 read it so); app IDs belong in details")
    case let other?: add("invalidValue", .error, "applinks.apps must be an empty array, not \(other.typeDescription)")
    }
    if let defaults = applinks["defaults"] { checkLayer(defaults, at: "applinks.defaults", isDefaults: true) }
    if let variables = applinks["substitutionVariables"] { checkVariables(variables) }
    switch applinks["details"] {
    case .array(let entries)?:
      for (index, entry) in entries.enumerated() { checkDetails(entry, at: index, appID: nil) }
    case .object(let byAppID)?:
      add(
        "detailsDictionary", .warning,
        "applinks.details is an object keyed by app ID, the oldest form: JSON objects have no order, so the apps' "
          + "order is not defined (read here in sorted order); write an array of entries with appIDs")
      for (index, appID) in byAppID.keys.sorted().enumerated() {
        checkDetails(byAppID[appID]!, at: index, appID: appID)
      }
    case nil: add("noAppID", .error, "applinks has no \"details\": it names no app, so no link opens one")
    case let other?:
      add("invalidValue", .error, "applinks.details must be an array of entries, not \(other.typeDescription)")
    }
  }

  private mutating func checkDetails(_ value: JSONValue, at index: Int, appID keyedID: String?) {
    let location = "details[\(index)]"
    guard case .object(let entry) = value else {
      add("invalidValue", .error, "\(location) must be an object, not \(value.typeDescription)", details: index)
      return
    }
    for key in entry.keys.sorted() where !Self.detailsKeys.contains(key) {
      add("unknownKey", .info, "\(location) has the key \(quoted(key)), which iOS does not read", details: index)
    }
    var ids: [(String, String)] = []
    if let keyedID { ids.append((keyedID, "the key of \(location)")) }
    switch entry["appID"] {
    case nil: break
    case .string(let id): ids.append((id, "\(location).appID"))
    case let other?:
      add("invalidValue", .error, "\(location).appID must be a string, not \(other.typeDescription)", details: index)
    }
    switch entry["appIDs"] {
    case nil: break
    case .array(let items):
      for (position, item) in items.enumerated() {
        if case .string(let id) = item {
          ids.append((id, "\(location).appIDs[\(position)]"))
        } else {
          add(
            "invalidValue", .error, "\(location).appIDs[\(position)] must be a string, not \(item.typeDescription)",
            details: index)
        }
      }
    case let other?:
      add(
        "invalidValue", .error, "\(location).appIDs must be an array of strings, not \(other.typeDescription)",
        details: index)
    }
    if entry["appID"] != nil, entry["appIDs"] != nil {
      add(
        "appIDAndAppIDs", .warning,
        "\(location) has both appID and appIDs; Apple does not say how they combine (read here as both)",
        details: index)
    }
    if ids.isEmpty { add("noAppID", .error, "\(location) names no app: it needs appIDs", details: index) }
    for (id, place) in ids { checkAppID(id, at: place, details: index) }
    if entry["components"] != nil, entry["paths"] != nil {
      add(
        "mixedFormats", .warning,
        "\(location) has both components and paths: iOS 13 and later read only components, iOS 12 and earlier "
          + "only paths, and TN3155 warns that mixing them breaks universal links", details: index)
    }
    if let defaults = entry["defaults"] {
      checkLayer(defaults, at: "\(location).defaults", isDefaults: true, details: index)
    }
    switch entry["components"] {
    case nil: break
    case .array(let components):
      for (position, component) in components.enumerated() {
        checkLayer(
          component, at: "\(location).components[\(position)]", isDefaults: false, details: index,
          component: position)
      }
    case let other?:
      add(
        "invalidValue", .error, "\(location).components must be an array, not \(other.typeDescription)",
        details: index)
    }
    switch entry["paths"] {
    case nil: break
    case .array(let paths):
      for (position, path) in paths.enumerated() {
        guard case .string = path else {
          add(
            "invalidValue", .error, "\(location).paths[\(position)] must be a string, not \(path.typeDescription)",
            details: index)
          continue
        }
      }
    case let other?:
      add(
        "invalidValue", .error, "\(location).paths must be an array of strings, not \(other.typeDescription)",
        details: index)
    }
  }

  /// An app ID is `<Application Identifier Prefix>.<Bundle ID>`; the prefix is normally the
  /// 10-character Team ID.
  private mutating func checkAppID(_ id: String, at location: String, details: Int?) {
    guard !Self.isWellFormedAppID(id) else { return }
    add(
      "malformedAppID", .warning,
      "\(location) \(quoted(id)) is not shaped like an app ID: a 10-character team ID of capital letters and "
        + "digits, a dot, then the bundle ID (ABCDE12345.com.example.app)", details: details)
  }

  /// `^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$`.
  package static func isWellFormedAppID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard bytes.count > 11, bytes[10] == UInt8(ascii: ".") else { return false }
    return bytes[..<10].allSatisfy { $0.isASCIIDigit || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
      && bytes[11...].allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == UInt8(ascii: ".") || $0 == 0x2D }
  }

  /// A component or a `defaults` object: its keys and their types.
  private mutating func checkLayer(
    _ value: JSONValue, at location: String, isDefaults: Bool, details: Int? = nil, component: Int? = nil
  ) {
    guard case .object(let object) = value else {
      add(
        "invalidValue", .error, "\(location) must be an object, not \(value.typeDescription)", details: details,
        component: component)
      return
    }
    let add = { (linter: inout AASALinter, code: String, severity: ConfigurationProblem.Severity, text: String) in
      linter.add(code, severity, text, details: details, component: component)
    }
    for key in object.keys.sorted() where !Self.componentKeys.contains(key) {
      add(&self, "unknownKey", .info, "\(location) has the key \(quoted(key)), which iOS ignores")
    }
    for key in ["/", "#", "comment"] {
      if let value = object[key], value.string == nil {
        add(&self, "invalidValue", .error, "\(location): \(quoted(key)) must be a string, not \(value.typeDescription)")
      }
    }
    for key in ["exclude", "caseSensitive", "percentEncoded"] {
      if let value = object[key], value.bool == nil {
        add(
          &self, "invalidValue", .error,
          "\(location): \(quoted(key)) must be true or false, not \(value.typeDescription)")
      }
    }
    switch object["?"] {
    case nil, .string?: break
    case .object(let items)?:
      for name in items.keys.sorted() where items[name]?.string == nil {
        add(
          &self, "nonStringQueryPredicate", .error,
          "\(location): the query item \(quoted(name)) is \(items[name]!.typeDescription), not a pattern string; "
            + "iOS then ignores the whole query dictionary, so the rule matches any query")
      }
    case let other?:
      add(
        &self, "invalidValue", .error,
        "\(location): \"?\" must be a pattern string or an object of item patterns, not \(other.typeDescription)")
    }
    if isDefaults {
      // A default equal to the built-in one (`*`, `exclude: false`) cannot close anything.
      let builtIn: [String: JSONValue] = [
        "/": .string("*"), "?": .string("*"), "#": .string("*"), "exclude": .bool(false),
      ]
      let keys = ["/", "?", "#", "exclude"].filter { object[$0] != nil && object[$0] != builtIn[$0] }
      if !keys.isEmpty {
        add(
          &self, "defaultsPatternKey", .warning,
          "\(location) sets \(keys.map { quoted($0) }.joined(separator: ", ")): a default applies to every rule "
            + "beneath it, so one key can close or block the whole domain (Apple documents only caseSensitive and "
            + "percentEncoded there)")
      }
    }
  }

  private mutating func checkVariables(_ value: JSONValue) {
    guard case .object(let variables) = value else {
      add(
        "invalidValue", .error,
        "applinks.substitutionVariables must be an object of string arrays, not \(value.typeDescription)")
      return
    }
    for name in variables.keys.sorted() {
      let location = "substitutionVariables \(quoted(name))"
      if name.contains(where: { "$()".contains($0) }) {
        add("badVariableName", .error, "the \(location) has \"$\", \"(\" or \")\" in its name; no pattern can cite it")
      }
      if AASAPattern.predefinedVariables[name] != nil {
        add(
          "shadowsPredefined", .warning,
          "the \(location) has the name of a predefined variable; which one iOS uses is not documented "
            + "(the custom one here)")
      }
      guard case .array(let values) = variables[name]! else {
        add(
          "invalidValue", .error, "the \(location) must be an array of strings, not \(variables[name]!.typeDescription)"
        )
        continue
      }
      if values.isEmpty {
        add("emptyVariable", .warning, "the \(location) has no values, so a pattern citing it never matches")
      }
      for (index, item) in values.enumerated() {
        guard case .string(let text) = item else {
          add("invalidValue", .error, "the \(location)[\(index)] must be a string, not \(item.typeDescription)")
          continue
        }
        if text.contains("$(") {
          add(
            "variableInValue", .error,
            "the \(location)[\(index)] \(quoted(text)) cites a variable; values may hold * and ? but no variable")
        }
      }
    }
  }

  // MARK: - Rules

  /// Patterns that never match, rules that constrain nothing, and rules an earlier rule of the
  /// same app always decides first.
  private mutating func checkRules(_ file: AppSiteAssociation) {
    if let defaults = file.defaults { checkPatterns(of: defaults, at: "applinks.defaults", file: file) }
    for (index, entry) in file.details.enumerated() {
      if let defaults = entry.defaults {
        checkPatterns(of: defaults, at: "details[\(index)].defaults", file: file, details: index)
      }
      for (position, component) in (entry.components ?? []).enumerated() {
        let location = "details[\(index)].components[\(position)]"
        checkPatterns(of: component, at: location, file: file, details: index, component: position)
        let rule = file.effectiveRule(component, in: entry)
        if rule.constrainsNothing {
          let comment = component.comment.map { " (\(quoted($0)))" } ?? ""
          add(
            "catchAll", .warning,
            "\(location)\(comment) \(rule.exclude ? "blocks" : "opens") every URL of the domain, including paths "
              + "no route serves; every rule after it is unreachable", details: index, component: position)
        }
      }
      if entry.components == nil {
        for (position, path) in (entry.paths ?? []).enumerated() {
          let text = path.hasPrefix("NOT ") ? String(path.dropFirst(4)) : path
          checkPattern(text, at: "details[\(index)].paths[\(position)]", file: file, details: index)
        }
      }
    }
    var reported: Set<[Int]> = []
    var budget = Self.coverageBudget
    search: for appID in file.appIDs {
      let rules = file.rules(for: appID)
      let compiled = rules.map { CoverageRule($0.rule, in: file) }
      for (later, rule) in rules.enumerated() {
        guard budget > 0 else {
          add(
            "unreachableRule", .info,
            "the file has too many rules to compare every pair: rules from \(rule.location) on, for "
              + "\(quoted(appID)) and the apps after it, were not checked for being unreachable")
          break search
        }
        // A rule that never matches (an undefined or unterminated variable) is reported as such,
        // not as one an earlier rule covers: any rule "covers" a rule that matches nothing.
        guard !compiled[later].neverMatches,
          let earlier = (0..<later).first(where: { compiled[$0].covers(compiled[later], budget: &budget) }),
          reported.insert([rule.details, rule.component ?? -1, rule.legacyPath ?? -1]).inserted
        else { continue }
        let earlierRule = rules[earlier]
        add(
          "unreachableRule", .warning,
          "\(rule.location) can never decide for \(quoted(appID)): \(earlierRule.location) matches every URL it "
            + "matches and comes first", details: rule.details, component: rule.component)
      }
    }
  }

  private mutating func checkPatterns(
    of layer: AppSiteAssociation.Layer, at location: String, file: AppSiteAssociation, details: Int? = nil,
    component: Int? = nil
  ) {
    var texts = [layer.path, layer.fragment].compactMap { $0 }
    switch layer.query {
    case .pattern(let text)?: texts.append(text)
    case .items(let items)?: texts += items.keys.sorted().map { items[$0]! }
    case nil: break
    }
    for text in texts { checkPattern(text, at: location, file: file, details: details, component: component) }
  }

  private mutating func checkPattern(
    _ text: String, at location: String, file: AppSiteAssociation, details: Int?, component: Int? = nil
  ) {
    switch AASAPattern(text, variables: file.variables, caseSensitive: true).problem {
    case nil: break
    case .undefinedVariable(let name)?:
      add(
        "undefinedVariable", .error,
        "\(location): the pattern \(quoted(text)) cites $(\(name)), which is neither predefined nor in "
          + "substitutionVariables, so it never matches", details: details, component: component)
    case .unterminatedVariable?:
      add(
        "unterminatedVariable", .error,
        "\(location): the pattern \(quoted(text)) opens \"$(\" without \")\", so it never matches", details: details,
        component: component)
    }
  }
}

extension JSONValue {
  var string: String? { if case .string(let text) = self { text } else { nil } }
  var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
}
