/// A link the dispatcher keeps: held for its conditions, or awaiting the app's confirmation.
///
/// Not generic: the route is held in a ``LinkRecord``, a class whose subclass knows the route's
/// type, so that the dispatcher's lists, queue and decisions are code of one type, compiled once,
/// rather than of a type built from the app's route type, whose metadata a receive looked up dozens
/// of times. What never changes is in that one record, so that handing a link from list to queue
/// to handler copies a reference, not the link's input and parameters.
struct KeptLink {
  let id: LinkID
  /// What the link is and carried.
  let record: LinkRecord
  /// When it arrived (moved back to the time a clock went back to, if it did).
  var arrival: Duration
  /// The scene it arrived in, when known (taken from a later copy of the same link if this one
  /// did not know it).
  var scene: String?
  /// Whether the app must still confirm it before it is delivered.
  var needsConfirmation: Bool
  /// Whether the app has been asked and its answer is awaited.
  var isAwaitingAnswer = false
  /// Whether it is a notification action that runs in the background, to the background handler.
  let runsInBackground: Bool

  init(
    id: LinkID, record: LinkRecord, arrival: Duration, scene: String? = nil, needsConfirmation: Bool,
    runsInBackground: Bool = false
  ) {
    self.id = id
    self.record = record
    self.arrival = arrival
    self.scene = scene
    self.needsConfirmation = needsConfirmation
    self.runsInBackground = runsInBackground
  }

  /// The conditions its route needs besides `.ready` (the dispatcher's requirements, asked once).
  var requirements: Set<LinkCondition> { record.requirements }
  /// What the link carried besides its route, for its ``DeliveryContext``.
  var input: DeepLinkInput? { record.input }
  var parameters: RouteParameters { record.parameters }
  /// Why its typed reply was cut, if it was.
  var replyTruncation: DeepLinkError? { record.replyTruncation }
  /// The notification tap it is, if it is one whose request identifier iOS gave.
  var tap: NotificationTap? { record.input?.notificationTap }
  var source: DeepLinkSource { record.source }
}

/// What a kept link is and carried, which never changes once it arrived: its route (in the
/// subclass, ``TypedLinkRecord``) and source, as the duplicate rule compares them, and the rest.
class LinkRecord: WindowKey {
  let source: DeepLinkSource
  let requirements: Set<LinkCondition>
  let input: DeepLinkInput?
  let parameters: RouteParameters
  let replyTruncation: DeepLinkError?

  init(
    source: DeepLinkSource, hash: Int, requirements: Set<LinkCondition>, input: DeepLinkInput?,
    parameters: RouteParameters, replyTruncation: DeepLinkError?
  ) {
    self.source = source
    self.requirements = requirements
    self.input = input
    self.parameters = parameters
    self.replyTruncation = replyTruncation
    // The route's and source's hash, computed once, from the app's route type directly.
    super.init(hash: hash)
  }

  /// The duplicate rule's comparison: the same route and source (routes compared only when their
  /// hashes match: a duplicate, or a rare collision).
  override func isSameLink(as other: WindowKey) -> Bool {
    guard other !== self else { return true }
    guard hash == other.hash, ObjectIdentifier(type(of: other)) == ObjectIdentifier(type(of: self)) else {
      return false
    }
    // Of this very type, so a record.
    let record = unsafeDowncast(other, to: LinkRecord.self)
    return source == record.source && hasRoute(of: record)
  }

  /// Whether `other`, a record of the same type, holds an equal route.
  func hasRoute(of other: LinkRecord) -> Bool { self === other }

  /// The route, as text.
  var routeDescription: String { "" }
}

/// A kept link's record, with its route. A dispatcher makes records of its own route type only,
/// through a metatype it keeps (``LinkDispatcher/recordType``): asking for `TypedLinkRecord<Route>`
/// in code not specialized for the app's route type would look its metadata up for every link.
final class TypedLinkRecord<Route: Hashable>: LinkRecord {
  let route: Route

