/// Conditions, and the decisions they drive: which kept links are delivered, asked about,
/// expired or dropped.
extension LinkDispatcher {
  // MARK: - Conditions

  /// Records that a condition holds, and delivers the held links that now can be, in arrival order.
  ///
  /// - Parameter condition: The condition, such as ``LinkCondition/ready``.
  public func satisfy(_ condition: LinkCondition) {
    defer { runEffects() }
    if condition == .ready { everReady = true }
    satisfied.insertUnspecialized(condition)
    dropExpiredLinks()
    deliverHeldLinks()
  }

  /// Records that a condition no longer holds (a logout revokes "signed in"). Links delivered
  /// earlier are not delivered again when it holds once more.
  ///
  /// When a condition that held is revoked, the links kept for a route that needs it (held, or
  /// awaiting the app's confirmation) are dropped by default, with ``DropReason/Code/revoked``: a
  /// link that arrived for one account must not be delivered to whichever account signs in next.
  /// So is a route delivered into a navigation state (DeepLinkKitUIKit's `LinkNavigationState`,
  /// `LinkNavigationStates`, `LinkWindows`) that no view has shown yet: the state lets it go,
  /// and `consume()` gives nothing.
  /// ``LinkCondition/ready`` is the exception: it says whether the app can navigate, not who uses
  /// it, so revoking it keeps links. Links that arrived while the condition did not hold (a link
  /// tapped while signed out, waiting for a sign-in) are not affected by revoking it again, unless
  /// `keepingLinks` is `false`: at a sign-out, `revoke(.signedIn, keepingLinks: false)` drops
  /// every link kept for a route that needs it, whether or not the app was signed in.
  ///
  /// - Parameters:
  ///   - condition: The condition.
  ///   - keepingLinks: Whether the links kept for routes that need `condition` stay, to be
  ///     delivered when it holds again; `nil` (the default) keeps them only for `ready`, and
  ///     drops them only when `condition` held; `false` drops them whether it held or not.
  public func revoke(_ condition: LinkCondition, keepingLinks: Bool? = nil) {
    defer { runEffects() }
    let held = satisfied.removeUnspecialized(condition)
    dropExpiredLinks()
    guard held || keepingLinks == false, !(keepingLinks ?? (condition == .ready)) else { return }
    let time = now()
    for link in kept.removeAll(where: { condition == .ready || $0.requirements.contains(condition) }) {
      forget(link)
      emit(link, .dropped(.revoked(condition)), at: time)
    }
    // In arrival order, so that the drops are reported in the order the links came.
    for id in unseen.keys.sorted() {
      guard let entry = unseen[id], condition == .ready || entry.requirements.contains(condition) else { continue }
      entry.handover?.withdraw(.revoked(condition))
    }
  }

  /// Drops the held links older than the `maxAge` the dispatcher was made with. The dispatcher
  /// does this whenever a link arrives or a condition changes; call it to have expired links
  /// reported sooner (when the app becomes active, say).
  public func removeExpiredLinks() {
    defer { runEffects() }
    dropExpiredLinks()
  }

  /// Links are kept in arrival order, so the expired ones are at the front.
  func dropExpiredLinks() {
    guard let maxAge, hasKeptLinks else { return }
    let time = now()
    for link in kept.removeExpired(at: time, maxAge: maxAge) {
      forget(link)
      emit(link, .dropped(.expired(after: time - link.arrival)), at: time)
    }
  }

  // MARK: - Decisions

  /// The conditions a route needs that do not hold, given its `requirements` besides `.ready`. A
  /// route that needs only `.ready` (the common case) is answered without building sets.
  func missingConditions(requirements extra: Set<LinkCondition>) -> Set<LinkCondition> {
    var missing = extra.isEmpty ? [] : unmet(extra)
    if !isReady { missing.insertUnspecialized(.ready) }
    if !hasHandler { missing.insertUnspecialized(.handler) }
    return missing
  }

