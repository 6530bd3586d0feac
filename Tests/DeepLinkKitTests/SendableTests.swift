import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

// Compile-only: the public values cross concurrency domains. A type that stops being `Sendable`
// fails to build here.
private func requireSendable<T: Sendable>(_: T.Type) {}

private func publicTypesAreSendable() {
  requireSendable(LinkRouter<NamedRoute>.self)
  requireSendable(LinkRouter<DeeplinkType>.self)
  requireSendable(RouteDefinition<DeeplinkType>.self)
  requireSendable(LinkResolution<DeeplinkType>.self)
  requireSendable(RouteParameters.self)
  requireSendable(RoutePattern.self)
  requireSendable(RouteTable.self)
  requireSendable(NamedRoute.self)
  requireSendable(DeepLinkError.self)
  requireSendable(RouteTableError.self)
  requireSendable(DeepLinkSource.self)
}
