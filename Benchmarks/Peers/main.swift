// Resolve time of DeepLinkKit beside the Swift routers it is compared with, on the same tables
// and the same links, in interleaved rounds (so that a noisy machine slows every router alike and
// the ratios hold). Built and run by `Benchmarks/peers`, which compiles each peer it is given from
// its own sources; a peer that was not given is left out (`canImport`).
//
// Each table has sections of six shapes (a literal, an untyped value, an `Int` value, two values,
// a value and an `Int` behind a literal, a value between literals); each router must say which
// route a link opened and hand over its values as the route's types, as an app's handler needs
// them. Every router is checked to resolve every link to its own route before anything is timed.

import DeepLinkKit
import Foundation

#if canImport(Crossroad)
  import Crossroad
#endif
#if canImport(URLMatcher)
  import URLMatcher
#endif
#if canImport(RoutingKit)
  import RoutingKit
#endif

let vocabulary = ["messages", "orders", "profile", "settings", "shop", "cart", "search", "help", "docs", "listings"]

/// The route every router opens: which table entry, and its values as the app's types.
enum PeerRoute: Hashable, Sendable {
  case section(Int)
  case one(Int, String)
  case item(Int, id: Int)
  case two(Int, String, String)
  case post(Int, user: String, post: Int)
}

struct Shape {
  /// The pattern after the section's name, with each value as `name` or `name:int`.
  let parts: [String]
  let sample: String
}

let shapes: [Shape] = [
  Shape(parts: [], sample: ""),
  Shape(parts: ["p1"], sample: "/42abc"),
  Shape(parts: ["items", "p2:int"], sample: "/items/7"),
  Shape(parts: ["p1", "p2"], sample: "/kind/name"),
  Shape(parts: ["p1", "posts", "p3:int"], sample: "/ana/posts/9"),
  Shape(parts: ["a", "b", "p3", "c"], sample: "/a/b/xyz/c"),
]
/// Which parts of a shape are values (the others are literals). A value is named after its
/// place, since RoutingKit takes one name per place in its tree.
let valueParts: Set<String> = ["p1", "p2", "p3", "p2:int", "p3:int"]

func section(_ index: Int) -> String {
  "\(vocabulary[(index / shapes.count) % vocabulary.count])\(index / shapes.count)"
}
func link(_ index: Int) -> String { "https://app.example.com/\(section(index))" + shapes[index % shapes.count].sample }

/// What route `index` opens from its sample link, for the check before timing.
func expected(_ index: Int) -> PeerRoute {
  switch index % shapes.count {
  case 0: .section(index)
  case 1: .one(index, "42abc")
  case 2: .item(index, id: 7)
  case 3: .two(index, "kind", "name")
  case 4: .post(index, user: "ana", post: 9)
  default: .one(index, "xyz")
  }
}

protocol PeerRouter {
  var name: String { get }
  func open(_ link: String) -> PeerRoute?
}

struct DeepLinkKitRouter: PeerRouter {
  let name = "DeepLinkKit"
  let router: LinkRouter<PeerRoute>

  init(_ count: Int) {
    router = try! LinkRouter(
      hosts: ["app.example.com"],
      routes: (0..<count).map { index in
        let text =
          "/" + ([section(index)] + shapes[index % shapes.count].parts.map(Self.pattern)).joined(separator: "/")
        switch index % shapes.count {
        case 0: return .path(text, to: .section(index))
        case 1: return .path(text) { .one(index, $0) }
        case 2: return .path(text) { .item(index, id: $0) }
        case 3: return .path(text) { .two(index, $0, $1) }
        case 4: return .path(text) { .post(index, user: $0, post: $1) }
        default: return .path(text) { .one(index, $0) }
        }
      })
  }

  static func pattern(_ part: String) -> String {
    guard valueParts.contains(part) else { return part }
    return part.hasSuffix(":int") ? ":\(part.dropLast(4))(int)" : ":\(part)"
  }

  func open(_ link: String) -> PeerRoute? { try? router.route(for: link) }
}

