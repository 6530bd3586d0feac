import DeepLinkKit
import Foundation

extension DeepLinkError.Code {
  /// A deferred link older than the maximum age, or dated in the future.
  public static let expired = DeepLinkError.Code(rawValue: "expired")
  /// A hand-off claimed before (an App Clip's invocation, a code), which opens once.
  public static let alreadyClaimed = DeepLinkError.Code(rawValue: "alreadyClaimed")
}

/// What looking for a deferred link gave.
public enum DeferredLinkOutcome<Route: Hashable & Sendable>: Sendable, Equatable {
  /// Why nothing was looked at.
  public enum Absence: String, Sendable, Hashable {
    /// The app has launched before: deferred links are for the first launch only.
    case notFirstLaunch
    /// A deferred link was already handed over at this launch: there is one at most.
    case alreadyTaken
    /// The pasteboard holds no hand-off link (nothing, or something else the user copied, which
    /// is neither read further nor kept).
    case noHandoff
  }

  /// A link was handed to the dispatcher as `DeepLinkSource.deferred`: what it did
  /// (delivered, held until the app is ready or signed in, refused, dropped).
  case handedOver(LinkOutcome<Route>)
  /// Nothing was handed over, and why.
  case nothing(Absence)
  /// A hand-off was found but refused before the dispatcher: too old (`expired`), claimed before
  /// (`alreadyClaimed`), not an `https` link (`unsupportedScheme`), or malformed.
  case refused(DeepLinkError)
}

/// Deferred links: the link a user followed before the app was installed, opened once on the
/// first launch, after the install, without fingerprinting the device. The link reaches the app
/// only by the user's own action, through one of three channels:
///
/// - the pasteboard: the landing page's "Get the app" button copies the link, marked with the
///   time of the tap (``handoffLink(_:at:)``); at the first launch ``claimFromPasteboard(_:)``
///   asks iOS whether the pasteboard holds a web URL without reading it, and reads it (iOS shows
///   its paste prompt) only then. A copied string that is not a marked link is left alone. Or a
///   `UIPasteControl` in onboarding hands the pasted text to ``claimPasted(_:)``, with no prompt;
/// - an App Clip: the clip writes its invocation URL where the full app can read it (an app
///   group), and the app hands it to ``claim(_:id:createdAt:)`` with an identifier, so that it
///   opens once;
/// - the app's own backend: a code the user typed, or a claim bound to their account, fetched by
///   the app and handed to ``claim(_:id:createdAt:)``.
///
/// Whatever the channel, a deferred link opens on the first launch only, at most one per launch,
/// no older than ``maxAge`` (a time that is not a finite date is `expired`), and goes through the
/// dispatcher like any other link, as the source `.deferred`: the route's `sources`, confirmation
/// (`.deferred` is untrusted by default) and conditions (signed in) apply, so it waits for the
/// sign-in the app asks for first.
///
/// Only a link that opens a route (delivered, held or awaiting confirmation), or an App Clip's
/// entry (``claimAppClip(_:)``), uses up the launch's one deferred link. Any web page can leave a
/// marked link on the pasteboard: one the dispatcher refuses (another host, a path no route has,
/// a malformed link, a route deferred links may not open) leaves the launch's link to a real
/// hand-off. Claim the App Clip's hand-off first, then the pasteboard's.
@MainActor
public final class DeferredLinks<Route: Hashable & Sendable> {
  /// The query item the landing page adds to the link it copies: the time of the tap, in whole
  /// seconds since 1970. It tells a hand-off from any link the user copied, and its age.
  public nonisolated static var handoffItem: String { "dlk_handoff" }

  /// The dispatcher deferred links go through.
  public let dispatcher: LinkDispatcher<Route>
  /// Whether this is the app's first launch, as the store said when this object was made (it
  /// records the launch at once, so a crash or relaunch is not a first launch again).
  public let isFirstLaunch: Bool
  /// How old a hand-off may be; one day by default.
  public let maxAge: Duration
  private let store: any DeferredLinkStore
  private let now: @MainActor () -> Date
  private var taken = false

