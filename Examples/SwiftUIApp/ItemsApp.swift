// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit
import DeepLinkKitAppIntents
import DeepLinkKitSwiftUI
import DeepLinkKitUIKit
import SwiftUI
import UserNotifications

@main
struct ItemsApp: App {
  @UIApplicationDelegateAdaptor private var appDelegate: ItemsAppDelegate

  var body: some Scene {
    WindowGroup {
      ItemsWindow(links: appDelegate.links, navigation: appDelegate.navigation)
    }
  }
}

/// One window (iPad and Mac run several): its own navigation state, so a link opened in it is
/// shown in it, and no other window consumes it. It is named by its scene's session identifier,
/// as a notification tap, a quick action and an App Intent name it.
struct ItemsWindow: View {
  let links: LinkReceiver<ItemsRoute>
  let navigation: LinkNavigationStates<ItemsRoute>
  @State private var window: String?  // the scene's session identifier, once the view is in its window

  var body: some View {
    ContentView(navigation: navigation.state(forScene: window))
      .onOpenURL(forwardingTo: links, scene: window)
      .onContinueUserActivity("com.apple.corespotlightitem", forwardingTo: links, scene: window)
      .linkScene($window, navigation: navigation)  // this window shows its links; key: links of no window too
      .handlesExternalEvents(preferring: ["*"], allowing: ["*"])  // an open window takes a link, not a new one
      .onAppear { links.dispatcher.satisfy(.ready) }
  }
}

@MainActor
final class ItemsAppDelegate: NSObject, UIApplicationDelegate {
  /// The adaptor's delegate, for the scene delegate SwiftUI makes (`UIApplication.shared.delegate`
  /// is SwiftUI's own).
  static private(set) weak var shared: ItemsAppDelegate?
  let navigation = LinkNavigationStates<ItemsRoute>()
  lazy var links: LinkReceiver<ItemsRoute> = {
    let dispatcher = LinkDispatcher(router: itemsRouter)
    dispatcher.setHandler(navigation.deliver)  // each link into its window's state
    return LinkReceiver(dispatcher: dispatcher)
  }()
  lazy var notifications = LinkNotificationDelegate(receiver: links)  // the center holds it weakly

  func application(
    _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    Self.shared = self
    UNUserNotificationCenter.current().delegate = notifications  // pushes: taps arrive here
    LinkIntents.register(links)  // App Intents: ShowItemIntent finds it by its route type
    return links.didFinishLaunching(options: launchOptions)
  }

  func application(
    _ application: UIApplication, configurationForConnecting session: UISceneSession,
    options: UIScene.ConnectionOptions
  ) -> UISceneConfiguration {
    let configuration = UISceneConfiguration(name: nil, sessionRole: session.role)
    configuration.delegateClass = ItemsSceneDelegate.self  // quick actions reach a scene delegate only
    return configuration
  }

  func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
    // The user closed these windows: their links go to the window used before.
    for session in sceneSessions { navigation.remove(scene: session.persistentIdentifier) }
  }
}

/// SwiftUI hands a window's URLs and activities to `onOpenURL`; a quick action, pressed while the
/// app runs or the one that launched it, reaches only a scene delegate, which names the window.
final class ItemsSceneDelegate: NSObject, UIWindowSceneDelegate {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    if let item = connectionOptions.shortcutItem {
      ItemsAppDelegate.shared?.links.perform(item, scene: session.persistentIdentifier)
    }
  }

  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    let links = ItemsAppDelegate.shared?.links
    completionHandler(links?.perform(shortcutItem, scene: windowScene.session.persistentIdentifier) ?? false)
  }
}

struct ContentView: View {
  let navigation: LinkNavigationState<ItemsRoute>
  @State private var path: [ItemsRoute] = []

  var body: some View {
    NavigationStack(path: $path) {
      ItemList()
        .navigationDestination(for: ItemsRoute.self) { route in ItemDetail(route: route) }
    }
    .onChange(of: navigation.pendingRoute, initial: true) {
      // One assignment: the routes of the link's path, then the route (see navigationStack(for:)).
      if let route = navigation.consume() { path = (try? itemsRouter.navigationStack(for: route)) ?? [route] }
    }
  }
}
