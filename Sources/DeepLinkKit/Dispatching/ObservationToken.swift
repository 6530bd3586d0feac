/// Removes an observer it was returned for when cancelled.
///
/// ```swift
/// let token = dispatcher.addObserver { event in analytics.record(event) }
/// token.cancel()   // the analytics screen went away
/// ```
@MainActor
public final class ObservationToken {
  private var remove: (@MainActor () -> Void)?

  init(_ remove: @escaping @MainActor () -> Void) { self.remove = remove }

  /// Removes the observer; later calls do nothing.
  public func cancel() {
    remove?()
    remove = nil
  }
}
