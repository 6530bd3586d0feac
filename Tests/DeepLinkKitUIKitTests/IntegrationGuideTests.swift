import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitSwiftUI
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Observation
import Testing

// The integration guides' code that compiles on Linux, compiled and run here. A guide block that
// mentions no Apple-only framework must appear, line for line, in this file or in the example
// apps' route files linked into this target (`everyLinuxBlockIsCompiled`).

// Guides AppDelegateApps, SceneDelegateApps and SwiftUIApps: their routers are the example apps'
// files, linked into this target from Examples/ (FamilyMoviesRoute.swift, TabRoute.swift,
// ItemsRoute.swift), so that one copy is compiled here and type-checked for iOS there.

// Guide: RootViewControllerApps
extension LinkCondition {
  static let signedIn: LinkCondition = "signedIn"
}

/// What the root view controller shows; UIKit's version swaps child view controllers.
@MainActor final class RootFlow {
  enum Screen: Equatable {
    case splash
    case login
    case main(showing: String?)
  }

  private(set) var screen = Screen.splash
  let dispatcher: LinkDispatcher<NamedRoute>

  init(router: LinkRouter<NamedRoute>) {
    // Created first, given its handler once `self` exists: links wait for both.
    dispatcher = LinkDispatcher(router: router, requirements: { $0.name == "post" ? [] : [.signedIn] })
    dispatcher.setHandler { [unowned self] route in self.screen = .main(showing: route.name) }
  }

  func splashFinished(hasSession: Bool) {
    screen = hasSession ? .main(showing: nil) : .login
    if hasSession { dispatcher.satisfy(.signedIn) }
    dispatcher.satisfy(.ready)
  }

  func loginFinished() {
    screen = .main(showing: nil)
    dispatcher.satisfy(.signedIn)
  }

  func logout() {
    dispatcher.revoke(.signedIn)
    screen = .login
  }
}

// Guide: CoordinatorApps
enum CardRoute: Hashable, Sendable {
  case dashboard
  case profile
  case cardDetail(cardID: Int)
}

@MainActor final class AppCoordinator {
  private(set) var home: HomeCoordinator?

  func handle(_ route: CardRoute) {
    if home == nil { home = HomeCoordinator() }  // the child may not exist yet
    home?.handle(route)
  }
}

@MainActor final class HomeCoordinator {
  enum Tab { case dashboard, profile, settings }
  private(set) var selectedTab = Tab.dashboard
  private(set) var dashboard: DashboardCoordinator?

  func handle(_ route: CardRoute) {
    switch route {
    case .profile:
      selectedTab = .profile
    case .dashboard, .cardDetail:
      selectedTab = .dashboard
      if dashboard == nil { dashboard = DashboardCoordinator() }
      dashboard?.handle(route)
    }
  }
}

@MainActor final class DashboardCoordinator {
  private(set) var stack: [String] = ["dashboard"]

  func handle(_ route: CardRoute) {
    stack = ["dashboard"]
    if case .cardDetail(let cardID) = route { stack += ["card \(cardID)", "card \(cardID) detail"] }
  }
}

enum DashboardFlow {
  static let routes: [RouteDefinition<CardRoute>] = [
    .path("/", to: .dashboard),
    .path("/cards/:cardID/detail", CardRoute.cardDetail),
  ]
}

let cardRouter = try! LinkRouter<CardRoute>(
  schemes: ["cards"],
  routes: [
    .mount("/dashboard", DashboardFlow.routes) { $0 },  // the same route type: embedded as is
    .path("/profile", to: .profile),
  ])

