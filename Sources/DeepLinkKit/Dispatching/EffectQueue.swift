/// Calls into app code (observers, the handler, a confirmation) that wait until the dispatcher's
/// state is settled, run in the order they were queued. A call that re-enters the dispatcher
/// only queues more, which the run under way takes next (the dispatcher knows a run is under
/// way): app code never sees a decision half made, nor interleaves with one.
struct EffectQueue<Effect> {
  /// The queued calls, from `cursor` on (an index, not `removeFirst()`, which moved every other
  /// element and made draining a long queue quadratic).
  private var effects: [Effect] = []
  private var cursor = 0

  mutating func append(_ effect: Effect) { effects.append(effect) }

  /// The next call, in order, telling in `isLast` whether it is the last one waiting (the queue
  /// is then empty, its storage kept for the next link's); `nil` when none waits. (An `inout`
  /// flag, not a tuple: an optional tuple of a generic element is destroyed through its type's
  /// metadata, at run time.)
  mutating func next(isLast: inout Bool) -> Effect? {
    guard cursor < effects.count else { return nil }
    guard cursor == effects.count - 1 else {
      cursor += 1
      isLast = false
      return effects[cursor - 1]
    }
    // The last one waiting (nearly always the only one) is moved out, not copied, and the
    // queue emptied of those before it.
    let last = effects.removeLast()
    if cursor > 0 {
      effects.removeAll(keepingCapacity: true)
      cursor = 0
    }
    isLast = true
    return last
  }

  /// How many calls wait.
  var count: Int { effects.count - cursor }
}
