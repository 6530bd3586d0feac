// Apple-only: SwiftUI forwards to the Linux-tested `LinkReceiver`.
//
// Apple declarations relied on (framework SwiftUI), with their documentation pages:
// - `View.onOpenURL(perform: @escaping (URL) -> ())` (iOS 14; universal links arrive here too):
//   https://developer.apple.com/documentation/swiftui/view/onopenurl(perform:)
// - `View.onContinueUserActivity(_ activityType: String, perform: @escaping (NSUserActivity) -> ())`:
//   https://developer.apple.com/documentation/swiftui/view/oncontinueuseractivity(_:perform:)
// - `View.background(_:alignment:)`, `UIViewRepresentable` (`makeUIView(context:)`,
//   `updateUIView(_:context:)`): https://developer.apple.com/documentation/swiftui/uiviewrepresentable
// - UIKit `UIView.didMoveToWindow()`, `UIView.window`, `UIWindow.windowScene`, `UIScene.session`,
//   `UISceneSession.persistentIdentifier`: https://developer.apple.com/documentation/uikit/uiview/didmovetowindow(),
//   …/uiwindow/windowscene, …/uiscenesession/persistentidentifier; `followKeyWindow(of:_:)`
//   (KeyWindows.swift) tells when the window becomes key
#if canImport(SwiftUI) && canImport(UIKit) && (os(iOS) || os(visionOS))
  import DeepLinkKit
  import DeepLinkKitUIKit
  import SwiftUI
  import UIKit

  extension View {
    /// Reads the identifier of the window this view is shown in, its `UIWindowScene`'s
    /// `session.persistentIdentifier`, into `scene` once the view is in a window: the name a
    /// notification tap (`targetScene`), a quick action and an App Intent give the window too, so
    /// pass it to every forward and to `LinkNavigationStates`.
    @MainActor
    public func linkScene(_ scene: Binding<String?>) -> some View {
      background(
        SceneReader { identifier, _ in if scene.wrappedValue != identifier { scene.wrappedValue = identifier } })
    }

    /// Reads the window's identifier into `scene` as ``linkScene(_:)`` does, registers the window
    /// with `navigation` (its links are delivered into its state), and activates it each time it
    /// becomes key, the window the user is in (links of no window go there).
    @available(iOS 17.0, *)
    @MainActor
    public func linkScene<Route>(_ scene: Binding<String?>, navigation: LinkNavigationStates<Route>) -> some View {
      background(
        SceneReader { identifier, windowScene in
          if scene.wrappedValue != identifier { scene.wrappedValue = identifier }
          navigation.follow(scene: identifier, of: windowScene, notification: UIWindow.didBecomeKeyNotification)
        })
    }

    /// Forwards `onOpenURL` (custom schemes and universal links) to the receiver, from the window
    /// `scene` (``linkScene(_:)``), if known.
    @MainActor
    public func onOpenURL<Route>(forwardingTo receiver: LinkReceiver<Route>, scene: String? = nil) -> some View {
      onOpenURL { url in _ = receiver.open(url, scene: scene) }
    }

    /// Forwards `onContinueUserActivity` for one activity type (Handoff, Spotlight, Siri) to the
    /// receiver, from the window `scene` (``linkScene(_:)``), if known.
    @MainActor
    public func onContinueUserActivity<Route>(
      _ activityType: String, forwardingTo receiver: LinkReceiver<Route>, scene: String? = nil
    ) -> some View {
      onContinueUserActivity(activityType) { activity in _ = receiver.continue(activity, scene: scene) }
    }
  }

  /// A view that reports its window scene (and its session identifier) when it joins a window.
  private struct SceneReader: UIViewRepresentable {
    let found: @MainActor (String, UIWindowScene) -> Void

    func makeUIView(context: Context) -> ReaderView { ReaderView(found: found) }
    func updateUIView(_ view: ReaderView, context: Context) {}

    final class ReaderView: UIView {
      let found: @MainActor (String, UIWindowScene) -> Void
      /// The scene reported last: a view that moves within its window reports it once.
      weak var reported: UIWindowScene?

      init(found: @escaping @MainActor (String, UIWindowScene) -> Void) {
        self.found = found
        super.init(frame: .zero)
        isHidden = true
      }

      required init?(coder: NSCoder) { nil }

      override func didMoveToWindow() {
        super.didMoveToWindow()
        // Reported on the next turn: a state change inside a layout pass is not one SwiftUI takes.
        guard let scene = window?.windowScene, scene !== reported else { return }
        reported = scene
        let identifier = scene.session.persistentIdentifier
        Task { @MainActor in found(identifier, scene) }
      }
    }
  }
#endif
