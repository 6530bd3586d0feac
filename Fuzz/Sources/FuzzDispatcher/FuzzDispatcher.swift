import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitSwiftUI
import DeepLinkKitTesting
import DeepLinkKitUIKit
import FuzzSupport

/// Any bytes as a dispatcher's life: the first bytes choose the holding policy, `maxAge` and the
/// duplicate window; each byte after is one step (a link arrives or arrives again, in a window or
/// none; a notification tap arrives, maybe again; the app hands over a route it resolved itself;
/// a condition is satisfied or revoked, the clock moves forward or back, the app answers a
/// confirmation now, late, twice or never). After every step the dispatcher's guarantees are
/// checked from its own answers and events, as the property test does: every link ends once
/// (delivered, refused or dropped with a reason) or is still kept; nothing is delivered twice, or
/// while a condition its route needs is missing, or past `maxAge`, or from a source its route
/// does not allow; a route that requires confirmation is delivered from an untrusted source only
/// after the app's yes; a duplicate repeats a link inside the window (a tap: the same tap inside a
/// minute); the policy's bound holds for held links and links awaiting an answer together, per
/// window for the newest-only policy. When the third byte's top bit is set, the handler is a
/// `LinkNavigationStates` whose windows views consume, activate and close at random: a link it
/// keeps ends once too, `delivered` when a view takes it or dropped unseen, and every one ends
/// once the views have taken what is left.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDispatcher(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 3 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  MainActor.assumeIsolated { play(bytes) }
  return 0
}

private let links: [(String, DeepLinkSource?)] = [
  ("myapp://messages", nil), ("myapp://messages/1", nil), ("https://app.example.com/messages/2", nil),
  ("myapp://messages/3", .push), ("myapp://account/delete", .inApp), ("myapp://pay/1", nil),
  ("https://app.example.com/pay/2", nil), ("myapp://pay/3", .inApp), ("myapp://pay/4", .push), ("myapp://nowhere", nil),
]

private let router: LinkRouter<NamedRoute> = {
  do {
    return try RouteTable(
      schemes: ["myapp"], hosts: ["app.example.com"],
      routes: [
        .init(name: "messages", path: "/messages"), .init(name: "message", path: "/messages/:id"),
        .init(name: "delete", path: "/account/delete", sources: [.inApp]),
        .init(name: "pay", path: "/pay/:id", confirm: true),
      ]
    ).makeRouter()
  } catch {
    violation("the dispatcher fuzz table does not build: \(error)")
  }
}()

@MainActor private final class Ledger {
  var now: Duration = .zero
  var source: [LinkID: DeepLinkSource] = [:]
  var arrival: [LinkID: Duration] = [:]
  var ends: [LinkID: Int] = [:]
  var delivered: Set<LinkID> = []
  var asking: LinkID?
  var answers: [(id: LinkID, answer: @MainActor (Bool) -> Void)] = []
  var approved: Set<LinkID> = []
  /// What the next link to arrive is, noted before it is handed over (its events come before
  /// the call returns).
  var next = (needsYes: false, tap: false, scene: String?.none)
  /// The links that were notification taps with a request identifier.
  var taps: Set<LinkID> = []
  /// The links that need the app's yes to open a route that requires confirmation.
  var needsYes: Set<LinkID> = []
  var scene: [LinkID: String] = [:]
  /// The links handed to the handler, which a navigation state may keep.
  var handedOver: Set<LinkID> = []
  /// How many times `signedIn` was revoked while it held (a logout), and that count when each
  /// link was handed to the handler: a view never shows a route that needs `signedIn` handed
  /// over before a logout.
  var logouts = 0
  var logoutsAtHandover: [LinkID: Int] = [:]
  /// Whether a view is taking a route (or a window opens or closes), not the dispatcher.
  var viewAtWork = false
}

private let scenes: [String?] = [nil, "A", "B"]

extension DeepLinkSource {
  /// Whether the dispatcher's default takes `source` as untrusted, as its documentation says:
  /// custom schemes, universal links and deferred links.
  @MainActor static func defaultUntrusted(_ source: DeepLinkSource) -> Bool {
    [.customScheme, .universalLink, .deferred].contains(source)
  }
}