@MainActor @Suite struct IntegrationGuideTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The catalogs that hold the integration guides: UIKit's, and SwiftUI's apart.
  static let guides = ["DeepLinkKitUIKit", "DeepLinkKitSwiftUI"].map {
    root.appendingPathComponent("Sources/\($0)/\($0).docc")
  }

  /// Blocks that use an Apple-only framework cannot compile here; every other block must.
  static let appleOnly = [
    "import UIKit", "import SwiftUI", "import UserNotifications", "import AppIntents", "UIApplication", "UIScene",
    "UIWindow", "UIViewController", "@main",
  ]

  @Test func everyLinuxBlockIsCompiled() throws {
    let normalize = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") }.joined(separator: "\n")
    }
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let linked = ["FamilyMoviesRoute.swift", "TabRoute.swift", "ItemsRoute.swift"]
    let source = normalize(
      try ([URL(fileURLWithPath: #filePath)] + linked.map { here.appendingPathComponent($0) })
        .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n"))
    let articles = try Self.guides.flatMap { catalog in
      try FileManager.default.contentsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        .map { catalog.appendingPathComponent($0) }
    }
    #expect(articles.count == 8)
    var compiled = 0
    for article in articles {
      let text = try String(contentsOf: article, encoding: .utf8)
      for block in text.components(separatedBy: "```swift\n").dropFirst() {
        let code = block.components(separatedBy: "\n```").first ?? ""
        guard !Self.appleOnly.contains(where: code.contains) else { continue }
        #expect(
          source.contains(normalize(code)),
          "\(article.lastPathComponent): a block is not compiled by this file:\n\(code)")
        compiled += 1
      }
    }
    #expect(compiled >= 5)
  }

  /// The guides' Apple code is the example apps' code: every block of the app-delegate,
  /// scene-delegate and SwiftUI guides stands in `Examples/<App>/`, which `Examples/ios-check`
  /// type-checks against the iOS SDK.
  @Test(arguments: [
    ("DeepLinkKitUIKit/DeepLinkKitUIKit.docc/AppDelegateApps.md", "AppDelegateApp"),
    ("DeepLinkKitUIKit/DeepLinkKitUIKit.docc/SceneDelegateApps.md", "SceneDelegateApp"),
    ("DeepLinkKitSwiftUI/DeepLinkKitSwiftUI.docc/SwiftUIApps.md", "SwiftUIApp"),
  ])
  func guideBlocksAreTheExampleApps(article: String, app: String) throws {
    let normalize = { (text: String) in
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && !$0.hasPrefix("import ") }.joined(separator: "\n")
    }
    let folder = Self.root.appendingPathComponent("Examples/\(app)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
      .sorted()
    let source = normalize(
      try files.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.joined(
        separator: "\n"))
    let text = try String(contentsOf: Self.root.appendingPathComponent("Sources/\(article)"), encoding: .utf8)
    let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
    #expect(blocks.count >= 2)
    for block in blocks {
      #expect(source.contains(normalize(block)), "\(article): a block is not in Examples/\(app):\n\(block)")
    }
  }

  @Test func appDelegateAppRoutesTheGuidesLinks() throws {
    #expect(
      try familyMoviesRouter.route(for: "https://www.familymoviesapp.com/familymember/dylan/")
        == .familyMember(name: "dylan"))
    #expect(try familyMoviesRouter.route(for: "https://www.familymoviesapp.com/movie/Up") == .movie(name: "Up"))
    // The guide's hand-made split breaks on "=" and decodes nothing.
    #expect(
      try familyMoviesRouter.route(for: "https://www.familymoviesapp.com/search/?q=mac%20%26%20cheese%3D1")
        == .search(query: "mac & cheese=1"))
  }

  @Test func sceneDelegateAppRoutesTheGuidesLinks() throws {
    #expect(try tabRouter.route(for: "https://app.example.com/post/10") == .post(id: 10))
    #expect(try tabRouter.route(for: "https://app.example.com/settings/profile") == .settings(section: "profile"))
  }

  @Test func swiftUIAppKeepsTheRouteUntilAViewConsumesIt() throws {
    let navigation = LinkNavigationState<ItemsRoute>()
    let dispatcher = LinkDispatcher(router: itemsRouter, deliver: navigation.deliver)
    let links = LinkReceiver(dispatcher: dispatcher)
    #expect(links.open(URL(string: "https://www.100items.com/details?id=75")!))  // onOpenURL, before any view
    dispatcher.satisfy(.ready)  // the root view appeared
    #expect(navigation.consume() == .item(id: 75))
    #expect(navigation.pendingRoute == nil)
  }

  @Test func rootViewControllerAppDeliversAfterTheMainScreen() throws {
    let router = try RouteTable(
      schemes: ["myapp"], routes: [.init(name: "activity", path: "/activity"), .init(name: "post", path: "/post/:id")]
    ).makeRouter()
    let flow = RootFlow(router: router)
    flow.dispatcher.receive(.url("myapp://activity"))  // during the splash screen
    flow.splashFinished(hasSession: false)
    #expect(flow.screen == .login)  // still held: not signed in
    flow.loginFinished()
    #expect(flow.screen == .main(showing: "activity"))
    flow.logout()
    flow.loginFinished()
    #expect(flow.screen == .main(showing: nil))  // nothing replays
  }

  @Test func coordinatorAppPassesTheRouteDownCreatingChildren() throws {
    let app = AppCoordinator()
    let dispatcher = LinkDispatcher(router: cardRouter, deliver: app.handle)
    dispatcher.receive(.url("cards://dashboard/cards/3/detail"))
    #expect(try cardRouter.urlString(for: .cardDetail(cardID: 3)) == "cards://dashboard/cards/3/detail")
    #expect(app.home == nil)  // held until ready: no coordinator exists yet
    dispatcher.satisfy(.ready)
    #expect(app.home?.selectedTab == .dashboard)
    #expect(app.home?.dashboard?.stack == ["dashboard", "card 3", "card 3 detail"])
  }
}
