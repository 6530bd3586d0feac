import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import DeepLinkToolbox
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
//   DeepLinkBenchmarks resolve-one N    resolves the same link N times with the same router, for
//                                      callgrind beside dispatch
//   DeepLinkBenchmarks window S N       receives N links with S in the duplicate window, for callgrind
//   DeepLinkBenchmarks print S N        prints the routes the realistic traffic's hits open, N times,
//                                      with the S-route table declared once per route, for callgrind

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
/// Instructions to receive and deliver one link, and to resolve the same link with the same
/// router, as `Benchmarks/run` counted them with callgrind (`dispatch` and `resolve-one`).
let receiveInstructions: [Double] = arguments.indices.filter { arguments[$0] == "--receive-instructions" }
  .flatMap { index in
    (index + 1...index + 2).compactMap { arguments.indices.contains($0) ? Double(arguments[$0]) : nil }
  }
runProbe(arguments)

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
  precondition(router.routeTable.routes.count == 100_000)
}
let lint = lintSamples.sorted()[2]

// `deeplink check-links` on a list of 100,000 live links against a 1,000-route table: reading
// bytes, and the Character reader it replaced (`CharacterLinkList`), in interleaved rounds.
let checkRouter = try! RouteTable.makeRouter(
  json: Data(
    (#"{"schemes": ["myapp"], "hosts": ["app.example.com"], "routes": ["#
      + (0..<1_000).map { #"{"name": "r\#($0)", "path": "/section\#($0)/items/:id"}"# }.joined(separator: ",")
      + "]}").utf8))
let checkList = (0..<100_000).map { index in
  let route = index % 1_000
  let link = index.isMultiple(of: 2) ? "https://app.example.com" : "myapp:/"
  return index.isMultiple(of: 10)
    ? "# campaign \(index)" : "\(link)/section\(route)/items/\(index)?ref=mail -> r\(route) id=\(index)"
}.joined(separator: "\n")
var checkBytes: [Double] = []
var checkCharacters: [Double] = []
for _ in 0..<5 {
  var start = DispatchTime.now().uptimeNanoseconds
  let passed = _ToolboxFuzzing.countLinks(checkList, passingWith: checkRouter)
  checkBytes.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  start = DispatchTime.now().uptimeNanoseconds
  let passedBefore = CharacterLinkList.check(checkList, with: checkRouter)
  checkCharacters.append(Double(DispatchTime.now().uptimeNanoseconds - start))
  precondition(passed == 90_000 && passedBefore == passed)
}
let checkSpeedup = checkCharacters.sorted()[2] / checkBytes.sorted()[2]

let scaling = resolveBySize[10_000]! / resolveBySize[10]!
let trafficScaling = trafficHits[10_000]!.resolve / trafficHits[10]!.resolve
let worstHits = sizes.map { trafficHits[$0]!.resolve / trafficHits[$0]!.foundation }.max()!
let worstMisses = sizes.map { trafficMisses[$0]!.resolve / trafficMisses[$0]!.foundation }.max()!
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
  "| check-links, 100,000 lines against 1,000 routes: the Character reader's time ÷ the byte reader's | \(ratio(checkSpeedup)) (\(format(checkCharacters.sorted()[2])) ÷ \(format(checkBytes.sorted()[2]))) | ≥ 2× | \(verdict(checkSpeedup >= 2)) |",
  "| dispatcher receive → deliver | \(format(receiveToDeliver)) | < 2 µs | \(verdict(receiveToDeliver < 2_000)) |",
  "| dispatcher receive → deliver, time, 10,000 ÷ 1 links in the window | \(ratio(flatWindow)) | ≤ 1.25× | \(verdict(flatWindow <= 1.25)) |",
  windowInstructions.count == 2
    ? "| dispatcher receive → deliver, instructions (callgrind), 10,000 ÷ 10 links in the window | \(ratio(windowInstructions[1] / windowInstructions[0])) | ≤ 1.10× | \(verdict(windowInstructions[1] / windowInstructions[0] <= 1.10)) |"
    : "| dispatcher receive → deliver, instructions, 10,000 ÷ 10 links in the window | not measured (valgrind is not installed) | ≤ 1.10× | |",
  receiveInstructions.count == 2
    ? "| dispatcher receive → deliver ÷ resolve of the same link, instructions (callgrind) | \(ratio(receiveInstructions[0] / receiveInstructions[1])) (\(Int(receiveInstructions[0])) ÷ \(Int(receiveInstructions[1]))) | ≤ 2× | \(verdict(receiveInstructions[0] / receiveInstructions[1] <= 2)) |"
    : "| dispatcher receive → deliver ÷ resolve of the same link, instructions | not measured (valgrind is not installed) | ≤ 2× | |",
  "| drain held links, per link, 10,000 ÷ 10 held | \(ratio(perLinkDrained[4] / perLinkDrained[1])) | ≤ 1.25× | \(verdict(perLinkDrained[4] / perLinkDrained[1] <= 1.25)) |",
]
lines += launchRows(launch)
print(lines.joined(separator: "\n"))