  /// Creates the deferred-link check for this launch; make it once, at launch.
  ///
  /// - Parameters:
  ///   - dispatcher: The app's dispatcher.
  ///   - store: Where launches and claims are remembered.
  ///   - maxAge: How old a hand-off may be.
  ///   - now: The current time (a fixed one in tests).
  public init(
    dispatcher: LinkDispatcher<Route>, store: any DeferredLinkStore, maxAge: Duration = .seconds(86_400),
    now: @escaping @MainActor () -> Date = { Date() }
  ) {
    self.dispatcher = dispatcher
    self.store = store
    self.maxAge = maxAge
    self.now = now
    isFirstLaunch = !store.hasLaunched
    store.hasLaunched = true
  }

  /// The link a landing page copies for the app to find after the install: `link` with the
  /// ``handoffItem`` query item set to `date`. A page's script does the same; this is its
  /// reference, and what tests use.
  /// A link that carries the item already (a hand-off link shared, then followed again) has it
  /// replaced, so that the newest tap dates it.
  public nonisolated static func handoffLink(_ link: String, at date: Date) -> String {
    let (base, fragment) = split(handoff(in: link)?.link ?? link, at: "#")
    // An item of its own: after the query's own `?` when the query is empty, else after `&` (a
    // later `?` is a character of the query). Taking the item off gives the link back.
    let query = split(base, at: "?").1
    let separator = query.map { $0.isEmpty ? "" : "&" } ?? "?"
    // A date no tap has (not finite, or beyond what an Int holds) is marked 0, which opens as
    // `expired`: `Int(_:)` would trap on it.
    let item = "\(handoffItem)=\(Int(exactly: date.timeIntervalSince1970.rounded(.down)) ?? 0)"
    return base + separator + item + (fragment.map { "#" + $0 } ?? "")
  }

  /// Looks for a hand-off on the pasteboard, at the first launch only: asks iOS first whether it
  /// holds a web URL (no prompt), and reads it only then. Call it once launch UI allows the paste
  /// prompt (after the splash screen). iOS shows that prompt for any web URL on the pasteboard,
  /// hand-off or not; for no prompt at all, use a `UIPasteControl` and ``claimPasted(_:)``.
  ///
  /// - Parameter pasteboard: `UIPasteboard.general`.
  /// - Returns: What was found and done with it.
  public func claimFromPasteboard(_ pasteboard: some DeferredPasteboardInput) async -> DeferredLinkOutcome<Route> {
    if let absence = absence { return .nothing(absence) }
    guard await pasteboard.hasProbableWebURL(), absence == nil, let text = pasteboard.string else {
      return .nothing(absence ?? .noHandoff)
    }
    return claimPasted(text)
  }

  /// Hands over what the user pasted with a `UIPasteControl` (or a paste command) in onboarding:
  /// a hand-off link (``handoffLink(_:at:)``) opens under the same rules as the pasteboard's.
  ///
  /// - Parameter text: The pasted text.
  public func claimPasted(_ text: String) -> DeferredLinkOutcome<Route> {
    if let absence { return .nothing(absence) }
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard let (link, time) = Self.handoff(in: trimmed) else { return .nothing(.noHandoff) }
    guard let time else {
      return .refused(
        DeepLinkError(.malformedInput, "the hand-off link's \(Self.handoffItem) is not a time in seconds"))
    }
    return hand(link, createdAt: Date(timeIntervalSince1970: time), id: nil)
  }

  /// Hands over a link from an App Clip or the app's backend, at the first launch only.
  ///
  /// - Parameters:
  ///   - link: The link (an `https` link on the app's hosts).
  ///   - id: What identifies the hand-off (the clip's invocation, the code): it opens once, even
  ///     if handed over again.
  ///   - createdAt: When the user followed it, checked against ``maxAge``; `nil` when the channel
  ///     does not say (a backend that checks age itself).
  public func claim(_ link: String, id: String?, createdAt: Date?) -> DeferredLinkOutcome<Route> {
    claim(link, id: id, createdAt: createdAt, isAppClipEntry: false)
  }

  /// The same; an App Clip's entry takes the launch whatever the dispatcher does with it.
  func claim(_ link: String, id: String?, createdAt: Date?, isAppClipEntry: Bool) -> DeferredLinkOutcome<Route> {
    if let absence { return .nothing(absence) }
    let stripped = Self.handoff(in: link)?.link ?? link
    return hand(stripped, createdAt: createdAt, id: id, isAppClipEntry: isAppClipEntry)
  }

