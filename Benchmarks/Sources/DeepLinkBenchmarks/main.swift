import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

// DeepLinkKit benchmarks: resolve cost against two baselines measured in the same run, on the
// same links, in interleaved rounds (so that a noisy machine slows every measure alike and the
// ratios stay meaningful). `Benchmarks/run` builds this in release mode, runs it, counts
// allocations with valgrind, and writes RESULTS.md.
//
//   DeepLinkBenchmarks                 the timing table (markdown)
//   DeepLinkBenchmarks traffic S K N    resolves the realistic traffic of an S-route table N times
//                                      (K: hits, misses, typed-hits, typed-misses for the table
//                                      declared once per route, foundation-hits, foundation-misses),
//                                      for valgrind's DHAT and callgrind
//   DeepLinkBenchmarks build N          builds a 2,000-route table N times, for profiling
//   DeepLinkBenchmarks declare-typed N  declares the 2,000 routes once each, N times, for profiling
//   DeepLinkBenchmarks build-typed N    builds the 2,000 routes declared once each, N times
//   DeepLinkBenchmarks traffic-time     times only the realistic traffic's hits, at 10 and 10,000 routes
//                                      (also with parse closures that capture nothing, and declared
//                                      once per route), and building 2,000 routes
//   DeepLinkBenchmarks launch K N       builds the 40-route app's router and dispatcher N times and
//                                      keeps them (K: declared, or parse for parse closures), for
//                                      callgrind and DHAT
//   DeepLinkBenchmarks launch-time K    times the app's first build in this process, then later ones
//   DeepLinkBenchmarks declare-launch N declares the 40-route app's table N times, for profiling
//   DeepLinkBenchmarks keep-typed S N   builds and keeps N tables of S routes declared once each
//   DeepLinkBenchmarks dispatch N       receives and delivers a link N times, for profiling
//   DeepLinkBenchmarks window S N       receives N links with S in the duplicate window, for callgrind

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

// MARK: - Measuring

@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Nanoseconds per call of each measure, as the median of `rounds` samples; the measures are
/// interleaved round by round. Each measure makes `calls` calls per sample.
func interleaved(rounds: Int, _ measures: [(calls: Int, body: () -> Void)]) -> [Double] {
  var samples = Array(repeating: [Double](), count: measures.count)
  for _ in 0..<rounds {
    for (index, measure) in measures.enumerated() {
      let start = DispatchTime.now().uptimeNanoseconds
      measure.body()
      samples[index].append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(measure.calls))
    }
  }
  return samples.map { $0.sorted()[$0.count / 2] }
}

func format(_ nanoseconds: Double) -> String {
  if nanoseconds >= 10_000_000 { return String(format: "%.0f ms", nanoseconds / 1_000_000) }
  return nanoseconds >= 100_000
    ? String(format: "%.0f µs", nanoseconds / 1000)
    : nanoseconds >= 10_000
      ? String(format: "%.1f µs", nanoseconds / 1000)
      : nanoseconds >= 1000 ? String(format: "%.2f µs", nanoseconds / 1000) : String(format: "%.0f ns", nanoseconds)
}

func ratio(_ value: Double) -> String { String(format: "%.2f×", value) }

// MARK: - Main

let arguments = CommandLine.arguments
/// Allocations per resolve on a hit, as `Benchmarks/run` counted them with valgrind's DHAT.
let allocationsPerHit: Double? =
  arguments.firstIndex(of: "--allocations-per-hit").flatMap {
    arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil
  }
/// Allocations per resolve on a miss of the realistic traffic, as `Benchmarks/run` counted them.
let allocationsPerMiss: Double? =
  arguments.firstIndex(of: "--allocations-per-miss").flatMap {
    arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil
  }
/// Allocations per resolve on a hit of the table declared once per route, as `Benchmarks/run`
/// counted them.
let allocationsPerTypedHit: Double? =
  arguments.firstIndex(of: "--allocations-per-typed-hit").flatMap {
    arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil
  }
/// Instructions per link of the realistic traffic, as `Benchmarks/run` counted them with
/// callgrind: `--instructions NAME COUNT`, NAME as `hits-10` or `foundation-misses-10000`.
let trafficInstructions: [String: Double] = Dictionary(
  arguments.indices.filter { arguments[$0] == "--instructions" && $0 + 2 < arguments.count }.compactMap { index in
    Double(arguments[index + 2]).map { (arguments[index + 1], $0) }
  }, uniquingKeysWith: { first, _ in first })
