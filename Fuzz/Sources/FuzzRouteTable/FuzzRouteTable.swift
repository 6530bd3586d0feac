import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation
import FuzzSupport

/// Any bytes as a JSON route table: reading and building never crash; a refused table says why.
/// A table that builds is exercised with links derived from its own routes (each pattern filled
/// with values of its parameters' types, or their allowed `values`, and carrying its required
/// query parameters, on its first scheme and first exact host), so that deep
/// and unusual tables are matched, not just read: every derived link must open some route (or be
/// refused only by the route's sources or the table's limits), and every route it opens must
/// print and resolve back to itself, and what an app publishes for it (a quick action, a user
/// activity, a Spotlight item) must open it again; the table's notification categories, registered
/// as made, must satisfy it. A table that raises its limits gets links at them too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouteTable(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let json = Data(UnsafeBufferPointer(start: data, count: count))
  let router: LinkRouter<NamedRoute>
  let table: RouteTable
  do {
    router = try RouteTable.makeRouter(json: json)
    table = try RouteTable(json: json)
  } catch {
    if error.problems.isEmpty { violation("a table was refused without a problem") }
    return 0
  }
  checkSite(table, router: router)
  checkNotificationCategories(json, router: router)
  let prefixes =
    table.schemes.prefix(1).map { "\($0)://" }
    + table.hosts.filter { !$0.hasPrefix("*.") }.prefix(1).map { "https://\($0)" }
  for entry in table.routes {
    guard let pattern = FuzzPattern(entry.path) else { violation("\(entry.path) built but does not parse") }
    // A parameter with allowed values takes the first that a link can carry as it is; a route
    // whose list has none is not exercised.
    var allowed: [String: String] = [:]
    for (name, texts) in entry.values {
      guard let text = texts.first(where: { !$0.isEmpty && $0.utf8.allSatisfy(\.isLetterOrDigit) }) else { continue }
      allowed[name] = text
    }
    if allowed.count < entry.values.count { continue }
    let path = pattern.segments.map { segment in
      segment.name.flatMap { allowed[$0] } ?? sample(segment)
    }.joined(separator: "/")
    let query = pattern.query.filter { $0.presence == .required }.map { parameter in
      parameter.name + "=" + (allowed[parameter.name] ?? sample(.parameter(name: parameter.name, type: parameter.type)))
    }.joined(separator: "&")
    for prefix in prefixes {
      let link = prefix + (prefix.hasPrefix("https") ? "/" : "") + path + (query.isEmpty ? "" : "?" + query)
      checkLimits(link, router: router, table: table)
      do {
        let resolution = try router.resolve(link)
        checkRoundTrip(resolution.route, router: router, source: resolution.source)
        checkPathValues(resolution)
        checkPublishing(resolution.route, router: router)
      } catch {
        // A link may not set the typed reply: a route that requires it opens from a reply only.
        let setsReply = error.code == .invalidParameter && pattern.query.contains { $0.name == "replyText" }
        guard [.sourceNotAllowed, .inputTooLarge].contains(error.code) || setsReply else {
          violation("the link \(link) derived from \(entry.path) was refused: \(error)")
        }
      }
    }
  }
  return 0
}

/// The same link at the table's limits: as many query items as it allows (up to its ceiling,
/// 4,096) resolve as the link did, in time linear in their number, and one more is refused as too
/// large; the link padded past `maxURLLength` is refused as too large.
private func checkLimits(_ link: String, router: LinkRouter<NamedRoute>, table: RouteTable) {
  guard table.limits.maxQueryItems > 64 || table.limits.maxURLLength > 4_096 else { return }
  let expected = Result { () throws(DeepLinkError) in try router.resolve(link).pattern }
  let separator = link.contains("?") ? "&" : "?"
  let existing = link.split(separator: "?", maxSplits: 1).dropFirst().first?.split(separator: "&").count ?? 0
  let room = table.limits.maxQueryItems - existing
  guard room > 0 else { return }
  let items = (0..<room).map { "z\($0 % 97)=\($0)" }.joined(separator: "&")
  let full = link + separator + items
  guard full.utf8.count <= table.limits.maxURLLength else {
    if (try? router.resolve(full)) != nil { violation("a link past maxURLLength resolved") }
    return
  }
  let atLimit = Result { () throws(DeepLinkError) in try router.resolve(full).pattern }
  switch (expected, atLimit) {
  case (.success(let pattern), .success(let other)) where pattern != other:
    violation("\(room) query items moved \(link) from \(pattern) to \(other)")
  case (.success, .failure(let error)) where error.code != .inputTooLarge:
    violation("\(room) query items made \(link) refused: \(error)")
  default: break
  }
  if (full + "&one=more").utf8.count <= table.limits.maxURLLength,
    let resolved = try? router.resolve(full + "&one=more")
  {
    violation("a link of \(table.limits.maxQueryItems + 1) query items resolved to \(resolved.pattern)")
  }
}

/// The site `deeplink site` writes for the table (when it serves a universal-link host): a route
/// that universal links may not open gets no page, a table's values never open a markup element
/// or a script of their own (a page has exactly its one script), and the Android file is JSON.
private func checkSite(_ table: RouteTable, router: LinkRouter<NamedRoute>) {
  guard let host = _ToolboxFuzzing.associationDomains(of: table).first,
    let files = _ToolboxFuzzing.site(table, name: "App", appStoreID: "1")
  else { return }
  checkSiteTree(files, table: table, router: router, host: host)
  for entry in table.routes where entry.sources.map({ !$0.contains(.universalLink) }) ?? false {
    if files.contains(where: { $0.path.hasSuffix("/\(entry.name).html") }) {
      violation("the route \(entry.name), forbidden on universal links, has a landing page")
    }
  }
  for file in files where file.path.hasSuffix(".html") {
    let scripts = file.contents.components(separatedBy: "<script").count - 1
    if scripts != 1 { violation("\(file.path) has \(scripts) scripts") }
    if file.contents.components(separatedBy: "</script").count - 1 != 1 {
      violation("\(file.path) closes a script more than once")
    }
  }
  let fingerprint = Array(repeating: "AB", count: 32).joined(separator: ":")
  if let json = _ToolboxFuzzing.assetLinks(table, packageName: "com.example.app", fingerprints: [fingerprint]),
    (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil
  {
    violation("assetlinks.json is not JSON")
  }
}

/// A segment of a link that matches a pattern's segment.
func sample(_ segment: FuzzPattern.Segment) -> String {
  switch segment {
  case .literal(let text):
    text.utf8.map { byte in
      byte.isLetterOrDigit ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded
    }.joined()
  case .parameter(_, .int): "7"
  case .parameter(_, .uuid): "9F0C7A3E-5B1D-4C2A-8E6F-0123456789AB"
  case .parameter: "value"
  case .wildcard: "any"
  case .catchAll: "rest/of/it"
  }
}

extension UInt8 {
  fileprivate var isLetterOrDigit: Bool {
    (self >= 0x30 && self <= 0x39) || (self | 0x20 >= 0x61 && self | 0x20 <= 0x7A)
  }
}

extension String {
  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
