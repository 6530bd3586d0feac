import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitUIKit

extension LinkCondition {
  static let signedIn: LinkCondition = "signedIn"
}

/// `deeplink demo`: the stories of the example app, played through the real router and
/// dispatcher on a virtual clock, printed as a timeline a person can follow.
///
/// The example app's routes need the user to be signed in, except a post, which anyone may see.
/// Every arrival goes through the router: the quick action by its type, the pushes by their
/// payload's link or push rule, the links as text.
@MainActor
final class Demo {
  private let router: LinkRouter<NamedRoute>
  private var lines: [String] = []
  private var clock: Duration = .zero
  private var lastPrintedTime: Duration?
  private var deliveredInStory: [NamedRoute] = []
  private var dispatcher: LinkDispatcher<NamedRoute>!

  init(router: LinkRouter<NamedRoute>) {
    self.router = router
  }

  /// Plays every story and returns the timeline.
  func run() -> String {
    lines = [
      "DeepLinkKit demo: the example app (splash screen, login, main screen) opened by links.",
      "Every route needs the app to be ready and the user signed in, except a post.",
    ]

    story("1. A cold start from the \"Activity\" quick action while the splash screen loads; the user is signed out")
    app("launches; the splash screen checks the session")
    at(.milliseconds(20))
    arrive("shortcut", "quick action \"Activity\" (com.example.deeplink.activity)") {
      $0.receive(.quickAction(LinkQuickAction(type: "com.example.deeplink.activity")))
    }
    at(.milliseconds(1200))
    app("splash done: ready; no session, so the login screen shows") { $0.satisfy(.ready) }
    at(.milliseconds(6500))
    app("the user signs in") { $0.satisfy(.signedIn) }

    story("2. A push tapped during the splash screen, then a second one (policy: newest only)")
    app("launches; the splash screen checks the session")
    at(.milliseconds(50))
    arrive("push", "notification \"New message from Ana\" {\"deeplink\": \"deeplink-example://messages/17\"}") {
      $0.receive(.push(LinkPush(userInfo: ["deeplink": "deeplink-example://messages/17"])))
    }
    at(.milliseconds(600))
    arrive("push", "notification \"New message from Ben\" {\"type\": \"message\", \"message_id\": 18}") {
      $0.receive(.push(LinkPush(userInfo: ["type": "message", "message_id": 18])))
    }
    at(.milliseconds(1000))
    app("the session is valid: signed in") { $0.satisfy(.signedIn) }
    app("splash done: ready") { $0.satisfy(.ready) }

    story("3. A universal link while the app is active")
    app("is running, signed in, on the main screen") {
      $0.satisfy(.ready)
      $0.satisfy(.signedIn)
    }
    at(.seconds(12))
    arrive("universalLink", "https://app.example.com/post/10") { $0.receive(.url("https://app.example.com/post/10")) }

    story("4. The same link through two cold-start paths")
    app("launches; the splash screen checks the session")
    at(.milliseconds(10))
    arrive("customScheme", "launchOptions[.url]: deeplink-example://requests/7") {
      $0.receive(.url("deeplink-example://requests/7"))
    }
    at(.milliseconds(40))
    arrive("customScheme", "application(_:open:options:): deeplink-example://requests/7") {
      $0.receive(.url("deeplink-example://requests/7"))
    }
    at(.milliseconds(900))
    app("session valid, splash done: signed in and ready") {
      $0.satisfy(.signedIn)
      $0.satisfy(.ready)
    }

    story("5. Logout, then login again: nothing replays")
    at(.seconds(30))
    app("the user logs out") { $0.revoke(.signedIn) }
    at(.seconds(45))
    app("the user signs in again") { $0.satisfy(.signedIn) }
    if deliveredInStory.isEmpty {
      line("", "(nothing is delivered: request 7 was delivered once, in story 4)")
    }

    story("6. A link that needs \"signed in\" while the user is signed out")
    app("is running, ready, signed out on the login screen") { $0.satisfy(.ready) }
    at(.seconds(3))
    arrive("universalLink", "https://app.example.com/messages/42") {
      $0.receive(.url("https://app.example.com/messages/42"))
    }
    at(.seconds(20))
    app("the user signs in") { $0.satisfy(.signedIn) }

    story("7. A silent push launches the app in the background; later the user opens it")
    app("launches in the background for a content-available push")
    arrive("push", "launchOptions[.remoteNotification]: {\"aps\": {\"content-available\": 1}, \"deeplink\": …}") {
      let links = LinkReceiver(dispatcher: $0)
      links.didFinishLaunching(rawOptions: [
        LaunchOptionKey.remoteNotification: [
          "aps": ["content-available": 1], "deeplink": "deeplink-example://messages/99",
        ] as [AnyHashable: Any]
      ])
      return nil
    }
    line("", "(not routed: iOS sets this option for silent pushes and taps alike; taps come through")
    line("", " the notification delegate, which a silent push never calls)")
    at(.seconds(300))
    app("the user opens the app: signed in and ready") {
      $0.satisfy(.signedIn)
      $0.satisfy(.ready)
    }
    if deliveredInStory.isEmpty { line("", "(nothing opens)") }

    story("8. Ana signs out while a link waits for the splash; Ben signs in")
    app("launches; Ana's session is valid: signed in") { $0.satisfy(.signedIn) }
    at(.milliseconds(30))
    arrive("universalLink", "https://app.example.com/messages/5") {
      $0.receive(.url("https://app.example.com/messages/5"))
    }
    at(.milliseconds(800))
    app("Ana signs out on the splash screen") { $0.revoke(.signedIn) }
    at(.seconds(40))
    app("Ben signs in; splash done: ready") {
      $0.satisfy(.signedIn)
      $0.satisfy(.ready)
    }
    if deliveredInStory.isEmpty { line("", "(nothing opens: Ana's link is not Ben's)") }

    return lines.joined(separator: "\n")
  }

  // MARK: - Timeline

  /// Starts a story on a freshly launched app (except story 5, which goes on from story 4).
  private func story(_ title: String) {
    lines += ["", title]
    deliveredInStory = []
    if title.hasPrefix("5.") { return }
    clock = .zero
    lastPrintedTime = nil
    dispatcher = LinkDispatcher(
      router: router, clock: { [unowned self] in self.clock },
      requirements: { $0.name == "post" ? [] : [.signedIn] },
      deliver: { [unowned self] route in
        self.deliveredInStory.append(route)
        self.line("app shows", "\(route)")
      })
    dispatcher.addObserver { [unowned self] event in
      if case .received = event.kind { return }  // the arrival line says it
      self.line("dispatcher", "\(event.link) \(event.kind.description)")
    }
  }

  private func at(_ time: Duration) { clock = time }

  private func app(_ what: String, _ action: ((LinkDispatcher<NamedRoute>) -> Void)? = nil) {
    line("app", what)
    action?(dispatcher)
  }

  private func arrive(
    _ source: String, _ what: String, _ action: (LinkDispatcher<NamedRoute>) -> LinkOutcome<NamedRoute>?
  ) {
    line(source, what)
    _ = action(dispatcher)
  }

  private func line(_ who: String, _ what: String) {
    let time = clock == lastPrintedTime ? "" : clock.secondsText
    lastPrintedTime = clock
    lines.append(
      "  " + time.padding(toLength: 9, withPad: " ", startingAt: 0)
        + who.padding(toLength: 15, withPad: " ", startingAt: 0) + what)
  }
}
