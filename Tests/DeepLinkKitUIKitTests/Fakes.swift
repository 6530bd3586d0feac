import DeepLinkKit
import DeepLinkKitUIKit
import Foundation

// Fakes of the Apple objects, with the same property names and types.

struct FakeURLContext: URLContextInput, Hashable {
  var url: URL
  var sourceApplication: String?
}

final class FakeShortcutItem: ShortcutItemInput {
  let type: String
  let userInfo: [String: any NSSecureCoding]?
  init(type: String, userInfo: [String: any NSSecureCoding]? = nil) {
    self.type = type
    self.userInfo = userInfo
  }
}

final class FakeUserActivity: UserActivityInput, UserActivityOutput {
  let activityType: String
  var webpageURL: URL?
  var userInfo: [AnyHashable: Any]?
  var intent: (any IntentInput)?
  var title: String?
  var requiredUserInfoKeys: Set<String>?
  var isEligibleForHandoff = true
  var isEligibleForSearch = false
  var isEligibleForPublicIndexing = false
  var isEligibleForPrediction = false
  var persistentIdentifier: String?

  init(type: String, webpageURL: URL? = nil, userInfo: [AnyHashable: Any]? = nil) {
    self.activityType = type
    self.webpageURL = webpageURL
    self.userInfo = userInfo
  }
}

/// An `INIntent` subclass: its parameters are properties, read by name (key-value coding).
final class FakeIntent: IntentInput {
  let intentClassName: String
  let properties: [String: Any]
  init(_ className: String, properties: [String: Any] = [:]) {
    self.intentClassName = className
    self.properties = properties
  }
  func parameterValue(named name: String) -> Any? { properties[name] }
}

/// An `INObject`: a custom type's value, with an identifier and a display string.
struct FakeINObject: IntentObjectInput {
  var identifier: String?
  var displayString: String
}

struct FakeNotificationResponse: NotificationResponseInput, @unchecked Sendable {
  var actionIdentifier = PushNotification.defaultAction
  var payload: [AnyHashable: Any]
  var replyText: String?
}

struct FakeConnectionOptions: SceneConnectionOptionsInput {
  var urlContexts: Set<FakeURLContext> = []
  var userActivities: [FakeUserActivity] = []
  var shortcutItem: FakeShortcutItem?
  var notificationResponse: FakeNotificationResponse?
}

/// The example app's table, with every source, and a receiver that records what it delivers.
@MainActor final class GlueHarness {
  static let router = try! RouteTable(
    schemes: ["myapp"], hosts: ["app.example.com"],
    routes: [
      .init(
        name: "message", path: "/messages/:id",
        push: PushRule(when: ["type": "message"], parameters: ["id": "message_id"])),
      .init(name: "activity", path: "/activity", shortcut: "com.example.activity", intent: "ShowActivityIntent"),
      .init(
        name: "request", path: "/requests/:id(int)", shortcut: "com.example.request", intent: "OpenRequestIntent",
        activity: "com.example.request"),
      .init(name: "order", path: "/orders/:store/:id(uuid)", intent: "OrderSoupIntent"),
    ]
  ).makeRouter()

  var delivered: [NamedRoute] = []
  var contexts: [DeliveryContext] = []
  var refusedUniversalLinks: [URL] = []
  private(set) var dispatcher: Dispatcher<NamedRoute>!
  private(set) var receiver: LinkReceiver<NamedRoute>!

  init(ready: Bool = true, holdingPolicy: HoldingPolicy = .newestOnly) {
    dispatcher = Dispatcher(
      router: Self.router, holdingPolicy: holdingPolicy,
      deliver: { [unowned self] route, context in
        self.delivered.append(route)
        self.contexts.append(context)
      })
    receiver = LinkReceiver(
      dispatcher: dispatcher,
      onRefusedUniversalLink: { [unowned self] url, _ in self.refusedUniversalLinks.append(url) })
    if ready { dispatcher.satisfy(.ready) }
  }
}

func named(_ name: String, _ parameters: [String: String] = [:]) -> NamedRoute {
  NamedRoute(name, parameters: parameters)
}
