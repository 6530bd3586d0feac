import DeepLinkKit
import DeepLinkKitConfiguration

/// Writes JSON by hand so that keys keep the order the output format promises.
enum JSONText {
  static func string(_ text: String) -> String { JSONValue.quotedJSON(text) }

  /// An object from keys and already-encoded values, in the given order.
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// An object of string values, sorted by key.
  static func object(_ dictionary: [String: String]) -> String {
    object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, string($0.value)) })
  }
}
