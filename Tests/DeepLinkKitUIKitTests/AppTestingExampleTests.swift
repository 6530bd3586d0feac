// An app's own link tests, written as an app writes them: with DeepLinkKit, DeepLinkKitUIKit and
// DeepLinkKitTesting only (this file imports nothing else of the package). The README's
// "Testing your app's links" block is this file down to the end of AppTestingExampleTests.
import DeepLinkKit
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

enum AppRoute: Hashable, Sendable {
  case messages
  case message(id: String)
  case activity
}

let appRouter = try! LinkRouter<AppRoute>(
  schemes: ["myapp"], hosts: ["app.example.com"],
  routes: [
    .path("/messages", to: .messages),
    .path("/messages/:id", AppRoute.message).push(when: ["type": "message"], parameters: ["id": "message_id"]),
    .path("/activity", to: .activity).shortcut("com.example.activity"),
  ])

/// The app's composition root, as its tests build it: the real router and dispatcher; `shown`
/// stands for the screens the app would push.
@MainActor final class App {
  var shown: [AppRoute] = []
  lazy var links = LinkReceiver(
    dispatcher: LinkDispatcher(
      router: appRouter, requirements: { $0 == .messages ? [] : ["signedIn"] },
      deliver: { [unowned self] in self.shown.append($0) }))
}

@MainActor @Suite struct AppTestingExampleTests {
  @Test func aPushTappedDuringTheSplashOpensAfterSignIn() {
    let app = App()
    app.links.playColdStart(.notificationTap(["type": "message", "message_id": 17]))
    app.links.dispatcher.satisfy(.ready)  // splash done
    #expect(app.shown.isEmpty)  // still signed out
    app.links.dispatcher.satisfy("signedIn")
    #expect(app.shown == [.message(id: "17")])
  }

  @Test func everyRouteComesBack() {
    #expect(appRouter.roundTripProblems().isEmpty)
  }
}

/// More of the seed app's stories, each a few lines with the testing library.
@MainActor @Suite struct AppStoryTests {

  @Test func aQuickActionAtLaunchIsTakenOnce() {
    let app = App()
    #expect(!app.links.playColdStart(.quickAction(FakeShortcutItem(type: "com.example.activity"))))
    app.links.dispatcher.satisfy("signedIn")
    app.links.dispatcher.satisfy(.ready)
    #expect(app.shown == [.activity])
  }

  @Test func oneLinkThroughTwoColdStartPathsOpensOnce() {
    let app = App()
    #expect(app.links.playColdStart(.universalLink(URL(string: "https://app.example.com/messages")!)))
    app.links.dispatcher.satisfy(.ready)
    #expect(app.shown == [.messages])
  }

  @Test func aSceneAppDrainsItsConnectionOptions() {
    let app = App()
    app.links.playSceneColdStart(.link(URL(string: "myapp://messages/3")!), scene: "main")
    app.links.dispatcher.satisfy("signedIn")
    app.links.dispatcher.satisfy(.ready)
    #expect(app.shown == [.message(id: "3")])
  }

  @Test func aSilentPushOpensNothing() {
    let app = App()
    app.links.playBackgroundLaunch(silentPush: ["aps": ["content-available": 1], "type": "message", "message_id": 5])
    app.links.dispatcher.satisfy("signedIn")
    app.links.dispatcher.satisfy(.ready)
    #expect(app.shown.isEmpty)
  }

  @Test func aLinkWhileActiveOpensAtOnce() {
    let app = App()
    app.links.dispatcher.satisfy(.ready)
    #expect(app.links.playWarmOpen(.link(URL(string: "myapp://messages")!)))
    #expect(app.shown == [.messages])
  }

  /// The round-trip check names a route whose parse and print disagree.
  @Test func theRoundTripCheckFindsARouteThatDoesNotComeBack() throws {
    let broken = try LinkRouter<AppRoute>(
      schemes: ["myapp"],
      routes: [
        .path(
          "/messages/:id", name: "message", parse: { .message(id: try $0.string("id") + "!") },
          print: { if case .message(let id) = $0 { ["id": id] } else { nil } })
      ])
    let problems = broken.roundTripProblems(samples: 3)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix(#"route "message" (/messages/:id): "#) == true)
  }
}