  /// Why no hand-off is looked at now, if none is: not the first launch, or one taken already.
  var absence: DeferredLinkOutcome<Route>.Absence? {
    if !isFirstLaunch { return .notFirstLaunch }
    if taken { return .alreadyTaken }
    return nil
  }

  private func hand(_ link: String, createdAt: Date?, id: String?, isAppClipEntry: Bool = false)
    -> DeferredLinkOutcome<Route>
  {
    if let id, store.claimedIdentifiers.contains(id) {
      return .refused(DeepLinkError(.alreadyClaimed, "the hand-off \(quoted(id)) was claimed before"))
    }
    guard link.lowercased().hasPrefix("https://") else {
      return .refused(
        DeepLinkError(.unsupportedScheme, "a deferred link must be an https link on one of the app's hosts"))
    }
    if let createdAt, let refusal = refusal(ofAge: now().timeIntervalSince(createdAt)) { return .refused(refusal) }
    taken = true
    let outcome = dispatcher.receive(.url(link, source: .deferred))
    // A link that opens no route is no hand-off of this app's: any web page can leave one (another
    // host, a path no route has, a user-info form) on the pasteboard, and it must not use up the
    // launch's one deferred link (an App Clip's hand-off, claimed next, still opens). The
    // dispatcher has reported it as refused. The clip's own entry is the app's: it takes the launch.
    if case .refused = outcome, !isAppClipEntry {
      taken = false
      return .handedOver(outcome)
    }
    if let id { store.claimedIdentifiers.append(id) }
    return .handedOver(outcome)
  }

  /// Why a hand-off `age` seconds old does not open: older than ``maxAge``, dated more than five
  /// minutes ahead (a clock set wrong), or not a number of seconds at all (NaN or infinite, from a
  /// time no tap has). `nil` when it may open.
  private func refusal(ofAge age: Double) -> DeepLinkError? {
    let limit = maxAge.components.seconds
    guard age.isFinite else { return DeepLinkError(.expired, "the hand-off's time is not a date") }
    if age < -300 { return DeepLinkError(.expired, "the hand-off is dated \(Self.seconds(-age)) s in the future") }
    guard age > Double(limit) else { return nil }
    return DeepLinkError(.expired, "the hand-off is \(Self.seconds(age)) s old; deferred links open within \(limit) s")
  }

  /// Whole seconds, as text, for any finite number: `Int(_:)` traps past `Int.max`, so a time
  /// that far away is written as the `Double` it is.
  private nonisolated static func seconds(_ value: Double) -> String {
    Int(exactly: value.rounded(.towardZero)).map(String.init) ?? "\(value)"
  }

  /// The link without its hand-off item, and the item's time (`nil` when it is not a number), or
  /// `nil` when `text` is not a hand-off link.
  nonisolated static func handoff(in text: String) -> (link: String, time: Double?)? {
    let (base, fragment) = split(text, at: "#")
    let (path, query) = split(base, at: "?")
    guard let query else { return nil }
    var kept: [String] = []
    var time: Double??
    for item in query.unicodeScalars.split(separator: "&", omittingEmptySubsequences: false).map(String.init) {
      let (name, value) = split(item, at: "=")
      // The last item decides (a page appends it): a link marked twice is dated by its newest tap.
      if name == handoffItem {
        time = .some(value.flatMap { Int($0) }.map(Double.init))
      } else {
        kept.append(item)
      }
    }
    guard let time else { return nil }
    let link = path + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")) + (fragment.map { "#" + $0 } ?? "")
    return (link, time)
  }

  /// `text` before and after the first `separator`. By Unicode scalars, not characters: a
  /// combining mark after a `#`, `?`, `&` or `=` would make one character of both, and hide it.
  private nonisolated static func split(_ text: String, at separator: Unicode.Scalar) -> (String, String?) {
    let scalars = text.unicodeScalars
    guard let index = scalars.firstIndex(of: separator) else { return (text, nil) }
    return (String(scalars[..<index]), String(scalars[scalars.index(after: index)...]))
  }
}
