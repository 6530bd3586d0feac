import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation
import FuzzSupport

/// Any bytes as an apple-app-site-association file, as an Info.plist in JSON form, and as a served
/// `assetlinks.json` (`site verify`, which passes a file only when one statement grants the app's
/// fingerprint the relation, as Android reads it): linting,
/// matching and checking never crash, and a file that cannot be read says why. For a file that
/// reads, URLs made of every string in it that starts with "/" are matched for each app: a
/// decision names a rule that exists, `opens` is exactly the apps whose decision is `match`, and a
/// rule that lint calls unreachable never decides (the coverage check is sound). The input is also
/// grown into large files (thousands of tokens and variable values), which must stay bounded.
/// The same text is a list of live links (`deeplink check-links`): each line that names a link
/// gets one result, in order, with its line number, and passes only when it opens its route.
///
/// Each input goes to the formats it looks like, so that each format gets inputs by the thousand
/// a minute: a JSON array is an `assetlinks.json`; a JSON object an association file, and an
/// Info.plist too when it names a plist key (`CFBundle…`, `com.apple.…`); anything else a link
/// list. (Every check ran on every input before, at about 18 inputs a second.)
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let json = Data(UnsafeBufferPointer(start: data, count: count))
  switch json.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
  case UInt8(ascii: "[")?:
    checkAssetLinks(json)
    return 0
  case UInt8(ascii: "{")?:
    let text = String(decoding: json, as: UTF8.self)
    if text.contains("\"CFBundle") || text.contains("\"com.apple.") { checkInfoPlist(json) }
  default:
    let text = String(decoding: json, as: UTF8.self)
    checkLinkList(text)
    checkLandingPage(text)
    return 0
  }
  let problems = AppSiteAssociation.lint(json: json)
  let file: AppSiteAssociation
  do {
    file = try AppSiteAssociation(json: json)
  } catch {
    if problems.count != 1 || problems[0].severity != .error { violation("an unreadable file gave \(problems)") }
    return 0
  }
  if problems.map(\.code).sorted() != _ToolboxFuzzing.problems(of: file).map(\.code).sorted() {
    violation("lint and problems differ")
  }
  checkMatches(file, paths: paths(in: json).prefix(64), problems: problems)
  checkLarge(json)
  return 0
}

/// The text as a served landing page (`deeplink site verify --page`): never a crash, one problem
/// at most, and one of the three codes; a page that names the App Clip and asks for its card in
/// its banner passes.
private func checkLandingPage(_ text: String) {
  let clip = "ABCDE12345.com.example.app.Clip"
  let codes = _ToolboxFuzzing.landingPageProblems(text, appClipID: clip)
  if codes.count > 1
    || !codes.allSatisfy(["smartAppBannerMissing", "appClipCardMissing", "appClipCardNotShown"].contains)
  {
    violation("a page gave \(codes)")
  }
  let card = #"<meta name="apple-itunes-app" content="app-clip-bundle-id=com.example.app.Clip, app-clip-display=card">"#
  let withCard = _ToolboxFuzzing.landingPageProblems(card + text, appClipID: clip)
  if !withCard.isEmpty { violation("a page whose first banner shows the card gave \(withCard)") }
}

/// What the tool reports of one app for a URL (`_ToolboxFuzzing.match`).
private typealias MatchResult = (appID: String, decision: String, details: Int?, component: Int?, legacyPath: Int?)

/// Matches URLs made of `paths` for each app: a decision names a rule that exists, `opens` is
/// exactly the apps whose decision is `match`, and a rule that lint calls unreachable never
/// decides. Matching is bounded: a URL may be refused as too costly (`inputTooLarge`), never with
/// another error.
private func checkMatches(
  _ file: AppSiteAssociation, paths: some Sequence<String>, problems: [ConfigurationProblem]
) {
  let unreachable = Set(
    problems.filter { $0.code == "unreachableRule" && $0.severity == .warning }.compactMap { problem in
      let location = _ToolboxFuzzing.location(of: problem)
      return location.details.map { [$0, location.component ?? -1] }
    })
  for path in paths {
    for url in ["https://example.com" + path, "https://www.example.com" + path + "?a=1#f"] {
      let answer: (opens: [String], results: [MatchResult])
      do {
        answer = try _ToolboxFuzzing.match(file, url, domain: "example.com", subdomains: true)
      } catch {
        if error.code != .inputTooLarge { violation("\(url) was refused as \(error.code)") }
        continue
      }
      let matched = answer.results.filter { $0.decision == "match" }.map(\.appID)
      if Set(matched) != Set(answer.opens) || matched.count != answer.opens.count {
        violation("\(url): opens \(answer.opens) but matched \(matched)")
      }
      for result in answer.results {
        if (result.decision == "none") != (result.details == nil) { violation("\(url): \(result)") }
        guard let details = result.details, result.legacyPath == nil else { continue }
        if unreachable.contains([details, result.component ?? -1]) {
          let rule = "details[\(details)].components[\(result.component ?? -1)]"
          violation("\(url) was decided by \(rule), which lint calls unreachable")
        }
      }
    }
  }
}