  init(
    route: Route, source: DeepLinkSource, requirements: Set<LinkCondition>, input: DeepLinkInput?,
    parameters: RouteParameters, replyTruncation: DeepLinkError?
  ) {
    var hasher = Hasher()
    hasher.combine(route)
    hasher.combine(source)
    self.route = route
    super.init(
      source: source, hash: hasher.finalize(), requirements: requirements, input: input, parameters: parameters,
      replyTruncation: replyTruncation)
  }

  override func hasRoute(of other: LinkRecord) -> Bool {
    // `==` has checked that the two are of one type.
    route == unsafeDowncast(other, to: TypedLinkRecord.self).route
  }

  override var routeDescription: String { "\(route)" }
}

/// One tap on one notification: its request's identifier and the action picked.
struct NotificationTap: Hashable {
  let request: String
  let action: String
}

/// A notification tap as the duplicate window keeps it: the same tap only.
final class TapKey: WindowKey {
  let tap: NotificationTap

  init(_ tap: NotificationTap) {
    self.tap = tap
    super.init(hash: tap.hashValue)
  }

  override func isSameLink(as other: WindowKey) -> Bool {
    other === self || (other as? TapKey)?.tap == tap
  }
}

extension DeepLinkInput {
  /// The notification tap this input is, if it is one whose request identifier is known.
  var notificationTap: NotificationTap? {
    notificationRequest.map { NotificationTap(request: $0.request, action: $0.action) }
  }
}

/// Every link the dispatcher keeps, in arrival order, which is the order of their ids: those
/// waiting for their conditions and those awaiting the app's answer. The holding policy bounds
/// both together, and expiry takes them from the front.
struct KeptLinks {
  private var links = FIFO<KeptLink>()

  var isEmpty: Bool { links.isEmpty }
  var count: Int { links.count }
  /// The links, first to last.
  var elements: ArraySlice<KeptLink> { links.elements }

  subscript(index: Int) -> KeptLink {
    get { links[index] }
    set { links[index] = newValue }
  }

  /// Keeps a link that arrived after every kept one.
  mutating func append(_ link: KeptLink) {
    precondition(links.elements.last.map { $0.id < link.id } ?? true, "links are kept in arrival order")
    links.append(link)
  }

  /// Takes the links kept longer than `maxAge` at `time`: the oldest, from the front.
  mutating func removeExpired(at time: Duration, maxAge: Duration) -> [KeptLink] {
    var expired: [KeptLink] = []
    while let link = links.first, time - link.arrival > maxAge {
      links.popFirst()
      expired.append(link)
    }
    return expired
  }

  /// The position of the link `id`, found by halves (ids grow in arrival order).
  func index(of id: LinkID) -> Int? {
    var low = 0
    var high = links.count
    while low < high {
      let middle = (low + high) / 2
      if links[middle].id < id { low = middle + 1 } else { high = middle }
    }
    return low < links.count && links[low].id == id ? low : nil
  }

  @discardableResult
  mutating func remove(at index: Int) -> KeptLink { links.remove(at: index) }

  /// Removes every link, returning them in order.
  mutating func removeAll() -> [KeptLink] { links.removeAll() }

  /// Removes, in one pass, the links `shouldRemove` says to, returning them in order; it may
  /// change the links it keeps.
  mutating func removeAll(where shouldRemove: (inout KeptLink) -> Bool) -> [KeptLink] {
    links.removeAll(where: shouldRemove)
  }

  /// Gives the kept link `id` the scene `scene` if it did not know its own: a copy of the same
  /// link that came with its scene (a cold start's connection options, after a delegate call
  /// that had none).
  mutating func adopt(scene: String, for id: LinkID) {
    guard let index = index(of: id), links[index].scene == nil else { return }
    links[index].scene = scene
  }

  /// Moves every arrival later than `time` back to it: the clock went back to `time`, and kept
  /// links must stay in time order (expiry takes them from the front), none held for a
  /// negative time.
  mutating func rewind(to time: Duration) {
    links.modifyEach { $0.arrival = min($0.arrival, time) }
  }
}