/// What the 40-route app pays at launch, as `Benchmarks/run` measured it in fresh processes:
/// `--launch NAME VALUE`, NAME as `declared-first-instructions`, `parse-later-time` (nanoseconds)
/// or `declared-kept-bytes`.
let launch: [String: Double] = Dictionary(
  arguments.indices.filter { arguments[$0] == "--launch" && $0 + 2 < arguments.count }.compactMap { index in
    Double(arguments[index + 2]).map { (arguments[index + 1], $0) }
  }, uniquingKeysWith: { first, _ in first })
/// Instructions per dispatcher receive with 10 and 10,000 links in the window, as `Benchmarks/run`
/// counted them with callgrind.
let windowInstructions: [Double] = arguments.indices.filter { arguments[$0] == "--window-instructions" }
  .compactMap { arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil }
if arguments.count == 5, arguments[1] == "traffic", let size = Int(arguments[2]), let passes = Int(arguments[4]) {
  // Resolves the table's traffic `passes` times: hits, misses, or Foundation's parse of either,
  // for callgrind and DHAT (two pass counts, so that start-up cancels out).
  let links = Traffic.links(size)
  let kind = arguments[3]
  let list = kind.hasSuffix("misses") ? links.misses : links.hits
  var total = 0
  if kind.hasPrefix("typed") {
    let router = Table.typedRouter(size)
    for _ in 0..<passes {
      for link in list { blackHole(try? router.resolve(link)) }
    }
  } else {
    let router = Table.router(size)
    for _ in 0..<passes {
      for link in list {
        if kind.hasPrefix("foundation") {
          total &+= foundationParse(link)
        } else if let resolution = try? router.resolve(link) {
          total &+= resolution.route.index
        }
      }
    }
  }
  blackHole(total)
  exit(0)
}
if arguments.count == 2, arguments[1] == "traffic-time" {
  // Only the realistic traffic's timing, at 10 and 10,000 routes, for quick comparisons; and the
  // same tables with parse closures that capture nothing, which tells the router's own cost from
  // that of reading each route's context.
  let sizes = [10, 10_000]
  let routers = sizes.map { Table.router($0) } + sizes.map { Table.router($0, capturing: false) }
  let traffic = sizes.map { Traffic.links($0) }
  var measures: [(calls: Int, body: () -> Void)] = []
  for (router, links) in zip(routers.prefix(2), traffic) {
    measures.append((links.hits.count, { for link in links.hits { blackHole(try? router.resolve(link)) } }))
    measures.append((links.hits.count, { for link in links.hits { blackHole(foundationParse(link)) } }))
  }
  for (router, links) in zip(routers.suffix(2), traffic) {
    measures.append((links.hits.count, { for link in links.hits { blackHole(try? router.resolve(link)) } }))
  }
  for (router, links) in zip(sizes.map(Table.typedRouter), traffic) {
    measures.append((links.hits.count, { for link in links.hits { blackHole(try? router.resolve(link)) } }))
  }
  let times = interleaved(rounds: 31, measures)
  var builds: [Double] = []
  let definitions = (0..<2_000).map { index in
    RouteDefinition<BenchRoute>.path(Table.pattern(index), parse: { BenchRoute(index: index, parameters: $0.count) })
  }
  for _ in 0..<31 {
    let start = DispatchTime.now().uptimeNanoseconds
    let router = try! LinkRouter(schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], routes: definitions)
    builds.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    blackHole(router)
  }
  print("build 2,000 routes: \(format(builds.sorted()[15]))")
  print(
    "hits: 10 routes \(format(times[0])) (\(ratio(times[0] / times[1])) Foundation), 10,000 routes \(format(times[2])) (\(ratio(times[2] / times[3]))), 10,000 ÷ 10 \(ratio(times[2] / times[0]))"
  )
  print(
    "hits, closures capturing nothing: 10 routes \(format(times[4])), 10,000 routes \(format(times[5])) (\(ratio(times[5] / times[3])) Foundation), 10,000 ÷ 10 \(ratio(times[5] / times[4]))"
  )
  print(
    "hits, routes declared once: 10 routes \(format(times[6])) (\(ratio(times[6] / times[1])) Foundation), 10,000 routes \(format(times[7])) (\(ratio(times[7] / times[3]))), 10,000 ÷ 10 \(ratio(times[7] / times[6]))"
  )
  exit(0)
}
if arguments.count == 3, arguments[1] == "dispatch", let count = Int(arguments[2]) {
  MainActor.assumeIsolated {
    let dispatcher = LinkDispatcher(router: Table.router(1_000), duplicateWindow: .zero, deliver: { blackHole($0) })
    dispatcher.satisfy(.ready)
    let input = DeepLinkInput.url("myapp://" + Table.samplePath(1).dropFirst())
    for _ in 0..<count { blackHole(dispatcher.receive(input)) }
  }
  exit(0)
}
if arguments.count == 4, arguments[1] == "window", let size = Int(arguments[2]), let count = Int(arguments[3]) {
  MainActor.assumeIsolated { windowProbe(size: size, count: count) }
  exit(0)
}
if arguments.count == 4, arguments[1] == "launch", let count = Int(arguments[3]) {
  // Builds the 40-route app's router and dispatcher `count` times, keeping each (for callgrind and
  // DHAT: 0 and 1 give the first build in a process, 1 and 11 ten later ones, and what DHAT finds
  // live at the end, over two counts, what each keeps).
  let declared = arguments[2] == "declared"
  MainActor.assumeIsolated {
    var kept: [LinkDispatcher<LaunchRoute>] = []
    for _ in 0..<count { kept.append(LaunchApp.launch(declared: declared)) }
    blackHole(kept)
    exit(0)
  }
}
if arguments.count == 3, arguments[1] == "declare-launch", let count = Int(arguments[2]) {
  // Declares the 40-route app's table `count` times, building no router, for profiling.
  for _ in 0..<count { blackHole(LaunchApp.declaredRoutes()) }
  exit(0)
}
if arguments.count == 4, arguments[1] == "keep-typed", let size = Int(arguments[2]), let count = Int(arguments[3]) {
  // Builds a table of `size` routes declared once each `count` times and keeps every router.
  let routers = (0..<count).map { _ in try! LinkRouter(schemes: ["myapp"], routes: Table.typedDefinitions(size)) }
  blackHole(routers)
  exit(0)
}
if arguments.count == 3, arguments[1] == "launch-time" {
  // The first build of the 40-route app in this process (`declared` or `parse`), then the median
  // of 31 later ones, in nanoseconds, and the page faults the first build took.
  let declared = arguments[2] == "declared"
  func pageFaults() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
      getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
      getrusage(RUSAGE_SELF, &usage)
    #endif
    return usage.ru_minflt + usage.ru_majflt
  }
  MainActor.assumeIsolated {
    let faults = pageFaults()
    var start = DispatchTime.now().uptimeNanoseconds
    blackHole(LaunchApp.launch(declared: declared))
    let first = DispatchTime.now().uptimeNanoseconds - start
    let firstFaults = pageFaults() - faults
    var later: [UInt64] = []
    for _ in 0..<31 {
      start = DispatchTime.now().uptimeNanoseconds
      let dispatcher = LaunchApp.launch(declared: declared)
      later.append(DispatchTime.now().uptimeNanoseconds - start)
      blackHole(dispatcher)
    }
    print(first, later.sorted()[15], firstFaults)
  }
  exit(0)
}
if arguments.count == 3, arguments[1] == "build", let count = Int(arguments[2]) {
  for _ in 0..<count { blackHole(Table.router(2_000)) }
  exit(0)
}
if arguments.count == 3, arguments[1] == "declare-typed", let count = Int(arguments[2]) {
  for _ in 0..<count { blackHole(Table.typedDefinitions(2_000)) }
  exit(0)
}
if arguments.count == 3, arguments[1] == "build-typed", let count = Int(arguments[2]) {
  let definitions = Table.typedDefinitions(2_000)
  for _ in 0..<count { blackHole(try! LinkRouter(schemes: ["myapp"], routes: definitions)) }
  exit(0)
}

