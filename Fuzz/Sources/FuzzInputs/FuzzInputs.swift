import DeepLinkKit
import Foundation
import FuzzSupport

/// Any bytes as a quick action, an intent or a user activity: the bytes are split on NUL into a
/// kind, a type or name, and key/value pairs. Resolving never crashes, and a resolved route
/// carries the source of its input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputs(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  guard count > 0 else { return 0 }
  let fields = UnsafeBufferPointer(start: data + 1, count: count - 1).split(
    separator: 0, omittingEmptySubsequences: false
  )
  .map { String(decoding: $0, as: UTF8.self) }
  let name = fields.first ?? ""
  var values: [String: String] = [:]
  var index = 1
  while index + 1 < fields.count {
    values[fields[index]] = fields[index + 1]
    index += 2
  }
  let input: DeepLinkInput
  let expected: Set<DeepLinkSource>
  switch data[0] % 4 {
  case 0:
    input = .quickAction(type: name, userInfo: values)
    expected = [.shortcut]
  case 1:
    input = .intent(name, parameters: values)
    expected = [.intent]
  case 2:
    input = .userActivity(type: name, webpageURL: values["url"].flatMap(URL.init(string:)), userInfo: values)
    expected = [.userActivity]
  default:
    input = .userActivity(type: "NSUserActivityTypeBrowsingWeb", webpageURL: URL(string: name), userInfo: values)
    expected = [.universalLink]
  }
  if let resolution = try? fuzzRouter.resolve(input) {
    if !expected.contains(resolution.source) { violation("\(input) resolved with the source \(resolution.source)") }
    checkPathValues(resolution)
  }
  return 0
}
