import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// What a link domain serves, generated from a route table (`deeplink site generate`): the
/// apple-app-site-association file, Android's `assetlinks.json`, and a landing page for each
/// route universal links may open, for a user without the app: the route's title and link
/// preview, the store links, a Smart App Banner, and a "Get the app" button that copies the link
/// for the app to open after the install (`DeepLinkKitDeferred`). A route the table forbids on
/// universal links gets no page.
///
/// The tree serves from any static host. Pages live under `_dlk/`; a route with no parameter
/// also has its own `path/index.html`; `_redirects` rewrites each pattern to its page on hosts
/// that read it (Netlify, Cloudflare Pages); `404.html`, which the others serve for a missing
/// path (GitHub Pages, S3, Firebase), sends the browser to the right page, which reads the link
/// from its address.
///
/// Link previews (iMessage, Slack) come from the page a crawler is served, and a crawler runs no
/// script. On a `_redirects` host every link is served its route's page, status 200, so each
/// previews with its route's `page`. On a `404.html` host only a route's own `path/index.html` is;
/// a link with parameters is answered 404 with `404.html`, which previews as the app (the
/// options' name, ``Options/description`` and ``Options/image``).
///
/// Apple and Google ask for the association files as `application/json`. `_headers` says so on
/// Netlify and Cloudflare Pages; on S3 set the object's `Content-Type`; on Firebase Hosting add a
/// `headers` entry for them to `firebase.json` (and `"appAssociation": "NONE"`, or Firebase serves
/// its own file); GitHub Pages sets no headers, so it serves the extensionless
/// apple-app-site-association as a download.
struct LinkSite: Sendable {
  /// What the site is generated with.
  struct Options: Sendable, Hashable {
    /// The app's name, the title of a page whose route declares none.
    var name: String
    /// The iOS app IDs (`TEAMID.bundle.id`) for the apple-app-site-association file; none, no file.
    var appIDs: [String]
    /// Their App Clips (`TEAMID.bundle.id.Clip`), for the file's `appclips` section; the first is
    /// the App Clip whose card the pages' Smart App Banner shows.
    var appClipIDs: [String]
    /// The App Store app ID (digits), for the store link and the Smart App Banner.
    var appStoreID: String?
    /// The Android application ID, for `assetlinks.json` and the Play link.
    var androidPackage: String?
    /// The Android app's SHA-256 signing fingerprints.
    var androidFingerprints: [String]
    /// The domain served; by default the table's first universal-link domain.
    var domain: String?
    /// A sentence about the app: the link preview of `404.html`, and of a route's page that
    /// declares none.
    var description: String?
    /// The app's preview image (an absolute `https` URL), for `404.html` and the pages of routes
    /// that declare none.
    var image: String?
    /// The app's icon (a PNG), shown above each page's title and served as `_dlk/icon.png`.
    var icon: [UInt8]?
    /// A team's own stylesheet, in place of the pages' default look (`SitePages.defaultStyle`).
    var stylesheet: String?

    /// Creates options.
    init(
      name: String, appIDs: [String] = [], appClipIDs: [String] = [], appStoreID: String? = nil,
      androidPackage: String? = nil, androidFingerprints: [String] = [], domain: String? = nil,
      description: String? = nil, image: String? = nil, icon: [UInt8]? = nil, stylesheet: String? = nil
    ) {
      self.icon = icon
      self.stylesheet = stylesheet
      self.description = description
      self.image = image
      self.name = name
      self.appIDs = appIDs
      self.appClipIDs = appClipIDs
      self.appStoreID = appStoreID
      self.androidPackage = androidPackage
      self.androidFingerprints = androidFingerprints
      self.domain = domain
    }

    /// The bundle ID of the App Clip the pages show the card of: the first App Clip's ID without
    /// its team ID.
    var appClipBundleID: String? { appClipIDs.first.map(Self.bundleID(ofAppID:)) }

    /// An app ID's bundle ID: `ABCDE12345.com.example.app.Clip` without its team ID.
    static func bundleID(ofAppID id: String) -> String { String(id.split(separator: ".", maxSplits: 1).last ?? "") }
  }

  /// One file of the tree.
  struct File: Sendable, Hashable {
    /// Its path under the site's root, without a leading `/`.
    var path: String
    /// Its bytes.
    var bytes: [UInt8]
    /// Its text (UTF-8).
    var contents: String { String(decoding: bytes, as: UTF8.self) }

    /// A text file.
    init(path: String, contents: String) {
      self.path = path
      bytes = Array(contents.utf8)
    }

    /// A file of bytes (an image).
    init(path: String, bytes: [UInt8]) {
      self.path = path
      self.bytes = bytes
    }
  }

  /// The files, in a stable order.
  var files: [File]
  /// What was left out or needs the app's attention (a rule Android cannot express, a route
  /// that gets no folder page).
  var problems: [ConfigurationProblem]

  /// Why a tree of `paths` cannot be written safely under one folder (a path that leaves it, a
  /// name a disk does not keep, a clash on a case-insensitive disk, a file where a folder goes),
  /// or `nil`: what the tool checks before it writes anything.
  package static func treeProblem(_ paths: [String]) -> String? { SiteLayout.treeProblem(paths) }
}

