import DeepLinkKit
import Foundation

// What an app pays at launch: a 40-route app table (typed Int, UUID, enum and query values, three
// mounted coordinator tables, push rules, quick actions and intents), declared once per route and,
// for comparison, as parse closures, built with its dispatcher.

enum LaunchRoute: Hashable, Sendable {
  case home
  case feed(tab: FeedTab)
  case search(query: String, page: Int, sort: String?, tags: [String])
  case profile(id: UUID)
  case user(id: Int)
  case followers(userID: Int)
  case following(userID: Int)
  case post(id: Int)
  case comment(postID: Int, commentID: Int)
  case messages
  case message(id: String)
  case thread(id: UUID)
  case notifications
  case activity
  case newListing
  case listing(id: Int)
  case editListing(id: Int)
  case category(name: String, page: Int)
  case invite(code: String)
  case tag(name: String)
  case docs(path: String)
  case settings
  case settingsSection(SettingsSection)
  case shop(ShopRoute)
  case account(AccountRoute)
  case help(HelpRoute)
}

enum FeedTab: String, CaseIterable, LinkValue, Sendable {
  case forYou = "for-you"
  case following, latest
}

enum ShopRoute: Hashable, Sendable {
  case home
  case product(id: Int)
  case reviews(productID: Int, page: Int)
  case cart
  case checkout
  case order(id: UUID)
  case orders(status: OrderStatus?)
}

enum SettingsSection: String, CaseIterable, LinkValue, Sendable { case privacy, notifications, language }

enum OrderStatus: String, CaseIterable, LinkValue, Sendable { case open, shipped, delivered }

enum AccountRoute: Hashable, Sendable {
  case overview
  case security
  case devices
  case device(id: UUID)
  case billing
  case deleteAccount
}

enum HelpRoute: Hashable, Sendable {
  case home
  case article(id: Int)
  case topic(name: String)
  case contact
}

enum LaunchApp {
  static let schemes = ["launchapp"]
  static let hosts = ["app.example.com", "*.example.org"]

  static func declaredRoutes() -> [RouteDefinition<LaunchRoute>] {
    let shop: [RouteDefinition<ShopRoute>] = [
      .path("/", to: .home),
      .path("/products/:id", ShopRoute.product).shortcut("com.example.product"),
      .path("/products/:id/reviews?page=1", ShopRoute.reviews),
      .path("/cart", to: .cart).shortcut("com.example.cart"),
      .path("/checkout", to: .checkout, sources: [.inApp]),
      .path("/orders/:id", ShopRoute.order).push(when: ["type": "order"], parameters: ["id": "order_id"]),
      .path("/orders?status", ShopRoute.orders),
    ]
    let account: [RouteDefinition<AccountRoute>] = [
      .path("/", to: .overview),
      .path("/security", to: .security),
      .path("/devices", to: .devices),
      .path("/devices/:id", AccountRoute.device),
      .path("/billing", to: .billing).requiringConfirmation(),
      .path("/delete", to: .deleteAccount, sources: [.inApp]),
    ]
    let help: [RouteDefinition<HelpRoute>] = [
      .path("/", to: .home),
      .path("/articles/:id", HelpRoute.article).activity("com.example.help.article"),
      .path("/topics/:name", HelpRoute.topic),
      .path("/contact", to: .contact).intent("ContactSupportIntent"),
    ]
    return [
      .path("/", to: .home),
      .path("/feed?tab=for-you", LaunchRoute.feed),
      .path("/search?q&page=1&sort&tag", LaunchRoute.search).intent("SearchIntent"),
      .path("/profiles/:id", LaunchRoute.profile),
      .path("/users/:id", LaunchRoute.user),
      .path("/users/:id/followers", LaunchRoute.followers),
      .path("/users/:id/following", LaunchRoute.following),
      .path("/posts/:id", LaunchRoute.post).push(when: ["type": "post"], parameters: ["id": "post_id"]),
      .path("/posts/:post/comments/:comment", LaunchRoute.comment)
        .push(when: ["type": "comment"], parameters: ["post": "post_id", "comment": "comment_id"]),
      .path("/messages", to: .messages).shortcut("com.example.messages"),
      .path("/messages/:id", LaunchRoute.message).push(when: ["type": "message"], parameters: ["id": "message_id"]),
      .path("/threads/:id", LaunchRoute.thread),
      .path("/notifications", to: .notifications),
      .path("/activity", to: .activity).shortcut("com.example.activity").intent("ShowActivityIntent"),
      .path("/listings/new", to: .newListing).shortcut("com.example.new-listing"),
      .path("/listings/:id", LaunchRoute.listing),
      .path("/listings/:id/edit", sources: [.inApp], LaunchRoute.editListing),
      .path("/categories/:name?page=1", LaunchRoute.category),
      .path("/invite/:code", LaunchRoute.invite).requiringConfirmation(),
      .path("/tags/:name", LaunchRoute.tag),
      .path("/docs/*path", LaunchRoute.docs),
      .path("/settings", to: .settings),
      .path("/settings/:section", LaunchRoute.settingsSection),
      .mount("/shop", shop, LaunchRoute.shop),
      .mount("/account", account, LaunchRoute.account),
      .mount("/help", help, LaunchRoute.help),
    ]
  }

