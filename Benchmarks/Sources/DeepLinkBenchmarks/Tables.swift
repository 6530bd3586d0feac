import DeepLinkKit
import Foundation

// The benchmarks' generated route tables, their traffic, and the baselines they are measured
// against (a linear scan of the same patterns, Foundation's parse).

/// A route of a generated table: which pattern matched and how many parameters it supplied.
struct BenchRoute: Hashable, Sendable {
  let index: Int
  let parameters: Int
}

let vocabulary = [
  "messages", "orders", "profile", "settings", "shop", "cart", "search", "help", "docs", "listings",
  "requests", "posts", "users", "teams", "projects", "files", "events", "photos", "videos", "music",
]

/// The same tables declared once per route, as an app declares them: each route keeps its values,
/// so that the router can print it (and checks, when it is built, that it can).
enum TypedBenchRoute: Hashable, Sendable {
  case section(Int)
  case one(Int, String)
  case item(Int, id: Int)
  case two(Int, String, String)
  case post(Int, user: String, post: Int)
  case rest(Int, path: String)
}

extension TypedBenchRoute {
  /// How many of its strings are too long to be kept inline (more than 15 bytes), so that making
  /// the route allocated them.
  var heapStrings: Int {
    let strings: [String] =
      switch self {
      case .section, .item: []
      case .one(_, let a), .post(_, let a, _), .rest(_, let a): [a]
      case .two(_, let a, let b): [a, b]
      }
    return strings.filter { $0.utf8.count > 15 }.count
  }
}

/// Realistic tables: sections of seven routes mixing literal, typed, untyped, wildcard and
/// catch-all segments, one to five segments long.
enum Table {
  static func section(_ group: Int) -> String { "\(vocabulary[group % vocabulary.count])\(group)" }

  /// The seven shapes of a section: a pattern after the section's name, and a path it matches.
  static let shapes: [(pattern: String, sample: String)] = [
    ("", ""),
    ("/:id", "/42"),
    ("/items/:id(int)", "/items/7"),
    ("/:kind/:name", "/kind/name"),
    ("/:user/posts/:post(int)", "/ana/posts/9"),
    ("/a/b/:x/c", "/a/b/xyz/c"),
    ("/docs/*path", "/docs/guides/setup/intro"),
  ]

  static func pattern(_ index: Int) -> String { "/\(section(index / 7))" + shapes[index % 7].pattern }

  /// A path that route `index` matches.
  static func samplePath(_ index: Int) -> String { "/\(section(index / 7))" + shapes[index % 7].sample }

  /// - Parameter capturing: Whether each route's parse closure captures its index (a context
  ///   object per route, as a generated table makes); else no closure captures anything, as in
  ///   a table written by hand, and every route is built with index -1.
  static func router(_ count: Int, capturing: Bool = true) -> LinkRouter<BenchRoute> {
    router(
      (0..<count).map { index in
        capturing
          ? RouteDefinition<BenchRoute>.path(pattern(index), parse: { BenchRoute(index: index, parameters: $0.count) })
          : RouteDefinition<BenchRoute>.path(pattern(index), parse: { BenchRoute(index: -1, parameters: $0.count) })
      })
  }

  /// The table of `count` routes, each declared once (``typedDefinitions(_:)``).
  static func typedRouter(_ count: Int) -> LinkRouter<TypedBenchRoute> { router(typedDefinitions(count)) }

  /// The schemes and hosts of every table the traffic runs on.
  static func router<Route>(_ routes: [RouteDefinition<Route>]) -> LinkRouter<Route> {
    try! LinkRouter(
      schemes: ["myapp", "myapp-beta"], hosts: ["app.example.com", "www.example.com", "*.example.org"],
      routes: routes)
  }

  /// The table of `count` routes, declared once per route (parse and print from one declaration).
  static func typedDefinitions(_ count: Int) -> [RouteDefinition<TypedBenchRoute>] {
    (0..<count).map { index in
      let pattern = pattern(index)
      switch index % 7 {
      case 0: return .path(pattern, to: .section(index))
      case 1: return .path(pattern) { .one(index, $0) }
      case 2: return .path(pattern) { .item(index, id: $0) }
      case 3: return .path(pattern) { .two(index, $0, $1) }
      case 4: return .path(pattern) { .post(index, user: $0, post: $1) }
      case 5: return .path(pattern) { .one(index, $0) }
      default: return .path(pattern) { .rest(index, path: $0) }
      }
    }
  }

  /// Hits early and late in the table, a typed-parameter fallback, a miss, universal links and
  /// custom schemes, a query and a catch-all.
  static func links(_ count: Int) -> [String] {
    let middle = (count / 7 / 2) * 7
    return [
      "myapp://" + samplePath(1).dropFirst(),  // early hit
      "https://app.example.com" + samplePath(count - 1),  // late hit
      "https://www.example.com/\(section(middle / 7))/items/abc",  // int fails, falls back to /:kind/:name
      "myapp://nothing/here/at/all",  // miss
      "https://shop.example.org" + samplePath(middle + 5),  // five segments, wildcard host
      "myapp-beta://" + samplePath(middle + 4).dropFirst() + "?ref=push&x=1",  // query
      "myapp://" + samplePath(6).dropFirst(),  // catch-all
    ]
  }
}

