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

  /// How long a tap on one notification is remembered, to open it once however many callbacks
  /// hand it over: a minute, longer than any launch takes between a scene's connection options
  /// and the notification delegate's call, and shorter than any reuse of a request identifier
  /// (a daily reminder's) can be.
  static var tapMemory: Duration { .seconds(60) }

  /// A link handed over from another thread (``submit(_:completion:)``): the input; what reads
  /// its scene on the main actor, where a scene can be read; what is told its outcome; and what is
  /// called once it is received (or, for a background action delivered at once, once the
  /// background handler has finished). A tuple: a struct of these, whose layout depends on the
  /// route type, was a type whose metadata and value witnesses every app kept (1.1 KB).
  typealias PendingInput = (
    input: DeepLinkInput, scene: (@MainActor @Sendable () -> String?)?,
    completion: (@MainActor @Sendable (LinkOutcome<Route>) -> Void)?, whenDone: (@MainActor @Sendable () -> Void)?
  )

  /// The router that resolves arriving links.
  public let router: LinkRouter<Route>
  /// How links are kept while they wait.
  package let holdingPolicy: HoldingPolicy
  /// How long a link may be held before it expires; `nil` keeps it until delivered or superseded.
  package let maxAge: Duration?

  /// How long after a link the same route from the same kind of source counts as a duplicate.
  package var duplicateWindow: Duration { window.length }

  /// The sources whose links need the app's confirmation for routes that require it.
  package let untrustedSources: Set<DeepLinkSource>
  let confirm: Confirm?
  let requirements: Requirements
  let clock: @MainActor () -> Duration
  /// The latest time the clock read, to tell a clock that went back.
  var latestTime: Duration?
  /// The handler, as the app gave it.
  var handler: Handler?
  /// A handler given with or without the ``DeliveryContext``: one that takes the route only is
  /// called without a context built for it (its input text would cost a string per delivery).
  enum Handler {
    case route(Deliver)
    case withContext(DeliverWithContext)
  }
  /// Whether a handler is set.
  var hasHandler: Bool { handler != nil }
  /// The handler of notification actions that run in the background; it calls its last argument
  /// once the action is done.
  var backgroundHandler: (@MainActor (Route, DeliveryContext, @escaping @MainActor () -> Void) -> Void)?
  /// Delivers a background action to that handler (`deliverInBackground`): set with the handler,
  /// so that an app without background actions carries none of that code.
  var backgroundDelivery: ((LinkDispatcher, KeptLink, _ heldFor: Duration, _ time: Duration) -> Void)?
  /// What to call when a background action's handler finishes, or the action ends otherwise,
  /// by link.
  var backgroundCompletions: [LinkID: @MainActor @Sendable () -> Void] = [:]
  /// How long the completion of a background action held for its conditions waits for them:
  /// iOS gives an action that runs in the background about 30 seconds.
  package var backgroundWait: Duration = .seconds(25)
  /// The background actions whose handler is running: a handful at most (each a notification
  /// action the user picked, for about 30 seconds), so a list, not a set of its own.
  var runningInBackground: [LinkID] = []
  var observers: [(id: Int, observe: @MainActor (LinkEvent<Route>) -> Void)] = [] {
    didSet { isObserved = !observers.isEmpty }
  }
  /// Whether anyone observes: asked before every event, and a `Bool`, where asking the list
  /// (whose element type is built from `Route`) looked up its type's metadata each time.
  var isObserved = false
  /// Reads the query items an arriving link carries, which its first event tells: set with the
  /// first observer, so that an app that observes nothing carries none of that reading.
  var queryItemsOfArrivals: ((LinkRouter<Route>, DeepLinkInput) -> RouteParameters)?
  var lastObserverID = 0

  package var satisfied: Set<LinkCondition> = [] {
    didSet { isReady = satisfied.contains(.ready) }
  }
  /// Whether `.ready` holds: asked for every link, without hashing.
  var isReady = false
  /// Whether `.ready` has ever held, for the debug build's warning of an app that never says so.
  var everReady = false
  /// That warning's settings; tests shorten its delay and read what it writes.
  package var readiness = ReadinessWarning()
  /// Every link kept, in arrival order: held for its conditions, or awaiting the app's answer.
  var kept = KeptLinks() {
    didSet { hasKeptLinks = !kept.isEmpty }
  }
  /// Whether any link is kept: asked for every link, as a `Bool` (a read of `kept` itself is
  /// checked at run time for exclusive access, as a change of it is).
  var hasKeptLinks = false
  /// The delivered links whose route a navigation state keeps for a view that has not shown it,
  /// by link: withdrawn as held links are dropped when a condition their route needs is revoked.
  var unseen: [LinkID: UnseenRoute] = [:]

  /// A route a state keeps unseen. The state owns the handover: one the app let go of with its
  /// state is not kept alive here.
  struct UnseenRoute {
    /// The conditions its route needs besides `.ready`.
    let requirements: Set<LinkCondition>
    weak var handover: LinkHandover?
  }
  /// The latest held or delivered link of each route, source and scene, for the duplicate rule.
  var window: DuplicateWindow
  /// The notification taps held or delivered in the last ``tapMemory``, by request identifier:
  /// a tap is a duplicate of the same tap only, whatever its route, scene or time.
  var taps = DuplicateWindow(length: tapMemory)
  /// The class of the records of kept links, kept as a value: making a record through it reads
  /// its metadata here, where naming the type in code not specialized for the app's route type
  /// would look it up (about 330 instructions a link).
  let recordType = TypedLinkRecord<Route>.self
  var lastID = 0
  /// Calls into app code waiting to run.
  var effects = EffectQueue<DispatchEffect>()
  /// Whether the effects are being run: a call into app code that re-enters only queues more.
  var isRunningEffects = false
  /// Whether an effect was queued since the run last looked: a `Bool`, asked without touching
  /// the queue (each change or read of which is checked at run time for exclusive access).
  var hasQueuedEffects = false
  /// The events of the effects queued (`DispatchEffect.event` holds a place here): kept apart, so
  /// that the queue is of one type the library compiles once, and touched only when someone
  /// observes.
  var pendingEvents: [LinkEvent<Route>] = []
  /// Whether `pendingEvents` holds any (asked without touching the list, as `isObserved` is).
  var hasPendingEvents = false
  nonisolated let inbox = Locked<[PendingInput]>([])
  /// The delivery under way, which a navigation state claims the handover of. Given how to
  /// report a link's ending at the first delivery, not in `init`: a class's designated initializer
  /// is listed in its type's runtime record, which no app can dead-strip, so what `init` reaches
  /// (reporting, hence the effects and every decision) would be kept by an app that only resolves
  /// links.
  let delivery = DeliverySlot()
  var deliverySlotReports = false

  /// Creates a dispatcher. No condition holds yet, so links are held until ``satisfy(_:)``.
  ///
  /// - Parameters:
  ///   - router: Resolves arriving links.
  ///   - holdingPolicy: How links are kept while they wait; ``HoldingPolicy/newestOnly`` by default.
  ///   - maxAge: How long a link may be held (or await the app's confirmation) before it expires:
  ///     ten minutes by default: long enough to finish a splash screen, a sign-in or an update
  ///     prompt after tapping a link, short enough that a link left waiting does not open a screen
  ///     out of nowhere the next time the app becomes usable, maybe for another person; `nil` keeps
  ///     links until they are delivered or superseded.
  ///   - duplicateWindow: How long after a link the same route from the same kind of source, in
  ///     the same scene, is dropped as a duplicate; 2 seconds by default, `.zero` turns it off. (A
  ///     notification tap whose request identifier is known is a duplicate of the same tap only,
  ///     for a minute, whatever this is.)
  ///   - clock: The time now, as a duration since any fixed origin; a continuous clock by
  ///     default. Tests and the demo pass their own.
  ///   - untrustedSources: The sources whose links need the app's confirmation for routes that
  ///     require it (``RouteDefinition/requiringConfirmation()``): by default custom schemes,
  ///     which any app can send, universal links, whose path anyone who publishes a link
  ///     chooses, and deferred links, which are universal links that waited for the install. A
  ///     link carried by another source (a push's `deeplink` field) is as untrusted as its own
  ///     kind too, unless the app opened it itself (``DeepLinkSource/inApp``).
  ///   - confirm: Asks the app whether to open such a route. Without it, such links are declined.
  ///   - requirements: The conditions a route needs besides ``LinkCondition/ready``.
  ///   - deliver: Navigates to a route; `nil` (the default) leaves links waiting for a handler
  ///     given later with ``setHandler(_:)-(Deliver)``, which may also take each route's
  ///     ``DeliveryContext``.
  public init(
    router: LinkRouter<Route>,
    holdingPolicy: HoldingPolicy = .newestOnly,
    maxAge: Duration? = .seconds(600),
    duplicateWindow: Duration = .seconds(2),
    clock: (@MainActor () -> Duration)? = nil,
    untrustedSources: Set<DeepLinkSource> = [.customScheme, .universalLink, .deferred],
    confirm: Confirm? = nil,
    requirements: @escaping Requirements = { _ in [] },
    deliver: Deliver? = nil
  ) {
    self.router = router
    self.holdingPolicy = holdingPolicy
    self.maxAge = maxAge
    self.window = DuplicateWindow(length: duplicateWindow)
    self.untrustedSources = untrustedSources
    self.confirm = confirm
    self.requirements = requirements
    if let deliver {
      handler = .route(deliver)
    }
    if let clock {
      self.clock = clock
    } else {
      let origin = ContinuousClock.now
      self.clock = { ContinuousClock.now - origin }
    }
  }

  // MARK: - Observing

  /// Calls `observer` with every event from now on, until its registration is cancelled.
  ///
  /// - Parameter observer: Called on the main actor, in the order events happen.
  /// - Returns: The observer's registration, whose ``LinkObserverRegistration/cancel()`` removes
  ///   it. Releasing the registration keeps the observer (a log for the app's lifetime needs none).
  @discardableResult
  public func addObserver(_ observer: @escaping @MainActor (LinkEvent<Route>) -> Void) -> LinkObserverRegistration {
    lastObserverID += 1
    let id = lastObserverID
    queryItemsOfArrivals = { $0.queryItems(carriedBy: $1) }
    observers.append((id, observer))
    return LinkObserverRegistration { [weak self] in self?.observers.removeAll { $0.id == id } }
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
    install(.route(deliver))
  }

  /// Gives the dispatcher a handler that receives each route with its ``DeliveryContext``.
  ///
  /// - Parameter deliver: Called on the main actor with each route to open and its context.
  public func setHandler(_ deliver: @escaping DeliverWithContext) {
    install(.withContext(deliver))
  }

  /// Gives the dispatcher the handler of notification actions that run with the app in the
  /// background (a push rule with `runsInBackground`: an inline reply, "Mark as read"). Such an action
  /// needs no `.ready` and no window: its route is delivered here as soon as its other
  /// conditions hold (signed in), under its sources and checks, and
  /// `LinkReceiver.didReceive(_:completion:)` calls the notification's completion handler once
  /// this returns. An action held for its conditions keeps the completion handler waiting until
  /// it is handled here, or dropped (a logout, its `maxAge`), or for 25 seconds at most (iOS
  /// gives a background action about 30), and then stays held. Without a background handler,
  /// such an action is delivered like a tap, when the app is ready, and its completion handler
  /// is called at once.
  ///
  /// ```swift
  /// dispatcher.setBackgroundHandler { route, _ in
  ///   if case .conversation(let id, let reply?) = route { await chat.send(reply, to: id) }
  /// }
  /// ```
  ///
  /// Emitted into the app that calls it (`@_alwaysEmitIntoClient`): the task that runs the
  /// handler is the app's, so an app without background actions carries no asynchronous code of
  /// the dispatcher's.
  ///
  /// - Parameter handler: Called on the main actor with each background action's route.
  @_alwaysEmitIntoClient
  public func setBackgroundHandler(_ handler: @escaping @MainActor (Route, DeliveryContext) async -> Void) {
    setBackgroundHandler { route, context, done in
      Task { @MainActor in
        await handler(route, context)
        done()
      }
    }
  }

  /// The same handler, told when it is done by its last argument, which it calls once.
  @usableFromInline
  func setBackgroundHandler(
    _ handler: @escaping @MainActor (Route, DeliveryContext, _ done: @escaping @MainActor () -> Void) -> Void
  ) {
    defer { runEffects() }
    backgroundHandler = handler
    backgroundDelivery = { $0.deliverInBackground($1, heldFor: $2, time: $3) }
    deliverHeldLinks()
  }

  func install(_ handler: Handler) {
    defer { runEffects() }
    self.handler = handler
    dropExpiredLinks()
    deliverHeldLinks()
  }

  /// The links waiting for their conditions, in arrival order.
  package var heldLinkList: [(link: LinkID, route: Route)] {
    kept.elements.filter { !$0.isAwaitingAnswer }.map { ($0.id, route(of: $0)) }
  }

  /// The links waiting for the app's confirmation, in arrival order. They count toward the
  /// holding policy's bound, are superseded under ``HoldingPolicy/newestOnly`` and expire after
  /// `maxAge` like held links.
  package var awaitingConfirmation: [(link: LinkID, route: Route)] {
    kept.elements.filter(\.isAwaitingAnswer).map { ($0.id, route(of: $0)) }
  }

  /// The dispatcher's time now, by its clock (the glue's memory of what it handed over).
  package var time: Duration { now() }

  /// The conditions `route` needs: ``LinkCondition/ready`` and its requirements.
  package func neededConditions(for route: Route) -> Set<LinkCondition> {
    var needed = requirements(route)
    needed.insertUnspecialized(.ready)
    return needed
  }

  /// The app's route of a kept link.
  func route(of link: KeptLink) -> Route {
    // The dispatcher makes records of this very type only (``recordType``).
    unsafeDowncast(link.record, to: TypedLinkRecord<Route>.self).route
  }
}

/// A call into app code, run once the dispatcher's state is settled. Of no generic type: an
/// event is a place in the dispatcher's `pendingEvents`, and a link a `KeptLink`.
enum DispatchEffect {
  case event(Int)
  case deliver(Delivery)
  case confirm(KeptLink)
}

/// A link released to its handler: how long it was held, and when.
struct Delivery {
  let link: KeptLink
  let heldFor: Duration
  let time: Duration
}
