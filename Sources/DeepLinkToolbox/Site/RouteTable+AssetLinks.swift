import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

extension RouteTable {
  /// Android's Digital Asset Links file (`/.well-known/assetlinks.json`) for this table: the
  /// statement that lets `packageName`, signed with one of `fingerprints`, handle the domain's
  /// links, and, for Android 15's dynamic App Links, the table's rules as
  /// `dynamic_app_link_components`, derived from the apple-app-site-association components the
  /// table gives (Android's components are Apple's, with `comments` for `comment`). A component
  /// Android cannot express (a query given as one pattern string, case-insensitive or
  /// not-percent-encoded matching) is left out and listed as a problem, so that an app's manifest
  /// can cover it.
  ///
  /// - Parameters:
  ///   - packageName: The Android app's application ID.
  ///   - fingerprints: The SHA-256 fingerprints of its signing certificates (`AB:CD:…`, 32 bytes).
  ///   - domain: The domain the file is served from; by default the first of
  ///     ``appSiteAssociationDomains``.
  /// - Returns: The file's JSON text, and the components left out.
  /// - Throws: `RouteTableError` when the table does not build, a fingerprint or the package
  ///   name is malformed, or the table serves no universal-link host.
  func assetLinks(packageName: String, fingerprints: [String], domain: String? = nil)
    throws(RouteTableError) -> (json: String, problems: [ConfigurationProblem])
  {
    let target = try AssetLinksTarget(packageName: packageName, fingerprints: fingerprints)
    let (aasa, _) = try appSiteAssociation(appIDs: ["ANDROID.placeholder"], domain: domain)
    guard case .object(let top) = try? JSONParser.parse(Array(aasa.utf8)),
      case .object(let applinks)? = top["applinks"], case .array(let details)? = applinks["details"],
      case .object(let entry)? = details.first, case .array(let components)? = entry["components"]
    else {
      throw RouteTableError(problems: [.init(.invalidOption, "the table's association components could not be read")])
    }
    var dynamic: [Any] = []
    var problems: [ConfigurationProblem] = []
    // The file's defaults hold for each component: Android's components have no defaults.
    var defaults: [String: JSONValue] = [:]
    if case .object(let values)? = entry["defaults"] { defaults = values }
    for case .object(let own) in components {
      let component = defaults.merging(own) { _, own in own }
      switch Self.androidComponent(component) {
      case .success(let object): dynamic.append(object)
      case .failure(let reason):
        var name = "?"
        if case .string(let path)? = component["/"] { name = path }
        problems.append(
          ConfigurationProblem(
            "notExpressibleOnAndroid", .warning,
            "the rule \(quoted(name)) cannot be a dynamic App Links component (\(reason)); "
              + "declare it in the app's manifest"))
      }
    }
    let statement: [String: Any] = [
      "relation": [Self.handleAllURLs],
      "target": [
        "namespace": "android_app", "package_name": target.packageName,
        "sha256_cert_fingerprints": target.fingerprints,
      ],
      "relation_extensions": [Self.handleAllURLs: ["dynamic_app_link_components": dynamic]],
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: [statement], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return (String(decoding: data, as: UTF8.self) + "\n", problems)
  }

  /// Checks a served `assetlinks.json` against this table: it is a JSON array of statements, one
  /// of which lets `packageName` with every fingerprint handle all URLs (the most common
  /// deployment failure is a mismatched package or fingerprint), and its dynamic components, if
  /// any, are the table's.
  ///
  /// - Returns: The problems, errors first; empty when the file is right.
  func verifyAssetLinks(
    _ data: Data, packageName: String, fingerprints: [String], domain: String? = nil
  ) -> [ConfigurationProblem] {
    let target: AssetLinksTarget
    do throws(RouteTableError) {
      target = try AssetLinksTarget(packageName: packageName, fingerprints: fingerprints)
    } catch {
      return error.problems.map { ConfigurationProblem("invalidOption", .error, $0.message) }
    }
    // The served file is read before the table's own file is made, which costs far more.
    guard let statements = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
      return [ConfigurationProblem("invalidJSON", .error, "assetlinks.json must be a JSON array of statements")]
    }
    let generated: String
    do throws(RouteTableError) {
      generated = try assetLinks(packageName: packageName, fingerprints: fingerprints, domain: domain).json
    } catch {
      return error.problems.map { ConfigurationProblem("invalidOption", .error, $0.message) }
    }
    let expected = try? JSONSerialization.jsonObject(with: Data(generated.utf8))
    let mine = statements.filter {
      ($0["target"] as? [String: Any])?["package_name"] as? String == target.packageName
        && ($0["target"] as? [String: Any])?["namespace"] as? String == "android_app"
    }
    guard !mine.isEmpty else {
      let named = statements.compactMap { ($0["target"] as? [String: Any])?["package_name"] as? String }
      return [
        ConfigurationProblem(
          "packageNotListed", .error,
          "no statement names the package \(quoted(target.packageName))"
            + (named.isEmpty ? "" : "; the file names \(named.map { quoted($0) }.joined(separator: ", "))"))
      ]
    }
    var problems: [ConfigurationProblem] = []
    // Android checks each statement on its own: an app signed with a fingerprint handles the
    // domain's links when one statement both grants the relation and lists that fingerprint.
    let granting = mine.filter { ($0["relation"] as? [String] ?? []).contains(Self.handleAllURLs) }
    if granting.isEmpty {
      problems.append(
        ConfigurationProblem(
          "relationMissing", .error, "no statement for the package grants \(quoted(Self.handleAllURLs))"))
    }
    let listedIn = { (statement: [String: Any]) in
      Set(
        ((statement["target"] as? [String: Any])?["sha256_cert_fingerprints"] as? [String] ?? [])
          .map(AssetLinksTarget.normalized))
    }
    let granted = Set(granting.flatMap(listedIn))
    let listed = Set(mine.flatMap(listedIn))
    for fingerprint in target.fingerprints where !granted.contains(fingerprint) {
      problems.append(
        ConfigurationProblem(
          "fingerprintMissing", .error,
          listed.contains(fingerprint) && !granting.isEmpty
            ? "the signing fingerprint \(fingerprint) is listed only in a statement that does not grant "
              + "\(quoted(Self.handleAllURLs)); Android reads each statement on its own"
            : "the signing fingerprint \(fingerprint) is not listed"))
    }
    let dynamic = granting.compactMap {
      (($0["relation_extensions"] as? [String: Any])?[Self.handleAllURLs] as? [String: Any])?[
        "dynamic_app_link_components"]
    }
    let wanted =
      ((((expected as? [[String: Any]])?.first?["relation_extensions"] as? [String: Any])?[
        Self.handleAllURLs] as? [String: Any])?["dynamic_app_link_components"])
    if let served = dynamic.first, let wanted,
      !NSDictionary(dictionary: ["c": served]).isEqual(to: ["c": wanted])
    {
      problems.append(
        ConfigurationProblem(
          "componentsDiffer", .error,
          "the dynamic App Links components are not the table's; generate the file again (deeplink site generate)"))
    } else if dynamic.isEmpty {
      problems.append(
        ConfigurationProblem(
          "noDynamicComponents", .info,
          "the file has no dynamic App Links components: Android 15 and later use the app's manifest alone"))
    }
    return problems.bySeverity()
  }