/// Realistic traffic for a table of `count` routes: `total` distinct links, 65% hits drawn over the
/// whole table (a third with a query), 35% misses of every kind (no route, a typed parameter of the
/// wrong type, an unknown host, an unsupported scheme, a malformed link); half custom scheme, half
/// https. The same seed gives the same links.
enum Traffic {
  struct Links {
    var hits: [String]
    var misses: [String]
  }

  static func links(_ count: Int, total: Int = 10_000, seed: UInt64 = 1) -> Links {
    var random = SplitMix(seed: seed &+ UInt64(count))
    var hits: [String] = []
    var misses: [String] = []
    let hitCount = total * 65 / 100
    for serial in 0..<total {
      let custom = random.next() % 2 == 0
      let prefix =
        custom
        ? "myapp://"
        : ["https://app.example.com/", "https://www.example.com/", "https://shop.example.org/"][Int(random.next() % 3)]
      if serial < hitCount {
        let index = Int(random.next() % UInt64(count))
        var path = String(samplePath(index, serial: serial, random: &random).dropFirst())
        if random.next() % 3 == 0 { path += "?ref=\(["push", "mail", "web"][serial % 3])&n=\(serial)" }
        hits.append(prefix + path)
      } else {
        let section = Table.section(Int(random.next() % UInt64(max(1, count / 7))))
        let link: String
        switch serial % 7 {
        case 0: link = prefix + "unknown\(serial)/page"  // no route: an unknown first segment
        case 1: link = prefix + "\(section)/a/b/x\(serial)/c/d/e"  // no route: too deep
        case 2: link = prefix + "\(section)/u\(serial)/posts/p\(serial)"  // a typed parameter of the wrong type
        case 3: link = "https://evil\(serial % 10).example.net/\(section)/\(serial)"  // unknown host
        case 4: link = ["otherapp://", "http://app.example.com/", "mailto:"][serial % 3] + "\(section)/\(serial)"
        case 5: link = prefix + "\(section)/%zz\(serial)"  // malformed escape
        default: link = prefix + "\(section)/docs/%2e%2e/\(serial)"  // an encoded dot segment
        }
        misses.append(link)
      }
    }
    return Links(hits: hits, misses: misses)
  }

  /// A path route `index` matches, with values that make it distinct.
  static func samplePath(_ index: Int, serial: Int, random: inout SplitMix) -> String {
    let base = "/\(Table.section(index / 7))"
    let word = ["ana", "bo", "cy", "dee", "eve", "fox"][Int(random.next() % 6)] + String(serial)
    switch index % 7 {
    case 0: return base
    case 1: return base + "/\(word)"
    case 2: return base + "/items/\(serial)"
    case 3: return base + "/k\(serial % 97)/\(word)"
    case 4: return base + "/\(word)/posts/\(serial)"
    case 5: return base + "/a/b/\(word)/c"
    default: return base + "/docs/guides/\(word)/intro"
    }
  }
}

/// A small seeded generator (SplitMix64), so that traffic is the same on every run.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The comparison router: tries every pattern in registration order (written here only to
/// measure against; no precedence, first match wins).
struct LinearScan {
  enum Segment {
    case literal(String)
    case parameter
    case integer
    case rest
  }

  let patterns: [[Segment]]

  init(count: Int) {
    patterns = (0..<count).map { index in
      Table.pattern(index).split(separator: "/").map { part -> Segment in
        if part.hasPrefix("*") { return .rest }
        if part.hasSuffix("(int)") { return .integer }
        if part.hasPrefix(":") { return .parameter }
        return .literal(String(part))
      }
    }
  }

  func match(_ link: String) -> Int? {
    guard let range = link.range(of: "://") else { return nil }
    var rest = link[range.upperBound...]
    if let query = rest.firstIndex(of: "?") { rest = rest[..<query] }
    var segments = rest.split(separator: "/")
    if link.hasPrefix("https") { segments.removeFirst() }  // the host
    for (index, pattern) in patterns.enumerated() where matches(pattern, segments) { return index }
    return nil
  }

  private func matches(_ pattern: [Segment], _ segments: [Substring]) -> Bool {
    var position = 0
    for segment in pattern {
      switch segment {
      case .rest: return position < segments.count
      case _ where position >= segments.count: return false
      case .literal(let text): guard segments[position] == text else { return false }
      case .parameter: break
      case .integer: guard Int64(segments[position]) != nil else { return false }
      }
      position += 1
    }
    return position == segments.count
  }
}

/// Foundation's parse alone: `URL(string:)`, `URLComponents`, and splitting the percent-encoded path.
@inline(never)
func foundationParse(_ link: String) -> Int {
  guard let url = URL(string: link), let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
  else { return 0 }
  return components.percentEncodedPath.split(separator: "/").count
}
