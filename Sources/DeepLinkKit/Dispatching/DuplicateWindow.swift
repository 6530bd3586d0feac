/// The dispatcher's duplicate rule: the latest held or delivered link of each key (a route and
/// its kind of source) and window that arrived less than `length` ago. The same links are kept in
/// arrival order too, so that those past the window leave from the front: amortised O(1) a link,
/// whatever the window holds.
///
/// A link that arrived in a scene (a window, `UISceneSession.persistentIdentifier`) duplicates
/// only a link of the same scene, or one whose scene is not known: the same link opened in two
/// windows opens in both, while the same link handed over twice for one window (a cold start's
/// connection options and a delegate call) opens once. A link whose scene is not known
/// duplicates a link of any scene.
struct DuplicateWindow<Key: Hashable> {
  /// How long after a link the same key counts as a duplicate; `.zero` turns the rule off.
  let length: Duration
  private struct Entry {
    let id: LinkID
    let scene: String?
  }
  /// The latest link of each key and scene, the newest last: few, one per window the key
  /// arrived in.
  private var latest: [Key: [Entry]] = [:]
  /// Every remembered arrival, oldest first. Entries of links forgotten early (dropped,
  /// declined) stay until they leave the window, so that this list, not `latest`, bounds them.
  private var order = FIFO<(key: Key, id: LinkID, time: Duration)>()

  init(length: Duration) { self.length = length }

  /// Whether links of scenes `a` and `b` can duplicate each other: the same scene, or either
  /// not known.
  static func sameWindow(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }

  /// The link inside the window that a link of `key` arriving at `time` in `scene` duplicates, if
  /// any. Links a window or more before `time` are let go first.
  mutating func earlier(_ key: Key, scene: String? = nil, at time: Duration) -> LinkID? {
    guard length > .zero else { return nil }
    while let oldest = order.first, time - oldest.time >= length {
      order.popFirst()
      remove(oldest.id, of: oldest.key)
    }
    return latest[key]?.last { Self.sameWindow($0.scene, scene) }?.id
  }

  /// Remembers a link that was held or delivered. (A dropped link is not remembered: sending it
  /// again is asking again.)
  mutating func remember(_ key: Key, scene: String? = nil, id: LinkID, at time: Duration) {
    guard length > .zero else { return }
    var entries = latest[key] ?? []
    // It is the latest of its scene; a link of no known scene is the latest of every scene.
    entries.removeAll { scene == nil || $0.scene == scene }
    entries.append(Entry(id: id, scene: scene))
    latest[key] = entries
    order.append((key, id, time))
  }

  /// Forgets a kept link that was dropped, so that it can be asked for again.
  mutating func forget(_ key: Key, id: LinkID) {
    remove(id, of: key)
  }

  private mutating func remove(_ id: LinkID, of key: Key) {
    guard var entries = latest[key], let index = entries.firstIndex(where: { $0.id == id }) else { return }
    entries.remove(at: index)
    latest[key] = entries.isEmpty ? nil : entries
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