let rounds = 31
var lines: [String] = []
lines.append(
  "| routes | resolve `String` | resolve `URL` | Foundation parse | linear scan | `String` ÷ Foundation | `URL` ÷ Foundation | linear ÷ `String` |"
)
lines.append("|---:|---:|---:|---:|---:|---:|---:|---:|")
var resolveBySize: [Int: Double] = [:]
var worstFoundationRatio = 0.0
var leadBySize: [Int: Double] = [:]
// Every table size is measured in the same interleaved rounds, so that the ratios between sizes
// compare like with like on a noisy machine.
let sizes = [10, 100, 1_000, 10_000]
let routers = sizes.map { Table.router($0) }
let allLinks = sizes.map(Table.links)
for (router, links) in zip(routers, allLinks) {
  // Every link resolves as the table says (a miss is the only refusal).
  precondition(links.map { (try? router.resolve($0)) != nil } == [true, true, true, false, true, true, true])
}
let repeats = 200
var measures: [(calls: Int, body: () -> Void)] = []
for (position, size) in sizes.enumerated() {
  let (router, links) = (routers[position], allLinks[position])
  let urls = links.map { URL(string: $0)! }
  let scan = LinearScan(count: size)
  let linearRepeats = max(1, 4_000 / size)
  let calls = links.count * repeats
  measures += [
    (calls, { for _ in 0..<repeats { for link in links { blackHole(try? router.resolve(link)) } } }),
    (calls, { for _ in 0..<repeats { for url in urls { blackHole(try? router.resolve(url)) } } }),
    (calls, { for _ in 0..<repeats { for link in links { blackHole(foundationParse(link)) } } }),
    (links.count * linearRepeats, { for _ in 0..<linearRepeats { for link in links { blackHole(scan.match(link)) } } }),
  ]
}
let measured = interleaved(rounds: rounds, measures)
for (position, size) in sizes.enumerated() {
  let (string, url, foundation, linear) = (
    measured[position * 4], measured[position * 4 + 1], measured[position * 4 + 2], measured[position * 4 + 3]
  )
  resolveBySize[size] = string
  worstFoundationRatio = max(worstFoundationRatio, string / foundation)
  leadBySize[size] = linear / string
  lines.append(
    "| \(size) | \(format(string)) | \(format(url)) | \(format(foundation)) | \(format(linear)) | \(ratio(string / foundation)) | \(ratio(url / foundation)) | \(ratio(linear / string)) |"
  )
}

