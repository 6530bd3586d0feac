import Foundation

// Measuring: interleaved rounds, and how results are written.

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

/// How a result reads against its target.
func verdict(_ holds: Bool) -> String { holds ? "met" : "**missed**" }
