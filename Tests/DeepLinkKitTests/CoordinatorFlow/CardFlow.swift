import DeepLinkKit

enum CardRoute: Hashable, Sendable {
  case summary
  case detail
  case transaction(id: String, showsReceipt: Bool)
}

enum CardFlow {
  static let routes: [RouteDefinition<CardRoute>] = [
    .path("/", to: .summary),
    .path("/detail", to: .detail),
    .path("/transactions/:id?receipt=false", CardRoute.transaction),
  ]
}
