// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import AppIntents
import DeepLinkKitAppIntents
import DeepLinkKitUIKit

struct ShowItemIntent: LinkOpeningIntent {
  static let title: LocalizedStringResource = "Show item"
  @Parameter(title: "Item") var id: Int
  var route: ItemsRoute { .item(id: id) }  // the one line: opening the app and perform() come with it
}
