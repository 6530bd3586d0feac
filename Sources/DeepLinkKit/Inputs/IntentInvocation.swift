/// A Siri intent or App Intent that opens the app, as plain values: the intent's name and its
/// parameters.
///
/// ```swift
/// // In an App Intent's perform():
/// dispatcher.receive(.intent(IntentInvocation(name: "ShowActivity")))
/// ```
public struct IntentInvocation: Sendable, Hashable {
  /// The intent's name: a custom intent's class name, or a name the app gives its App Intent.
  public var name: String
  /// Its parameters; they supply the route's parameters by name.
  public var parameters: [String: String]

  /// Creates an invocation.
  public init(name: String, parameters: [String: String] = [:]) {
    self.name = name
    self.parameters = parameters
  }
}
