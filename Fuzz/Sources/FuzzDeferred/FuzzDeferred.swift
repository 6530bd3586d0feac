import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitDeferred
import Foundation
import FuzzSupport

/// Any bytes as what reaches an app at its first launch from before the install: pasted text
/// (`claimPasted`, what any web page can leave on the pasteboard), an App Clip's app-group entry
/// and a backend's claim, each with any time (every `Double` a byte pattern makes: NaN, the
/// infinities, subnormals, the largest finite ones). The first byte picks the channel; the next
/// eight are the time. Never a trap; a time that is not a finite date, or outside the maximum
/// age, is `expired`; only a hand-off within it reaches the dispatcher; a link that opens no route
/// leaves the launch's one deferred link (the App Clip's own entry excepted); `handoffLink` marks
/// any link with any date, never a trap, with the whole seconds it holds (0 for a date no tap
/// has), and a link marked already gets the new mark in place of the old.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeferred(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count >= 9 else { return 0 }
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  MainActor.assumeIsolated { play(bytes) }
  return 0
}

private let tap = Date(timeIntervalSince1970: 1_800_000_000)
private let maxAge = 86_400.0

@MainActor private func play(_ bytes: [UInt8]) {
  let time = Double(bitPattern: bytes[1..<9].reduce(0) { $0 << 8 | UInt64($1) })
  let text = String(decoding: bytes[9...], as: UTF8.self)
  let links = DeferredLinks(
    dispatcher: LinkDispatcher(router: fuzzRouter), store: DeferredLinkMemoryStore(), now: { tap })
  let outcome: DeferredLinkOutcome<NamedRoute>
  var createdAt: Date?
  switch bytes[0] % 4 {
  case 0:
    outcome = links.claimPasted(text)
    if case .handedOver = outcome, !text.contains(DeferredLinks<NamedRoute>.handoffItem) {
      violation("pasted text with no hand-off item was handed over: \(text.debugDescription)")
    }
  case 1:
    // The text after a hand-off item, as a page could write it: any digits, signs, more items.
    outcome = links.claimPasted("https://app.example.com/messages/1?dlk_handoff=" + text)
  case 2:
    let suite = "FuzzDeferred"
    let defaults = UserDefaults(suiteName: suite)!
    defer { defaults.removePersistentDomain(forName: suite) }
    defaults.set(["link": "https://app.example.com/" + text, "time": time, "id": text] as [String: Any], forKey: "k")
    outcome = links.claimAppClip(AppClipHandoff(defaults: defaults, key: "k"))
    createdAt = Date(timeIntervalSince1970: time)
  default:
    createdAt = Date(timeIntervalSince1970: time)
    outcome = links.claim(text.hasPrefix("/") ? "https://app.example.com" + text : text, id: nil, createdAt: createdAt)
  }
  if let createdAt {
    let age = tap.timeIntervalSince(createdAt)
    let inTime = age.isFinite && age <= maxAge && age >= -300
    switch outcome {
    case .handedOver where !inTime: violation("a hand-off \(age) s old was handed over")
    case .refused(let error) where !inTime && error.code != .expired && error.code != .unsupportedScheme:
      violation("a hand-off \(age) s old was refused as \(error.code), not expired")
    case .refused(let error) where inTime && error.code == .expired:
      violation("a hand-off \(age) s old was refused as expired")
    default: break
    }
  }
  // A link that opens no route (another host, no route, malformed, not allowed) leaves the
  // launch's deferred link to the next channel, unless it was the App Clip's own entry.
  if case .handedOver(.refused(let error)) = outcome, bytes[0] % 4 != 2,
    links.claim("https://app.example.com/messages/2", id: nil, createdAt: nil) == .nothing(.alreadyTaken)
  {
    violation("a link refused as \(error.code) used up the launch's deferred link")
  }
  // Marking: any link, any date; the mark is found again, with the time written, once: a link
  // marked before gets the new mark in place of the old one, and reads as the newer time.
  let date = Date(timeIntervalSince1970: time)
  let marked = DeferredLinks<NamedRoute>.handoffLink(text, at: date)
  let seconds = Int(exactly: date.timeIntervalSince1970.rounded(.down)) ?? 0
  if !marked.contains("dlk_handoff=\(seconds)") { violation("\(marked.debugDescription) lacks its time \(seconds)") }
  let again = DeferredLinks<NamedRoute>.handoffLink(marked, at: tap)
  if again != DeferredLinks<NamedRoute>.handoffLink(text, at: tap) {
    violation("marking \(marked.debugDescription) again gave \(again.debugDescription)")
  }
  if marks(in: again) != 1 { violation("\(again.debugDescription) carries \(marks(in: again)) marks") }
  let pasted = DeferredLinks(
    dispatcher: LinkDispatcher(router: fuzzRouter), store: DeferredLinkMemoryStore(), now: { tap })
  if case .refused(let error) = pasted.claimPasted(again), error.code == .expired {
    violation("\(again.debugDescription), marked at the time of the launch, is expired")
  }
}

/// How many hand-off items `text` holds before its fragment.
private func marks(in text: String) -> Int {
  let base = text.unicodeScalars.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? []
  guard let query = base.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first else {
    return 0
  }
  return query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
    let name = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? item[...]
    return name.elementsEqual("dlk_handoff".unicodeScalars)
  }.count
}