/// The input grown to a file of the size iOS still reads and past it: its text used as a rule's
/// path, repeated as components, and its text's every `$(…)` cited hundreds of times, beside a
/// custom variable of many values with wildcards. Lint and matching must stay bounded (a large
/// file is the hostile case the issue's 21 KB file of 3,000 tokens was), and a file over 128 KB
/// opens nothing.
private func checkLarge(_ json: Data) {
  // One input in 32 (by its bytes): a large file costs up to a match budget per URL, so that the
  // target still runs the small inputs by the hundred thousand.
  guard json.reduce(0, { $0 &+ Int($1) }) % 32 == 0,
    let text = String(data: json.prefix(96), encoding: .utf8)
  else { return }
  let path = "/" + text.filter { $0 != "\"" && $0 != "\\" && !$0.isNewline }
  let cited = String(repeating: "$(v)$(lang)", count: 60)
  let values = (0..<64).map { "\"*\($0)?\(path.prefix(4))\"" }.joined(separator: ",")
  let component = #"{"/": "\#(path)"}, {"/": "/\#(cited)*"}"#
  for repeats in [8, 300] {
    let file =
      #"{"applinks": {"substitutionVariables": {"v": [\#(values)]}, "details": [{"appIDs": ["ABCDE12345.com.x"], "components": ["#
      + Array(repeating: component, count: repeats).joined(separator: ",") + "]}]}}"
    let data = Data(file.utf8)
    let problems = AppSiteAssociation.lint(json: data)
    guard let association = try? AppSiteAssociation(json: data) else { continue }
    checkMatches(association, paths: ["/" + String(repeating: "en", count: 120)], problems: problems)
    if data.count > 131_072, let answer = try? association.match("https://example.com/", domain: "example.com"),
      !answer.opens.isEmpty
    {
      violation("a file of \(data.count) bytes opened \(answer.opens)")
    }
  }
}

/// Every string of the JSON that starts with "/", and "/" itself.
private func paths(in json: Data) -> [String] {
  var found: [String] = ["/"]
  func walk(_ value: Any) {
    switch value {
    case let text as String where text.hasPrefix("/") && text.utf8.count < 200:
      found.append(text.replacingOccurrences(of: "*", with: "x").replacingOccurrences(of: "?", with: "y"))
      found.append(text)
    case let items as [Any]: items.forEach(walk)
    case let object as [String: Any]: object.values.forEach(walk)
    default: break
    }
  }
  if let root = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) { walk(root) }
  return found
}

/// The bytes as an Info.plist in JSON form, checked against the fuzz table: never a crash, and a
/// refused file is a `malformedInput` error.
private func checkInfoPlist(_ json: Data) {
  guard json.first == UInt8(ascii: "{") else { return }
  do {
    let configuration = try LinkAppConfiguration(infoPlist: json, entitlements: json)
    _ = fuzzTable.check(configuration)
    _ = fuzzTable.check(configuration, appGroup: "group.com.example.app")
  } catch {
    if error.code != .malformedInput { violation("an Info.plist was refused as \(error.code)") }
  }
}

private let fuzzTable: RouteTable = {
  do {
    return try RouteTable(json: Data(fuzzTableJSON.utf8))
  } catch {
    fatalError("the fuzz table does not read: \(error)")
  }
}()

/// The bytes as a served `assetlinks.json`, verified for the fuzz table's app: never a crash, and
/// a file with no error has, read here on its own, one statement that names the app and grants
/// `handle_all_urls` with its fingerprint, as Android checks each statement alone.
private func checkAssetLinks(_ json: Data) {
  let fingerprint = Array(repeating: "0A", count: 32).joined(separator: ":")
  let problems = _ToolboxFuzzing.verifyAssetLinks(
    json, table: fuzzTable, packageName: "com.example.app", fingerprints: [fingerprint])
  guard !problems.contains(where: { $0.severity == .error }) else { return }
  let statements = (try? JSONSerialization.jsonObject(with: json)) as? [[String: Any]] ?? []
  let grants = statements.contains { statement in
    let target = statement["target"] as? [String: Any]
    return target?["namespace"] as? String == "android_app" && target?["package_name"] as? String == "com.example.app"
      && (statement["relation"] as? [String] ?? []).contains("delegate_permission/common.handle_all_urls")
      && (target?["sha256_cert_fingerprints"] as? [String] ?? []).contains {
        $0.uppercased().filter { $0 != ":" && !$0.isWhitespace } == fingerprint.filter { $0 != ":" }
      }
  }
  if !grants { violation("an assetlinks.json with no statement granting the app passed: \(problems)") }
}

private let listRouter: LinkRouter<NamedRoute> = {
  do {
    return try RouteTable(
      schemes: ["myapp"], hosts: ["app.example.com"],
      routes: [.init(name: "item", path: "/items/:id(int)"), .init(name: "search", path: "/search?q&page=1")]
    ).makeRouter()
  } catch {
    violation("the link list's table does not build: \(error)")
  }
}()

/// A list of links: one result per line that names one, numbered as the text's lines are; a
/// passing line opened a route, and the route its line expects.
private func checkLinkList(_ text: String) {
  let (lines, results) = _ToolboxFuzzing.checkLinkList(text, with: listRouter)
  if results.count != lines { violation("\(lines) lines gave \(results.count) results") }
  // Lines end at line feeds only, as `grep -n` counts them.
  let lineCount = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
  var previous = 0
  for result in results {
    let number = result.line
    if number <= previous || number > lineCount { violation("line \(number) after \(previous) of \(lineCount)") }
    previous = number
    if result.passed != (result.status == "ok") || (result.passed && result.opened == nil) {
      violation("line \(number) is \(result.status) with \(String(describing: result.opened))")
    }
    if result.passed, let expected = result.expected, expected.name != result.opened?.name {
      violation("line \(number) passed opening \(String(describing: result.opened)), not \(expected)")
    }
    if !result.passed, result.message.isEmpty { violation("line \(number) failed with no message") }
  }
}