// Realistic traffic: 10,000 distinct links per table, hits and misses measured apart, each
// against Foundation's parse of the same links, all sizes in the same interleaved rounds.
let traffic = sizes.map { Traffic.links($0) }
for (router, links) in zip(routers, traffic) {
  precondition(links.hits.allSatisfy { (try? router.resolve($0)) != nil }, "a traffic hit does not resolve")
  precondition(links.misses.allSatisfy { (try? router.resolve($0)) == nil }, "a traffic miss resolves")
}
var trafficMeasures: [(calls: Int, body: () -> Void)] = []
for (router, links) in zip(routers, traffic) {
  for list in [links.hits, links.misses] {
    trafficMeasures += [
      (list.count, { for link in list { blackHole(try? router.resolve(link)) } }),
      (list.count, { for link in list { blackHole(foundationParse(link)) } }),
    ]
  }
}
let trafficMeasured = interleaved(rounds: rounds, trafficMeasures)
var trafficHits: [Int: (resolve: Double, foundation: Double)] = [:]
var trafficMisses: [Int: (resolve: Double, foundation: Double)] = [:]
lines += [
  "",
  "| routes | hits: resolve | hits: Foundation | hits ÷ Foundation | misses: resolve | misses: Foundation | misses ÷ Foundation |",
  "|---:|---:|---:|---:|---:|---:|---:|",
]
for (position, size) in sizes.enumerated() {
  let values = trafficMeasured[(position * 4)..<(position * 4 + 4)].map { $0 }
  trafficHits[size] = (values[0], values[1])
  trafficMisses[size] = (values[2], values[3])
  lines.append(
    "| \(size) | \(format(values[0])) | \(format(values[1])) | \(ratio(values[0] / values[1])) | \(format(values[2])) | \(format(values[3])) | \(ratio(values[2] / values[3])) |"
  )
}