#if canImport(Crossroad)
  /// Crossroad's router calls the handler of the route that matched; the handler reads its values.
  final class CrossroadRouter: PeerRouter {
    let name = "Crossroad"
    var router: Crossroad.Router<Void>!
    var opened: PeerRoute?

    init(_ count: Int) {
      router = try! Crossroad.Router<Void>(accepting: [.universalLink(URL(string: "https://app.example.com")!)]) {
        registry in
        (0..<count).flatMap { index in
          let parts = [section(index)] + shapes[index % shapes.count].parts.map(Self.pattern)
          return registry.route("/" + parts.joined(separator: "/")) { [unowned self] context in
            opened =
              switch index % shapes.count {
              case 0: .section(index)
              case 1: .one(index, try context.argument(named: "p1"))
              case 2: .item(index, id: try context.argument(named: "p2"))
              case 3: .two(index, try context.argument(named: "p1"), try context.argument(named: "p2"))
              case 4: .post(index, user: try context.argument(named: "p1"), post: try context.argument(named: "p3"))
              default: .one(index, try context.argument(named: "p3"))
              }
          }
        }
      }
    }

    static func pattern(_ part: String) -> String {
      guard valueParts.contains(part) else { return part }
      return ":" + part.replacingOccurrences(of: ":int", with: "")
    }

    func open(_ link: String) -> PeerRoute? {
      opened = nil
      guard let url = URL(string: link), router.openIfPossible(url) else { return nil }
      return opened
    }
  }
#endif

#if canImport(URLMatcher)
  /// URLNavigator's matcher: the patterns are handed over on each call, as its navigator does.
  struct URLMatcherRouter: PeerRouter {
    let name = "URLMatcher"
    let matcher = URLMatcher()
    let patterns: [String]
    let index: [String: Int]

    init(_ count: Int) {
      patterns = (0..<count).map { index in
        "https://app.example.com/"
          + ([section(index)] + shapes[index % shapes.count].parts.map(Self.pattern)).joined(separator: "/")
      }
      index = Dictionary(uniqueKeysWithValues: patterns.enumerated().map { ($1, $0) })
    }

    static func pattern(_ part: String) -> String {
      guard valueParts.contains(part) else { return part }
      return part.hasSuffix(":int") ? "<int:\(part.dropLast(4))>" : "<\(part)>"
    }

    func open(_ link: String) -> PeerRoute? {
      guard let result = matcher.match(link, from: patterns), let index = index[result.pattern] else { return nil }
      let values = result.values
      switch index % shapes.count {
      case 0: return .section(index)
      case 1: return (values["p1"] as? String).map { .one(index, $0) }
      case 2: return (values["p2"] as? Int).map { .item(index, id: $0) }
      case 3:
        guard let kind = values["p1"] as? String, let name = values["p2"] as? String else { return nil }
        return .two(index, kind, name)
      case 4:
        guard let user = values["p1"] as? String, let post = values["p3"] as? Int else { return nil }
        return .post(index, user: user, post: post)
      default: return (values["p3"] as? String).map { .one(index, $0) }
      }
    }
  }
#endif

#if canImport(RoutingKit)
  /// Vapor's RoutingKit routes a path's components; the link is taken apart with Foundation first,
  /// as an app that adopted it for links would.
  struct RoutingKitRouter: PeerRouter {
    let name = "RoutingKit"
    let router = TrieRouter(Int.self)

    init(_ count: Int) {
      for index in 0..<count {
        let parts = [section(index)] + shapes[index % shapes.count].parts
        router.register(
          index,
          at: parts.map {
            valueParts.contains($0) ? .parameter($0.replacingOccurrences(of: ":int", with: "")) : .constant($0)
          })
      }
    }

    func open(_ link: String) -> PeerRoute? {
      guard let components = URLComponents(string: link), components.host == "app.example.com" else { return nil }
      return route(components.path.split(separator: "/").map(String.init))
    }

    func route(_ path: [String]) -> PeerRoute? {
      var parameters = Parameters()
      guard let index = router.route(path: path, parameters: &parameters) else { return nil }
      switch index % shapes.count {
      case 0: return .section(index)
      case 1: return parameters.get("p1").map { .one(index, $0) }
      case 2: return parameters.get("p2", as: Int.self).map { .item(index, id: $0) }
      case 3:
        guard let kind = parameters.get("p1"), let name = parameters.get("p2") else { return nil }
        return .two(index, kind, name)
      case 4:
        guard let user = parameters.get("p1"), let post = parameters.get("p3", as: Int.self) else { return nil }
        return .post(index, user: user, post: post)
      default: return parameters.get("p3").map { .one(index, $0) }
      }
    }
  }
#endif

