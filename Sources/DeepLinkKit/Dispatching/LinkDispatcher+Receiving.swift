import Foundation

/// Receiving links: resolved at once, then delivered, held, refused or dropped.
extension LinkDispatcher {
  // MARK: - Receiving

  /// Resolves a link and delivers, holds or refuses it at once.
  ///
  /// - Parameter input: The link.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(_ input: DeepLinkInput) -> LinkOutcome<Route> {
    // Not through `receive(_:whenDone:)`: only the glue's notification paths wait for a
    // background action, and an app that never makes them carries none of that waiting.
    var id = LinkID(0)
    return receiveNow(input, id: &id)
  }

  /// Receives a link, and calls `whenDone` once it is received, or, for a notification action
  /// that runs in the background (the notification's completion handler waits for it), once
  /// the background handler has finished with it: at once when it is delivered at once; when it
  /// is held for its conditions (signed in), once it is delivered and handled, or dropped, or
  /// after ``backgroundWait`` (it then stays held), whichever comes first.
  func receive(_ input: DeepLinkInput, whenDone: (@MainActor @Sendable () -> Void)?) -> LinkOutcome<Route> {
    var id = LinkID(0)
    let outcome = receiveNow(input, id: &id)
    guard let whenDone else { return outcome }
    // A background handler that started runs in a task of its own, which cannot finish before
    // this returns: its end calls `whenDone`.
    if runningInBackground.contains(id) {
      backgroundCompletions[id] = whenDone
    } else if let index = kept.index(of: id), kept[index].runsInBackground {
      backgroundCompletions[id] = whenDone
      waitInBackground(for: id)
    } else {
      whenDone()
    }
    return outcome
  }

  /// Calls the completion of the held background action `id` after ``backgroundWait``, unless
  /// its handler runs by then (its end calls it) or it ended: iOS gives a background action
  /// little time, and a completion never called ends the app. The action stays held.
  private func waitInBackground(for id: LinkID) {
    let (seconds, attoseconds) = backgroundWait.components
    let wait = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    // A main-queue timer, not a task: the dispatcher holds no asynchronous code of its own.
    DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [weak self] in
      MainActor.assumeIsolated {
        guard let self, !self.runningInBackground.contains(id) else { return }
        self.backgroundCompletions.removeValue(forKey: id)?()
      }
    }
  }

  /// Receives a link, giving its number in `id`.
  private func receiveNow(_ input: DeepLinkInput, id: inout LinkID) -> LinkOutcome<Route> {
    defer { runEffects() }
    id = nextID()
    dropExpiredLinks()
    // Built only for observers: before it resolves, a link is told by its query items.
    func arrived() -> EventLink {
      EventLink(
        source: input.source, input: input, parameters: queryItemsOfArrivals?(router, input) ?? RouteParameters())
    }
    emit(id, .received(input.source), about: arrived())
    // The route and the rest of its resolution, taken apart: making a `LinkResolution` here, in
    // code that does not know `Route`, would look up its type's metadata for every link.
    var details: ResolutionDetails?
    let route: Route
    do {
      route = try router.resolvedRoute(input, details: &details)
    } catch {
      emit(id, .refused(error), about: arrived())
      return .refused(error)
    }
    // (The router sets the details whenever it returns a route.) Taken, not copied.
    let resolution = details.take()!
    emit(
      id, .resolved(route), about: EventLink(source: resolution.source, input: input, parameters: resolution.parameters)
    )
    return accept(
      route, source: resolution.source, id: id,
      requiresConfirmation: resolution.requiresConfirmation
        && isUntrusted(source: resolution.source, linkKind: resolution.linkKind),
      input: input, parameters: resolution.parameters, scene: input.sceneIdentifier,
      runsInBackground: resolution.runsInBackground,
      // The box's field, read here: the details' computed property is a call across modules.
      replyTruncation: resolution.truncation?.error)
  }

  /// Whether a link comes from an untrusted source: its own, or the kind of the link it carried
  /// (a push that carries `myapp://…` is as untrusted as a custom-scheme link), unless the app
  /// opened it itself. A route the app resolved itself carries no link.
  func isUntrusted(source: DeepLinkSource, linkKind: DeepLinkSource?) -> Bool {
    if untrustedSources.contains(source) { return true }
    guard source != .inApp, let kind = linkKind else { return false }
    return untrustedSources.contains(kind)
  }

  /// Delivers or holds a route the app resolved itself (an in-app link, an App Intent's
  /// `perform()`, a quick action mapped by type), under the same rules as a link: the sources and
  /// confirmation of the route's definition (the one whose link opens it), the policy, the
  /// conditions and the duplicate rule.
  ///
  /// ```swift
  /// func perform() async throws -> some IntentResult {
  ///   await links.dispatcher.receive(route: .item(id: id), source: .intent)
  ///   return .result()
  /// }
  /// ```
  ///
  /// A route limited to other sources is refused (``DeepLinkError/Code/sourceNotAllowed``), and
  /// one that requires confirmation asks for it when `source` is untrusted, as its link would. A
  /// route no definition prints has no sources or confirmation to check.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - source: Where it came from.
  ///   - scene: The scene it arrived in (`UISceneSession.persistentIdentifier`), if known: it
  ///     reaches the delivery's context, and links are held and de-duplicated per scene.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(route: Route, source: DeepLinkSource, scene: String? = nil) -> LinkOutcome<Route> {
    defer { runEffects() }
    let id = nextID()
    dropExpiredLinks()
    let about = EventLink(source: source, input: nil)
    emit(id, .received(source), about: about)
    let requiresConfirmation: Bool
    do {
      requiresConfirmation = try router.checkedRoute(route, from: source)
    } catch {
      emit(id, .refused(error), about: about)
      return .refused(error)
    }
    emit(id, .resolved(route), about: about)
    return accept(
      route, source: source, id: id,
      requiresConfirmation: requiresConfirmation && isUntrusted(source: source, linkKind: nil),
      input: nil, parameters: RouteParameters(), scene: scene)
  }

  /// Hands a link over from any thread. It is received on the main actor, after every link
  /// submitted before it; none is lost.
  ///
  /// - Parameters:
  ///   - input: The link.
  ///   - completion: Called on the main actor with what happened to it.
  public nonisolated func submit(
    _ input: DeepLinkInput, completion: (@MainActor @Sendable (LinkOutcome<Route>) -> Void)? = nil
  ) {
    submit(input, scene: nil, completion: completion)
  }

  /// Hands a link over from any thread, with its scene read on the main actor when it is received
  /// (a notification response's `targetScene`, which only the main actor may read).
  package nonisolated func submit(
    _ input: DeepLinkInput, scene: (@MainActor @Sendable () -> String?)?,
    completion: (@MainActor @Sendable (LinkOutcome<Route>) -> Void)? = nil,
    whenDone: (@MainActor @Sendable () -> Void)? = nil
  ) {
    let wasEmpty = inbox.withLock { pending in
      pending.append((input, scene, completion, whenDone))
      return pending.count == 1
    }
    // One drain takes every link waiting, so one hand-over per empty-to-waiting change is
    // enough. The main queue, not a task: a task's closure is an asynchronous entry point, which
    // no app can dead-strip, and it kept the whole dispatcher in an app that only routes links.
    if wasEmpty {
      DispatchQueue.main.async { MainActor.assumeIsolated { self.receiveSubmitted() } }
    }
  }

  /// Receives, in order, every link handed over with ``submit(_:completion:)`` so far.
  package func receiveSubmitted() {
    let pending = inbox.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    for item in pending {
      let outcome = receive(item.scene.map { item.input.arriving(in: $0()) } ?? item.input, whenDone: item.whenDone)
      item.completion?(outcome)
    }
  }
}
