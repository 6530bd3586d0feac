/// A clock a test moves by hand, for a dispatcher's `maxAge`, duplicate window and held times.
///
/// ```swift
/// let clock = ManualClock()
/// let dispatcher = LinkDispatcher(router: router, clock: clock.read, deliver: { shown.append($0) })
/// clock.advance(.seconds(3))
/// ```
@MainActor
public final class ManualClock {
  /// The time now, as a duration since the clock was made.
  public private(set) var now: Duration = .zero

  /// Creates a clock at zero.
  public init() {}

  /// Moves the clock forward.
  public func advance(_ duration: Duration) { now += duration }

  /// Moves the clock back, as a clock an app reads from the wall time may go (the user sets the
  /// time, the network corrects it).
  public func rewind(_ duration: Duration) { now -= duration }

  /// The clock as a dispatcher reads it: pass it as `LinkDispatcher(clock:)`.
  public var read: @MainActor () -> Duration { { [unowned self] in self.now } }
}