#if canImport(RoutingKit)
  /// RoutingKit's tree alone, handed each link's path components already split: what its
  /// matching costs, with no link read at all. Finding a link's split path is a dictionary look-up,
  /// inside the time (a few percent of this row).
  struct RoutingKitTreeOnly: PeerRouter {
    let name = "RoutingKit, path split beforehand"
    let router: RoutingKitRouter
    let paths: [String: [String]]

    init(_ count: Int) {
      router = RoutingKitRouter(count)
      paths = Dictionary(
        uniqueKeysWithValues: (0..<count).map { index in
          let url = link(index)
          return (url, URLComponents(string: url)!.path.split(separator: "/").map(String.init))
        })
    }

    func open(_ link: String) -> PeerRoute? { paths[link].flatMap(router.route) }
  }
#endif

/// Foundation's parse of the link and the split of its path, with no routing: what RoutingKit's
/// row pays before its tree is asked.
struct FoundationSplit: PeerRouter {
  let name = "Foundation URLComponents + path split, no routing"

  func open(_ link: String) -> PeerRoute? {
    guard let components = URLComponents(string: link), components.host == "app.example.com" else { return nil }
    return components.path.split(separator: "/").isEmpty ? nil : .section(0)
  }
}

func routers(_ count: Int) -> [any PeerRouter] {
  var routers: [any PeerRouter] = [DeepLinkKitRouter(count), FoundationSplit()]
  #if canImport(Crossroad)
    routers.append(CrossroadRouter(count))
  #endif
  #if canImport(URLMatcher)
    routers.append(URLMatcherRouter(count))
  #endif
  #if canImport(RoutingKit)
    routers.append(RoutingKitRouter(count))
    routers.append(RoutingKitTreeOnly(count))
  #endif
  return routers
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// `build NAME COUNT KEEP`: builds KEEP routers of COUNT routes with the router NAME and keeps
/// them, for valgrind (Benchmarks/peers): instructions of the first build in a process (1 and 0
/// kept), and the heap each router keeps (2 and 1 kept).
let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "build", let count = Int(arguments[3]), let keep = Int(arguments[4]) {
  func make() -> (any PeerRouter)? {
    switch arguments[2] {
    case "DeepLinkKit": return DeepLinkKitRouter(count)
    #if canImport(Crossroad)
      case "Crossroad": return CrossroadRouter(count)
    #endif
    #if canImport(URLMatcher)
      case "URLMatcher": return URLMatcherRouter(count)
    #endif
    default: return nil
    }
  }
  var kept: [any PeerRouter] = []
  for _ in 0..<keep {
    guard let router = make() else { fatalError("no router \(arguments[2])") }
    kept.append(router)
  }
  withExtendedLifetime(kept) {}
  exit(0)
}

let rounds = 11
print("| routes | router | ns per link (median of \(rounds) interleaved rounds) | ÷ DeepLinkKit |")
print("|---:|---|---:|---:|")
for count in [12, 120, 1_200] {
  let routers = routers(count)
  for router in routers where !(router is FoundationSplit) {
    for index in 0..<count where router.open(link(index)) != expected(index) {
      fatalError(
        "\(router.name) opens \(link(index)) as \(String(describing: router.open(link(index)))), not \(expected(index))"
      )
    }
  }
  // The same 120 links (or every route's, for a smaller table) for every router, shuffled, so
  // that the slowest peers finish a round in seconds.
  var generator = SystemRandomNumberGenerator()
  let links = Array((0..<count).map(link).shuffled(using: &generator).prefix(120))
  var times = Array(repeating: [Double](), count: routers.count)
  for _ in 0..<rounds {
    for (position, router) in routers.enumerated() {
      // Passes over the links until 10 ms have gone by.
      var passes = 0
      var opened = 0
      let start = ContinuousClock.now
      var elapsed = Duration.zero
      repeat {
        for link in links where router.open(link) != nil { opened += 1 }
        passes += 1
        elapsed = ContinuousClock.now - start
      } while elapsed < .milliseconds(10)
      precondition(opened == passes * links.count)
      let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
      times[position].append(nanoseconds / Double(passes * links.count))
    }
  }
  let ours = median(times[0])
  for (position, router) in routers.enumerated() {
    let time = median(times[position])
    print(String(format: "| %d | %@ | %.0f | %.1f× |", count, router.name, time, time / ours))
  }
}
