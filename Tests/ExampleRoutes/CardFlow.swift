import DeepLinkKit

public enum CardRoute: Hashable, Sendable {
  case summary
  case detail
  case transaction(id: String, showsReceipt: Bool)
}

public enum CardFlow {
  public static let routes: [RouteDefinition<CardRoute>] = [
    .path("/", to: .summary),
    .path("/detail", to: .detail),
    .path("/transactions/:id?receipt=false", CardRoute.transaction),
  ]
}
