import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitTesting
import Foundation
import Testing

@testable import DeepLinkKitDeferred

/// Deferred links: a link followed before the install opens once, on the first launch, after
/// sign-in, and only through the user's own hand-off.
@MainActor @Suite struct DeferredLinksTests {
  enum Route: Hashable, Sendable {
    case item(Int)
    case deleteAccount
  }

  static let router = try! LinkRouter<Route>(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .path("/items/:id", Route.item),
      .path("/account/delete", to: .deleteAccount, sources: [.inApp]),
    ])
  static let tap = Date(timeIntervalSince1970: 1_800_000_000)

  final class App {
    var delivered: [(Route, DeepLinkSource)] = []
  }

  /// One launch of the app: a dispatcher whose routes need sign-in, and the deferred check.
  private func launch(_ app: App, store: DeferredLinkMemoryStore, now: Date = tap.addingTimeInterval(120))
    -> DeferredLinks<Route>
  {
    let dispatcher = LinkDispatcher(router: Self.router, requirements: { _ in [.signedIn] })
    dispatcher.setHandler { route, context in app.delivered.append((route, context.source)) }
    dispatcher.satisfy(.ready)
    return DeferredLinks(dispatcher: dispatcher, store: store, now: { now })
  }

  /// The whole journey: a tap on a link with no app installed, the landing page's "Get the app"
  /// copies it, the install, the first launch finds it and holds it until sign-in, and it opens
  /// once; the second launch opens nothing and does not look at the pasteboard.
  @Test func aLinkSurvivesTheInstallAndOpensOnceAfterSignIn() async throws {
    // No app yet: the link opens its route's landing page (deeplink site), whose "Get the app"
    // button copies the marked link (Tests/Site/check clicks it in Chromium; it copies what
    // handoffLink gives).
    let pasteboard = FakePasteboard(DeferredLinks<Route>.handoffLink("https://app.example.com/items/42", at: Self.tap))
    #expect(pasteboard.contents == "https://app.example.com/items/42?dlk_handoff=1800000000")
    // Install, first launch.
    let store = DeferredLinkMemoryStore()
    let app = App()
    let first = launch(app, store: store)
    #expect(first.isFirstLaunch)
    let outcome = await first.claimFromPasteboard(pasteboard)
    #expect(outcome == .handedOver(.held(.item(42), missing: [.signedIn])))
    #expect(app.delivered.isEmpty)
    first.dispatcher.satisfy(.signedIn)
    #expect(app.delivered.map(\.0) == [.item(42)])
    #expect(app.delivered.map(\.1) == [.deferred])
    // The same launch asks again: one deferred link at most.
    #expect(await first.claimFromPasteboard(pasteboard) == .nothing(.alreadyTaken))
    // Second launch: nothing, and the pasteboard is not even looked at.
    let (detections, reads) = (pasteboard.detections, pasteboard.reads)
    let second = launch(app, store: store)
    #expect(!second.isFirstLaunch)
    #expect(await second.claimFromPasteboard(pasteboard) == .nothing(.notFirstLaunch))
    #expect(pasteboard.detections == detections && pasteboard.reads == reads)
    #expect(app.delivered.count == 1)
  }

  /// Without a web URL on the pasteboard, it is never read (no paste prompt); a URL the user
  /// copied that is not a hand-off is read but neither opened nor kept.
  @Test func thePasteboardIsReadOnlyForAWebURLAndOnlyAHandoffOpens() async {
    let empty = FakePasteboard("a shopping list")
    #expect(await launch(App(), store: DeferredLinkMemoryStore()).claimFromPasteboard(empty) == .nothing(.noHandoff))
    #expect(empty.reads == 0)
    for text in ["https://app.example.com/items/7", "https://app.example.com/items/7?ref=mail"] {
      let copied = FakePasteboard(text)
      let app = App()
      let links = launch(app, store: DeferredLinkMemoryStore())
      #expect(await links.claimFromPasteboard(copied) == .nothing(.noHandoff))
      links.dispatcher.satisfy(.signedIn)
      #expect(app.delivered.isEmpty)
    }
  }

  @Test func anOldHandoffIsRefused() async {
    let pasteboard = FakePasteboard(DeferredLinks<Route>.handoffLink("https://app.example.com/items/1", at: Self.tap))
    let links = launch(App(), store: DeferredLinkMemoryStore(), now: Self.tap.addingTimeInterval(86_401))
    let error = await links.claimFromPasteboard(pasteboard).refusal
    #expect(error?.code == .expired)
    #expect(error?.message == "the hand-off is 86401 s old; deferred links open within 86400 s")
  }

  /// A hand-off must be a universal link on the table's hosts, and its route's sources apply.
  @Test func onlyTheAppsHostsAndAllowedRoutesOpen() {
    let custom = launch(App(), store: DeferredLinkMemoryStore()).claimPasted("myapp://items/1?dlk_handoff=1800000000")
    #expect(custom.refusal?.code == .unsupportedScheme)
    let other = launch(App(), store: DeferredLinkMemoryStore())
      .claimPasted("https://evil.example.net/items/1?dlk_handoff=1800000000")
    #expect(other.dispatcherRefusal?.code == .unknownHost)
    let inApp = launch(App(), store: DeferredLinkMemoryStore())
      .claimPasted("https://app.example.com/account/delete?dlk_handoff=1800000000")
    #expect(inApp.dispatcherRefusal?.code == .sourceNotAllowed)
  }

  /// Whatever time a hand-off carries, it is refused or opened, never a trap: the age of a time
  /// beyond `Int` was converted with `Int(_:)` for the message, and NaN passed the age check.
  @Test func aTimeNoTapHasIsExpiredNotATrap() {
    let furthest = launch(App(), store: DeferredLinkMemoryStore())
      .claimPasted("https://evil.example/?dlk_handoff=-9223372036854775808")
    #expect(furthest.refusal?.code == .expired)
    #expect(
      furthest.refusal?.message == "the hand-off is 9.223372038654775e+18 s old; deferred links open within 86400 s")
    let ahead = launch(App(), store: DeferredLinkMemoryStore())
      .claimPasted("https://app.example.com/items/1?dlk_handoff=9223372036854775807")
    #expect(ahead.refusal?.message == "the hand-off is dated 9223372035054776320 s in the future")
    for time in [-Double.infinity, .infinity, .nan, -1e300, 1e300] {
      let links = launch(App(), store: DeferredLinkMemoryStore())
      let outcome = links.claim(
        "https://app.example.com/items/1", id: "clip", createdAt: Date(timeIntervalSince1970: time))
      #expect(outcome.refusal?.code == .expired, "time \(time)")
      // Refused before the dispatcher: the launch may still take another hand-off.
      #expect(links.claim("https://app.example.com/items/2", id: nil, createdAt: nil) != .nothing(.alreadyTaken))
    }
    #expect(
      DeferredLinks<Route>.handoffLink("https://app.example.com/", at: Date(timeIntervalSince1970: .nan))
        == "https://app.example.com/?dlk_handoff=0")
    #expect(
      DeferredLinks<Route>.handoffLink("https://app.example.com/", at: Date(timeIntervalSince1970: 1e300))
        == "https://app.example.com/?dlk_handoff=0")
  }

  /// The same from the app group: a clip's entry whose time is not a finite date is expired.
  @Test func anAppClipEntryWithATimeNoTapHasIsExpired() throws {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    for time in [-Double.infinity, .nan] {
      defaults.set(
        ["link": "https://app.example.com/items/5", "time": time, "id": "x"] as [String: Any],
        forKey: "DeepLinkKit.appClipHandoff")
      let outcome = launch(App(), store: DeferredLinkMemoryStore()).claimAppClip(AppClipHandoff(defaults: defaults))
      #expect(outcome.refusal?.code == .expired, "time \(time)")
    }
  }

  /// A web page can leave a link to its own host on the pasteboard: refused, it does not use up
  /// the launch's deferred link, so the App Clip's hand-off still opens.
  @Test func aLinkToAnotherHostLeavesTheLaunchsDeferredLink() {
    let links = launch(App(), store: DeferredLinkMemoryStore())
    #expect(
      links.claimPasted("https://evil.example/items/1?dlk_handoff=1800000000").dispatcherRefusal?.code == .unknownHost)
    #expect(
      links.claim("https://app.example.com/items/9", id: "clip-1", createdAt: Self.tap)
        == .handedOver(.held(.item(9), missing: [.signedIn])))
  }

  /// Nor does a link to the app's own host that opens no route: a path no route has
  /// (`noRoute`), a user-info form (`malformedInput`), a route deferred links may not open
  /// (`sourceNotAllowed`). Only a link that opens a route takes the launch; the App Clip's
  /// hand-off claimed after it still opens.
  @Test(arguments: [
    ("https://app.example.com/nowhere?dlk_handoff=1800000000", DeepLinkError.Code.noRoute),
    ("https://user@app.example.com/items/1?dlk_handoff=1800000000", .malformedInput),
    ("https://app.example.com/items/seven?dlk_handoff=1800000000", .invalidParameter),
    ("https://app.example.com/account/delete?dlk_handoff=1800000000", .sourceNotAllowed),
  ])
  func aLinkThatOpensNoRouteLeavesTheLaunchsDeferredLink(pasted: String, code: DeepLinkError.Code) throws {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    AppClipHandoff(defaults: defaults).write(URL(string: "https://app.example.com/items/5")!, at: Self.tap)
    let links = launch(App(), store: DeferredLinkMemoryStore())
    #expect(links.claimPasted(pasted).dispatcherRefusal?.code == code)
    #expect(
      links.claimAppClip(AppClipHandoff(defaults: defaults)) == .handedOver(.held(.item(5), missing: [.signedIn])))
    // One that opens a route takes it.
    let opened = launch(App(), store: DeferredLinkMemoryStore())
    #expect(opened.claimPasted("https://app.example.com/items/1?dlk_handoff=1800000000").dispatcherRefusal == nil)
    #expect(opened.claim("https://app.example.com/items/9", id: "c", createdAt: Self.tap) == .nothing(.alreadyTaken))
  }

  /// The App Clip's entry is the app's own: it takes the launch even when it opens no route, so
  /// the pasteboard (which any web page can write) is not looked at after it.
  @Test func anAppClipEntryTakesTheLaunchWhateverItOpens() throws {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    AppClipHandoff(defaults: defaults).write(URL(string: "https://app.example.com/nowhere")!, at: Self.tap)
    let links = launch(App(), store: DeferredLinkMemoryStore())
    #expect(links.claimAppClip(AppClipHandoff(defaults: defaults)).dispatcherRefusal?.code == .noRoute)
    #expect(links.claimPasted("https://app.example.com/items/1?dlk_handoff=1800000000") == .nothing(.alreadyTaken))
  }

  /// A hand-off link shared and followed again (its page copies it a second time) carries one
  /// mark, the newest tap's: with two, the first decided, and a link opened a day later was
  /// `expired`. A link marked twice by an older page is dated by its last mark.
  @Test func aSharedHandoffLinkIsMarkedOnceWithTheNewestTap() {
    let old = DeferredLinks<Route>.handoffLink(
      "https://app.example.com/items/3?x=1", at: Self.tap.addingTimeInterval(-90_000))
    let again = DeferredLinks<Route>.handoffLink(old + "#top", at: Self.tap)
    #expect(again == "https://app.example.com/items/3?x=1&dlk_handoff=1800000000#top")
    #expect(
      DeferredLinks<Route>.handoffLink("https://app.example.com/items/3?dlk_handoff=5", at: Self.tap)
        == "https://app.example.com/items/3?dlk_handoff=1800000000")
    let links = launch(App(), store: DeferredLinkMemoryStore())
    #expect(links.claimPasted(again) == .handedOver(.held(.item(3), missing: [.signedIn])))
    // A `?` inside the query is a character of it, not the query's start: the mark is an item of
    // its own (FuzzDeferred found "…?a?" marked as "…?a?dlk_handoff=…", which read as no mark).
    let inner = DeferredLinks<Route>.handoffLink("https://app.example.com/items/3?a?", at: Self.tap)
    #expect(inner == "https://app.example.com/items/3?a?&dlk_handoff=1800000000")
    #expect(DeferredLinks<Route>.handoffLink(inner, at: Self.tap) == inner)
    #expect(
      DeferredLinks<Route>.handoffLink("https://app.example.com/items/3?", at: Self.tap)
        == "https://app.example.com/items/3?dlk_handoff=1800000000")
    let twice = launch(App(), store: DeferredLinkMemoryStore())
    #expect(
      twice.claimPasted("https://app.example.com/items/3?dlk_handoff=1700000000&dlk_handoff=1800000000")
        == .handedOver(.held(.item(3), missing: [.signedIn])))
  }

  /// An App Clip's invocation (or a backend's code) opens once, even handed over again on a
  /// later first launch (a reinstall keeps an app group's claims).
  @Test func anAppClipHandoffOpensOnce() {
    let store = DeferredLinkMemoryStore()
    let app = App()
    let first = launch(app, store: store)
    #expect(
      first.claim("https://app.example.com/items/9", id: "clip-1", createdAt: Self.tap)
        == .handedOver(.held(.item(9), missing: [.signedIn])))
    store.hasLaunched = false  // as after a reinstall
    let again = launch(app, store: store)
    #expect(
      again.claim("https://app.example.com/items/9", id: "clip-1", createdAt: Self.tap).refusal?.code
        == .alreadyClaimed)
  }

  /// A deferred link is untrusted by default: a route that requires confirmation asks.
  @Test func aDeferredLinkIsUntrustedByDefault() {
    let dispatcher = LinkDispatcher(router: Self.router)
    #expect(dispatcher.untrustedSources == [.customScheme, .universalLink, .deferred])
  }

  @Test func theHandoffItemIsAddedAndTakenOffWithoutTouchingTheRest() {
    let marked = DeferredLinks<Route>.handoffLink("https://app.example.com/items/3?utm_source=mail#top", at: Self.tap)
    #expect(marked == "https://app.example.com/items/3?utm_source=mail&dlk_handoff=1800000000#top")
    let app = App()
    let links = launch(app, store: DeferredLinkMemoryStore())
    #expect(links.claimPasted(marked) == .handedOver(.held(.item(3), missing: [.signedIn])))
  }

  /// The hand-off link is read by Unicode scalars: a combining mark after a separator makes one
  /// character of both, and must not hide it.
  @Test func aCombiningMarkAfterASeparatorHidesNothing() {
    let fragment = "https://app.example.com/items/3?dlk_handoff=1800000000#\u{301}top"
    #expect(
      launch(App(), store: DeferredLinkMemoryStore()).claimPasted(fragment)
        == .handedOver(.held(.item(3), missing: [.signedIn])))
    let query = "https://app.example.com/items/3?\u{301}x=1&dlk_handoff=1800000000"
    #expect(
      launch(App(), store: DeferredLinkMemoryStore()).claimPasted(query)
        == .handedOver(.held(.item(3), missing: [.signedIn])))
  }

  @Test func theUserDefaultsStoreRemembersLaunchesAndClaims() throws {
    let suite = "DeepLinkKitTests.deferred.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let store = UserDefaultsDeferredLinkStore(defaults: defaults)
    #expect(!store.hasLaunched && store.claimedIdentifiers.isEmpty)
    store.hasLaunched = true
    store.claimedIdentifiers = (0..<70).map(String.init)
    let reopened = UserDefaultsDeferredLinkStore(defaults: defaults)
    #expect(reopened.hasLaunched)
    #expect(reopened.claimedIdentifiers == (6..<70).map(String.init))
  }

  /// The App Clip leaves its link in the app group; the full app's first launch takes it once.
  @Test func anAppClipsLinkReachesTheFullAppOnce() throws {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    AppClipHandoff(defaults: defaults).write(URL(string: "https://app.example.com/items/5")!, at: Self.tap)
    let store = DeferredLinkMemoryStore()
    let first = launch(App(), store: store)
    #expect(
      first.claimAppClip(AppClipHandoff(defaults: defaults)) == .handedOver(.held(.item(5), missing: [.signedIn])))
    // Taken: a second look finds nothing, and a later launch does not look.
    #expect(AppClipHandoff(defaults: defaults).take() == nil)
    AppClipHandoff(defaults: defaults).write(URL(string: "https://app.example.com/items/6")!, at: Self.tap)
    #expect(launch(App(), store: store).claimAppClip(AppClipHandoff(defaults: defaults)) == .nothing(.notFirstLaunch))
  }

  /// A target without the app group's entitlement gets no hand-off: `UserDefaults(suiteName:)`
  /// opens defaults for any name, where the full app would never read.
  @Test func aTargetOutsideTheAppGroupGetsNoHandoff() {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    #expect(AppClipHandoff(appGroup: suite, key: "k", isMember: { _ in false }) == nil)
    #expect(AppClipHandoff(appGroup: suite, key: "k", isMember: { $0 == suite }) != nil)
  }

  /// A launch that already took a deferred link leaves the clip's link where it is, untaken.
  @Test func aLaunchThatTookALinkLeavesTheClipsLink() throws {
    let suite = "DeepLinkKitTests.clip.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    AppClipHandoff(defaults: defaults).write(URL(string: "https://app.example.com/items/5")!, at: Self.tap)
    let links = launch(App(), store: DeferredLinkMemoryStore())
    _ = links.claimPasted(DeferredLinks<Route>.handoffLink("https://app.example.com/items/1", at: Self.tap))
    #expect(links.claimAppClip(AppClipHandoff(defaults: defaults)) == .nothing(.alreadyTaken))
    #expect(AppClipHandoff(defaults: defaults).take()?.link == "https://app.example.com/items/5")
  }
}

extension DeferredLinkOutcome {
  /// The refusal of a hand-off before the dispatcher saw it, if it was one.
  var refusal: DeepLinkError? {
    if case .refused(let error) = self { return error }
    return nil
  }

  /// The dispatcher's refusal of a hand-off it was given, if it was one.
  var dispatcherRefusal: DeepLinkError? {
    if case .handedOver(.refused(let error)) = self { return error }
    return nil
  }
}
