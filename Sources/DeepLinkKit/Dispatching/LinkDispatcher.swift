import Foundation

/// Holds every link until the app can navigate, then delivers it exactly once.
///
/// The dispatcher resolves each link the moment it arrives and answers at once (delivered, held,
/// refused or dropped), then keeps held links by its ``HoldingPolicy`` until every condition
/// their route needs holds. Every route needs ``LinkCondition/ready``; `requirements` adds more.
///
/// ```swift
/// let dispatcher = LinkDispatcher(
///   router: router,
///   requirements: { route in route == .activity ? [.signedIn] : [] },
///   deliver: { route in coordinator.show(route) })
/// dispatcher.receive(.url("myapp://activity"))   // .held(.activity, missing: [ready, signedIn])
/// dispatcher.satisfy(.ready)                     // still held: not signed in
/// dispatcher.satisfy(.signedIn)                  // delivered: coordinator.show(.activity)
/// dispatcher.revoke(.signedIn)                   // logout: nothing is replayed on the next login
/// ```
///
/// Guarantees:
/// - **Nothing lost.** A link is delivered, held, or dropped with an event saying why.
/// - **Exactly once.** A delivered link is never delivered again, whatever conditions do later;
///   the same route from the same kind of source within `duplicateWindow` is dropped as a duplicate.
/// - **In order.** Held links whose conditions hold are delivered in arrival order.
///
/// The dispatcher lives on the main actor. Code on other threads (a notification delegate) hands
/// links over with ``submit(_:completion:)``, which keeps their order and loses none.
@MainActor
public final class LinkDispatcher<Route: Hashable & Sendable> {
  /// Receives each route, on the main actor, exactly once. A handler that throws has the link
  /// dropped with ``DropReason/Code/handlerFailed`` (it is not retried: the handler may have
  /// navigated part of the way), and the dispatcher goes on with the next. A handler that traps
  /// ends the app, as any Swift trap does; links are kept in memory only, so the links held at
  /// that moment are gone with it (the system does not hand them over again).
  public typealias Deliver = @MainActor (Route) throws -> Void
  /// Receives each route with its ``DeliveryContext`` (source, parameters, sending app, scene),
  /// as ``Deliver`` does.
  public typealias DeliverWithContext = @MainActor (Route, DeliveryContext) throws -> Void
  /// Asks the app (an alert, say) whether to open a route that requires confirmation and came
  /// from an untrusted source; the app calls `answer` once, now or later, with its decision.
  public typealias Confirm =
    @MainActor (_ route: Route, _ source: DeepLinkSource, _ answer: @escaping @MainActor (Bool) -> Void) -> Void
  /// The conditions a route needs besides ``LinkCondition/ready``.
  public typealias Requirements = @Sendable (Route) -> Set<LinkCondition>

  private struct HeldLink {
    let id: LinkID
    let route: Route
    let source: DeepLinkSource
    /// When it arrived (moved back to the time a clock went back to, if it did).
    var arrival: Duration
    /// What the delivery's context reports of the input.
    let origin: Origin
    /// Whether the app must still confirm it before it is delivered.
    var needsConfirmation: Bool
    /// Whether the app has been asked and its answer is awaited.
    var isAwaitingAnswer = false
  }

  /// What a link carried besides its route, for its ``DeliveryContext``.
  private struct Origin {
    let input: DeepLinkInput?
    let parameters: RouteParameters
  }

  private struct RecentKey: Hashable {
    let route: Route
    let source: DeepLinkSource
  }

  /// A call into app code, run once the dispatcher's state is settled.
  private enum Effect {
    case event(DispatchEvent<Route>)
    case deliver(HeldLink, heldFor: Duration, time: Duration)
    case confirm(HeldLink)
  }

  private struct PendingInput: Sendable {
    let input: DeepLinkInput
    let completion: (@MainActor @Sendable (DispatchOutcome<Route>) -> Void)?
  }

