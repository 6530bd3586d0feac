/// A home-screen quick action, as plain values: its type and its `userInfo`.
package struct LinkQuickAction: Sendable, Equatable {
  /// The shortcut item's type, such as `com.example.activity`.
  package var type: String
  /// Its `userInfo`, flattened by the ``LinkPayload`` rules; supplies the route's parameters by name.
  package var userInfo: [String: String]

  /// Creates a quick action.
  package init(type: String, userInfo: [String: String] = [:]) {
    self.type = type
    self.userInfo = userInfo
  }

  /// Creates a quick action from a shortcut item's `userInfo`.
  package init(type: String, userInfo: [AnyHashable: Any]?) {
    self.init(type: type, userInfo: LinkPayload.fields(of: userInfo))
  }
}
