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
struct DuplicateWindow {
  /// How long after a link the same key counts as a duplicate; `.zero` turns the rule off.
  let length: Duration
  private struct Entry {
    let key: WindowKey
    let id: LinkID
    let scene: String?
  }
  /// The entries of one hash, the newest last: nearly always one, which is kept without an array.
  private enum Bucket {
    case one(Entry)
    case many([Entry])

    /// The entries left, as a bucket; `nil` when none is.
    static func of(_ entries: [Entry]) -> Bucket? {
      switch entries.count {
      case 0: nil
      case 1: .one(entries[0])
      default: .many(entries)
      }
    }
  }
  /// The links remembered inside the window, by their key's hash value: nearly always one a
  /// hash. Keyed by the hash, an `Int`, so that a lookup compares keys (which may be costly: the
  /// app's own routes) only when their hashes match.
  private var latest: [Int: Bucket] = [:]
  /// Every remembered arrival, oldest first. Entries of links forgotten early (dropped,
  /// declined) stay until they leave the window, so that this list, not `latest`, bounds them.
  private var order = FIFO<(hash: Int, id: LinkID, time: Duration)>()

  init(length: Duration) { self.length = length }

  /// Whether links of scenes `a` and `b` can duplicate each other: the same scene, or either
  /// not known.
  static func sameWindow(_ a: String?, _ b: String?) -> Bool { a == nil || b == nil || a == b }

  /// The link inside the window that a link of `key` arriving at `time` in `scene` duplicates, if
  /// any: the latest remembered and not forgotten of the same key, of a scene it can duplicate.
  /// If there is none, the link is remembered as `id` (a dropped link is not: sending it again is
  /// asking again; one dropped after all is forgotten with ``forget(_:id:)``). Links a window or
  /// more before `time` are let go first.
  ///
  /// A link of a new key (nearly every link) costs one lookup of its hash: the link is put in
  /// its bucket at once, and only when the hash had one already is the bucket written again.
  mutating func admit(_ key: WindowKey, scene: String? = nil, id: LinkID, at time: Duration) -> LinkID? {
    guard length > .zero else { return nil }
    while let oldest = order.first, time - oldest.time >= length {
      order.popFirst()
      remove(oldest.id, hash: oldest.hash)
    }
    let entry = Entry(key: key, id: id, scene: scene)
    let hash = key.hash
    guard let old = latest.updateValue(.one(entry), forKey: hash) else {
      order.append((hash, id, time))
      return nil
    }
    func duplicates(_ other: Entry) -> Bool { Self.sameWindow(other.scene, scene) && other.key.isSameLink(as: key) }
    // Earlier links of the same key stay, behind the new one: they are found again if it is
    // forgotten (a held link dropped), until they leave the window. A duplicate leaves the
    // bucket as it was.
    var earlier: LinkID?
    switch old {
    case .one(let other):
      if duplicates(other) { earlier = other.id } else { latest[hash] = .many([other, entry]) }
    case .many(let entries):
      if let found = entries.last(where: duplicates) {
        earlier = found.id
      } else {
        latest[hash] = .many(entries + [entry])
      }
    }
    if let earlier {
      latest[hash] = old
      return earlier
    }
    order.append((hash, id, time))
    return nil
  }

  /// Forgets a kept link that was dropped, so that it can be asked for again.
  mutating func forget(_ key: WindowKey, id: LinkID) {
    remove(id, hash: key.hash)
  }

  private mutating func remove(_ id: LinkID, hash: Int) {
    guard let slot = latest.index(forKey: hash) else { return }
    switch latest.values[slot] {
    case .one(let entry):
      if entry.id == id { latest.remove(at: slot) }
    case .many(let entries):
      if let left = Bucket.of(entries.filter { $0.id != id }) {
        latest.values[slot] = left
      } else {
        latest.remove(at: slot)
      }
    }
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

/// What the duplicate window keeps a link by: its record (``LinkRecord``: the same route and
/// source) or the notification tap it is (``TapKey``), with a hash computed once. One class, not a
/// generic key: the window is compiled once, and an entry holds one reference.
class WindowKey {
  let hash: Int

  init(hash: Int) { self.hash = hash }

  /// Whether `other` is the same link as this key (a key of another kind never is).
  func isSameLink(as other: WindowKey) -> Bool { other === self }
}
