/// A delivered link that the handler kept to be shown later, as a navigation state keeps its route
/// until a view takes it: the dispatcher reports it `delivered` when it is shown, and `dropped`
/// when it is replaced or thrown away first, so analytics never count a link nobody saw.
///
/// While its handler runs, the dispatcher makes its ``DeliverySlot`` the delivery under way; a
/// state that keeps the route claims the handover there (a handler given as `navigation.deliver`
/// passes no context to carry it), which makes it: a delivery no state keeps makes none. The dispatcher withdraws a kept route unseen when a condition its route
/// needs is revoked (a logout), as it drops the links it holds itself.
@MainActor
package final class LinkHandover {
  /// How a kept link ended: `nil` when a view took it, else why it was thrown away unseen. (An
  /// optional, not an enum of the two: an enum was a type of its own, whose value witnesses every
  /// app kept.)
  typealias Ending = DropReason?

  /// The delivery under way, while a dispatcher's handler runs.
  fileprivate static var current: DeliverySlot?
  /// How many routes states have kept, to tell the newest.
  private static var kept = 0

  /// The order of a route a state keeps now, after every one kept before.
  static func nextOrder() -> Int {
    kept &+= 1
    return kept
  }

  /// The link handed over.
  let link: LinkID
  /// Reports how it ended, once; `nil` once reported or never kept.
  private var report: (@MainActor (Ending) -> Void)?
  /// Whether the dispatcher withdrew the route unseen: no view may show it any more.
  private(set) var isWithdrawn = false
  /// What the state that keeps the route does when it is withdrawn (clear what its views observe).
  var onWithdraw: (@MainActor () -> Void)?
  /// Whether the link's ending was reported (or will never be).
  var hasEnded: Bool { report == nil }

  init(link: LinkID, report: @escaping @MainActor (Ending) -> Void) {
    self.link = link
    self.report = report
  }

  /// Takes the handover of the delivery under way, if any and not taken yet: the caller keeps its
  /// route and reports how it ends.
  package static func claim() -> LinkHandover? { current?.claim() }

  /// Reports how the kept link ended; later calls do nothing (exactly one ending per link).
  func end(_ ending: Ending) {
    let report = self.report
    self.report = nil
    report?(ending)
  }

  /// Forgets the link without reporting anything (its delivery already ended otherwise: the
  /// handler threw).
  func cancel() { report = nil }

  /// Withdraws a route no view has shown yet: it is dropped for `reason`, and the state that keeps
  /// it lets it go. Does nothing once the link ended.
  func withdraw(_ reason: DropReason) {
    guard !hasEnded else { return }
    isWithdrawn = true
    let onWithdraw = self.onWithdraw
    self.onWithdraw = nil
    onWithdraw?()
    end(reason)
  }
}

/// A dispatcher's delivery under way: the link its handler is given, and the handover a state
/// that keeps its route claims. One per dispatcher, used for every delivery, so that a delivery
/// no state keeps (most of them) allocates nothing for it.
@MainActor
final class DeliverySlot {
  /// The link being delivered, while the handler runs.
  private var link: KeptLink?
  /// The handover a state claimed during this delivery.
  private var claimed: LinkHandover?
  /// Reports how a kept link ended (the dispatcher's, held weakly by it).
  var report: (@MainActor (LinkHandover.Ending, KeptLink) -> Void)?

  /// Runs `deliver` as the delivery of `link` under way (restoring the one before, for a handler
  /// that delivers into another dispatcher), and returns the handover a state claimed, if one
  /// did. Afterwards no state can claim it.
  func deliver(_ link: KeptLink, _ deliver: () throws -> Void) throws -> LinkHandover? {
    let previous = LinkHandover.current
    LinkHandover.current = self
    self.link = link
    defer {
      LinkHandover.current = previous
      self.link = nil
      claimed = nil
    }
    do {
      try deliver()
    } catch {
      claimed?.cancel()  // its delivery ends as the handler failed
      throw error
    }
    return claimed
  }

  fileprivate func claim() -> LinkHandover? {
    guard let link, claimed == nil else { return nil }
    let report = self.report
    let handover = LinkHandover(link: link.id) { ending in report?(ending, link) }
    claimed = handover
    return handover
  }
}

/// The route a navigation state keeps until a view shows it, with its link's handover: the one
/// piece of code every such state (`LinkNavigationState`, the iOS 16 model, a route waiting for
/// a window) keeps its route with, so each reports its link's ending the same way.
@MainActor
package struct KeptRoute<Route> {
  /// The route kept, if any, and not withdrawn.
  package var route: Route? { handover?.isWithdrawn == true ? nil : kept as? Route }
  /// The route, held as `Any` so that this type's layout does not depend on `Route`.
  private var kept: Any?
  /// When it was given, in the order of every route given to any state: the newest wins.
  private var order = 0
  private var handover: LinkHandover?

  /// Keeps nothing.
  package init() {}

  /// Keeps `route` of the delivery under way (the dispatcher's handler is running), or a route
  /// given by hand (which reports nothing).
  package init(delivering route: Route) {
    kept = route
    handover = LinkHandover.claim()
    order = LinkHandover.nextOrder()
  }

  /// Keeps the newer of `other` and what is kept now (a route waiting for a window may be older
  /// than the one its window holds); the other, which no view showed, is dropped as superseded by
  /// the newer.
  package mutating func keepNewest(_ other: consuming KeptRoute) {
    guard other.route != nil else { return }
    guard route != nil else {
      self = other
      return
    }
    let (newer, older) = other.order > order ? (other, self) : (self, other)
    older.handover?.end(DropReason.replacedUnseen(by: newer.handover?.link))
    self = newer
  }

  /// Gives the kept route to a view, which shows it: its link is delivered. Leaves nothing kept.
  package mutating func take() -> Route? {
    defer { self = KeptRoute() }
    guard let route else { return nil }
    handover?.end(nil)
    return route
  }

  /// Calls `action` if the dispatcher withdraws the kept route (its state clears what views see).
  package func whenWithdrawn(_ action: @escaping @MainActor () -> Void) {
    handover?.onWithdraw = action
  }

  /// Moves the kept route out, with its handover, leaving nothing kept (to keep it elsewhere).
  package mutating func move() -> KeptRoute {
    defer { self = KeptRoute() }
    return self
  }

  /// Throws the kept route away unseen (its window closed): its link is dropped for `reason`.
  package mutating func discard(_ reason: DropReason) {
    if route != nil { handover?.end(reason) }
    self = KeptRoute()
  }
}
