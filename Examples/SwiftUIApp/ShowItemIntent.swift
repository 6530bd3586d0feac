// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import AppIntents
import DeepLinkKitAppIntents
import DeepLinkKitUIKit

struct ShowItemIntent: LinkOpeningIntent {
  static let title: LocalizedStringResource = "Show item"
  // Opens the app when Siri or Shortcuts run it: declared here, in the intent itself, where Xcode
  // reads it into the metadata the system goes by (iOS 26 reads it as `supportedModes: .foreground`).
  static let openAppWhenRun = true
  @Parameter(title: "Item") var id: Int
  var route: ItemsRoute { .item(id: id) }  // perform() comes with it
}