// The hits of the same traffic on the tables declared once per route (typed values), at 10 and
// 10,000 routes, in rounds of their own (so that they leave the rounds above as they were).
let typedSizes = [10, 10_000]
let typedRouters = typedSizes.map(Table.typedRouter)
var typedMeasures: [(calls: Int, body: () -> Void)] = []
for (router, size) in zip(typedRouters, typedSizes) {
  let links = traffic[sizes.firstIndex(of: size)!]
  precondition(links.hits.allSatisfy { (try? router.resolve($0)) != nil }, "a traffic hit does not resolve")
  precondition(links.misses.allSatisfy { (try? router.resolve($0)) == nil }, "a traffic miss resolves")
  let hits = links.hits
  typedMeasures += [
    (hits.count, { for link in hits { blackHole(try? router.resolve(link)) } }),
    (hits.count, { for link in hits { blackHole(foundationParse(link)) } }),
  ]
}
let typedMeasured = interleaved(rounds: rounds, typedMeasures)
lines += [
  "",
  "| routes, declared once | hits: resolve | hits: Foundation | hits ÷ Foundation |",
  "|---:|---:|---:|---:|",
]
var typedHitRatios: [Double] = []
/// The route's own allocations per hit, on the traffic whose allocations valgrind counts (1,000
/// routes): its strings too long to be kept inline.
let typedPayload: Double = {
  let router = Table.typedRouter(1_000)
  let hits = traffic[sizes.firstIndex(of: 1_000)!].hits
  return Double(hits.map { try! router.route(for: $0).heapStrings }.reduce(0, +)) / Double(hits.count)
}()
for (position, size) in typedSizes.enumerated() {
  let (resolve, foundation) = (typedMeasured[position * 2], typedMeasured[position * 2 + 1])
  typedHitRatios.append(resolve / foundation)
  lines.append("| \(size) | \(format(resolve)) | \(format(foundation)) | \(ratio(resolve / foundation)) |")
}

// Building a table of 2,000 routes.
let definitions = (0..<2_000).map { index in
  RouteDefinition<BenchRoute>.path(Table.pattern(index), parse: { BenchRoute(index: index, parameters: $0.count) })
}
// Only construction is timed: each router is freed after its clock stops.
var buildSamples: [Double] = []
for _ in 0..<rounds {
  let start = DispatchTime.now().uptimeNanoseconds
  let router = try! LinkRouter(schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], routes: definitions)
  buildSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  blackHole(router)
}
let build = buildSamples.sorted()[rounds / 2]

// The same 2,000 routes declared once each: declaring (the values located for printing) and
// building (every declaration's route printed and resolved back) are timed together, as an app
// pays for both at launch.
var typedBuildSamples: [Double] = []
for _ in 0..<rounds {
  let start = DispatchTime.now().uptimeNanoseconds
  let router = try! LinkRouter(
    schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], routes: Table.typedDefinitions(2_000))
  typedBuildSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  blackHole(router)
}
let typedBuild = typedBuildSamples.sorted()[rounds / 2]

// The dispatcher: receive a link and deliver it (the app is ready).
let receiveToDeliver = MainActor.assumeIsolated { () -> Double in
  var delivered = 0
  let dispatcher = LinkDispatcher(
    router: Table.router(1_000), duplicateWindow: .zero, deliver: { _ in delivered += 1 })
  dispatcher.satisfy(.ready)
  let input = DeepLinkInput.url("myapp://" + Table.samplePath(1).dropFirst())
  let repeats = 2_000
  let time = interleaved(
    rounds: rounds, [(repeats, { for _ in 0..<repeats { blackHole(dispatcher.receive(input)) } })])[0]
  precondition(delivered == repeats * rounds)
  return time
}

