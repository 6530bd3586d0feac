/// A Siri intent or App Intent that opens the app, as plain values: the intent's name and its
/// parameters.
///
/// ```swift
/// // In an App Intent's perform():
/// dispatcher.receive(.intent(IntentInvocation(name: "ShowActivity")))
/// ```
package struct IntentInvocation: Sendable, Equatable {
  /// The intent's name: a custom intent's class name, or a name the app gives its App Intent.
  package var name: String
  /// Its parameters; they supply the route's parameters by name.
  package var parameters: [String: String]
  /// The parameters the route needs that the intent set to a value no route value is read from
  /// (a list of several objects, a type the glue does not know), each with what it was: the
  /// intent is refused naming them, rather than open its route as if they were not set.
  package var unreadParameters: [String: String]

  /// Creates an invocation.
  package init(name: String, parameters: [String: String] = [:], unreadParameters: [String: String] = [:]) {
    self.name = name
    self.parameters = parameters
    self.unreadParameters = unreadParameters
  }
}
