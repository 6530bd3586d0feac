import Foundation

/// Turns the `[AnyHashable: Any]` dictionaries Apple hands over (a notification's `userInfo`, a
/// quick action's or user activity's `userInfo`) into plain `[String: String]` fields, once.
///
/// The rules:
/// - A string stays as it is.
/// - A Boolean becomes `"true"` or `"false"`.
/// - An integer becomes its decimal digits (`42`); a floating-point number that holds a whole
///   number `Int64` holds does too (`42.0` gives `"42"`, `1e+18` gives `"1000000000000000000"`),
///   any other its shortest form (`"1.5"`).
/// - A `URL` becomes its absolute string; a `UUID` its string.
/// - A nested dictionary keeps its path, joined by `.`: `{"data": {"id": 7}}` gives `"data.id": "7"`.
/// - When two entries flatten to the same path (a key `"data.id"` beside `"data": {"id": …}`), the
///   one nested deeper wins; of two nested equally deep, the one whose keys sort first (compared
///   key by key, from the outside in). So a payload gives the same fields on every run, whatever
///   order its dictionaries happen to iterate in.
/// - Anything else (arrays, dates, data, null), keys that are not strings, and what lies deeper
///   than ``maxDepth`` dictionaries is left out; nothing here can crash on a strange value. How
///   deep the dictionaries nest is recorded, so that a router can refuse a push payload nested
///   deeper than its ``InputLimits/maxPayloadDepth``.
package enum LinkPayload {
  /// How deep nested dictionaries are followed at most.
  package static let maxDepth = 64

  /// The flattened fields of a dictionary.
  ///
  /// - Parameter dictionary: A notification payload or `userInfo`.
  /// - Returns: Its fields as strings, keyed by their path.
  package static func fields(of dictionary: [AnyHashable: Any]?) -> [String: String] {
    flattened(dictionary).fields
  }

  /// The flattened fields, and how deep the dictionaries nest: 1 for a flat one, more than
  /// ``maxDepth`` when some were left out.
  static func flattened(_ dictionary: [AnyHashable: Any]?) -> (fields: [String: String], depth: Int) {
    var fields: [String: (text: String, depth: Int)] = [:]
    var deepest = 0
    if let dictionary { flatten(dictionary, prefix: "", depth: 1, into: &fields, deepest: &deepest) }
    return (fields.mapValues(\.text), deepest)
  }

  /// Visits keys in sorted order, so that of two equally deep entries with one path the first
  /// visited is the one whose keys sort first; it is kept unless a deeper one comes.
  private static func flatten(
    _ dictionary: [AnyHashable: Any], prefix: String, depth: Int,
    into fields: inout [String: (text: String, depth: Int)],
    deepest: inout Int
  ) {
    deepest = max(deepest, depth)
    let entries = dictionary.compactMap { entry in (entry.key.base as? String).map { ($0, entry.value) } }
    for (key, value) in stableSorted(entries, by: { (0, $0.0) }) {
      let path = prefix.isEmpty ? key : prefix + "." + key
      if let nested = value as? [AnyHashable: Any] {
        if depth < maxDepth {
          flatten(nested, prefix: path, depth: depth + 1, into: &fields, deepest: &deepest)
        } else {
          deepest = maxDepth + 1
        }
      } else if let text = string(from: value) {
        if let existing = fields[path], existing.depth >= depth { continue }
        fields[path] = (text, depth)
      }
    }
  }

  /// A scalar value as text, or `nil` for a value that has no text form here.
  package static func string(from value: Any) -> String? {
    switch value {
    case let text as String: return text
    case let url as URL: return url.absoluteString
    case let uuid as UUID: return uuid.uuidString
    case let number as NSNumber:
      switch String(cString: number.objCType) {
      case "c", "B": return number.boolValue ? "true" : "false"
      case "d", "f":
        let double = number.doubleValue
        // A whole number Int64 holds is written as one, whatever its size (`1e3` and `1e+18`
        // alike); `Int64(exactly:)` is nil past its range and for fractions.
        if let whole = Int64(exactly: double) { return String(whole) }
        return double.isFinite ? String(describing: double) : nil
      default: return number.stringValue
      }
    default: return nil
    }
  }
}