// The dispatcher under load: N links inside the duplicate window (the clock moves 1 µs a link
// and the window is N µs, over 2N distinct routes, so no link is a duplicate), and draining N
// held links at once. Both must cost the same per link at any N.
final class BenchClock {
  var now: Duration = .zero
}
let windowSizes = [1, 10, 100, 1_000, 10_000]
let (perLinkInWindow, perLinkDrained) = MainActor.assumeIsolated { () -> ([Double], [Double]) in
  var window: [Double] = []
  var drain: [Double] = []
  for size in windowSizes {
    let clock = BenchClock()
    let dispatcher = LinkDispatcher(
      router: Table.router(10), duplicateWindow: .microseconds(size), clock: { clock.now }, deliver: { blackHole($0) })
    dispatcher.satisfy(.ready)
    let routes = (0..<(2 * size)).map { BenchRoute(index: $0, parameters: 0) }
    var next = 0
    let calls = 20_000
    window.append(
      interleaved(
        rounds: 9,
        [
          (
            calls,
            {
              for _ in 0..<calls {
                clock.now += .microseconds(1)
                blackHole(dispatcher.receive(route: routes[next], source: .push))
                next = next == routes.count - 1 ? 0 : next + 1
              }
            }
          )
        ])[0])
    var drained: [Double] = []
    for _ in 0..<9 {
      let queue = LinkDispatcher(
        router: Table.router(10), holdingPolicy: .queue(limit: size), duplicateWindow: .zero,
        deliver: { blackHole($0) })
      for index in 0..<size { queue.receive(route: BenchRoute(index: index, parameters: 0), source: .push) }
      let start = DispatchTime.now().uptimeNanoseconds
      queue.satisfy(.ready)
      drained.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(size))
      precondition(queue.heldLinks.isEmpty)
    }
    drain.append(drained.sorted()[4])
  }
  return (window, drain)
}
lines += [
  "",
  "| links in the duplicate window, or held and drained at once | 1 | 10 | 100 | 1,000 | 10,000 | 10,000 ÷ 1 |",
  "|---|---:|---:|---:|---:|---:|---:|",
  "| receive → deliver, per link | " + perLinkInWindow.map(format).joined(separator: " | ")
    + " | \(ratio(perLinkInWindow[4] / perLinkInWindow[0])) |",
  "| drain a held queue, per link | " + perLinkDrained.map(format).joined(separator: " | ")
    + " | \(ratio(perLinkDrained[4] / perLinkDrained[1])) (÷ 10) |",
]

