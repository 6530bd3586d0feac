/// The dispatcher's duplicate rule: the latest held or delivered link of each key (a route and
/// its kind of source) that arrived less than `length` ago. The same links are kept in arrival
/// order too, so that those past the window leave from the front: amortised O(1) a link,
/// whatever the window holds.
struct DuplicateWindow<Key: Hashable> {
  /// How long after a link the same key counts as a duplicate; `.zero` turns the rule off.
  let length: Duration
  private var latest: [Key: (id: LinkID, time: Duration)] = [:]
  /// Every remembered arrival, oldest first. Entries of links forgotten early (dropped,
  /// declined) stay until they leave the window, so that this list, not `latest`, bounds them.
  private var order = FIFO<(key: Key, id: LinkID, time: Duration)>()

  init(length: Duration) { self.length = length }

  /// The link inside the window that a link of `key` arriving at `time` duplicates, if any.
  /// Links a window or more before `time` are let go first.
  mutating func earlier(_ key: Key, at time: Duration) -> LinkID? {
    guard length > .zero else { return nil }
    while let oldest = order.first, time - oldest.time >= length {
      order.popFirst()
      if latest[oldest.key]?.id == oldest.id { latest[oldest.key] = nil }
    }
    return latest[key]?.id
  }

  /// Remembers a link that was held or delivered. (A dropped link is not remembered: sending it
  /// again is asking again.)
  mutating func remember(_ key: Key, id: LinkID, at time: Duration) {
    guard length > .zero else { return }
    latest[key] = (id, time)
    order.append((key, id, time))
  }

  /// Forgets a kept link that was dropped, so that it can be asked for again.
  mutating func forget(_ key: Key, id: LinkID) {
    if latest[key]?.id == id { latest[key] = nil }
  }

  /// Forgets every link: the clock went back, and links from before it are no guide to what
  /// duplicates them now.
  mutating func restart() {
    latest.removeAll()
    order = FIFO()
  }

  /// How many arrivals the window keeps track of: never more than arrived inside it.
  var trackedArrivals: Int { order.count }
}
