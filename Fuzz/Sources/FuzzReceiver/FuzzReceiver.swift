import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import DeepLinkKitUIKit
import Foundation
import FuzzSupport

/// Any bytes as an iPad app's life through the glue the README teaches: a `LinkReceiver` whose
/// dispatcher delivers into `LinkWindows`, and a background handler for notification actions.
/// The first byte chooses the holding policy, whether routes need sign-in, and whether the
/// background handler is set; each byte after is one step: a notification tap or a background
/// action (a reply of any length, made of the input's own bytes, a "Save for later") arrives
/// through `didReceive(_:completion:)`, in a window or none (one no navigator shows, too); a link
/// opens in a window; a window is registered, becomes key or closes; sign-in comes or goes (a
/// sign-out drops what waits for it); a background handler's send finishes; time passes; the main
/// actor runs what was handed to it.
///
/// Checked after every step and at the end, when every send finished, the app signed in and a
/// window exists: every link ends exactly once (`delivered`, refused or dropped with a reason);
/// a route is shown only by a registered window, its own when its scene is one; iOS's completion
/// handler is called exactly once per response, and for a background action delivered to the
/// handler, only after the handler finished; a reply reaches the handler whole up to 64 KiB, and
/// past it as its first 64 KiB with the reason; a tap never opens a route only background actions
/// open.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReceiver(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 2 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  MainActor.assumeIsolated { Play(bytes).run() }
  return 0
}

