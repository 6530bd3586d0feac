/// The calls into app code (observers, the handler, a confirmation), run once the state is
/// settled.
extension LinkDispatcher {
  /// Queues an event for the observers, about the link that `about` describes. The event is built
  /// only when someone observes: building it (generic values, a source computed from the link,
  /// the input's text) was most of the cost of a receive.
  func emit(
    _ id: LinkID, _ kind: @autoclosure () -> LinkEvent<Route>.Kind, at time: Duration? = nil,
    about link: @autoclosure () -> EventLink
  ) {
    guard isObserved else { return }
    pendingEvents.append(LinkEvent(link: id, time: time ?? now(), kind: kind(), about: link()))
    hasPendingEvents = true
    queue(.event(pendingEvents.count - 1))
  }

  /// Emits an event about a kept link.
  func emit(_ link: KeptLink, _ kind: @autoclosure () -> LinkEvent<Route>.Kind, at time: Duration) {
    guard isObserved else { return }
    emit(link.id, kind(), at: time, about: EventLink(link))
  }

  /// Runs the queued calls into app code (observers and the deliver handler) in order, once the
  /// state is settled. A call that re-enters the dispatcher (a handler that receives a link or
  /// changes a condition) only queues more effects, which this outermost loop runs next; so app
  /// code always sees a settled dispatcher and never interleaves with a decision.
  func runEffects() {
    // Asked of `Bool`s, not of the queue: each read or change of the queue is checked at run time
    // for exclusive access.
    guard hasQueuedEffects, !isRunningEffects else { return }
    isRunningEffects = true
    defer {
      isRunningEffects = false
      if hasPendingEvents {
        pendingEvents.removeAll(keepingCapacity: true)
        hasPendingEvents = false
      }
    }
    while hasQueuedEffects {
      hasQueuedEffects = false
      // Up to the last effect waiting: one that app code queues meanwhile sets the flag again.
      var isLast = false
      while !isLast, let effect = effects.next(isLast: &isLast) { run(effect) }
    }
  }

  /// Queues a call into app code, run once the state is settled.
  func queue(_ effect: DispatchEffect) {
    effects.append(effect)
    hasQueuedEffects = true
  }

  private func run(_ effect: DispatchEffect) {
    switch effect {
    case .event(let index):
      notify(pendingEvents[index])
    case .deliver(let delivery):
      if delivery.link.runsInBackground {
        backgroundDelivery?(self, delivery.link, delivery.heldFor, delivery.time)
      } else {
        deliverNow(delivery.link, heldFor: delivery.heldFor, time: delivery.time)
      }
    case .confirm(let link):
      // A link that needs confirmation is never accepted without a handler (see `accept`).
      confirm?(route(of: link), link.source) { [weak self] approved in self?.answer(link.id, approved: approved) }
    }
  }

  /// Delivers a link to the handler.
  private func deliverNow(_ link: KeptLink, heldFor: Duration, time: Duration) {
    // A link is released only while a handler is set (it waits for ``LinkCondition/handler``).
    guard let handler else { return }
    if !deliverySlotReports {
      delivery.report = { [weak self] ending, link in self?.report(ending, of: link) }
      deliverySlotReports = true
    }
    let route = route(of: link)
    // A navigation state that keeps the route claims the handover: the link is reported when a
    // view shows it, or dropped unseen, and withdrawn when a condition it needs is revoked.
    do {
      let claimed: LinkHandover?
      switch handler {
      case .route(let deliver):
        claimed = try self.delivery.deliver(link) { try deliver(route) }
      case .withContext(let deliver):
        let context = context(of: link, heldFor: heldFor)
        claimed = try self.delivery.deliver(link) { try deliver(route, context) }
      }
      if let handover = claimed {
        if !handover.hasEnded {
          unseen = unseen.filter { $0.value.handover != nil }  // states the app let go of
          unseen[link.id] = UnseenRoute(requirements: link.requirements, handover: handover)
        }
      } else if isObserved {
        notify(event(link, time: time, kind: .delivered(route, heldFor: heldFor)))
      }
    } catch {
      if isObserved { notify(event(link, time: now(), kind: .dropped(.handlerFailed(error)))) }
    }
  }

  /// Delivers a notification action that runs in the background to the background handler
  /// (reached through ``backgroundDelivery``).
  func deliverInBackground(_ link: KeptLink, heldFor: Duration, time: Duration) {
    guard let background = backgroundHandler else { return }
    let id = link.id
    let route = route(of: link)
    let context = context(of: link, heldFor: heldFor)
    if isObserved { notify(event(link, time: time, kind: .delivered(route, heldFor: heldFor))) }
    runningInBackground.append(id)
    // The handler calls back when it is done: the app's own task (setBackgroundHandler).
    background(route, context) { [weak self] in
      guard let self, let index = self.runningInBackground.firstIndex(of: id) else { return }
      self.runningInBackground.remove(at: index)
      self.backgroundCompletions.removeValue(forKey: id)?()
    }
  }

  /// Reports how a link kept by a navigation state ended: delivered when a view showed it (held,
  /// then, from its arrival until that moment, or zero after a clock that went back), or dropped
  /// unseen.
  func report(_ ending: LinkHandover.Ending, of link: KeptLink) {
    unseen[link.id] = nil
    let time = now()
    switch ending {
    case nil: emit(link, .delivered(route(of: link), heldFor: max(.zero, time - link.arrival)), at: time)
    case let reason?: emit(link, .dropped(reason), at: time)
    }
    runEffects()
  }

  func context(of link: KeptLink, heldFor: Duration) -> DeliveryContext {
    let input = link.input
    return DeliveryContext(
      link: link.id, source: link.source, input: input.map { "\($0)" } ?? link.record.routeDescription,
      parameters: link.parameters, heldFor: heldFor, sendingApplication: input?.sendingApplication,
      sceneIdentifier: link.scene, replyTruncation: link.replyTruncation)
  }

  func event(_ link: KeptLink, time: Duration, kind: LinkEvent<Route>.Kind) -> LinkEvent<Route> {
    LinkEvent(link: link.id, time: time, kind: kind, about: EventLink(link))
  }

  func notify(_ event: LinkEvent<Route>) {
    for observer in observers { observer.observe(event) }
  }
}

/// What an event tells of its link besides its number: where it came from, what it carried.
struct EventLink {
  let source: DeepLinkSource
  let input: DeepLinkInput?
  let parameters: RouteParameters

  init(source: DeepLinkSource, input: DeepLinkInput?, parameters: RouteParameters = RouteParameters()) {
    self.source = source
    self.input = input
    self.parameters = parameters
  }

  init(_ link: KeptLink) {
    self.init(source: link.source, input: link.input, parameters: link.parameters)
  }
}

extension LinkEvent {
  /// An event about the link `about` describes: its source, its input as text, its parameters.
  init(link id: LinkID, time: Duration, kind: Kind, about link: EventLink) {
    self.init(
      link: id, time: time, kind: kind, source: link.source, input: link.input.map { "\($0)" },
      parameters: link.parameters)
  }
}
