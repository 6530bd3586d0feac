import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// A QA site for a route table (`deeplink qa`): every route with example links built from valid
/// values of its declared types, each with its QR code (scan it with the device's camera: the app
/// opens), what it must open and which sources may open it; a push route's notification payload as
/// an `.apns` file for `xcrun simctl push`; and `links.json`, each example link with the route and
/// parameters it must open, for a device-side test or another tool. Static files only: no script
/// or asset from elsewhere, every table value escaped.
extension RouteTable {
  /// The QA site's files: `index.html`, `qr/ROUTE-N.png`, `apns/ROUTE.apns` and `links.json`.
  ///
  /// - Parameter domain: The universal-link domain its links use, one the table serves; by
  ///   default the table's first exact host.
  /// - Throws: `RouteTableError` when the table does not build, or does not serve `domain`.
  func qaSite(domain: String? = nil) throws(RouteTableError) -> [LinkSite.File] {
    let router = try makeRouter()
    let domain = try servedDomain(domain)
    var files: [LinkSite.File] = []
    var sections: [String] = []
    var links: [String] = []
    var names: Set<String> = []
    for entry in routes {
      var body: [String] = []
      // Each route's files under a name of its own, even when two names read alike as files.
      var name = QAExamples.fileName(entry.name)
      while !names.insert(name.lowercased()).inserted { name += "_" }
      let sources = entry.sources.map { $0.map(\.rawValue).sorted().joined(separator: ", ") } ?? "any"
      let route = QAExamples.route(for: entry)
      let opens = route.map { "\($0)" } ?? entry.name
      body.append("<p>Opens <code>\(SitePages.html(opens))</code>; sources: \(SitePages.html(sources)).</p>")
      var number = 0
      for link in QAExamples.links(for: entry, route: route, router: router, domain: domain) {
        number += 1
        switch Swift.Result(catching: { () throws(DeepLinkError) in try router.resolve(link).route }) {
        case .failure(let refusal):
          body.append(
            "<p class=\"refused\">No link may open it from outside: <code>\(SitePages.html(link))</code> is refused ("
              + "\(SitePages.html(refusal.code.rawValue)): \(SitePages.html(refusal.message))</p>")
          continue
        case .success(let opened)
        where opened.name != entry.name
          || route?.parameters.contains(where: { opened.parameters[$0.key] != $0.value }) != false:
          // Its example values open another route first (a literal sibling): say so, offer no code.
          body.append(
            "<p class=\"refused\"><code>\(SitePages.html(link))</code> opens <code>\(SitePages.html("\(opened)"))</code>"
              + " first; try the route with other values.</p>")
          continue
        case .success: break
        }
        let image = "qr/\(name)-\(number).png"
        let drawing: String
        var qr: String? = image
        do {
          let code = try QRCode(link)
          files.append(LinkSite.File(path: image, bytes: code.png()))
          // The PNG the kit writes anyway, shown at its own size: inline SVG made a 1,000-route
          // page 14 MB.
          let side = (code.size + 8) * 4
          drawing =
            "<img class=\"qr\" src=\"\(SitePages.html(image))\" width=\"\(side)\" height=\"\(side)\" alt=\"QR code\"> "
            + "<a href=\"\(SitePages.html(image))\" download>PNG</a>"
        } catch {
          drawing = "<span class=\"refused\">\(SitePages.html(error.description))</span>"
          qr = nil
        }
        body.append(
          "<figure>\(drawing)<figcaption><code class=\"link\">\(SitePages.html(link))</code> "
            + "<button type=\"button\" data-link=\"\(SitePages.html(link))\">Copy</button></figcaption></figure>")
        let parameters = route.map { NamedRouteJSON.object($0.parameters) } ?? "{}"
        links.append(
          "{\"route\":\(JSONValue.quotedJSON(entry.name)),\"parameters\":\(parameters),\"link\":\(JSONValue.quotedJSON(link)),"
            + "\"qr\":\(qr.map { JSONValue.quotedJSON($0) } ?? "null")}")
      }
      for (index, rule) in entry.pushRules.enumerated() {
        let apns = "apns/\(name)-\(index + 1).apns"
        let payload = QAExamples.pushPayload(rule, route: route)
        files.append(LinkSite.File(path: apns, contents: payload))
        body.append(
          "<p>Push \(QAExamples.pushInstructions(rule)): "
            + "<a href=\"\(SitePages.html(apns))\" download>\(SitePages.html(apns))</a> "
            + "(<code>xcrun simctl push booted BUNDLE_ID \(SitePages.html(apns))</code>)</p>")
      }
      if let shortcut = entry.shortcut {
        body.append("<p>Quick action <code>\(SitePages.html(shortcut))</code>: press the app's icon.</p>")
      }
      if let intent = entry.intent ?? entry.appIntent {
        body.append("<p>Intent <code>\(SitePages.html(intent))</code>: ask Siri or run it in Shortcuts.</p>")
      }
      let group = entry.host.map { " <small>(\(SitePages.html($0)))</small>" } ?? ""
      sections.append(
        "<section id=\"\(SitePages.html(name))\"><h2>\(SitePages.html(entry.name))\(group) "
          + "<small><code>\(SitePages.html(entry.path))</code></small></h2>\n" + body.joined(separator: "\n")
          + "\n</section>")
    }
    files.append(LinkSite.File(path: "links.json", contents: "[" + links.joined(separator: ",\n") + "]\n"))
    files.append(LinkSite.File(path: "index.html", contents: QAExamples.page(sections)))
    return files.sorted { $0.path < $1.path }
  }
}

