import DeepLinkKit

extension LinkRouter {
  /// Why some route of the table does not come back as itself; one message per failing route,
  /// empty when every route round-trips. An app proves its table in one line:
  ///
  /// ```swift
  /// #expect(appRouter.roundTripProblems().isEmpty)
  /// ```
  ///
  /// A route declared with typed values is built from each edge value of its parameters' types
  /// first: 0, ±1, 2, 3, powers of two and ten and the extremes of `Int32` and `Int`; text in
  /// upper, lower and mixed case, `é` precomposed and decomposed, compatibility characters (the
  /// Ohm and Kelvin signs, a ligature, full-width letters), characters links encode and text that
  /// reads as a number; ±0 and the extremes of `Double`; every case of an enum (or the type's
  /// ``LinkValue/linkExamples``); absent optionals, and empty, single, repeated and longer arrays.
  /// Then from `samples` sets of random values. For each set a link can carry, the link must open
  /// the route, the route must print back as those very values (which `{ .n(abs($0)) }`,
  /// `{ .s($0.lowercased()) }` or `{ $0 == 3 ? 4 : $0 }` fail), and the printed link must open the
  /// route again. Values with a typed reply (`replyText`), which no link may carry, are checked
  /// through each notification action of the route's push rules instead: a payload with the
  /// rule's fields and the reply typed must open the very route. A route with custom `parse` and
  /// `print` closures is checked from links its pattern matches, filled with random values. The
  /// app's closures are called with each value, as links carrying them would: a closure that
  /// traps on one traps here.
  ///
  /// The checks are compiled in a debug build (`DEBUG` set, as `swift test` and Xcode's Debug
  /// configuration build), which a release build leaves out of the app; built for release, this
  /// returns one problem that says so, rather than checking nothing.
  ///
  /// - Parameters:
  ///   - samples: How many sets of random values to try per route, after the edge values.
  ///   - seed: The generator's seed; the same seed tries the same values.
  /// - Returns: The problems found.
  public func roundTripProblems(samples: Int = 25, seed: UInt64 = 2026) -> [String] {
    #if DEBUG
      checkRoundTrips(samples: samples, seed: seed)
    #else
      [
        "the round-trip checks run in a debug build only (DEBUG set, as `swift test` and Xcode's Debug configuration build): a release build of DeepLinkKit leaves them out of the app"
      ]
    #endif
  }

  /// Why an App Intent's URL representation (iOS 18's `URLRepresentableIntent`,
  /// `URLRepresentableEntity` and `OpenURLIntent`, which open the app with a universal link) does
  /// not open `route`; empty when it does. Pass the URL the representation makes for a sample
  /// value, in the app's tests:
  ///
  /// ```swift
  /// // static var urlRepresentation: URLRepresentation { "https://app.example.com/items/\(\.$id)" }
  /// #expect(router.urlRepresentationProblems("https://app.example.com/items/7", opens: .item(id: 7)).isEmpty)
  /// ```
  ///
  /// The URL must be a universal link (`https`, on one of the table's hosts: iOS opens an intent's
  /// URL representation only as one, never a custom scheme), resolve as a universal link, to
  /// `route` itself.
  ///
  /// - Parameters:
  ///   - url: The URL the representation makes.
  ///   - route: The route it must open.
  /// - Returns: The problems found.
  public func urlRepresentationProblems(_ url: String, opens route: Route) -> [String] {
    guard url.lowercased().hasPrefix("https://") else {
      return [
        "the URL representation \(url.debugDescription) is not a universal link: iOS opens an App Intent's URL representation only as an https link on one of the app's associated domains"
      ]
    }
    do {
      let resolved = try resolve(url, source: .universalLink)
      guard resolved.route == route else {
        return ["the URL representation \(url.debugDescription) opens \(resolved.route), not \(route)"]
      }
      return []
    } catch {
      return ["the URL representation \(url.debugDescription) opens nothing: \(error.message)"]
    }
  }
}
