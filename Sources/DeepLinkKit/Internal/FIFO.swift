/// A first-in, first-out list: appending and removing the first element cost amortised O(1)
/// (an array's `removeFirst()` moves every other element, which made draining a long queue
/// quadratic). Elements keep their order; the few removals from the middle cost O(n).
struct FIFO<Element> {
  private var storage: [Element] = []
  /// The position of the first element in `storage`; what lies before it is gone.
  private var head = 0

  var isEmpty: Bool { head == storage.count }
  var count: Int { storage.count - head }
  var first: Element? { isEmpty ? nil : storage[head] }
  /// The elements, first to last.
  var elements: ArraySlice<Element> { storage[head...] }

  mutating func append(_ element: Element) { storage.append(element) }

  /// Changes every element in place, first to last.
  mutating func modifyEach(_ body: (inout Element) -> Void) {
    for index in head..<storage.count { body(&storage[index]) }
  }

  @discardableResult
  mutating func popFirst() -> Element? {
    guard !isEmpty else { return nil }
    guard head < storage.count - 1 else {
      // The last one (nearly always the only one): moved out, and the storage emptied and kept.
      let element = storage.removeLast()
      if head > 0 {
        storage.removeAll(keepingCapacity: true)
        head = 0
      }
      return element
    }
    let element = storage[head]
    head += 1
    if head >= 32, head * 2 >= storage.count {
      // Compacting once the gone part is half the storage keeps each element moved O(1) times.
      storage.removeSubrange(0..<head)
      head = 0
    }
    return element
  }

  /// The element at `offset` from the first.
  subscript(offset: Int) -> Element {
    get { storage[head + offset] }
    set { storage[head + offset] = newValue }
  }

  @discardableResult
  mutating func remove(at offset: Int) -> Element { storage.remove(at: head + offset) }

  /// Removes every element, returning them in order.
  mutating func removeAll() -> [Element] {
    defer {
      storage.removeAll(keepingCapacity: true)
      head = 0
    }
    return Array(elements)
  }

  /// Removes, in one pass, the elements `shouldRemove` says to, returning them in order. It may
  /// change the elements it keeps.
  mutating func removeAll(where shouldRemove: (inout Element) -> Bool) -> [Element] {
    var kept: [Element] = []
    var removed: [Element] = []
    kept.reserveCapacity(count)
    for var element in elements {
      if shouldRemove(&element) { removed.append(element) } else { kept.append(element) }
    }
    storage = kept
    head = 0
    return removed
  }
}