  /// The conditions a kept link needs that do not hold: a background action's are its route's
  /// own, without `.ready` (no window comes), with the background handler as its handler.
  func missingConditions(for link: KeptLink) -> Set<LinkCondition> {
    guard link.runsInBackground else { return missingConditions(requirements: link.requirements) }
    return unmet(link.requirements, besides: .ready)
  }

  /// Those of `conditions` that do not hold, `besides` aside. (A loop of inserts: `subtracting`
  /// made two copies of the standard library's set code for this one type, 3 KB of every app.)
  private func unmet(_ conditions: Set<LinkCondition>, besides: LinkCondition? = nil) -> Set<LinkCondition> {
    var missing: Set<LinkCondition> = []
    for condition in conditions where condition != besides && !satisfied.contains(condition) {
      missing.insertUnspecialized(condition)
    }
    return missing
  }

  func nextID() -> LinkID {
    lastID += 1
    return LinkID(lastID)
  }

  func accept(
    _ route: Route, source: DeepLinkSource, id: LinkID, requiresConfirmation: Bool, input: DeepLinkInput?,
    parameters: RouteParameters, scene: String?, runsInBackground: Bool = false, replyTruncation: DeepLinkError? = nil
  ) -> LinkOutcome<Route> {
    let arrival = now()
    let record = recordType.init(
      route: route, source: source, requirements: requirements(route), input: input, parameters: parameters,
      replyTruncation: replyTruncation)
    let link = KeptLink(
      id: id, record: record, arrival: arrival, scene: scene, needsConfirmation: requiresConfirmation,
      runsInBackground: runsInBackground && backgroundHandler != nil)
    // A notification tap whose request iOS names is a duplicate of the same tap only; any other
    // link, of the same route and source inside the window, in the same scene.
    // Remembered at once for the duplicate rule, and forgotten if dropped below.
    // (Only a push has one: asking any other input is a call across modules for every link.)
    let tap = source == .push ? input?.notificationTap : nil
    let earlier =
      if let tap {
        taps.admit(TapKey(tap), id: id, at: arrival)
      } else {
        window.admit(link.record, scene: scene, id: id, at: arrival)
      }
    if let earlier {
      // The same link, handed over again with the scene the first copy did not know.
      if let scene { kept.adopt(scene: scene, for: earlier) }
      let reason = DropReason.duplicate(of: earlier)
      emit(link, .dropped(reason), at: arrival)
      return .dropped(route, reason)
    }

    // A background action (a reply) is not navigation: it neither supersedes a link nor is superseded.
    if case .newestOnly = holdingPolicy.kind, hasKeptLinks, !link.runsInBackground {
      // The newest link of each window is kept: a link tapped during the splash screen wins over
      // an earlier one of the same window, not over another window's. Links awaiting the app's
      // answer are superseded too; a late answer is then ignored.
      for superseded in kept.removeAll(where: {
        !$0.runsInBackground && DuplicateWindow.sameWindow($0.scene, scene)
      }) {
        forget(superseded)
        emit(superseded, .dropped(.superseded(by: id)), at: arrival)
      }
    }
    if link.needsConfirmation, confirm == nil {
      // Nobody can confirm it: declined at once, rather than answered "awaiting" and dropped.
      forget(link)
      emit(link, .dropped(.noConfirmationHandler), at: arrival)
      return .dropped(route, .noConfirmationHandler)
    }
    let missing = missingConditions(for: link)
    // A link that is held, or awaits the app's answer, is kept: the queue's bound counts both.
    if !missing.isEmpty || link.needsConfirmation, case .queue(let limit) = holdingPolicy.kind, kept.count >= limit {
      let reason = DropReason.overflow(limit: limit)
      forget(link)
      emit(link, .dropped(reason), at: arrival)
      return .dropped(route, reason)
    }
    if missing.isEmpty {
      let outcome: LinkOutcome<Route> = link.needsConfirmation ? .awaitingConfirmation(route) : .delivered(route)
      release(link, at: arrival)
      return outcome
    }
    kept.append(link)
    emit(link, .held(missing: missing), at: arrival)
    if missing.contains(.ready) { warnIfNeverReady(holding: id) }
    return .held(route, missing: missing)
  }

