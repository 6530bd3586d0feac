import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// Where each file of a link domain's site goes, and the rules that keep the tree safe to write
/// and to serve: every path stays under the site's root, every name is one a disk and a static
/// host keep as written (on Linux, macOS and Windows, case-sensitive or not), no file stands where
/// another needs a folder, and no route universal links may not open is served by a page.
///
/// A route's literal path names a folder page (`path/index.html`) only when it can do so safely;
/// otherwise the route keeps its `_dlk/` page, which `_redirects` and `404.html` serve, and the
/// site says why it has no folder page. A folder page that would stand where the site writes a
/// file of its own (`/404.html`, `/_redirects`, `/_dlk/…`, `/.well-known/…`) is a table problem.
enum SiteLayout {
  /// A generated name is at most this many bytes before its `.html`, so that it is a file name
  /// on every disk (255 bytes) and leaves room for the `_` that tells two routes apart.
  static let maxPageName = 200

  /// The name of a route's `_dlk/` page: its name's ASCII letters, digits and `-`, every other
  /// character `_`, at most ``maxPageName`` bytes, told apart from the names already `used` without
  /// regard to case (on APFS and NTFS, `Home.html` and `home.html` are one file).
  static func pageName(_ route: String, used: inout Set<String>) -> String {
    var name = String(
      route.unicodeScalars.map {
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") ? Character($0) : "_"
      }
      .prefix(maxPageName))
    if name.isEmpty { name = "_" }
    while !used.insert(name.lowercased()).inserted { name += "_" }
    return name
  }

  /// Why a route's decoded literal `segment` cannot name a folder on every disk and host, or
  /// `nil` when it can: `.` and `..` leave the folder, `/` and `\` split it (a static host serves
  /// `x%2Fy`'s folder at `/x/y`), NUL and control characters end or garble it, Windows refuses
  /// `<>:"|?*`, a trailing dot or space, and its device names, and no disk takes more than 255
  /// bytes.
  static func folderProblem(_ segment: String) -> String? {
    if segment.isEmpty { return "is empty" }
    if segment == "." || segment == ".." { return "is \(quoted(segment)), which names a folder above it" }
    if segment.utf8.count > 255 { return "is \(segment.utf8.count) bytes long; a file name holds 255 at most" }
    for scalar in segment.unicodeScalars {
      switch scalar {
      case "/", "\\": return "holds \(quoted(String(scalar))), which splits a path"
      case "<", ">", ":", "\"", "|", "?", "*": return "holds \(quoted(String(scalar))), which Windows refuses in a name"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          return "holds the control character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
        }
      }
    }
    if segment.hasSuffix(".") || segment.hasSuffix(" ") {
      return "ends with a dot or a space, which Windows drops"
    }
    let stem = segment.split(separator: ".", maxSplits: 1).first.map { $0.uppercased() } ?? ""
    if ["CON", "PRN", "AUX", "NUL"].contains(stem)
      || (stem.count == 4 && ["COM", "LPT"].contains(String(stem.prefix(3))) && ("1"..."9").contains(stem.suffix(1)))
    {
      return "is a device name on Windows"
    }
    return nil
  }

  /// Whether a link whose decoded path is `segments` may reach the route of `pattern` on a host
  /// that finds files without regard to case (APFS, NTFS): literals compared case-insensitively,
  /// parameters by their type. A folder page is kept off any path a forbidden route may have
  /// there.
  static func mayMatchIgnoringCase(_ pattern: RoutePattern, _ segments: [String]) -> Bool {
    var index = 0
    for segment in pattern.segments {
      switch segment {
      case .catchAll: return index < segments.count
      case .literal(let text):
        guard index < segments.count, text.lowercased() == segments[index].lowercased() else { return false }
      case .parameter(_, let type):
        guard index < segments.count, type.accepts(segments[index]) || type.accepts(segments[index].lowercased())
        else { return false }
      case .wildcard:
        guard index < segments.count else { return false }
      }
      index += 1
    }
    return index == segments.count
  }

  /// Why the tree of `paths` is not safe to write under one root, or `nil` when it is: a path
  /// that is empty, absolute or leaves the root, a name no disk keeps, two paths that are one on a
  /// case-insensitive disk, or a file where another path needs a folder.
  static func treeProblem(_ paths: [String]) -> String? {
    var files: [String: String] = [:]
    var folders: [String: String] = [:]
    for path in paths {
      guard !path.isEmpty, !path.hasPrefix("/") else { return "the path \(quoted(path)) is not under the root" }
      let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
      for part in parts {
        if let problem = folderProblem(part) { return "the path \(quoted(path)) has a name that \(problem)" }
      }
      let key = path.lowercased()
      if let other = files[key] {
        return "\(quoted(other)) and \(quoted(path)) are one file on a case-insensitive disk"
      }
      if let other = folders[key] { return "\(quoted(path)) is a file where \(quoted(other)) needs a folder" }
      files[key] = path
      for end in parts.indices.dropLast() {
        let folder = parts[...end].joined(separator: "/").lowercased()
        if let other = files[folder] { return "\(quoted(other)) is a file where \(quoted(path)) needs a folder" }
        folders[folder] = folders[folder] ?? path
      }
    }
    return nil
  }

  /// A literal path segment as a `_redirects` rule writes it: percent-encoded as a path segment,
  /// and `*` too, which Netlify and Cloudflare Pages read as a splat matching every later path.
  static func redirectsSegment(_ text: String) -> String {
    PercentEncoding.encodePathSegment(text).replacingOccurrences(of: "*", with: "%2A")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