  static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  /// An apple-app-site-association component as an Android one, or why it cannot be.
  static func androidComponent(_ component: [String: JSONValue]) -> Result<[String: Any], AndroidReason> {
    var object: [String: Any] = [:]
    for (key, value) in component {
      switch (key, value) {
      case ("/", .string(let text)), ("#", .string(let text)): object[key] = text
      case ("?", .object(let items)):
        var query: [String: String] = [:]
        for (name, item) in items {
          guard case .string(let pattern) = item else {
            return .failure(AndroidReason("a query value that is not text"))
          }
          query[name] = pattern
        }
        object["?"] = query
      case ("?", _): return .failure(AndroidReason("a query given as one pattern"))
      case ("exclude", .bool(let exclude)): if exclude { object["exclude"] = true }
      case ("comment", .string(let text)): object["comments"] = text
      case ("caseSensitive", .bool(true)), ("percentEncoded", .bool(true)): break
      case ("caseSensitive", _): return .failure(AndroidReason("case-insensitive matching"))
      case ("percentEncoded", _): return .failure(AndroidReason("matching that is not percent-encoded"))
      default: return .failure(AndroidReason("the key \(quoted(key))"))
      }
    }
    return .success(object)
  }

  struct AndroidReason: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

/// An Android app as Digital Asset Links names it, checked.
struct AssetLinksTarget {
  let packageName: String
  let fingerprints: [String]

  init(packageName: String, fingerprints: [String]) throws(RouteTableError) {
    let segments = packageName.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      segments.count >= 2
      && segments.allSatisfy { segment in
        guard let first = segment.first, first.isASCII, first.isLetter else { return false }
        return segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      }
    var problems: [RouteTableError.Problem] = []
    if !valid {
      problems.append(
        .init(
          .invalidOption, "the Android package name \(quoted(packageName)) is not an application ID (com.example.app)"))
    }
    if fingerprints.isEmpty {
      problems.append(.init(.invalidOption, "assetlinks.json needs the app's SHA-256 signing fingerprint"))
    }
    var normalized: [String] = []
    for fingerprint in fingerprints {
      let text = Self.normalized(fingerprint)
      let bytes = text.split(separator: ":")
      // ASCII hex only: `Character.isHexDigit` takes full-width digits too, which Android's
      // comparison never matches.
      if bytes.count == 32, bytes.allSatisfy({ $0.utf8.count == 2 && $0.utf8.allSatisfy { $0.hexValue != nil } }) {
        normalized.append(text)
      } else {
        problems.append(
          .init(
            .invalidOption, "the fingerprint \(quoted(fingerprint)) is not a SHA-256 fingerprint (32 bytes, AB:CD:…)"))
      }
    }
    guard problems.isEmpty else { throw RouteTableError(problems: problems) }
    self.packageName = packageName
    self.fingerprints = normalized
  }

  /// Upper case with a colon between bytes, as keytool prints it and Android compares it.
  static func normalized(_ fingerprint: String) -> String {
    let hex = fingerprint.uppercased().filter { $0 != ":" && !$0.isWhitespace }
    guard hex.count % 2 == 0 else { return fingerprint.uppercased() }
    var bytes: [String] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(String(hex[index..<next]))
      index = next
    }
    return bytes.joined(separator: ":")
  }
}