  /// The router that resolves arriving links.
  public let router: LinkRouter<Route>
  /// How links are kept while they wait.
  public let holdingPolicy: HoldingPolicy
  /// How long a link may be held before it expires; `nil` keeps it until delivered or superseded.
  public let maxAge: Duration?

  /// How long a link is kept by default: ten minutes. Long enough to finish a splash screen, a
  /// sign-in or an update prompt after tapping a link; short enough that a link left waiting (the
  /// user gave up at the sign-in screen, the app stayed in the background) does not open a screen
  /// out of nowhere the next time the app becomes usable, maybe for another person.
  public static var defaultMaxAge: Duration { .seconds(600) }

  /// The sources untrusted by default: custom schemes, which any app can send, and universal
  /// links, whose path whoever publishes the link chooses.
  public static var defaultUntrustedSources: Set<DeepLinkSource> { [.customScheme, .universalLink] }
  /// How long after a link the same route from the same kind of source counts as a duplicate.
  public let duplicateWindow: Duration

  /// The sources whose links need the app's confirmation for routes that require it.
  public let untrustedSources: Set<DeepLinkSource>
  private let confirm: Confirm?
  private let requirements: Requirements
  private let clock: @MainActor () -> Duration
  /// The latest time the clock read, to tell a clock that went back.
  private var latestTime: Duration?
  private var deliver: DeliverWithContext?
  /// Whether the handler reads the context; a route-only handler is not given one built in full
  /// (its input text would cost a string per delivery).
  private var handlerReadsContext = true
  private var observers: [(id: Int, observe: @MainActor (DispatchEvent<Route>) -> Void)] = []
  private var lastObserverID = 0

  private var satisfied: Set<LinkCondition> = []
  /// Every link kept, in arrival order: those waiting for their conditions and those awaiting the
  /// app's answer. The holding policy bounds both together, and expiry takes them from the front.
  private var kept = FIFO<HeldLink>()
  /// The latest held or delivered link of each route and source, for the duplicate rule.
  private var recent: [RecentKey: (id: LinkID, time: Duration)] = [:]
  /// The same links in arrival order, so that those past the window are let go from the front:
  /// amortised O(1) a link, whatever the window holds.
  private var recentOrder = FIFO<(key: RecentKey, id: LinkID, time: Duration)>()
  private var lastID = 0
  /// Calls into app code waiting to run, from `effectsCursor` on (an index, not `removeFirst()`,
  /// which moved every other element and made draining a long queue quadratic).
  private var effects: [Effect] = []
  private var effectsCursor = 0
  private var isRunningEffects = false
  private nonisolated let inbox = Locked<[PendingInput]>([])

  /// Creates a dispatcher. No condition holds yet, so links are held until ``satisfy(_:)``.
  ///
  /// - Parameters:
  ///   - router: Resolves arriving links.
  ///   - holdingPolicy: How links are kept while they wait; ``HoldingPolicy/newestOnly`` by default.
  ///   - maxAge: How long a link may be held (or await the app's confirmation) before it expires:
  ///     ``defaultMaxAge`` (ten minutes) by default; `nil` keeps links until they are delivered or
  ///     superseded.
  ///   - duplicateWindow: How long after a link the same route from the same kind of source is
  ///     dropped as a duplicate; 2 seconds by default, `.zero` turns it off.
  ///   - clock: The time now, as a duration since any fixed origin; a continuous clock by
  ///     default. Tests and the demo pass their own.
  ///   - untrustedSources: The sources whose links need the app's confirmation for routes that
  ///     require it (``RouteDefinition/requiringConfirmation()``): by default custom schemes,
  ///     which any app can send, and universal links, whose path anyone who publishes a link
  ///     chooses. A link carried by another source (a push's `deeplink` field) is as untrusted as
  ///     its own kind too, unless the app opened it itself (``DeepLinkSource/inApp``).
  ///   - confirm: Asks the app whether to open such a route. Without it, such links are declined.
  ///   - requirements: The conditions a route needs besides ``LinkCondition/ready``.
  ///   - deliver: Navigates to a route.
  public convenience init(
    router: LinkRouter<Route>,
    holdingPolicy: HoldingPolicy = .newestOnly,
    maxAge: Duration? = defaultMaxAge,
    duplicateWindow: Duration = .seconds(2),
    clock: (@MainActor () -> Duration)? = nil,
    untrustedSources: Set<DeepLinkSource> = defaultUntrustedSources,
    confirm: Confirm? = nil,
    requirements: @escaping Requirements = { _ in [] },
    deliver: @escaping Deliver
  ) {
    self.init(
      router: router, holdingPolicy: holdingPolicy, maxAge: maxAge, duplicateWindow: duplicateWindow, clock: clock,
      untrustedSources: untrustedSources, confirm: confirm, requirements: requirements,
      deliver: { route, _ in try deliver(route) })
    handlerReadsContext = false
  }

