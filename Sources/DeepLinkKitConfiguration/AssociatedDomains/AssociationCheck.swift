import DeepLinkKit
import Foundation

/// The route table's side of universal links: for each route, the glob that encodes its pattern in
/// an apple-app-site-association file, and what the table answers for a URL.
package struct AssociationTable {
  /// One route of the table.
  package struct Route {
    package var name: String
    package var pattern: RoutePattern
    /// Whether a universal link may open it (its `sources` allow `universalLink`).
    package var allowsUniversalLinks: Bool
    /// The glob's segments; empty for the root route.
    package var globSegments: [String]
    /// The positions of single-segment parameters and `*`, whose `?*` may swallow a `/`.
    package var widenedPositions: [Int]
    package var hasNotExpressibleLiteral: Bool

    package var glob: String { "/" + globSegments.joined(separator: "/") }
  }

  package let table: RouteTable
  package let router: LinkRouter<NamedRoute>
  package let routes: [Route]
  /// The table's hosts in lowercase ASCII form (`*.` kept).
  package let hosts: [String]

  package init(_ table: RouteTable, domain: String) throws(RouteTableError) {
    self.table = table
    router = try table.makeRouter()
    hosts = table.hosts.map(Self.normalized)
    var routes: [Route] = []
    for entry in table.routes {
      // A route of another host's group is not served by this domain's file.
      if let host = entry.host, host.lowercasedASCII != domain.lowercasedASCII { continue }
      guard let pattern = try? RoutePattern(entry.path) else { continue }
      var segments: [String] = []
      var widened: [Int] = []
      var notExpressible = false
      for (position, segment) in pattern.segments.enumerated() {
        switch segment {
        case .literal(let text):
          let (glob, exact) = Self.literalGlob(text)
          segments.append(glob)
          notExpressible = notExpressible || !exact
        case .parameter(_, .uuid):
          let hex = { (count: Int) in String(repeating: "$(xdigit)", count: count) }
          segments.append([hex(8), hex(4), hex(4), hex(4), hex(12)].joined(separator: "-"))
        case .parameter, .wildcard:
          segments.append("?*")
          widened.append(position)
        case .catchAll:
          segments.append("?*")
        }
      }
      routes.append(
        Route(
          name: entry.name, pattern: pattern,
          allowsUniversalLinks: entry.sources.map { $0.contains(.universalLink) } ?? true, globSegments: segments,
          widenedPositions: widened, hasNotExpressibleLiteral: notExpressible))
    }
    self.routes = routes.sorted(by: Self.precedes)
  }

  /// A host or `*.domain` entry in lowercase ASCII form, as the router keeps it.
  package static func normalized(_ host: String) -> String {
    let isWildcard = host.hasPrefix("*.")
    let name = isWildcard ? String(host.dropFirst(2)) : host
    let ascii = (try? HostList.normalize(Array(name.utf8), idna: .full)) ?? name.lowercasedASCII
    return isWildcard ? "*." + ascii : ascii
  }

  /// A literal percent-encoded outside RFC 3986 `pchar` (upper-case hex), with `*` and a `$`
  /// that would open a variable replaced by `?`; and whether that is exact.
  package static func literalGlob(_ text: String) -> (String, Bool) {
    var out = ""
    var exact = true
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() {
      let isPChar =
        byte.isASCIILetter || byte.isASCIIDigit || "-._~!$&'()*+,;=:@".utf8.contains(byte)
      if byte == UInt8(ascii: "*")
        || byte == UInt8(ascii: "$") && index + 1 < bytes.count
          && bytes[index + 1] == UInt8(ascii: "(")
      {
        out += "?"
        exact = false
      } else if isPChar {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return (out, exact)
  }

  /// Router precedence, segment by segment: a literal before a typed parameter, before an untyped
  /// one, before `*`, before a catch-all; at equal kinds the longer pattern first; then by text.
  package static func precedes(_ left: Route, _ right: Route) -> Bool {
    let (a, b) = (left.pattern.segments, right.pattern.segments)
    for (x, y) in zip(a, b) where rank(x) != rank(y) { return rank(x) < rank(y) }
    if a.count != b.count { return a.count > b.count }
    return left.glob < right.glob
  }

  private static func rank(_ segment: RoutePattern.Segment) -> Int {
    switch segment {
    case .literal: 0
    case .parameter(_, .string): 2
    case .parameter: 1
    case .wildcard: 3
    case .catchAll: 4
    }
  }

  /// What the table answers for a universal link.
  package enum Answer {
    case opens(String)
    case forbids(String)
    /// No route: only a parameter failed (which a file cannot express), or no route's path
    /// (`nil`).
    case none(ParameterFailure?)

    /// Why a link whose path is a route's opens nothing.
    package enum ParameterFailure {
      /// A typed parameter's value is not of its type.
      case typed
      /// A required query item is missing.
      case missingQuery
    }
  }

  package func answer(_ url: String) -> Answer {
    do {
      let resolution = try router.resolveIgnoringSources(url, as: .universalLink)
      let name = resolution.route.name
      let allows = routes.first { $0.name == name }?.allowsUniversalLinks ?? true
      return allows ? .opens(name) : .forbids(name)
    } catch {
      // A typed parameter of the wrong type, and a missing query item (a path parameter is never
      // missing once the path matched), name the parameter; `noRoute` and the rest do not.
      guard error.code == .invalidParameter else { return .none(nil) }
      if error.message.contains(" must be ") { return .none(.typed) }
      return .none(error.message.hasSuffix(" is missing") ? .missingQuery : nil)
    }
  }
}

extension String {
  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
