import DeepLinkKit
import Foundation
import FuzzSupport

/// Any JSON value as a notification payload: converting and routing never crash. The first byte
/// picks the action.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let dismiss = "com.apple.UNNotificationDismissActionIdentifier"
  let actions = ["com.apple.UNNotificationDefaultActionIdentifier", dismiss, "REPLY", "OTHER"]
  let action = actions[Int(data[0]) % actions.count]
  let json = Data(UnsafeBufferPointer(start: data + 1, count: count - 1))
  guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else { return 0 }
  let payload = value as? [AnyHashable: Any] ?? ["value": value]
  let replyText = data[0] & 1 == 0 ? nil : "hi"
  let notification = DeepLinkInput.push(userInfo: payload, action: action, replyText: replyText)
  let resolved = Result { () throws(DeepLinkError) in try fuzzRouter.resolve(notification) }
  if case .success(let resolution) = resolved {
    if action == dismiss { violation("a dismissed notification opened \(resolution.route)") }
    if resolution.source != .push { violation("a push resolved with the source \(resolution.source)") }
    checkPathValues(resolution)
  }
  // The same payload with its keys inserted in another order, into dictionaries of another
  // capacity (so they iterate in another order), flattens and resolves the same way.
  let reordered = DeepLinkInput.push(userInfo: reinserted(payload), action: action, replyText: replyText)
  if reordered != notification { violation("reordering the payload's keys changed its fields") }
  let again = Result { () throws(DeepLinkError) in try fuzzRouter.resolve(reordered) }
  if again != resolved { violation("reordering the payload's keys changed its route: \(resolved) → \(again)") }
  return 0
}

/// `dictionary` rebuilt, nested dictionaries too, with its keys inserted in reverse order into a
/// dictionary with room for many more.
func reinserted(_ dictionary: [AnyHashable: Any]) -> [AnyHashable: Any] {
  var copy = [AnyHashable: Any](minimumCapacity: dictionary.count * 4 + 16)
  for (key, value) in dictionary.reversed() {
    copy[key] = (value as? [AnyHashable: Any]).map(reinserted) ?? value
  }
  return copy
}