  /// Creates a dispatcher whose handler receives each route with its ``DeliveryContext``.
  ///
  /// - Parameters: As for the other initializer; `deliver` also receives the context.
  public init(
    router: LinkRouter<Route>,
    holdingPolicy: HoldingPolicy = .newestOnly,
    maxAge: Duration? = defaultMaxAge,
    duplicateWindow: Duration = .seconds(2),
    clock: (@MainActor () -> Duration)? = nil,
    untrustedSources: Set<DeepLinkSource> = defaultUntrustedSources,
    confirm: Confirm? = nil,
    requirements: @escaping Requirements = { _ in [] },
    deliver: DeliverWithContext? = nil
  ) {
    self.router = router
    self.holdingPolicy = holdingPolicy
    self.maxAge = maxAge
    self.duplicateWindow = duplicateWindow
    self.untrustedSources = untrustedSources
    self.confirm = confirm
    self.requirements = requirements
    self.deliver = deliver
    if let clock {
      self.clock = clock
    } else {
      let origin = ContinuousClock.now
      self.clock = { ContinuousClock.now - origin }
    }
  }

  // MARK: - Observing

  /// Calls `observer` with every event from now on, until the returned token is cancelled.
  ///
  /// - Parameter observer: Called on the main actor, in the order events happen.
  /// - Returns: A token whose ``ObservationToken/cancel()`` removes the observer. Dropping the
  ///   token keeps the observer (a log for the app's lifetime needs no token).
  @discardableResult
  public func addObserver(_ observer: @escaping @MainActor (DispatchEvent<Route>) -> Void) -> ObservationToken {
    lastObserverID += 1
    let id = lastObserverID
    observers.append((id, observer))
    return ObservationToken { [weak self] in self?.observers.removeAll { $0.id == id } }
  }

  // MARK: - The handler

  /// Gives the dispatcher its handler, for a dispatcher created without one: links wait for it
  /// as for a condition (``LinkCondition/handler``), and are delivered once it is set and their
  /// other conditions hold. Setting another handler replaces it.
  ///
  /// ```swift
  /// let dispatcher = LinkDispatcher(router: router)        // in the composition root
  /// dispatcher.setHandler { [weak self] route in self?.show(route) }   // once the UI exists
  /// ```
  ///
  /// - Parameter deliver: Called on the main actor with each route to open.
  public func setHandler(_ deliver: @escaping Deliver) {
    install { route, _ in try deliver(route) }
    handlerReadsContext = false
  }

  /// Gives the dispatcher a handler that receives each route with its ``DeliveryContext``.
  ///
  /// - Parameter deliver: Called on the main actor with each route to open and its context.
  public func setHandler(_ deliver: @escaping DeliverWithContext) {
    install(deliver)
    handlerReadsContext = true
  }

  private func install(_ handler: @escaping DeliverWithContext) {
    defer { runEffects() }
    deliver = handler
    dropExpiredLinks()
    deliverHeldLinks()
  }

  /// The conditions that hold now.
  public var satisfiedConditions: Set<LinkCondition> { satisfied }