  /// The same 40 routes as parse closures: what the router itself costs, with nothing declared.
  static func parseRoutes() -> [RouteDefinition<LaunchRoute>] {
    typealias Definition = RouteDefinition<LaunchRoute>
    @Sendable func int(_ parameters: RouteParameters, _ name: String) throws -> Int { try parameters.int(name) }
    @Sendable func uuid(_ parameters: RouteParameters, _ name: String) throws -> UUID { try parameters.uuid(name) }
    @Sendable func text(_ parameters: RouteParameters, _ name: String) throws -> String { try parameters.string(name) }
    return [
      Definition.path("/", parse: { _ in .home }),
      .path("/feed", parse: { .feed(tab: FeedTab(rawValue: $0["tab"] ?? "for-you") ?? .forYou) }),
      .path(
        "/search?q", parse: { .search(query: try text($0, "q"), page: 1, sort: $0["sort"], tags: []) }
      ).intent("SearchIntent"),
      .path("/profiles/:id(uuid)", parse: { .profile(id: try uuid($0, "id")) }),
      .path("/users/:id(int)", parse: { .user(id: try int($0, "id")) }),
      .path("/users/:id(int)/followers", parse: { .followers(userID: try int($0, "id")) }),
      .path("/users/:id(int)/following", parse: { .following(userID: try int($0, "id")) }),
      .path("/posts/:id(int)", parse: { .post(id: try int($0, "id")) })
        .push(when: ["type": "post"], parameters: ["id": "post_id"]),
      .path(
        "/posts/:post(int)/comments/:comment(int)",
        parse: { .comment(postID: try int($0, "post"), commentID: try int($0, "comment")) }
      ).push(when: ["type": "comment"], parameters: ["post": "post_id", "comment": "comment_id"]),
      .path("/messages", parse: { _ in .messages }).shortcut("com.example.messages"),
      .path("/messages/:id", parse: { .message(id: try text($0, "id")) })
        .push(when: ["type": "message"], parameters: ["id": "message_id"]),
      .path("/threads/:id(uuid)", parse: { .thread(id: try uuid($0, "id")) }),
      .path("/notifications", parse: { _ in .notifications }),
      .path("/activity", parse: { _ in .activity }).shortcut("com.example.activity").intent("ShowActivityIntent"),
      .path("/listings/new", parse: { _ in .newListing }).shortcut("com.example.new-listing"),
      .path("/listings/:id(int)", parse: { .listing(id: try int($0, "id")) }),
      .path("/listings/:id(int)/edit", sources: [.inApp], parse: { .editListing(id: try int($0, "id")) }),
      .path("/categories/:name", parse: { .category(name: try text($0, "name"), page: 1) }),
      .path("/invite/:code", parse: { .invite(code: try text($0, "code")) }).requiringConfirmation(),
      .path("/tags/:name", parse: { .tag(name: try text($0, "name")) }),
      .path("/docs/*path", parse: { .docs(path: try text($0, "path")) }),
      .path("/settings", parse: { _ in .settings }),
      .path(
        "/settings/:section",
        parse: {
          guard let section = SettingsSection(rawValue: try text($0, "section")) else {
            throw DeepLinkError(.invalidParameter, "no such section")
          }
          return .settingsSection(section)
        }),
      .path("/shop", parse: { _ in .shop(.home) }),
      .path("/shop/products/:id(int)", parse: { .shop(.product(id: try int($0, "id"))) })
        .shortcut("com.example.product"),
      .path("/shop/products/:id(int)/reviews", parse: { .shop(.reviews(productID: try int($0, "id"), page: 1)) }),
      .path("/shop/cart", parse: { _ in .shop(.cart) }).shortcut("com.example.cart"),
      .path("/shop/checkout", sources: [.inApp], parse: { _ in .shop(.checkout) }),
      .path("/shop/orders/:id(uuid)", parse: { .shop(.order(id: try uuid($0, "id"))) })
        .push(when: ["type": "order"], parameters: ["id": "order_id"]),
      .path("/shop/orders", parse: { .shop(.orders(status: $0["status"].flatMap(OrderStatus.init))) }),
      .path("/account", parse: { _ in .account(.overview) }),
      .path("/account/security", parse: { _ in .account(.security) }),
      .path("/account/devices", parse: { _ in .account(.devices) }),
      .path("/account/devices/:id(uuid)", parse: { .account(.device(id: try uuid($0, "id"))) }),
      .path("/account/billing", parse: { _ in .account(.billing) }).requiringConfirmation(),
      .path("/account/delete", sources: [.inApp], parse: { _ in .account(.deleteAccount) }),
      .path("/help", parse: { _ in .help(.home) }),
      .path("/help/articles/:id(int)", parse: { .help(.article(id: try int($0, "id"))) })
        .activity("com.example.help.article"),
      .path("/help/topics/:name", parse: { .help(.topic(name: try text($0, "name"))) }),
      .path("/help/contact", parse: { _ in .help(.contact) }).intent("ContactSupportIntent"),
    ]
  }

  /// The app's launch: its router and dispatcher, as `didFinishLaunching` makes them.
  @MainActor static func launch(declared: Bool) -> LinkDispatcher<LaunchRoute> {
    let router = try! LinkRouter(
      schemes: schemes, hosts: hosts, routes: declared ? declaredRoutes() : parseRoutes())
    return LinkDispatcher(
      router: router, holdingPolicy: .queue(limit: 4),
      requirements: { route in
        switch route {
        case .account, .shop(.checkout), .shop(.orders), .shop(.order): ["signedIn"]
        default: []
        }
      },
      deliver: { route in blackHole(route) })
  }
}