private let router: LinkRouter<NamedRoute> = {
  do {
    return try RouteTable(
      json: Data(
        #"""
        {"schemes": ["chat"], "routes": [
          {"name": "conversation", "path": "/conversations/:id(int)?replyText?", "push": [
            {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}},
            {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "REPLY",
             "background": true, "category": "MESSAGE"}]},
          {"name": "save", "path": "/conversations/:id(int)/save",
           "push": {"when": {"type": "message"}, "parameters": {"id": "conversation_id"}, "action": "SAVE",
                    "background": true}},
          {"name": "inbox", "path": "/inbox"}
        ]}
        """#.utf8)
    ).makeRouter()
  } catch {
    violation("the receiver fuzz table does not build: \(error)")
  }
}()

private let scenes: [String?] = ["A", "B", "X", nil]

@MainActor private final class Play {
  let bytes: [UInt8]
  let clock = ManualClock()
  let windows = LinkWindows<NamedRoute>()
  let links: LinkReceiver<NamedRoute>
  /// Every event's link, and how it ended.
  var ends: [LinkID: [String]] = [:]
  var received: [LinkID] = []
  /// The routes each window showed.
  var shown: [(window: String, route: NamedRoute)] = []
  var registered: Set<String> = []
  /// The background handler's sends under way, and those finished.
  var sends: [CheckedContinuation<Void, Never>] = []
  var sent: [(route: NamedRoute, context: DeliveryContext)] = []
  /// The replies typed, by response, and the responses whose reply the handler finished sending.
  var replies: [Int: String] = [:]
  var finishedReplies: Set<Int> = []
  /// Each response's completion calls, and the responses whose completion came before their
  /// reply was sent.
  var completions: [Int] = []
  var completedUnsent: Set<Int> = []
  var responses = 0
  var needsSignIn: Bool
  var hasBackgroundHandler: Bool

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    let settings = bytes[0]
    let clock = clock
    needsSignIn = settings & 0x2 != 0
    hasBackgroundHandler = settings & 0x4 == 0
    let needs = needsSignIn
    let dispatcher = LinkDispatcher(
      router: router, holdingPolicy: settings & 0x1 == 0 ? .newestOnly : .queue(limit: Int(settings >> 5) + 1),
      clock: { clock.now }, requirements: { needs && $0.name != "inbox" ? ["signedIn"] : [] })
    links = LinkReceiver(dispatcher: dispatcher)
    dispatcher.setHandler(windows.deliver)
    if hasBackgroundHandler {
      dispatcher.setBackgroundHandler { [unowned self] route, context in
        await withCheckedContinuation { self.sends.append($0) }
        self.sent.append((route, context))
        if let number = route.parameters["replyText"].flatMap(Self.responseNumber) {
          self.finishedReplies.insert(number)
        }
      }
    }
    dispatcher.addObserver { [unowned self] event in
      switch event.kind {
      case .received: received.append(event.link)
      case .delivered: ends[event.link, default: []].append("delivered")
      case .refused: ends[event.link, default: []].append("refused")
      case .dropped(let reason): ends[event.link, default: []].append(reason.code.rawValue)
      default: break
      }
    }
    dispatcher.satisfy(.ready)
  }

  func run() {
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      let scene = scenes[Int(byte >> 6)]
      switch byte & 0xF {
      case 0, 1: respond(action: nil, scene: scene, id: Int(byte >> 4))
      case 2:
        // A reply of a length the next bytes give, made of the input's own bytes.
        let length = index < bytes.count ? Int(bytes[index]) * 300 : 0
        index += 1
        respond(action: "REPLY", scene: scene, id: Int(byte >> 4), reply: reply(length, from: index, for: responses))
      case 3: respond(action: "SAVE", scene: scene, id: Int(byte >> 4))
      case 4: links.open(URL(string: "chat://conversations/\(byte >> 4)")!, scene: scene)
      case 5: links.open(URL(string: "chat://inbox")!, scene: scene)
      case 6: register(scene)
      case 7: if let scene { windows.activate(scene: scene) }
      case 8:
        if let scene {
          windows.remove(scene: scene)
          registered.remove(scene)
        }
      case 9: links.dispatcher.satisfy("signedIn")
      case 10: links.dispatcher.revoke("signedIn", keepingLinks: byte & 0x10 == 0 ? nil : false)
      case 11: if !sends.isEmpty { sends.removeFirst().resume() }
      case 12: clock.advance(.seconds(Int(byte >> 4) * 60))
      default: drain()
      }
      check(finished: false)
    }
    // The end: every send finishes, the app signs in, a window exists; every link ends.
    settle()
    links.dispatcher.satisfy("signedIn")
    register("A")
    windows.activate(scene: "A")
    settle(untilEveryLinkEnds: true)
    check(finished: true)
  }

  private func register(_ scene: String?) {
    guard let scene, scene != "X" else { return }  // no navigator ever shows X
    registered.insert(scene)
    windows.register(scene: scene) { [unowned self] route in
      if !registered.contains(scene) { violation("\(route) was shown by the closed window \(scene)") }
      shown.append((scene, route))
    }
  }

  /// The response a reply was typed for: the number it starts with, before `:`.
  static func responseNumber(_ reply: String) -> Int? {
    Int(String(String.UnicodeScalarView(reply.unicodeScalars.prefix { $0 != ":" })))
  }

  private func reply(_ length: Int, from start: Int, for number: Int) -> String {
    let source = bytes
    var scalars = String.UnicodeScalarView("\(number):".unicodeScalars)
    var utf8 = 0
    var position = start
    while utf8 < length {
      let byte = source[position % source.count]
      position += 1
      // A combining mark after a quote now and then: the reply is text, whatever it holds.
      let scalar = byte % 7 == 0 ? Unicode.Scalar(0x301)! : Unicode.Scalar(UInt32(byte % 94) + 33)!
      scalars.append(scalar)
      utf8 += String(scalar).utf8.count
    }
    return String(scalars)
  }

  private func respond(action: String?, scene: String?, id: Int, reply: String? = nil) {
    let number = responses
    responses += 1
    completions.append(0)
    var response = FakeNotificationResponse(
      actionIdentifier: action ?? FakeNotificationResponse.defaultAction,
      payload: ["type": "message", "conversation_id": String(id), "n": String(number)], replyText: reply,
      targetScene: scene.map { FakeScene($0) })
    if action == nil, id % 5 == 0 {
      response.payload = ["deeplink": "chat://conversations/\(id)/save"]  // a tap carrying a save link
    }
    if let reply { replies[number] = reply }
    links.didReceive(response) { [unowned self] in
      MainActor.assumeIsolated {
        completions[number] += 1
        if replies[number] != nil, !finishedReplies.contains(number) { completedUnsent.insert(number) }
      }
    }
  }

  /// Runs what was handed to the main actor: submitted responses, background handlers' tasks.
  private func drain() {
    for _ in 0..<2 { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.00002)) }
  }

  /// Drains and finishes every send until the app is at rest: every response completed, no send
  /// under way, every link received has ended (or, before the end, nothing changes any more), or
  /// two seconds passed (a machine loaded by other work runs the main actor late: waiting for the
  /// state, not for a number of quiet turns, keeps a slow turn from passing for a lost link).
  private func settle(untilEveryLinkEnds: Bool = false) {
    let deadline = Date(timeIntervalSinceNow: 2)
    var quiet = 0
    while Date() < deadline {
      let before = [ends.count, completions.reduce(0, +), sent.count, sends.count, shown.count, received.count]
      drain()
      while !sends.isEmpty { sends.removeFirst().resume() }
      let after = [ends.count, completions.reduce(0, +), sent.count, sends.count, shown.count, received.count]
      let atRest =
        sends.isEmpty
        && (!untilEveryLinkEnds || completions.allSatisfy { $0 >= 1 } && received.allSatisfy { ends[$0] != nil })
      quiet = after == before ? quiet + 1 : 0
      if atRest, quiet >= 3 { return }
    }
  }

  private func check(finished: Bool) {
    for (link, ended) in ends where ended.count > 1 { violation("link \(link) ended \(ended)") }
    for (number, calls) in completions.enumerated() where calls > 1 {
      violation("response \(number)'s completion handler was called \(calls) times")
    }
    for (route, context) in sent {
      guard route.name == "conversation", let text = route.parameters["replyText"],
        let number = Self.responseNumber(text), let typed = replies[number]
      else { continue }
      if completedUnsent.contains(number) {
        violation("response \(number)'s completion handler was called before its reply was sent")
      }
      if typed.utf8.count <= 65_536 {
        if text != typed || context.replyTruncation != nil { violation("a reply of \(typed.utf8.count) bytes was cut") }
      } else if text.utf8.count > 65_536 || !typed.unicodeScalars.starts(with: text.unicodeScalars)
        || context.replyTruncation?.code != .inputTooLarge
      {
        violation(
          "a reply of \(typed.utf8.count) bytes reached the handler as \(text.utf8.count), \(String(describing: context.replyTruncation))"
        )
      }
    }
    // With a background handler, the save route goes there only: a tap carrying its link is
    // refused. (Without one, its action is delivered like a tap, by design.)
    for (_, route) in shown where route.name == "save" && hasBackgroundHandler {
      violation("the save route was shown in a window")
    }
    guard finished else { return }
    for link in received where ends[link]?.count != 1 {
      violation("link \(link) ended \(ends[link] ?? []) (of \(received.count) links, \(shown.count) shown)")
    }
    for (number, calls) in completions.enumerated() where calls != 1 {
      violation("response \(number)'s completion handler was called \(calls) times")
    }
  }
}
