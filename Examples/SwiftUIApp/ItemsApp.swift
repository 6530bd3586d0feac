// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit
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

/// One window (iPad and Mac run several): its own identifier and navigation state, so a link
/// opened in it is shown in it, and no other window consumes it.
struct ItemsWindow: View {
  let links: LinkReceiver<ItemsRoute>
  let navigation: LinkNavigationStates<ItemsRoute>
  @SceneStorage("window") private var window = UUID().uuidString
  @Environment(\.scenePhase) private var scenePhase

  var body: some View {
    ContentView(navigation: navigation.state(forScene: window))
      .onOpenURL(forwardingTo: links, scene: window)
      .onContinueUserActivity("com.apple.corespotlightitem", forwardingTo: links, scene: window)
      .handlesExternalEvents(preferring: ["*"], allowing: ["*"])  // an open window takes a link, not a new one
      .onChange(of: scenePhase, initial: true) {
        if scenePhase == .active { navigation.activate(scene: window) }  // links of no window come here
      }
      .onAppear { links.dispatcher.satisfy(.ready) }
  }
}

@MainActor
final class ItemsAppDelegate: NSObject, UIApplicationDelegate {
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
    UNUserNotificationCenter.current().delegate = notifications  // pushes: taps arrive here
    LinkIntents.register(links)  // App Intents: ShowItemIntent finds it by its route type
    return links.didFinishLaunching(options: launchOptions)
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
