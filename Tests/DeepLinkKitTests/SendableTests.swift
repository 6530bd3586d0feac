import DeepLinkKit
import Foundation

// Compile-only: the public values cross concurrency domains. A type that stops being `Sendable`
// fails to build here.
private func requireSendable<T: Sendable>(_: T.Type) {}

private func publicTypesAreSendable() {
  requireSendable(LinkRouter<TestRoute>.self)
  requireSendable(LinkRouter<DeeplinkType>.self)
  requireSendable(RouteDefinition<DeeplinkType>.self)
  requireSendable(LinkResolution<DeeplinkType>.self)
  requireSendable(RouteParameters.self)
  requireSendable(RoutePattern.self)
  requireSendable(DeepLinkError.self)
  requireSendable(RouteTableError.self)
  requireSendable(DeepLinkSource.self)
}