  /// How many arrivals the duplicate window still keeps track of (for tests: it must stay bounded
  /// by the arrivals inside the window).
  var trackedArrivals: Int { window.trackedArrivals }

  /// The time now. A clock that went back (set by hand, or an app's own clock read from the wall
  /// time) starts anew: the duplicate window forgets the links before it, rather than keep them
  /// for as long as the clock took back and drop later links as their duplicates; and each kept
  /// link's arrival moves back to now, so that kept links stay in time order (expiry takes them
  /// from the front) and none is held for a negative time.
  func now() -> Duration {
    let time = clock()
    if let latest = latestTime, time < latest {
      window.restart()
      taps.restart()
      kept.rewind(to: time)
    }
    latestTime = time
    return time
  }

  /// Forgets a held link that is dropped, so that it can be asked for again; a background
  /// action's completion handler, waiting for it, is called.
  func forget(_ link: KeptLink) {
    backgroundCompletions.removeValue(forKey: link.id)?()
    if let tap = link.tap {
      taps.forget(TapKey(tap), id: link.id)
    } else {
      window.forget(link.record, id: link.id)
    }
  }

  /// Releases, in arrival order, the held links whose conditions now hold. One pass, whatever the
  /// queue holds.
  func deliverHeldLinks() {
    guard hasKeptLinks else { return }
    let time = now()
    var asked: [KeptLink] = []
    let ready = kept.removeAll { link in
      guard !link.isAwaitingAnswer, missingConditions(for: link).isEmpty else { return false }
      guard link.needsConfirmation else { return true }
      // A link that needs the app's answer stays, in its place, while the app is asked.
      link.isAwaitingAnswer = true
      asked.append(link)
      return false
    }
    // Deliver and ask in arrival order.
    var next = asked[...]
    for link in ready {
      while let first = next.first, first.id < link.id {
        ask(first, at: time)
        next = next.dropFirst()
      }
      release(link, at: time)
    }
    for link in next { ask(link, at: time) }
  }

  /// Delivers a link whose conditions hold, or first asks the app to confirm it (the link is then
  /// kept, awaiting the answer).
  func release(_ link: consuming KeptLink, at time: Duration) {
    guard link.needsConfirmation else {
      let heldFor = time - link.arrival
      queue(.deliver(Delivery(link: link, heldFor: heldFor, time: time)))
      return
    }
    var awaiting = link
    awaiting.isAwaitingAnswer = true
    kept.append(awaiting)
    ask(awaiting, at: time)
  }

  func ask(_ link: KeptLink, at time: Duration) {
    emit(link, .confirmationRequested(route(of: link)), at: time)
    queue(.confirm(link))
  }

  /// Takes the app's answer for a link awaiting confirmation, once; a second or late answer (the
  /// link was superseded, expired or answered already) is ignored. An approved link whose
  /// conditions no longer hold (a logout while the alert was up) is held again, confirmed, in its
  /// arrival place.
  func answer(_ id: LinkID, approved: Bool) {
    defer { runEffects() }
    dropExpiredLinks()  // an answer that comes after `maxAge` finds the link expired
    guard let index = kept.index(of: id), kept[index].isAwaitingAnswer else { return }
    let time = now()
    guard approved else {
      let link = kept.remove(at: index)
      forget(link)
      emit(link, .dropped(.declined), at: time)
      return
    }
    kept[index].needsConfirmation = false
    kept[index].isAwaitingAnswer = false
    let missing = missingConditions(for: kept[index])
    if missing.isEmpty {
      release(kept.remove(at: index), at: time)
    } else {
      emit(kept[index], .held(missing: missing), at: time)
    }
  }
}
