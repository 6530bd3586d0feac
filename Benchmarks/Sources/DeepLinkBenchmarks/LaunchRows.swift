// The launch rows of the results table.

/// What the 40-route app (`LaunchApp`) pays at launch: its router and dispatcher built in a fresh
/// process (what a cold start pays), and built again; the same routes as parse closures beside.
func launchRows(_ launch: [String: Double]) -> [String] {
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
