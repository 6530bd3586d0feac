import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation

/// The modes that measure one thing for valgrind or a quick comparison (see main.swift's list):
/// runs the one `arguments` names, and exits; returns when they name none.
func runProbe(_ arguments: [String]) {
  if arguments.count == 4, arguments[1] == "print", let size = Int(arguments[2]), let passes = Int(arguments[3]) {
    // Prints the routes that the realistic traffic's hits open, `passes` times, with the table
    // declared once per route: for callgrind (two pass counts, so that start-up cancels out).
    let router = Table.typedRouter(size)
    let routes = Traffic.links(size).hits.compactMap { try? router.resolve($0).route }
    var total = 0
    for _ in 0..<passes {
      for route in routes { total &+= (try? router.urlString(for: route))?.utf8.count ?? 0 }
    }
    blackHole(total)
    exit(0)
  }
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
      let router = try! LinkRouter(
        schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], routes: definitions)
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
    // The default duplicate window, each link 3 s after the last: the window's bookkeeping is
    // paid, and no link is a duplicate.
    MainActor.assumeIsolated {
      let clock = BenchClock()
      let dispatcher = LinkDispatcher(router: Table.router(1_000), clock: { clock.now }, deliver: { blackHole($0) })
      dispatcher.satisfy(.ready)
      let input = DeepLinkInput.url("myapp://" + Table.samplePath(1).dropFirst())
      for _ in 0..<count {
        clock.now += .seconds(3)
        blackHole(dispatcher.receive(input))
      }
    }
    exit(0)
  }
  if arguments.count == 4, arguments[1] == "check-links", let count = Int(arguments[3]) {
    // `deeplink check-links` on `count` lines (for callgrind): "read" reads them, "check" reads
    // and checks them.
    let router = try! RouteTable.makeRouter(
      json: Data(
        (#"{"schemes": ["myapp"], "hosts": ["app.example.com"], "routes": ["#
          + (0..<1_000).map { #"{"name": "r\#($0)", "path": "/section\#($0)/items/:id"}"# }.joined(separator: ",")
          + "]}").utf8))
    let text = (0..<count).map {
      "https://app.example.com/section\($0 % 1_000)/items/\($0)?ref=mail -> r\($0 % 1_000) id=\($0)"
    }
    .joined(separator: "\n")
    blackHole(_ToolboxFuzzing.countLinks(text, passingWith: arguments[2] == "check" ? router : nil))
    exit(0)
  }
  if arguments.count == 3, arguments[1] == "resolve-one", let count = Int(arguments[2]) {
    // What `dispatch` resolves, alone: the same router and link.
    let router = Table.router(1_000)
    let input = DeepLinkInput.url("myapp://" + Table.samplePath(1).dropFirst())
    for _ in 0..<count { blackHole(try? router.resolve(input)) }
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
}

/// A clock the benchmarks move by hand.
final class BenchClock {
  var now: Duration = .zero
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