// Linting a table of 100,000 routes from its JSON text, as `deeplink lint` does: reading,
// checking and building.
let lintJSON: Data = {
  let routes = (0..<100_000).map { #"{"name": "r\#($0)", "path": "\#(Table.pattern($0))"}"# }
  return Data(
    (#"{"schemes": ["myapp"], "hosts": ["app.example.com", "*.example.org"], "routes": ["#
      + routes.joined(separator: ",\n") + "]}").utf8)
}()
var lintSamples: [Double] = []
for _ in 0..<5 {
  let start = DispatchTime.now().uptimeNanoseconds
  let router = try! RouteTable.makeRouter(json: lintJSON)
  lintSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  precondition(router.routeCount == 100_000)
}
let lint = lintSamples.sorted()[2]

let scaling = resolveBySize[10_000]! / resolveBySize[10]!
let trafficScaling = trafficHits[10_000]!.resolve / trafficHits[10]!.resolve
let worstHits = sizes.map { trafficHits[$0]!.resolve / trafficHits[$0]!.foundation }.max()!
let worstMisses = sizes.map { trafficMisses[$0]!.resolve / trafficMisses[$0]!.foundation }.max()!
func verdict(_ holds: Bool) -> String { holds ? "met" : "**missed**" }
/// The instruction ratio of one kind of link at one size, if callgrind counted it.
/// A typed kind (`typed-hits`) is the same links on the table declared once per route.
func instructionRow(_ kind: String, _ size: Int) -> String {
  let links = kind.hasPrefix("typed-") ? String(kind.dropFirst(6)) : kind
  let label = kind.hasPrefix("typed-") ? "\(links), routes declared once," : kind
  guard let resolve = trafficInstructions["\(kind)-\(size)"],
    let foundation = trafficInstructions["foundation-\(links)-\(size)"]
  else {
    return
      "| \(label) ÷ Foundation parse, instructions (callgrind), \(size) routes | not measured (valgrind is not installed) | ≤ 0.50× | |"
  }
  let value = resolve / foundation
  return
    "| \(label) ÷ Foundation parse, instructions (callgrind), \(size) routes | \(ratio(value)) (\(Int(resolve)) ÷ \(Int(foundation))) | ≤ 0.50× | \(verdict(value <= 0.5)) |"
}
let worstTypedHits = typedHitRatios.max()!
let typedScaling = typedMeasured[2] / typedMeasured[0]
let flatWindow = perLinkInWindow[4] / perLinkInWindow[0]
lines += [
  "",
  "| measure | result | target | |",
  "|---|---:|---:|---|",
  "| realistic traffic: hits ÷ Foundation parse, time, worst table size | \(ratio(worstHits)) | ≤ 0.50× | \(verdict(worstHits <= 0.5)) |",
  "| realistic traffic: misses ÷ Foundation parse, time, worst table size | \(ratio(worstMisses)) | ≤ 0.50× | \(verdict(worstMisses <= 0.5)) |",
  instructionRow("hits", 10), instructionRow("hits", 10_000), instructionRow("misses", 10),
  instructionRow("misses", 10_000),
  "| realistic traffic: hits at 10,000 routes ÷ at 10 routes (distinct links) | \(ratio(trafficScaling)) | ≤ 1.25× | \(verdict(trafficScaling <= 1.25)) |",
  allocationsPerHit.map {
    "| allocations per hit, realistic traffic (valgrind DHAT; the route's own values aside) | \(String(format: "%.2f", $0)) | ≤ 1 | \(verdict($0 <= 1.005)) |"
  } ?? "| allocations per hit | not measured (valgrind is not installed) | ≤ 1 | |",
  allocationsPerMiss.map {
    "| allocations per miss, realistic traffic (valgrind DHAT) | \(String(format: "%.2f", $0)) | 0 | \(verdict($0 <= 0.005)) |"
  } ?? "| allocations per miss | not measured (valgrind is not installed) | 0 | |",
  "| hits, routes declared once, ÷ Foundation parse, time, worst of 10 and 10,000 routes | \(ratio(worstTypedHits)) | ≤ 0.50× | \(verdict(worstTypedHits <= 0.5)) |",
  instructionRow("typed-hits", 10), instructionRow("typed-hits", 10_000),
  "| hits, routes declared once, at 10,000 routes ÷ at 10 routes (distinct links) | \(ratio(typedScaling)) | ≤ 1.25× | \(verdict(typedScaling <= 1.25)) |",
  allocationsPerTypedHit.map {
    "| allocations per hit, routes declared once (valgrind DHAT), less the route's own strings (\(String(format: "%.2f", typedPayload))) | \(String(format: "%.2f", $0 - typedPayload)) | ≤ 1 | \(verdict($0 - typedPayload <= 1.005)) |"
  } ?? "| allocations per hit, routes declared once | not measured (valgrind is not installed) | ≤ 1 | |",
  "| fixed links: resolve `String` ÷ Foundation parse, worst table size | \(ratio(worstFoundationRatio)) | ≤ 0.50× | \(verdict(worstFoundationRatio <= 0.5)) |",
  "| fixed links: resolve at 10,000 routes ÷ at 10 routes | \(ratio(scaling)) | ≤ 1.25× | \(verdict(scaling <= 1.25)) |",
  "| linear scan ÷ trie at 1,000 routes | \(ratio(leadBySize[1_000]!)) | ≥ 5× | \(verdict(leadBySize[1_000]! >= 5)) |",
  "| linear scan ÷ trie at 10,000 routes | \(ratio(leadBySize[10_000]!)) | ≥ 20× | \(verdict(leadBySize[10_000]! >= 20)) |",
  "| build a table of 2,000 routes | \(format(build)) | < 2 ms | \(verdict(build < 2_000_000)) |",
  "| declare and build 2,000 routes declared once (typed values) | \(format(typedBuild)) | ≤ 10 ms | \(verdict(typedBuild <= 10_000_000)) (\(ratio(typedBuild / build)) of the row above) |",
  "| lint a table of 100,000 routes (read, check, build) | \(format(lint)) | < 1 s | \(verdict(lint < 1_000_000_000)) |",
  "| dispatcher receive → deliver | \(format(receiveToDeliver)) | < 2 µs | \(verdict(receiveToDeliver < 2_000)) |",
  "| dispatcher receive → deliver, time, 10,000 ÷ 1 links in the window | \(ratio(flatWindow)) | ≤ 1.25× | \(verdict(flatWindow <= 1.25)) |",
  windowInstructions.count == 2
    ? "| dispatcher receive → deliver, instructions (callgrind), 10,000 ÷ 10 links in the window | \(ratio(windowInstructions[1] / windowInstructions[0])) | ≤ 1.10× | \(verdict(windowInstructions[1] / windowInstructions[0] <= 1.10)) |"
    : "| dispatcher receive → deliver, instructions, 10,000 ÷ 10 links in the window | not measured (valgrind is not installed) | ≤ 1.10× | |",
  "| drain held links, per link, 10,000 ÷ 10 held | \(ratio(perLinkDrained[4] / perLinkDrained[1])) | ≤ 1.25× | \(verdict(perLinkDrained[4] / perLinkDrained[1] <= 1.25)) |",
]
lines += launchRows()
print(lines.joined(separator: "\n"))

/// What the 40-route app (`LaunchApp`) pays at launch: its router and dispatcher built in a fresh
/// process (what a cold start pays), and built again; the same routes as parse closures beside.
func launchRows() -> [String] {
  func value(_ name: String) -> Double? { launch[name] }
  func instructions(_ name: String) -> String { value(name).map { String(format: "%.2fM", $0 / 1e6) } ?? "–" }
  func time(_ name: String) -> String { value(name).map(format) ?? "–" }
  func row(_ measure: String, _ name: String, _ shown: String, _ target: String, holds: (Double) -> Bool) -> String {
    guard let measured = value(name) else { return "| \(measure) | not measured | \(target) | |" }
    return "| \(measure) | \(shown) | \(target) | \(verdict(holds(measured))) |"
  }
  var rows = [
    "",
    "| 40 routes (typed Int, UUID, enum and query values; 3 mounted tables; push rules, quick actions, intents) + dispatcher | declared once | as parse closures |",
    "|---|---:|---:|",
    "| first build in a fresh process, instructions (callgrind) | \(instructions("declared-first-instructions")) | \(instructions("parse-first-instructions")) |",
    "| first build in a fresh process, time (median of \(Int(value("processes") ?? 0)) processes) | \(time("declared-first-time")) | \(time("parse-first-time")) |",
    "| page faults during the first build | \(value("declared-first-faults").map { "\(Int($0))" } ?? "–") | \(value("parse-first-faults").map { "\(Int($0))" } ?? "–") |",
    "| later builds, instructions (callgrind) | \(instructions("declared-later-instructions")) | \(instructions("parse-later-instructions")) |",
    "| later builds, time (median) | \(time("declared-later-time")) | \(time("parse-later-time")) |",
    "| memory kept by a router and dispatcher (valgrind DHAT) | \(value("declared-kept-bytes").map { "\(Int($0 / 1024)) KB" } ?? "–") | \(value("parse-kept-bytes").map { "\(Int($0 / 1024)) KB" } ?? "–") |",
    "",
    "| launch measure | result | target | |",
    "|---|---:|---:|---|",
  ]
  rows += [
    row(
      "40 declared routes + dispatcher, first build, instructions (callgrind)", "declared-first-instructions",
      instructions("declared-first-instructions"), "≤ 4M", holds: { $0 <= 4e6 }),
    row(
      "40 declared routes + dispatcher, first build, time", "declared-first-time", time("declared-first-time"),
      "≤ 0.5 ms", holds: { $0 <= 500_000 }),
    row(
      "40 declared routes + dispatcher, later builds, time", "declared-later-time", time("declared-later-time"),
      "≤ 0.1 ms", holds: { $0 <= 100_000 }),
    row(
      "memory kept per route, 2,000 routes declared once (valgrind DHAT)", "typed-kept-bytes-per-route",
      value("typed-kept-bytes-per-route").map { "\(Int($0)) bytes" } ?? "", "≤ 1 KB", holds: { $0 <= 1024 }),
  ]
  return rows
}

/// Receives `count` links, `size` of them inside the duplicate window at any time (the clock moves
/// 1 µs a link over 2 × `size` distinct routes), after filling the window once: for counting
/// instructions per receive with callgrind at different window sizes.
@MainActor func windowProbe(size: Int, count: Int) {
  let clock = BenchClock()
  let dispatcher = LinkDispatcher(
    router: Table.router(10), duplicateWindow: .microseconds(size), clock: { clock.now }, deliver: { blackHole($0) })
  dispatcher.satisfy(.ready)
  let routes = (0..<(2 * size)).map { BenchRoute(index: $0, parameters: 0) }
  for index in 0..<(2 * size + count) {
    clock.now += .microseconds(1)
    blackHole(dispatcher.receive(route: routes[index % routes.count], source: .push))
  }
}
