import DeepLinkKit

extension LinkRouter {
  /// Why some route of the table does not come back as itself: for each route that can be
  /// printed, links its pattern matches are filled with generated values of each parameter's
  /// type (for untyped parameters, text with spaces, `%`, `+`, `&`, `#`, non-ASCII and emoji),
  /// resolved, printed and resolved again. One message per failing route; empty when all
  /// round-trip. An app proves its table in one line:
  ///
  /// ```swift
  /// #expect(appRouter.roundTripProblems().isEmpty)
  /// ```
  ///
  /// - Parameters:
  ///   - samples: How many generated links to try per route.
  ///   - seed: The generator's seed; the same seed tries the same links.
  /// - Returns: The problems found.
  public func roundTripProblems(samples: Int = 25, seed: UInt64 = 2026) -> [String] {
    checkRoundTrips(samples: samples, seed: seed)
  }
}
