import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkKitDeferred
import DeepLinkToolbox
import Testing

/// The landing pages `deeplink site` writes mark their hand-off link with the query item the
/// app's `DeferredLinks` looks for; the two products name it apart, so a test keeps them equal.
@Suite struct HandoffItemTests {
  @Test func thePagesMarkTheLinkAsTheAppLooksForIt() {
    #expect(DeferredHandoff.item == DeferredLinks<NamedRoute>.handoffItem)
  }
}
