import DeepLinkKit
import Foundation
import FuzzSupport

/// Any JSON value as a notification payload: converting and routing never crash. The first byte
/// picks the action.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPush(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let actions = [PushNotification.defaultAction, PushNotification.dismissAction, "REPLY", "OTHER"]
  let action = actions[Int(data[0]) % actions.count]
  let json = Data(UnsafeBufferPointer(start: data + 1, count: count - 1))
  guard let value = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]) else { return 0 }
  let payload = value as? [AnyHashable: Any] ?? ["value": value]
  let notification = PushNotification(
    userInfo: payload, actionIdentifier: action, replyText: data[0] & 1 == 0 ? nil : "hi")
  if let resolution = try? fuzzRouter.resolve(.push(notification)) {
    if action == PushNotification.dismissAction { violation("a dismissed notification opened \(resolution.route)") }
    if resolution.source != .push { violation("a push resolved with the source \(resolution.source)") }
  }
  return 0
}
