import DeepLinkKit
import FuzzSupport

/// Any bytes as a link: resolving never crashes, and a link that resolves round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  for source in [nil, DeepLinkSource.inApp] {
    switch Result(catching: { () throws(DeepLinkError) in try fuzzRouter.resolve(text, source: source) }) {
    case .success(let resolution):
      checkRoundTrip(resolution.route)
      checkPathValues(resolution)
    case .failure(let error): if error.message.isEmpty { violation("an empty message for \(error.code)") }
    }
  }
  return 0
}
