/// The calls into app code (observers, the handler, a confirmation), run once the state is
/// settled.
extension LinkDispatcher {
  /// Queues an event for the observers. The event is built only when someone observes: building
  /// it (generic values, a source computed from the link) was most of the cost of a receive.
  func emit(_ id: LinkID, _ kind: @autoclosure () -> LinkEvent<Route>.Kind, at time: Duration? = nil) {
    guard !observers.isEmpty else { return }
    effects.append(.event(LinkEvent(link: id, time: time ?? now(), kind: kind())))
  }

  /// Runs the queued calls into app code (observers and the deliver handler) in order, once the
  /// state is settled. A call that re-enters the dispatcher (a handler that receives a link or
  /// changes a condition) only queues more effects, which this outermost loop runs next; so app
  /// code always sees a settled dispatcher and never interleaves with a decision.
  func runEffects() {
    guard effects.startRun() else { return }
    while let effect = effects.next() {
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
            notify(LinkEvent(link: id, time: time, kind: .delivered(route, heldFor: heldFor)))
          }
        } catch {
          if !observers.isEmpty { notify(LinkEvent(link: id, time: now(), kind: .dropped(.handlerFailed(error)))) }
        }
      case .confirm(let link):
        // A link that needs confirmation is never accepted without a handler (see `accept`).
        confirm?(link.route, link.source) { [weak self] approved in self?.answer(link.id, approved: approved) }
      }
    }
  }

  func context(of link: KeptLink<Route>, heldFor: Duration) -> DeliveryContext {
    let input = link.input
    return DeliveryContext(
      link: link.id, source: link.source, input: input.map { "\($0)" } ?? "\(link.route)",
      parameters: link.parameters, heldFor: heldFor, sendingApplication: input?.sendingApplication,
      sceneIdentifier: link.scene)
  }

  func notify(_ event: LinkEvent<Route>) {
    for observer in observers { observer.observe(event) }
  }
}
