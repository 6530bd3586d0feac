/// Turns a URL into a ``PathRequest`` under the routing contract's normalization rules.
///
/// - Custom schemes (listed, compared case-insensitively): the host is the first path segment, so
///   `myapp://messages/42`, `myapp:///messages/42`, `myapp:messages/42` and `MYAPP://messages/42`
///   all give `/messages/42`.
/// - Universal links: `https` only, to a listed host (exact, or `*.domain` for any subdomain),
///   compared in lowercase ASCII (Punycode) form; no user info, no port but 443; a host that is
///   not a valid host name (`HostList`: empty labels, over-long labels, bad Punycode, a percent
///   escape, a backslash, a trailing dot, full-width dots, invisible characters) is malformed.
/// - The path is split on `/` before percent-decoding; empty segments are dropped; a dot segment
///   (also encoded), a malformed escape, bytes that do not decode to UTF-8 and the
///   characters `TextRules` refuses (control and invisible format characters) make the link
///   malformed. Query items are decoded (`+` stays `+`); the fragment is ignored.
///
/// A refused link's message is written only when it is read (``DeepLinkError/message``): the
/// error keeps the adapter and the link, and scanning the link again writes it. So refusing a
/// link allocates nothing.
final class URLAdapter: Sendable {
  let hosts: HostList
  let limits: InputLimits
  /// The lowercase custom schemes in table order, for messages and printing.
  let schemeList: [String]
  let customSchemeHost: CustomSchemeHost
  /// The schemes as bytes, compared without making a string of the link's scheme.
  let schemeBytes: [[UInt8]]
  static let https = Array("https".utf8)

  init(schemes: [String], hosts: HostList, limits: InputLimits, customSchemeHost: CustomSchemeHost = .firstSegment) {
    self.schemeList = schemes.map(\.lowercasedASCII)
    self.schemeBytes = schemeList.map { Array($0.utf8) }
    self.hosts = hosts
    self.limits = limits
    self.customSchemeHost = customSchemeHost
  }

  /// The request for `url`, with its segments and query items as strings (for callers off the
  /// hot path; ``LinkRouter`` resolves links through ``scanned(_:source:writingMessages:matcher:request:)``).
  ///
  /// - Parameters:
  ///   - url: The link as text.
  ///   - source: The source to report; `nil` means the URL's own kind (custom scheme or universal link).
  ///   - writingMessages: Whether a refusal writes its message at once.
  func request(for url: String, source: DeepLinkSource?, writingMessages: Bool = false) throws(DeepLinkError)
    -> PathRequest
  {
    var request: PathRequest?
    _ = try scanned(url, source: source, writingMessages: writingMessages, matcher: nil, request: &request)
    // (Never nil: without a matcher, the scan reads the link into a request, or throws.)
    return request!
  }

  /// The message of a link this adapter refused: the link is scanned again, writing it. (Through
  /// ``request(for:source:writingMessages:)``, so that an app carries one copy of the scan for
  /// both, not one more for this error path.)
  func message(refusing url: String, source: DeepLinkSource?) -> String {
    do {
      _ = try request(for: url, source: source, writingMessages: true)
      return "the link \(quoted(url)) was refused"
    } catch {
      return error.message
    }
  }

  /// A refused link and the adapter that refused it, kept in an error to write its message when
  /// it is read.
  struct RefusedLink: Sendable {
    let adapter: URLAdapter
    let url: String
    let source: DeepLinkSource?
  }

  func unsupportedSchemeMessage(_ scheme: String) -> String {
    var handled = schemeList
    if !hosts.isEmpty { handled.append("https") }
    let list = handled.isEmpty ? "none are listed" : "handled: " + handled.joined(separator: ", ")
    let hint = scheme == "http" ? "; universal links must use https" : ""
    return "the scheme \(quoted(scheme)) is not handled (\(list))\(hint)"
  }

  /// Whether the host, in lowercase ASCII form, is listed.
  func lists(_ host: some Collection<UInt8>) -> Bool { hosts.contains(host) }

  var tooManySegmentsText: String { "the link has more than \(limits.maxSegments) path segments" }
}

/// How a table reads the host of a custom-scheme link.
public enum CustomSchemeHost: String, Sendable, Hashable, CaseIterable {
  /// The host is the first path segment: `myapp://messages/42` is `/messages/42` (the default).
  /// A host in Punycode is read in its Unicode form, as Foundation's `URL` writes a Unicode one:
  /// `myapp://xn--bcher-kva/1` (`URL(string: "myapp://bücher/1")`) is `/bücher/1`.
  case firstSegment
  /// The host is a host, which must be listed: `myapp://app.example.com/messages/42` is
  /// `/messages/42` on `app.example.com`, as some apps' existing links are written;
  /// `myapp:///messages/42` has no host.
  case host
}
