import DeepLinkKit
import Foundation

// The route types and the router `DeclarationTests` declare their routes with.

/// One route per parameter type, and a search with every query shape.
enum TypedRoute: Hashable, Sendable {
  case int(Int)
  case uuid(UUID)
  case bool(Bool)
  case double(Double)
  case text(String)
  case tab(Tab)
  case level(Level)
  case code(Code)
  case search(q: String, page: Int, sort: String?, tags: [String])
  case files(path: String)
}

enum Tab: String, CaseIterable, LinkValue { case inbox, archive }
enum Level: Int, CaseIterable, LinkValue {
  case low = 1
  case high = 2
}

/// An app's own `LosslessStringConvertible` type: upper-case letters and digits.
struct Code: Hashable, LosslessStringConvertible, LinkValue {
  let text: String
  init?(_ description: String) {
    guard !description.isEmpty, description.allSatisfy({ $0.isNumber || ("A"..."Z").contains($0) }) else {
      return nil
    }
    text = description
  }
  var description: String { text }
}

let typedRouter = try! LinkRouter<TypedRoute>(
  schemes: ["typed"],
  routes: [
    .path("/int/:value", TypedRoute.int),
    .path("/uuid/:value", TypedRoute.uuid),
    .path("/bool/:value", TypedRoute.bool),
    .path("/double/:value", TypedRoute.double),
    .path("/text/:value", TypedRoute.text),
    .path("/tab/:value", TypedRoute.tab),
    .path("/level/:value", TypedRoute.level),
    .path("/code/:value", TypedRoute.code),
    .path("/search?q&page=1&sort&tags", TypedRoute.search),
    .path("/files/*path", TypedRoute.files),
  ])

/// A slug of the app's own whose text is lower case: a value with upper-case letters does not
/// read back as itself.
struct LossySlug: Hashable, LosslessStringConvertible, LinkValue {
  let raw: String
  init?(_ description: String) { raw = description }
  var description: String { raw.lowercased() }
  static var linkExamples: [LossySlug] { [LossySlug("Mixed")!] }
}

enum LossySlugRoute: Hashable, Sendable, CustomStringConvertible {
  case item(LossySlug)
  var description: String {
    switch self {
    case .item(let slug): "item(\(slug.raw))"
    }
  }
}
