// Apple-only: SwiftUI forwards to the Linux-tested `LinkReceiver`.
//
// Apple declarations relied on (framework SwiftUI), with their documentation pages:
// - `View.onOpenURL(perform: @escaping (URL) -> ())` (iOS 14; universal links arrive here too):
//   https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
// - `View.onContinueUserActivity(_ activityType: String, perform: @escaping (NSUserActivity) -> ())`:
//   https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
#if canImport(SwiftUI) && canImport(UIKit) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import SwiftUI

  extension View {
    /// Forwards `onOpenURL` (custom schemes and universal links) to the receiver, from the window
    /// `scene` (its own identifier, such as a `@SceneStorage` UUID), if given.
    @MainActor
    public func onOpenURL<Route>(forwardingTo receiver: LinkReceiver<Route>, scene: String? = nil) -> some View {
      onOpenURL { url in _ = receiver.open(url, scene: scene) }
    }

    /// Forwards `onContinueUserActivity` for one activity type (Handoff, Spotlight, Siri) to the
    /// receiver, from the window `scene`, if given.
    @MainActor
    public func onContinueUserActivity<Route>(
      _ activityType: String, forwardingTo receiver: LinkReceiver<Route>, scene: String? = nil
    ) -> some View {
      onContinueUserActivity(activityType) { activity in _ = receiver.continue(activity, scene: scene) }
    }
  }
#endif
