import DeepLinkKit
import DeepLinkKitUIKit

enum AppRoute: Hashable, Sendable {
  case messages
  case message(id: String)
}

// What an app does at launch: a router declared in Swift, a receiver, one link.
let router = try LinkRouter<AppRoute>(
  schemes: ["myapp"], hosts: ["app.example.com"],
  routes: [.path("/messages", to: .messages), .path("/messages/:id", AppRoute.message)])
MainActor.assumeIsolated {
  let links = LinkReceiver(dispatcher: LinkDispatcher(router: router, deliver: { print($0) }))
  links.dispatcher.satisfy(.ready)
  _ = links.dispatcher.receive(.url("https://app.example.com/messages/42"))
}
