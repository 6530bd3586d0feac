// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import AppIntents
import DeepLinkKit
import DeepLinkKitUIKit

struct ShowItemIntent: AppIntent {
  static let title: LocalizedStringResource = "Show item"
  static let openAppWhenRun = true
  @Parameter(title: "Item") var id: Int
  @Dependency private var links: LinkReceiver<ItemsRoute>

  @MainActor
  func perform() async throws -> some IntentResult {
    links.dispatcher.receive(route: .item(id: id), source: .intent)  // the one line
    return .result()
  }
}
