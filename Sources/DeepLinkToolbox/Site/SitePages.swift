import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// The landing pages, and the two ways a static host finds them.
struct SitePages {
  struct Page {
    let entry: RouteTable.Entry
    let file: String
    let pattern: RoutePattern
    let isForbidden: Bool

    var segments: [RoutePattern.Segment] { pattern.segments }

    /// The (decoded) segments of a route with no parameter; `nil` for a pattern with
    /// parameters, which has no one link.
    var literals: [String]? {
      var texts: [String] = []
      for case .literal(let text) in segments { texts.append(text) }
      return texts.count == segments.count ? texts : nil
    }
  }

  let table: RouteTable
  /// The routes a link on the domain can reach, as its association file has them: in the
  /// router's precedence order, with their patterns and whether universal links may open them.
  let association: AssociationTable
  let domain: String
  let options: LinkSite.Options

  /// The routes a link on `domain` can reach, most specific first; those whose `sources` forbid
  /// universal links are kept, with no page, so that a broader pattern cannot catch them.
  var pages: [Page] {
    let entries = Dictionary(table.routes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var used: Set<String> = []
    return association.routes.compactMap { route in
      guard let entry = entries[route.name] else { return nil }
      let file = SiteLayout.pageName(route.name, used: &used)
      return Page(entry: entry, file: file, pattern: route.pattern, isForbidden: !route.allowsUniversalLinks)
    }
  }

  /// The files the site writes beside the pages when it is given every option: a route's
  /// folder page may not stand where they do.
  static let associationFiles = [".well-known/apple-app-site-association", ".well-known/assetlinks.json"]

  /// The pages, `404.html` and `_redirects`; a route whose folder page would clash with a file
  /// the site writes (`besides`, or its own) as a table problem (`clashes`), and each literal
  /// path that gets no folder page, with why (`notes`).
  func files(besides: [String]) -> (
    files: [LinkSite.File], clashes: [RouteTableError.Problem], notes: [ConfigurationProblem]
  ) {
    let pages = pages
    var files: [LinkSite.File] = []
    var folders: [(page: Page, path: String, html: String)] = []
    var notes: [ConfigurationProblem] = []
    // A case-insensitive table opens a path's every case variant as the path itself: only a
    // case-sensitive one can send a variant of an allowed path to a forbidden route.
    let forbidden = table.isCaseSensitive ? pages.filter(\.isForbidden) : []
    for page in pages where !page.isForbidden {
      let html = self.html(for: page)
      files.append(.init(path: "_dlk/\(page.file).html", contents: html))
      // The folder a static host serves the route's path from: its decoded segments, when they
      // name folders safely and no forbidden route may have that path on a case-insensitive host.
      guard let literals = page.literals else { continue }
      let why: String? =
        literals.lazy.compactMap { segment in
          SiteLayout.folderProblem(segment).map { "its segment \(quoted(segment)) \($0)" }
        }
        .first
        ?? forbidden.first { SiteLayout.mayMatchIgnoringCase($0.pattern, literals) }.map {
          "a case-insensitive host would serve its folder at the path of \(quoted($0.entry.name)), "
            + "which universal links may not open"
        }
      if let why {
        notes.append(Self.noFolderPage(page, why))
        continue
      }
      folders.append((page, literals.isEmpty ? "index.html" : literals.joined(separator: "/") + "/index.html", html))
    }
    // Two folder pages that differ only in case are one on APFS and NTFS: neither is written.
    let byCase = Dictionary(grouping: folders, by: { $0.path.lowercased() })
    for folder in folders where byCase[folder.path.lowercased()]!.count > 1 {
      let others = byCase[folder.path.lowercased()]!.filter { $0.page.entry.name != folder.page.entry.name }
      notes.append(
        Self.noFolderPage(
          folder.page,
          "its path differs only in case from \(others.map { quoted($0.page.entry.name) }.joined(separator: ", "))'s, "
            + "and a case-insensitive disk keeps one of the two"))
    }
    folders.removeAll { byCase[$0.path.lowercased()]!.count > 1 }
    // Every path the site writes, and every folder one needs, without regard to case, with what
    // writes it: a folder page clashes with a file at its path or at one of its folders, or with
    // a file that needs its path as a folder. One pass over the paths, not one per pair.
    var written: [String: String] = [:]
    var needed: [String: String] = [:]
    let own = besides + files.map(\.path) + ["404.html", "_redirects", "_headers"]
    let paths =
      own.map { ($0, "the site's own file \(quoted($0))") }
      + folders.map { ($0.path, "the folder page of \(quoted($0.page.entry.name))") }
    for (path, what) in paths {
      let key = path.lowercased()
      written[key] = written[key] ?? what
      for folder in Self.folders(of: key) { needed[folder] = needed[folder] ?? what }
    }
    var clashes: [RouteTableError.Problem] = []
    for folder in folders {
      let key = folder.path.lowercased()
      let mine = "the folder page of \(quoted(folder.page.entry.name))"
      let clash =
        Self.folders(of: key).lazy.compactMap { written[$0] }.first
        ?? needed[key] ?? written[key].flatMap { $0 == mine ? nil : $0 }
      if let clash {
        clashes.append(
          .init(
            .conflict,
            "\(RouteLabel(pattern: folder.page.entry.path, name: folder.page.entry.name).text) would have its page at "
              + "\(quoted(folder.path)), which clashes with \(clash); give the route another path"))
      }
    }
    files += folders.map { LinkSite.File(path: $0.path, contents: $0.html) }
    files.append(.init(path: "404.html", contents: notFound(pages)))
    files.append(.init(path: "_redirects", contents: redirects(pages)))
    return (files, clashes, notes)
  }

  /// The folders a path needs: `a/b/c.html` needs `a` and `a/b`.
  static func folders(of path: String) -> [String] {
    var folders: [String] = []
    var end = path.startIndex
    while let slash = path[end...].firstIndex(of: "/") {
      folders.append(String(path[..<slash]))
      end = path.index(after: slash)
    }
    return folders
  }

  static func noFolderPage(_ page: Page, _ why: String) -> ConfigurationProblem {
    ConfigurationProblem(
      "noFolderPage", .warning,
      "\(RouteLabel(pattern: page.entry.path, name: page.entry.name).text) gets no folder page: \(why); "
        + "_redirects and 404.html still serve its page")
  }

  /// `_redirects`: each pattern rewritten to its page (status 200 keeps the address), a
  /// forbidden one to the not-found page. A rule's last `*` matches its prefix too (`/docs/*`
  /// serves `/docs`), which the route's `*name` does not: each catch-all's rule comes after one for
  /// its prefix, the route of that very pattern's when the table has one, else the not-found page
  /// (whose script finds any other route the prefix opens).
  func redirects(_ pages: [Page]) -> String {
    var lines = ["# deeplink site generate: each route's landing page; routes universal links may not open get none"]
    var moved: Set<Int> = []  // the pages written early, before a catch-all of their pattern
    func line(_ segments: [RoutePattern.Segment], _ page: Page?) -> String {
      let target = page.map { $0.isForbidden ? "/404.html  404" : "/_dlk/\($0.file).html  200" } ?? "/404.html  404"
      return "/\(Self.redirectsPattern(segments))  \(target)"
    }
    for (index, page) in pages.enumerated() where !moved.contains(index) {
      if case .catchAll = page.segments.last {
        let prefix = Array(page.segments.dropLast())
        let same = pages.indices.dropFirst(index + 1).first { Self.same(pages[$0].segments, prefix) }
        if let same { moved.insert(same) }
        let prefixLine = line(prefix, same.map { pages[$0] })
        if !lines.contains(prefixLine) { lines.append(prefixLine) }
      }
      lines.append(line(page.segments, page))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Whether two patterns' segments are the same, one by one. (The core's segments are not
  /// `Equatable`: the conformance would be code every app keeps.)
  static func same(_ left: [RoutePattern.Segment], _ right: [RoutePattern.Segment]) -> Bool {
    left.count == right.count
      && zip(left, right).allSatisfy { pair in
        switch pair {
        case (.literal(let a), .literal(let b)), (.catchAll(let a), .catchAll(let b)): a == b
        case (.parameter(let a, let first), .parameter(let b, let second)): a == b && first == second
        case (.wildcard, .wildcard): true
        default: false
        }
      }
  }

  /// A pattern as a `_redirects` rule writes it, after its leading `/`: `:name` a segment, a
  /// last `*` the rest.
  static func redirectsPattern(_ segments: [RoutePattern.Segment]) -> String {
    var wildcard = 0
    return segments.map { segment -> String in
      switch segment {
      case .literal(let text): return SiteLayout.redirectsSegment(text)
      case .parameter(let name, _): return ":" + name
      case .wildcard:
        wildcard += 1
        return ":_any\(wildcard)"
      case .catchAll: return "*"
      }
    }.joined(separator: "/")
  }

  /// `404.html`: finds the page of the path that was asked for, and sends the browser there
  /// with the link in the fragment; a path no page serves (or a forbidden route) stays here.
  func notFound(_ pages: [Page]) -> String {
    let routes = pages.map { page in
      "[" + Self.script(Self.regex(page.segments)) + ", "
        + (page.isForbidden ? "null" : Self.script("/_dlk/\(page.file).html"))
        + "]"
    }.joined(separator: ",\n      ")
    return """
      \(Self.preamble)
      \(previewTags(title: options.name, description: options.description, image: options.image).joined(separator: "\n"))
      \(styleElement)
      <script>
      (function () {
        var routes = [
            \(routes)
        ];
        var path = location.pathname;
        for (var i = 0; i < routes.length; i++) {
          if (new RegExp(routes[i][0]\(table.isCaseSensitive ? "" : ", \"i\"")).test(path)) {
            if (routes[i][1]) location.replace(routes[i][1] + "#" + encodeURIComponent(path + location.search));
            return;
          }
        }
      })();
      </script>
      </head>
      <body>
      <main id="dlk-not-found">\(appHeader)<h1>\(Self.html(options.name))</h1><p>This page does not exist.</p></main>
      </body>
      </html>

      """
  }

  /// A pattern's path as an anchored regular expression over `location.pathname`.
  static func regex(_ segments: [RoutePattern.Segment]) -> String {
    let parts = segments.map { segment -> String in
      switch segment {
      case .literal(let text):
        // As the browser's `location.pathname` may have it: each byte as it is or percent-encoded
        // (a link may encode `_` as `%5F`, which the router reads as `_`), either hex case.
        text.utf8.map(Self.regexByte).joined()
      // A typed value's characters may come percent-encoded too.
      case .parameter(_, .int): "(?:-|%2[Dd])?(?:[0-9]|%3[0-9])+"
      case .parameter(_, .uuid):
        [8, 4, 4, 4, 12].map { "(?:[0-9A-Fa-f]|%3[0-9]|%[46][1-6]){\($0)}" }.joined(separator: "(?:-|%2[Dd])")
      case .parameter, .wildcard: "[^/]+"
      case .catchAll: ".+"
      }
    }
    return parts.isEmpty ? "^/$" : "^/" + parts.joined(separator: "/") + "/?$"
  }

  /// One byte of a literal as the regular expression of a path matches it: `%XX` in either hex
  /// case, or, for a printable ASCII character a path may hold as it is, that character too.
  static func regexByte(_ byte: UInt8) -> String {
    let hex = Array("0123456789ABCDEF")
    let digit = { (value: UInt8) in
      let upper = hex[Int(value)]
      return upper.isLetter ? "[\(upper)\(Character(upper.lowercased()))]" : String(upper)
    }
    let encoded = "%" + digit(byte >> 4) + digit(byte & 0xF)
    guard byte > 0x20, byte < 0x7F, !"/?#%".utf8.contains(byte) else { return encoded }
    let character = Character(Unicode.Scalar(byte))
    let plain = "\\^$.|?*+()[]{}".contains(character) ? "\\\(character)" : String(character)
    return "(?:\(plain)|\(encoded))"
  }

  /// A page's title and link preview (Open Graph): what a crawler reads, as it runs no script.
  func previewTags(title: String, description: String?, image: String?) -> [String] {
    var head = [
      "<title>\(Self.html(title))</title>",
      "<meta property=\"og:title\" content=\"\(Self.html(title))\">",
      "<meta property=\"og:type\" content=\"website\">",
      "<meta property=\"og:site_name\" content=\"\(Self.html(options.name))\">",
    ]
    if let description {
      head.append("<meta name=\"description\" content=\"\(Self.html(description))\">")
      head.append("<meta property=\"og:description\" content=\"\(Self.html(description))\">")
    }
    if let image { head.append("<meta property=\"og:image\" content=\"\(Self.html(image))\">") }
    return head
  }

  /// `_headers` (Netlify, Cloudflare Pages): the association files served as `application/json`,
  /// which Apple and Google ask for; the extensionless apple-app-site-association would otherwise
  /// go out as a download. `nil` when the site has neither.
  static func headers(for paths: [String]) -> String? {
    let json = [".well-known/apple-app-site-association", ".well-known/assetlinks.json"].filter(paths.contains)
    guard !json.isEmpty else { return nil }
    return "# deeplink site generate: the association files as JSON\n"
      + json.map { "/\($0)\n  Content-Type: application/json\n" }.joined()
  }

  /// A route's landing page.
  func html(for page: Page) -> String {
    let entry = page.entry
    let title = entry.page?.title ?? options.name
    // A pattern with parameters has no one link: the banner's argument is the domain until the
    // page's script sets the link it was opened at.
    let path = page.literals.map { $0.map(PercentEncoding.encodePathSegment).joined(separator: "/") } ?? ""
    let canonical = "https://\(domain)/" + path
    var head = previewTags(
      title: title, description: entry.page?.description ?? options.description,
      image: entry.page?.image ?? options.image)
    // The Smart App Banner (Apple, "Promoting Apps with Smart App Banners"), and with an App Clip
    // its card, which Safari shows over the page (AppClip, "Supporting invocations from your
    // website and the Messages app"). The script replaces the argument, which comes last.
    var banner: [String] = []
    if let id = options.appStoreID { banner.append("app-id=\(id)") }
    if let clip = options.appClipBundleID { banner += ["app-clip-bundle-id=\(clip)", "app-clip-display=card"] }
    if !banner.isEmpty {
      let content = (banner + ["app-argument=\(canonical)"]).joined(separator: ", ")
      head.append("<meta name=\"apple-itunes-app\" id=\"dlk-banner\" content=\"\(Self.html(content))\">")
    }
    let appStore = options.appStoreID.map { "https://apps.apple.com/app/id\($0)" }
    let play = options.androidPackage.map { "https://play.google.com/store/apps/details?id=\($0)" }
    var stores: [String] = []
    if let appStore {
      stores.append("<a id=\"dlk-app-store\" href=\"\(Self.html(appStore))\">Download on the App Store</a>")
    }
    if let play { stores.append("<a id=\"dlk-play\" href=\"\(Self.html(play))\">Get it on Google Play</a>") }
    return """
      \(Self.preamble)
      \(head.joined(separator: "\n"))
      \(styleElement)
      </head>
      <body>
      <main>
      \(appHeader)
      <h1>\(Self.html(title))</h1>
      \(entry.page?.description.map { "<p>\(Self.html($0))</p>" } ?? "")
      <p>This opens in the \(Self.html(options.name)) app. Get the app, and it opens here right after the install.</p>
      <p><button id="dlk-get" type="button">Get the app</button></p>
      \(inAppBrowserBox(for: entry))
      <p id="dlk-link"></p>
      <p class="dlk-stores">\(stores.joined(separator: " "))</p>
      </main>
      <script>
      (function () {
        var host = \(Self.script(domain));
        var appStore = \(appStore.map(Self.script) ?? "null");
        var play = \(play.map(Self.script) ?? "null");
        // 404.html puts the path it was asked for in the fragment; a fragment that is not one
        // (a malformed escape, #%) would throw before the button works: the page's own address.
        var fragment = "";
        try { fragment = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : ""; } catch (e) {}
        var path = fragment.charAt(0) === "/" ? fragment : location.pathname + location.search;
        var link = "https://" + host + path;
        var button = document.getElementById("dlk-get");
        button.setAttribute("data-link", link);
        document.getElementById("dlk-link").textContent = link;
        // An app's own browser (InAppBrowsers) hands no universal link to iOS: show the button
        // that opens the route by the app's scheme, and the hint to open the page in Safari.
        var markers = \(Self.scriptArray(InAppBrowsers.markers.map(\.marker)));
        var agent = navigator.userAgent;
        if (markers.some(function (marker) { return agent.indexOf(marker) >= 0; })) {
          document.getElementById("dlk-in-app").hidden = false;
          var open = document.getElementById("dlk-open-app");
          var rest = link.slice(("https://" + host).length);
          if (open) open.setAttribute("href", \(customSchemePrefix) + rest\(table.customSchemeHost == .host ? "" : ".replace(/^\\//, \"\")"));
        }
        var banner = document.getElementById("dlk-banner");
        if (banner) banner.setAttribute("content", banner.getAttribute("content").replace(/app-argument=.*$/, "app-argument=" + link));
        button.addEventListener("click", function () {
          // The link marked with the time of the tap (DeferredLinks.handoffLink): what the app
          // finds on the pasteboard at its first launch. A mark the link carries already (a
          // shared hand-off link) is replaced, so that this tap dates it.
          var hash = link.indexOf("#");
          var base = hash < 0 ? link : link.slice(0, hash);
          var fragment = hash < 0 ? "" : link.slice(hash);
          var mark = base.indexOf("?");
          if (mark >= 0) {
            var kept = base.slice(mark + 1).split("&").filter(function (item) {
              return item.split("=")[0] !== "\(DeferredHandoff.item)";
            });
            base = base.slice(0, mark) + (kept.length ? "?" + kept.join("&") : "");
          }
          // An item of its own: after the query's own `?` when the query is empty, else after
          // `&` (a later `?` is a character of the query).
          var start = base.indexOf("?");
          var query = start < 0 ? "?" : (start === base.length - 1 ? "" : "&");
          var marked = base + query + "\(DeferredHandoff.item)=" + Math.floor(Date.now() / 1000) + fragment;
          var store = /Android/.test(navigator.userAgent) ? (play || appStore) : (appStore || play);
          var go = window.dlkOpenStore || function (url) { if (url) location.href = url; };
          var done = function () { go(store); };
          if (navigator.clipboard && navigator.clipboard.writeText) {
            navigator.clipboard.writeText(marked).then(done, done);
          } else {
            done();
          }
        });
      })();
      </script>
      </body>
      </html>

      """
  }

  /// How every page begins: HTML5, UTF-8, sized for a phone.
  static let preamble = """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    """

  static func html(_ text: String) -> String { MarkupText.html(text) }

  static func script(_ text: String) -> String { MarkupText.script(text) }
}

/// The pages' JavaScript string quoting, for tests.
package enum SitePagesScript {
  package static func quote(_ text: String) -> String { SitePages.script(text) }
}

/// The query item a landing page marks its hand-off link with: `DeferredLinks.handoffItem` of
/// `DeepLinkKitDeferred`, which this product does not link; a test keeps the two equal.
package enum DeferredHandoff {
  package static let item = "dlk_handoff"
}