extension RouteTable {
  /// `domain`, normalized, when the table serves universal links on it (one of its hosts, or a
  /// subdomain of a wildcard host); `nil` when none is asked for. A domain the table does not
  /// serve would get pages and links the app refuses (`unknownHost`), as `aasa verify` calls it
  /// `hostNotServed`: it is refused, for the site and the QA site alike.
  package func servedDomain(_ domain: String?) throws(RouteTableError) -> String? {
    guard let domain = domain.map(AssociationTable.normalized) else { return nil }
    let wildcards = hosts.map(AssociationTable.normalized).filter { $0.hasPrefix("*.") }.map { $0.dropFirst(1) }
    guard appSiteAssociationDomains.contains(domain) || wildcards.contains(where: { domain.hasSuffix($0) }) else {
      throw RouteTableError(problems: [
        .init(
          .invalidOption,
          "the table serves no universal links on \(quoted(domain)) (hostNotServed); its domains: "
            + (appSiteAssociationDomains.isEmpty ? "none" : appSiteAssociationDomains.joined(separator: ", ")))
      ])
    }
    return domain
  }
}

extension RouteTable {
  /// What the link domain serves for this table; see ``LinkSite``.
  ///
  /// - Throws: `RouteTableError` when the table does not build, it serves no universal-link host,
  ///   or an option is malformed (an App Store ID that is not digits, an Android package or
  ///   fingerprint).
  func site(_ options: LinkSite.Options) throws(RouteTableError) -> LinkSite {
    guard let domain = try servedDomain(options.domain) ?? appSiteAssociationDomains.first else {
      throw RouteTableError(problems: [
        .init(.invalidOption, "the table lists no universal-link host; a site serves one domain")
      ])
    }
    if let id = options.appStoreID, id.isEmpty || !id.allSatisfy({ $0.isASCII && $0.isNumber }) {
      throw RouteTableError(problems: [.init(.invalidOption, "the App Store ID \(quoted(id)) is not a number")])
    }
    if let id = options.appClipIDs.first, !AASALinter.isWellFormedAppID(id) {
      throw RouteTableError(problems: [
        .init(
          .invalidOption,
          "the App Clip ID \(quoted(id)) is not TEAMID.bundle.id; the pages' banner names the App Clip's bundle ID")
      ])
    }
    if let icon = options.icon, !icon.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      throw RouteTableError(problems: [.init(.invalidOption, "the icon is not a PNG file")])
    }
    if let style = options.stylesheet, style.lowercased().contains("</") || style.contains("<!--") {
      // Inlined in a <style> element: "</style" would end it and let the rest be markup.
      throw RouteTableError(problems: [
        .init(.invalidOption, "the stylesheet holds \"</\" or \"<!--\", which would end its <style> element")
      ])
    }
    if let image = options.image, let problem = RouteTable.LandingPage.imageProblem(image) {
      throw RouteTableError(problems: [.init(.invalidOption, "the site's image \(quoted(image)) \(problem)")])
    }
    let association = try AssociationTable(self, domain: domain)
    var files: [LinkSite.File] = []
    var problems: [ConfigurationProblem] = []
    if !options.appIDs.isEmpty {
      let (json, found) = try appSiteAssociation(
        appIDs: options.appIDs, appClipIDs: options.appClipIDs, domain: domain)
      files.append(.init(path: ".well-known/apple-app-site-association", contents: json))
      problems += found
    }
    if let package = options.androidPackage {
      let (json, found) = try assetLinks(
        packageName: package, fingerprints: options.androidFingerprints, domain: domain)
      files.append(.init(path: ".well-known/assetlinks.json", contents: json))
      problems += found
    }
    let pages = SitePages(table: self, association: association, domain: domain, options: options)
    let layout = pages.files(besides: files.map(\.path))
    guard layout.clashes.isEmpty else { throw RouteTableError(problems: layout.clashes) }
    files += layout.files
    if let icon = options.icon { files.append(LinkSite.File(path: "_dlk/icon.png", bytes: icon)) }
    if let headers = SitePages.headers(for: files.map(\.path)) {
      files.append(.init(path: "_headers", contents: headers))
    }
    // Whatever the table holds, the tree stays under its root, with names every disk keeps; the
    // rules above make it so, and this says so before anything is written.
    if let problem = SiteLayout.treeProblem(files.map(\.path)) {
      throw RouteTableError(problems: [.init(.conflict, "the site cannot be written: \(problem)")])
    }
    return LinkSite(files: files, problems: problems + layout.notes)
  }

  /// What the table's routes make of the site `deeplink site generate` writes, as `deeplink lint`
  /// reports it: a route whose folder page would stand where the site writes a file of its own
  /// (an error), and a literal path that gets no folder page, and why (a warning). Empty for a
  /// table that serves no universal-link host, or does not build.
  package func siteProblems() -> [ConfigurationProblem] {
    guard let domain = appSiteAssociationDomains.first,
      let association = try? AssociationTable(self, domain: domain)
    else { return [] }
    let pages = SitePages(table: self, association: association, domain: domain, options: .init(name: ""))
    let layout = pages.files(besides: SitePages.associationFiles)
    return layout.clashes.map { ConfigurationProblem($0.code.rawValue, .error, $0.message) } + layout.notes
  }
}
