import DeepLinkKit
import Foundation

/// A router whose routes are named after their patterns, on the scheme `myapp` and the hosts
/// `app.example.com` and `*.example.org`.
func makeRouter(
  _ patterns: [String], hostNames: HostNames = .ascii, caseSensitive: Bool = true,
  limits: InputLimits = InputLimits(), sources: [String: Set<DeepLinkSource>] = [:]
) throws -> LinkRouter<TestRoute> {
  try TestTable(
    schemes: ["myapp"], hosts: ["app.example.com", "*.example.org"], hostNames: hostNames,
    isCaseSensitive: caseSensitive,
    limits: limits,
    routes: patterns.map { TestTable.Entry(name: $0, path: $0, sources: sources[$0]) }
  ).makeRouter()
}

/// What resolving a link gave, in a form that reads well in a failed expectation.
enum Outcome: Equatable, CustomStringConvertible {
  case route(String, [String: String])
  case refused(DeepLinkError.Code)

  var description: String {
    switch self {
    case .route(let name, let parameters): "\(TestRoute(name, parameters: parameters))"
    case .refused(let code): "refused(\(code))"
    }
  }
}

extension LinkRouter<TestRoute> {
  func outcome(_ url: String, source: DeepLinkSource? = nil) -> Outcome {
    do {
      let route = try route(for: url, source: source)
      return .route(route.name, route.parameters)
    } catch {
      return .refused(error.code)
    }
  }

  func error(_ url: String) -> DeepLinkError? {
    do {
      _ = try resolve(url)
      return nil
    } catch {
      return error
    }
  }
}

/// The problems building a router from `patterns` reports, as messages.
func tableProblems(_ patterns: [String]) -> [String] {
  do {
    _ = try makeRouter(patterns)
    return []
  } catch let error as RouteTableError {
    return error.problems.map(\.message)
  } catch {
    return ["unexpected \(error)"]
  }
}

/// A small, seeded random number generator (SplitMix64), so that property tests replay: the
/// library's own, which its round-trip check uses.
typealias SeededGenerator = SplitMix