  /// The links waiting for their conditions, in arrival order.
  public var heldLinks: [(link: LinkID, route: Route)] {
    kept.elements.filter { !$0.isAwaitingAnswer }.map { ($0.id, $0.route) }
  }

  /// The links waiting for the app's confirmation, in arrival order. They count toward the
  /// holding policy's bound, are superseded under ``HoldingPolicy/newestOnly`` and expire after
  /// `maxAge` like held links.
  public var linksAwaitingConfirmation: [(link: LinkID, route: Route)] {
    kept.elements.filter(\.isAwaitingAnswer).map { ($0.id, $0.route) }
  }

  /// The conditions `route` needs: ``LinkCondition/ready`` and its requirements.
  public func conditions(for route: Route) -> Set<LinkCondition> {
    requirements(route).union([.ready])
  }

  // MARK: - Receiving

  /// Resolves a link and delivers, holds or refuses it at once.
  ///
  /// - Parameter input: The link.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(_ input: DeepLinkInput) -> DispatchOutcome<Route> {
    defer { runEffects() }
    let id = nextID()
    dropExpiredLinks()
    emit(id, .received(input.source))
    // The route and the rest of its resolution, taken apart: making a `Resolution` here, in
    // code that does not know `Route`, would look up its type's metadata for every link.
    var details: ResolutionDetails?
    let route: Route
    do {
      route = try router.resolvedRoute(input, details: &details)
    } catch {
      emit(id, .refused(error))
      return .refused(error)
    }
    // (The router sets the details whenever it returns a route.)
    let resolution = details!
    emit(id, .resolved(route))
    return accept(
      route, source: resolution.source, id: id,
      requiresConfirmation: resolution.requiresConfirmation && isUntrusted(resolution),
      origin: Origin(input: input, parameters: resolution.parameters))
  }

  /// Whether a resolved link comes from an untrusted source: its own, or the kind of the link it
  /// carried (a push that carries `myapp://…` is as untrusted as a custom-scheme link), unless
  /// the app opened it itself.
  private func isUntrusted(_ resolution: ResolutionDetails) -> Bool {
    if untrustedSources.contains(resolution.source) { return true }
    guard resolution.source != .inApp, let kind = resolution.linkKind else { return false }
    return untrustedSources.contains(kind)
  }

  /// Delivers or holds a route the app resolved itself (an in-app link, a quick action mapped by
  /// type), under the same policy, conditions and duplicate rule as a link.
  ///
  /// - Parameters:
  ///   - route: The route.
  ///   - source: Where it came from.
  /// - Returns: What happened to it.
  @discardableResult
  public func receive(route: Route, source: DeepLinkSource) -> DispatchOutcome<Route> {
    defer { runEffects() }
    let id = nextID()
    dropExpiredLinks()
    emit(id, .received(source))
    emit(id, .resolved(route))
    return accept(
      route, source: source, id: id, requiresConfirmation: false,
      origin: Origin(input: nil, parameters: RouteParameters()))
  }

  /// Hands a link over from any thread. It is received on the main actor, after every link
  /// submitted before it; none is lost.
  ///
  /// - Parameters:
  ///   - input: The link.
  ///   - completion: Called on the main actor with what happened to it.
  public nonisolated func submit(
    _ input: DeepLinkInput, completion: (@MainActor @Sendable (DispatchOutcome<Route>) -> Void)? = nil
  ) {
    let wasEmpty = inbox.withLock { pending in
      pending.append(PendingInput(input: input, completion: completion))
      return pending.count == 1
    }
    // One drain takes every link waiting, so one task per empty-to-waiting change is enough.
    if wasEmpty {
      Task { @MainActor in self.receiveSubmitted() }
    }
  }

  /// Receives, in order, every link handed over with ``submit(_:completion:)`` so far.
  public func receiveSubmitted() {
    let pending = inbox.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
    for item in pending {
      let outcome = receive(item.input)
      item.completion?(outcome)
    }
  }

  // MARK: - Conditions

  /// Records that a condition holds, and delivers the held links that now can be, in arrival order.
  ///
  /// - Parameter condition: The condition, such as ``LinkCondition/ready``.
  public func satisfy(_ condition: LinkCondition) {
    defer { runEffects() }
    satisfied.insert(condition)
    dropExpiredLinks()
    deliverHeldLinks()
  }

  /// Records that a condition no longer holds (a logout revokes "signed in"). Links delivered
  /// earlier are not delivered again when it holds once more.
  ///
  /// When a condition that held is revoked, the links kept for a route that needs it (held, or
  /// awaiting the app's confirmation) are dropped by default, with ``DropReason/Code/revoked``: a
  /// link that arrived for one account must not be delivered to whichever account signs in next.
  /// ``LinkCondition/ready`` is the exception: it says whether the app can navigate, not who uses
  /// it, so revoking it keeps links. Links that arrived while the condition did not hold (a link
  /// tapped while signed out, waiting for a sign-in) are not affected by revoking it again.
  ///
  /// - Parameters:
  ///   - condition: The condition.
  ///   - keepingLinks: Whether the links kept for routes that need `condition` stay, to be
  ///     delivered when it holds again; `nil` (the default) keeps them only for `ready`.
  public func revoke(_ condition: LinkCondition, keepingLinks: Bool? = nil) {
    defer { runEffects() }
    let held = satisfied.remove(condition) != nil
    dropExpiredLinks()
    guard held, !(keepingLinks ?? (condition == .ready)) else { return }
    let time = now()
    for link in kept.removeAll(where: { conditions(for: $0.route).contains(condition) }) {
      forget(link)
      emit(link.id, .dropped(.revoked(condition)), at: time)
    }
  }

  /// Drops the held links older than ``maxAge``. The dispatcher does this whenever a link
  /// arrives or a condition changes; call it to have expired links reported sooner (when the
  /// app becomes active, say).
  public func removeExpiredLinks() {
    defer { runEffects() }
    dropExpiredLinks()
  }

  /// Links are kept in arrival order, so the expired ones are at the front.
  private func dropExpiredLinks() {
    guard let maxAge, !kept.isEmpty else { return }
    let time = now()
    while let link = kept.first, time - link.arrival > maxAge {
      kept.popFirst()
      forget(link)
      emit(link.id, .dropped(.expired(after: time - link.arrival)), at: time)
    }
  }

  // MARK: - Decisions

  /// The conditions `route` needs that do not hold. A route that needs only `.ready` (the common
  /// case) is answered without building sets.
  private func missingConditions(for route: Route) -> Set<LinkCondition> {
    let extra = requirements(route)
    let hasHandler = deliver != nil
    if extra.isEmpty, hasHandler { return satisfied.contains(.ready) ? [] : [.ready] }
    var missing = extra.subtracting(satisfied)
    if !satisfied.contains(.ready) { missing.insert(.ready) }
    if !hasHandler { missing.insert(.handler) }
    return missing
  }

  private func nextID() -> LinkID {
    lastID += 1
    return LinkID(lastID)
  }

  private func accept(
    _ route: Route, source: DeepLinkSource, id: LinkID, requiresConfirmation: Bool, origin: Origin
  ) -> DispatchOutcome<Route> {
    let arrival = now()
    let key = RecentKey(route: route, source: source)
    forgetLinksOutsideTheWindow(at: arrival)
    if let earlier = recent[key] {
      let reason = DropReason.duplicate(of: earlier.id)
      emit(id, .dropped(reason), at: arrival)
      return .dropped(route, reason)
    }

    if case .newestOnly = holdingPolicy.kind, !kept.isEmpty {
      // Links awaiting the app's answer are superseded too; a late answer is then ignored.
      for link in kept.removeAll() {
        forget(link)
        emit(link.id, .dropped(.superseded(by: id)), at: arrival)
      }
    }
    let link = HeldLink(
      id: id, route: route, source: source, arrival: arrival, origin: origin, needsConfirmation: requiresConfirmation)
    if link.needsConfirmation, confirm == nil {
      // Nobody can confirm it: declined at once, rather than answered "awaiting" and dropped.
      emit(id, .dropped(.noConfirmationHandler), at: arrival)
      return .dropped(route, .noConfirmationHandler)
    }
    let missing = missingConditions(for: route)
    // A link that is held, or awaits the app's answer, is kept: the queue's bound counts both.
    if !missing.isEmpty || link.needsConfirmation, case .queue(let limit) = holdingPolicy.kind, kept.count >= limit {
      let reason = DropReason.overflow(limit: limit)
      emit(id, .dropped(reason), at: arrival)
      return .dropped(route, reason)
    }
    remember(key, id: id, at: arrival)
    if missing.isEmpty {
      release(link, at: arrival)
      return link.needsConfirmation ? .awaitingConfirmation(route) : .delivered(route)
    }
    kept.append(link)
    emit(id, .held(missing: missing), at: arrival)
    return .held(route, missing: missing)
  }

  /// Records an accepted link, so that the same link arriving again within the window is a
  /// duplicate. Only links that are held or delivered count: repeating a dropped link is asking again.
  private func remember(_ key: RecentKey, id: LinkID, at time: Duration) {
    guard duplicateWindow > .zero else { return }
    recent[key] = (id, time)
    recentOrder.append((key, id, time))
  }

  /// How many arrivals the duplicate window still keeps track of (for tests: it must stay bounded
  /// by the arrivals inside the window).
  var trackedArrivals: Int { recentOrder.count }

  /// The time now. A clock that went back (set by hand, or an app's own clock read from the wall
  /// time) starts anew: the duplicate window forgets the links before it, rather than keep them
  /// for as long as the clock took back and drop later links as their duplicates; and each kept
  /// link's arrival moves back to now, so that kept links stay in time order (expiry takes them
  /// from the front) and none is held for a negative time.
  private func now() -> Duration {
    let time = clock()
    if let latest = latestTime, time < latest {
      recentOrder = FIFO()
      recent.removeAll()
      kept.modifyEach { $0.arrival = min($0.arrival, time) }
    }
    latestTime = time
    return time
  }

  /// Lets go of the links that arrived a window or more before `time`, oldest first.
  private func forgetLinksOutsideTheWindow(at time: Duration) {
    // Checked on the FIFO itself, not on `recent`: entries of links forgotten early (dropped,
    // declined) stay in it until they leave the window, and must leave it even when `recent` is
    // empty, or it would grow with every such link.
    guard duplicateWindow > .zero, !recentOrder.isEmpty else { return }
    while let oldest = recentOrder.first, time - oldest.time >= duplicateWindow {
      recentOrder.popFirst()
      if recent[oldest.key]?.id == oldest.id { recent[oldest.key] = nil }
    }
  }

  /// Forgets a held link that is dropped, so that it can be asked for again.
  private func forget(_ link: HeldLink) {
    let key = RecentKey(route: link.route, source: link.source)
    if recent[key]?.id == link.id { recent[key] = nil }
  }

  /// Releases, in arrival order, the held links whose conditions now hold. One pass, whatever the
  /// queue holds.
  private func deliverHeldLinks() {
    guard !kept.isEmpty else { return }
    let time = now()
    var asked: [HeldLink] = []
    let ready = kept.removeAll { link in
      guard !link.isAwaitingAnswer, missingConditions(for: link.route).isEmpty else { return false }
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
  private func release(_ link: HeldLink, at time: Duration) {
    guard link.needsConfirmation else {
      effects.append(.deliver(link, heldFor: time - link.arrival, time: time))
      return
    }
    var awaiting = link
    awaiting.isAwaitingAnswer = true
    kept.append(awaiting)
    ask(awaiting, at: time)
  }

  private func ask(_ link: HeldLink, at time: Duration) {
    emit(link.id, .confirmationRequested(link.route), at: time)
    effects.append(.confirm(link))
  }

  /// The position of the kept link `id`; links are kept in arrival order, which is id order.
  private func keptIndex(of id: LinkID) -> Int? {
    var low = 0
    var high = kept.count
    while low < high {
      let middle = (low + high) / 2
      if kept[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < kept.count && kept[low].id == id ? low : nil
  }

  /// Takes the app's answer for a link awaiting confirmation, once; a second or late answer (the
  /// link was superseded, expired or answered already) is ignored. An approved link whose
  /// conditions no longer hold (a logout while the alert was up) is held again, confirmed, in its
  /// arrival place.
  private func answer(_ id: LinkID, approved: Bool) {
    defer { runEffects() }
    dropExpiredLinks()  // an answer that comes after `maxAge` finds the link expired
    guard let index = keptIndex(of: id), kept[index].isAwaitingAnswer else { return }
    let time = now()
    guard approved else {
      let link = kept.remove(at: index)
      forget(link)
      emit(id, .dropped(.declined), at: time)
      return
    }
    kept[index].needsConfirmation = false
    kept[index].isAwaitingAnswer = false
    let missing = missingConditions(for: kept[index].route)
    if missing.isEmpty {
      release(kept.remove(at: index), at: time)
    } else {
      emit(id, .held(missing: missing), at: time)
    }
  }

  /// Queues an event for the observers. The event is built only when someone observes: building
  /// it (generic values, a source computed from the link) was most of the cost of a receive.
  private func emit(_ id: LinkID, _ kind: @autoclosure () -> DispatchEvent<Route>.Kind, at time: Duration? = nil) {
    guard !observers.isEmpty else { return }
    effects.append(.event(DispatchEvent(link: id, time: time ?? now(), kind: kind())))
  }

  /// Runs the queued calls into app code (observers and the deliver handler) in order, once the
  /// state is settled. A call that re-enters the dispatcher (a handler that receives a link or
  /// changes a condition) only queues more effects, which this outermost loop runs next; so app
  /// code always sees a settled dispatcher and never interleaves with a decision.
  private func runEffects() {
    guard !isRunningEffects else { return }
    isRunningEffects = true
    defer { isRunningEffects = false }
    defer {
      effects.removeAll(keepingCapacity: true)
      effectsCursor = 0
    }
    while effectsCursor < effects.count {
      let effect = effects[effectsCursor]
      effectsCursor += 1
      switch effect {
      case .event(let event):
        notify(event)
      case .deliver(let link, let heldFor, let time):
        let (id, route) = (link.id, link.route)
        // A link is released only while a handler is set (it waits for ``LinkCondition/handler``).
        guard let deliver else { continue }
        do {
          try deliver(
            route,
            handlerReadsContext
              ? context(of: link, heldFor: heldFor) : DeliveryContext(link: id, source: link.source, input: ""))
          if !observers.isEmpty {
            notify(DispatchEvent(link: id, time: time, kind: .delivered(route, heldFor: heldFor)))
          }
        } catch {
          if !observers.isEmpty { notify(DispatchEvent(link: id, time: now(), kind: .dropped(.handlerFailed(error)))) }
        }
      case .confirm(let link):
        // A link that needs confirmation is never accepted without a handler (see `accept`).
        confirm?(link.route, link.source) { [weak self] approved in self?.answer(link.id, approved: approved) }
      }
    }
  }

  private func context(of link: HeldLink, heldFor: Duration) -> DeliveryContext {
    let input = link.origin.input
    return DeliveryContext(
      link: link.id, source: link.source, input: input.map { "\($0)" } ?? "\(link.route)",
      parameters: link.origin.parameters, heldFor: heldFor, sendingApplication: input?.sendingApplication,
      sceneIdentifier: input?.sceneIdentifier)
  }

  private func notify(_ event: DispatchEvent<Route>) {
    for observer in observers { observer.observe(event) }
  }
}