@MainActor private func play(_ bytes: [UInt8]) {
  let queueLimit: Int? = bytes[0] & 1 == 0 ? nil : Int(bytes[0] >> 1) % 5 + 1
  let policy: HoldingPolicy = queueLimit.map { .queue(limit: $0) } ?? .newestOnly
  let maxAge: Duration? = bytes[1] % 3 == 0 ? nil : .seconds(Int(bytes[1] % 8) + 1)
  let window: Duration = [.zero, .milliseconds(500), .seconds(2)][Int(bytes[2] % 3)]
  let ledger = Ledger()
  let dispatcher = LinkDispatcher(
    router: router, holdingPolicy: policy, maxAge: maxAge, duplicateWindow: window, clock: { ledger.now },
    confirm: { _, _, answer in ledger.answers.append((ledger.asking!, answer)) },
    requirements: { $0.name == "delete" || $0.name == "pay" ? ["signedIn"] : [] },
    deliver: { _ in })
  let navigation = LinkNavigationStates<NamedRoute>()
  let keepsInStates = bytes[2] & 0x80 != 0
  if keepsInStates {
    dispatcher.setHandler { route, context in
      ledger.handedOver.insert(context.link)
      ledger.logoutsAtHandover[context.link] = ledger.logouts
      navigation.deliver(route, context)
    }
  }
  dispatcher.addObserver { [unowned dispatcher] event in
    let id = event.link
    switch event.kind {
    case .received(let source):
      ledger.source[id] = source
      ledger.arrival[id] = event.time
      if ledger.next.needsYes { ledger.needsYes.insert(id) }
      if ledger.next.tap { ledger.taps.insert(id) }
      ledger.scene[id] = ledger.next.scene
    case .resolved, .held: break
    case .confirmationRequested: ledger.asking = id
    case .refused: ledger.ends[id, default: 0] += 1
    case .dropped(let reason):
      ledger.ends[id, default: 0] += 1
      // A duplicate repeats a link that arrived within the window before it, by the clock as it
      // reads now: never one the clock has since gone back past.
      // A duplicate that knows its scene gives it to the link it repeats, if that did not know its own.
      if reason.code == .duplicate, let other = reason.otherLink, ledger.scene[other] == nil {
        ledger.scene[other] = ledger.scene[id]
      }
      if reason.code == .duplicate, let other = reason.otherLink, let first = ledger.arrival[other] {
        let elapsed = event.time - first
        let inside = ledger.taps.contains(id) ? Duration.seconds(60) : window
        if elapsed < .zero || elapsed >= inside || ledger.taps.contains(id) != ledger.taps.contains(other) {
          violation("link \(id) dropped as a duplicate of \(other), \(elapsed) apart")
        }
      }
    case .delivered(let route, let heldFor):
      ledger.ends[id, default: 0] += 1
      if !ledger.delivered.insert(id).inserted { violation("link \(id) was delivered twice") }
      if keepsInStates != ledger.viewAtWork { violation("link \(id) was delivered before a view took it") }
      // (A view takes a kept route later, when the conditions and the age were the handover's.)
      if !ledger.viewAtWork, !dispatcher.conditions(for: route).isSubset(of: dispatcher.satisfiedConditions) {
        violation("link \(id) was delivered while a condition it needs was missing")
      }
      if ledger.viewAtWork, dispatcher.conditions(for: route).contains("signedIn"),
        ledger.logoutsAtHandover[id] != ledger.logouts
      {
        violation("link \(id) was shown after a logout that followed its handover")
      }
      if !ledger.viewAtWork, let maxAge, heldFor > maxAge {
        violation("link \(id) was delivered after \(heldFor), past maxAge")
      }
      if heldFor < .zero { violation("link \(id) was held for a negative \(heldFor)") }
      if route.name == "pay", ledger.needsYes.contains(id), !ledger.approved.contains(id) {
        violation("link \(id) to a route that requires confirmation was delivered without the app's yes")
      }
      if route.name == "delete", ledger.source[id] != .inApp {
        violation("link \(id) to an in-app route was delivered from \(ledger.source[id].map { "\($0)" } ?? "nowhere")")
      }
    }
  }
  var last = links[0]
  /// Receives a link, and notes what the checks need to know of it.
  func receive(_ input: DeepLinkInput, in scene: String? = nil, needsYes: Bool, tap: Bool = false) {
    ledger.next = (needsYes, tap, scene)
    dispatcher.receive(input.arriving(in: scene))
  }
  /// A view at work: takes a window's route, or a window becomes active or closes.
  func view(_ work: () -> Void) {
    ledger.viewAtWork = true
    work()
    ledger.viewAtWork = false
  }
  for byte in bytes.dropFirst(3) {
    switch byte % 8 {
    case 0:
      last = links[Int(byte >> 3) % links.count]
      receive(.url(last.0, source: last.1), needsYes: last.1 != .inApp)
    case 1:
      // Again, or anew, in a window or none.
      if byte & 8 != 0 { last = links[Int(byte >> 6) % links.count] }
      let scene = scenes[Int(byte >> 4) % 3]
      receive(.url(last.0, source: last.1), in: scene, needsYes: last.1 != .inApp)
    case 2:
      if byte & 8 == 0 {
        // A notification tap carrying the last link, one of three requests, in a window or none.
        let push = DeepLinkInput.push(
          userInfo: ["deeplink": last.0], requestIdentifier: "request-\(Int(byte >> 4) % 3)")
        receive(push, in: scenes[Int(byte >> 6) % 3], needsYes: true, tap: true)
      } else {
        // A route the app resolved itself, from a source of its choice.
        let routes = [NamedRoute("delete"), NamedRoute("pay", parameters: ["id": "9"]), NamedRoute("messages")]
        let sources: [DeepLinkSource] = [.inApp, .customScheme, .intent, .shortcut]
        let source = sources[Int(byte >> 4) % sources.count]
        let scene = scenes[Int(byte >> 4) % 3]
        ledger.next = (DeepLinkSource.defaultUntrusted(source), false, scene)
        dispatcher.receive(route: routes[Int(byte >> 6) % routes.count], source: source, scene: scene)
      }
    case 3: dispatcher.satisfy(byte & 8 == 0 ? .ready : "signedIn")
    case 4:
      let condition: LinkCondition = byte & 8 == 0 ? .ready : "signedIn"
      if condition == "signedIn", dispatcher.satisfiedConditions.contains(condition) { ledger.logouts += 1 }
      dispatcher.revoke(condition)
    case 5:
      // Forward mostly; back when the top bit is set (a clock the app reads from the wall time).
      let step = Duration.milliseconds(Int((byte >> 3) & 0x0F) * 150)
      if byte & 0x80 == 0 { ledger.now += step } else { ledger.now -= step }
    case 6:
      guard !ledger.answers.isEmpty else { break }
      let (id, answer) = ledger.answers[Int(byte >> 4) % ledger.answers.count]
      let yes = byte & 8 == 0
      if yes, dispatcher.linksAwaitingConfirmation.contains(where: { $0.link == id }) { ledger.approved.insert(id) }
      answer(yes)
    default:
      guard keepsInStates, byte & 8 != 0, let scene = scenes[Int(byte >> 4) % 3] else {
        dispatcher.removeExpiredLinks()
        break
      }
      view {
        switch byte >> 6 {
        case 0: navigation.activate(scene: scene)
        case 1: navigation.remove(scene: scene)
        default: _ = navigation.state(forScene: scene).consume()
        }
      }
    }
    let kept = Set(dispatcher.heldLinks.map(\.link)).union(dispatcher.linksAwaitingConfirmation.map(\.link))
    if policy == .newestOnly {
      // One per window; a link of no known scene is the newest of every window.
      let windows = kept.map { ledger.scene[$0] }
      if Set(windows).count != windows.count || (windows.contains(nil) && windows.count > 1) {
        violation("\(windows) kept under \(policy)")
      }
    } else if let queueLimit, kept.count > queueLimit {
      violation("\(kept.count) links kept under \(policy)")
    }
    for id in ledger.arrival.keys {
      let ends = ledger.ends[id] ?? 0
      if ends > 1 { violation("link \(id) ended \(ends) times") }
      // A link a navigation state keeps has not ended, and the dispatcher no longer keeps it.
      let inState = keepsInStates && ledger.handedOver.contains(id)
      if ends == 0, !(kept.contains(id) || inState) { violation("link \(id) is neither ended nor kept") }
      if ends == 1, kept.contains(id) { violation("link \(id) ended and is still kept") }
    }
  }
  // The views take what is left: every link handed over has ended.
  view {
    navigation.activate(scene: "A")
    for scene in ["A", "B"] { _ = navigation.state(forScene: scene).consume() }
  }
  for id in ledger.handedOver where ledger.ends[id] != 1 {
    violation("link \(id) was handed over and ended \(ledger.ends[id] ?? 0) times")
  }
}
