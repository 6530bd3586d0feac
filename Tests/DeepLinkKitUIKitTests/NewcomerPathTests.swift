import DeepLinkKit
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import Testing

/// A scene delegate's first link, as a newcomer writes it: three types (the route enum,
/// `LinkRouter`, `LinkReceiver`), forwards that take the scene, and `satisfy(.ready)`.
@MainActor @Suite struct NewcomerPathTests {
  enum Route: Hashable, Sendable {
    case inbox
    case message(id: Int)
  }

  /// The scene delegate, with `FakeScene` and the fakes standing for UIKit's objects.
  @MainActor final class SceneDelegate {
    var shown: [(Route, String?)] = []
    lazy var links = LinkReceiver(
      router: try! LinkRouter<Route>(
        schemes: ["mail"], routes: [.path("/inbox", to: .inbox), .path("/messages/:id", Route.message)])
    ) { [unowned self] route in self.shown.append((route, nil)) }

    func willConnect(_ scene: FakeScene, options: FakeConnectionOptions) {
      links.willConnect(options: options, scene: scene)
      links.dispatcher.satisfy(.ready)
    }
  }

  @Test func aColdStartLinkOpensOnceTheAppIsReady() {
    let app = SceneDelegate()
    let scene = FakeScene("window-1")
    var windows: [String?] = []
    app.links.dispatcher.setHandler { route, context in
      app.shown.append((route, context.sceneIdentifier))
      windows.append(context.sceneIdentifier)
    }
    app.willConnect(
      scene, options: FakeConnectionOptions(urlContexts: [FakeURLContext(url: URL(string: "mail://messages/7")!)]))
    #expect(app.shown.map(\.0) == [.message(id: 7)])
    #expect(windows == ["window-1"])
    // The warm forwards take the scene too.
    app.links.open([FakeURLContext(url: URL(string: "mail://inbox")!)], scene: scene)
    #expect(app.shown.map(\.0) == [.message(id: 7), .inbox])
    #expect(windows == ["window-1", "window-1"])
  }

  @Test func linksWaitForReady() {
    let app = SceneDelegate()
    app.links.open(URL(string: "mail://messages/3")!)
    #expect(app.shown.isEmpty)
    app.links.dispatcher.satisfy(.ready)
    #expect(app.shown.map(\.0) == [.message(id: 3)])
  }

  /// Forget `satisfy(.ready)`, and a debug build says so once a link has waited: naming the link and the
  /// call to make, once per dispatcher; an app that is ready is never warned.
  @Test func aDispatcherNeverToldItIsReadyWarns() async {
    let router = try! LinkRouter<Route>(schemes: ["mail"], routes: [.path("/inbox", to: .inbox)])
    var warnings: [String] = []
    let forgetful = LinkDispatcher(router: router, deliver: { _ in })
    forgetful.readiness.delay = .milliseconds(20)
    forgetful.readiness.write = { warnings.append($0) }
    forgetful.receive(.url("mail://inbox"))
    forgetful.receive(.url("mail://inbox?again=1"))
    let ready = LinkDispatcher(router: router, deliver: { _ in })
    ready.readiness.delay = .milliseconds(20)
    ready.readiness.write = { warnings.append("ready: " + $0) }
    ready.satisfy(.ready)
    ready.revoke(.ready)
    ready.receive(.url("mail://inbox"))
    for _ in 0..<100 where warnings.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
    try? await Task.sleep(for: .milliseconds(60))
    #expect(warnings.count == 1)
    #expect(
      warnings.first?.hasPrefix(
        "DeepLinkKit: link #1 has waited 0.020s for .ready, which this dispatcher was never given: call links.dispatcher.satisfy(.ready)"
      )
        == true)
  }
}
