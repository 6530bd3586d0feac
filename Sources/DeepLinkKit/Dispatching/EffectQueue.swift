/// Calls into app code (observers, the handler, a confirmation) that wait until the dispatcher's
/// state is settled, run in the order they were queued. A call that re-enters the dispatcher
/// only queues more, which the run under way takes next: app code never sees a decision half
/// made, nor interleaves with one.
struct EffectQueue<Effect> {
  /// The queued calls, from `cursor` on (an index, not `removeFirst()`, which moved every other
  /// element and made draining a long queue quadratic).
  private var effects: [Effect] = []
  private var cursor = 0
  private(set) var isRunning = false

  mutating func append(_ effect: Effect) { effects.append(effect) }

  /// Starts a run; `false` when one is under way (the caller is app code that re-entered, and
  /// the outer run takes what it queued).
  mutating func startRun() -> Bool {
    guard !isRunning else { return false }
    isRunning = true
    return true
  }

  /// The next call of the run, in order; `nil` ends the run and empties the queue.
  mutating func next() -> Effect? {
    precondition(isRunning, "effects are taken inside a run")
    guard cursor < effects.count else {
      effects.removeAll(keepingCapacity: true)
      cursor = 0
      isRunning = false
      return nil
    }
    cursor += 1
    return effects[cursor - 1]
  }

  /// How many calls wait.
  var count: Int { effects.count - cursor }
}
