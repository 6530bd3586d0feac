/// An observer's registration with a dispatcher: the observer stays until ``cancel()`` is called.
/// Releasing the registration does not remove it (unlike a Combine or swift-navigation
/// cancellable), so a log kept for the app's lifetime needs no reference to it.
///
/// ```swift
/// let registration = dispatcher.addObserver { event in analytics.record(event) }
/// registration.cancel()   // the analytics screen went away
/// ```
@MainActor
public final class LinkObserverRegistration {
  private var remove: (@MainActor () -> Void)?

  init(_ remove: @escaping @MainActor () -> Void) { self.remove = remove }

  /// Removes the observer; later calls do nothing.
  public func cancel() {
    remove?()
    remove = nil
  }
}
