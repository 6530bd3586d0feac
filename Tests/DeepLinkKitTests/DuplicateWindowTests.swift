import DeepLinkKitTesting
import Testing

@testable import DeepLinkKit
@testable import DeepLinkKitRouting

/// The duplicate window keeps track of the arrivals inside it only.
@MainActor @Suite struct DuplicateWindowTests {
  /// Links the app declines are forgotten at once; their entries must still leave the window's
  /// bookkeeping when they age out, even when no other link is remembered (it grew with every
  /// declined link before).
  @Test func declinedLinksDoNotAccumulate() {
    let clock = ManualClock()
    let dispatcher = LinkDispatcher(
      router: ConfirmationTests.router, clock: clock.read, confirm: { _, _, answer in answer(false) },
      requirements: { _ in [] }, deliver: { _ in })
    dispatcher.satisfy(.ready)
    for id in 1...1_000 {
      clock.advance(.seconds(10))
      #expect(dispatcher.receive(.url("myapp://payments/\(id)/confirm")).isHandled)
    }
    #expect(dispatcher.trackedArrivals <= 1)
  }

  @Test func arrivalsInsideTheWindowAreTracked() {
    let clock = ManualClock()
    let dispatcher = LinkDispatcher(router: DispatcherHarness.router, clock: clock.read, deliver: { _ in })
    dispatcher.satisfy(.ready)
    for id in 1...50 {
      clock.advance(.milliseconds(10))
      dispatcher.receive(.url("myapp://messages/\(id)"))
    }
    #expect(dispatcher.trackedArrivals == 50)
    clock.advance(.seconds(3))
    dispatcher.receive(.url("myapp://messages"))
    #expect(dispatcher.trackedArrivals == 1)
  }
}