/// What the QA site shows of a route: values a link may carry, the links they print as.
enum QAExamples {
  /// A route of `entry` built from valid values: each path parameter's and required query
  /// parameter's first allowed value, or an example of its type (the values the round-trip check
  /// starts from); `nil` for a pattern that does not parse.
  static func route(for entry: RouteTable.Entry) -> NamedRoute? {
    guard let pattern = try? RoutePattern(entry.path) else { return nil }
    var parameters: [String: String] = [:]
    for segment in pattern.segments {
      switch segment {
      case .parameter(let name, let type): parameters[name] = entry.values[name]?.first ?? example(type)
      case .catchAll(let name): parameters[name] = entry.values[name]?.first ?? "a/b"
      case .literal, .wildcard: break
      }
    }
    for parameter in pattern.query where parameter.presence == .required {
      parameters[parameter.name] = entry.values[parameter.name]?.first ?? example(parameter.type)
    }
    return NamedRoute(entry.name, parameters: parameters)
  }

  static func example(_ type: RoutePattern.ParameterType) -> String {
    switch type {
    case .int: String(Int.linkExamples[0])
    case .uuid: UUID.linkExamples[0].uuidString
    default: String.linkExamples[0]
    }
  }

  /// The universal link (when the table lists a host) and the custom-scheme link (when it lists
  /// a scheme) of the route's example, printed by the router as `urlString(for:)` prints; none
  /// for a route no link can be printed for (an unnamed wildcard `*`).
  static func links(
    for entry: RouteTable.Entry, route: NamedRoute?, router: LinkRouter<NamedRoute>, domain: String?
  ) -> [String] {
    guard let route, let index = router.definitions.firstIndex(where: { $0.name == entry.name }) else { return [] }
    let values = route.parameters.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    var links: [String] = []
    if let link = try? router.urlString(definitionAt: index, parameters: values), link.hasPrefix("https://") {
      // On the domain asked for (a route of its own host keeps it): the page says if it opens.
      if let domain, entry.host == nil {
        links.append("https://\(domain)" + link.dropFirst("https://".count).drop { $0 != "/" })
      } else {
        links.append(link)
      }
    }
    if let link = try? router.urlString(definitionAt: index, parameters: values, form: .customScheme),
      !link.hasPrefix("https://")
    {
      links.append(link)
    }
    return links
  }

  /// A notification payload the rule opens the route's example with, for `xcrun simctl push`: a
  /// tap's, or an action's, naming the rule's category (`aps.category`) so that iOS offers the
  /// action, and titled with what the tester chooses.
  static func pushPayload(_ rule: PushRule, route: NamedRoute?) -> String {
    var fields = rule.when
    for (parameter, field) in rule.parameters { fields[field] = route?.parameters[parameter] ?? "1" }
    var aps: [String: JSONValue] = [:]
    if rule.answersTap {
      aps["alert"] = .object(["title": .string("QA: tap")])
    } else {
      let action = rule.action ?? ""
      aps["alert"] = .object([
        "title": .string("QA: action \(action)"),
        "body": .string(
          "Long-press, then choose \(action)" + (rule.runsInBackground ? " (it runs in the background)" : "")),
      ])
      if let category = rule.category { aps["category"] = .string(category) }
    }
    var object: [String: JSONValue] = ["aps": .object(aps)]
    for (key, value) in fields { object[key] = .string(value) }
    return JSONValue.object(object).prettyText() + "\n"
  }

  /// What the tester does with a rule's notification, as HTML: tap it, or long-press it and
  /// choose the action (offered by its category, when the table names one).
  static func pushInstructions(_ rule: PushRule) -> String {
    guard !rule.answersTap, let action = rule.action else { return "tap" }
    let category =
      rule.category.map { "category <code>\(SitePages.html($0))</code>" }
      ?? "no category in the table: the app must offer the action for this payload"
    return "action <code>\(SitePages.html(action))</code>: long-press the notification and choose it "
      + "(\(category)\(rule.runsInBackground ? "; it runs in the background, with no window" : ""))"
  }

  /// A route's name as a file name: letters, digits, `-` and `_`; anything else `_`.
  static func fileName(_ name: String) -> String {
    let kept = name.unicodeScalars.map { scalar -> String in
      scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
        ? String(scalar) : "_"
    }.joined()
    return kept.isEmpty ? "_" : String(kept.prefix(64))
  }

  static func page(_ sections: [String]) -> String {
    """
    \(SitePages.preamble)
    <title>Deep link QA</title>
    <style>
    body { font: 15px -apple-system, system-ui, sans-serif; margin: 1.5em; }
    figure { display: inline-block; margin: 0 1.5em 1em 0; }
    img.qr { image-rendering: pixelated; display: block; }
    .link { word-break: break-all; }
    .refused { color: #8a1c1c; }
    </style>
    </head>
    <body>
    <h1>Deep link QA</h1>
    <p>Scan a code with the device's camera: the app opens at that route. Each route says what it must open.</p>
    \(sections.joined(separator: "\n"))
    <script>
    document.addEventListener("click", function (event) {
      var link = event.target.getAttribute && event.target.getAttribute("data-link");
      if (link && navigator.clipboard) navigator.clipboard.writeText(link);
    });
    </script>
    </body>
    </html>

    """
  }
}

/// A route's parameters as a JSON object, keys sorted.
enum NamedRouteJSON {
  static func object(_ parameters: [String: String]) -> String {
    "{"
      + parameters.sorted { $0.key < $1.key }.map {
        JSONValue.quotedJSON($0.key) + ":" + JSONValue.quotedJSON($0.value)
      }
      .joined(separator: ",") + "}"
  }
}
