// From the DocC guide SwiftUIApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import DeepLinkKit
import DeepLinkKitUIKit
import SwiftUI
import UserNotifications

@main
struct ItemsApp: App {
  @UIApplicationDelegateAdaptor private var appDelegate: ItemsAppDelegate

  var body: some Scene {
    WindowGroup {
      ContentView(navigation: appDelegate.navigation)
        .onOpenURL(forwardingTo: appDelegate.links)
        .onContinueUserActivity("com.apple.corespotlightitem", forwardingTo: appDelegate.links)
        .onAppear { appDelegate.links.dispatcher.satisfy(.ready) }
    }
  }
}

@MainActor
final class ItemsAppDelegate: NSObject, UIApplicationDelegate {
  let navigation = LinkNavigationState<ItemsRoute>()
  lazy var links = LinkReceiver(dispatcher: LinkDispatcher(router: itemsRouter, deliver: navigation.deliver))
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
