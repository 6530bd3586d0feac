import DeepLinkKit
import DeepLinkKitConfiguration
import Testing

/// The names of 0.x still build for one release, and name the same types as the new ones.
@Suite struct RenamedTypesTests {
  enum Route: Hashable, Sendable { case home }

  // Deprecated itself, so that using the old names here warns nobody.
  @available(*, deprecated)
  @Test func theOldNamesAreTheNewTypes() {
    #expect(PushNotification.self == LinkPush.self)
    #expect(QuickAction.self == LinkQuickAction.self)
    #expect(PushPayload.self == LinkPayload.self)
    #expect(Resolution<Route>.self == LinkResolution<Route>.self)
    #expect(ObservationToken.self == LinkObserverRegistration.self)
    #expect(DispatchEvent<Route>.self == LinkEvent<Route>.self)
    #expect(DispatchLog.self == LinkEventLog.self)
    #expect(DispatchOutcome<Route>.self == LinkOutcome<Route>.self)
    #expect(AppConfiguration.self == LinkAppConfiguration.self)
  }
}
