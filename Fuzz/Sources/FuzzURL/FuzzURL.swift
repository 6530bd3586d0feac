import DeepLinkKit
import DeepLinkKitConfiguration
import FuzzSupport

/// Any bytes as a link: resolving never crashes, and a link that resolves round-trips; its query
/// items, read for a refused link's events, keep the table's limits and hold no refused name.
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
  MainActor.assumeIsolated { checkEventQueryItems(text) }
  checkQRCode(text)
  return 0
}

/// The query items a link's first event carries (a refused link's, for analytics): within the
/// table's limits, no empty name, no control or format character in a name, no U+0000 in a value.
@MainActor private func checkEventQueryItems(_ text: String) {
  let dispatcher = LinkDispatcher(router: fuzzRouter)
  var parameters: RouteParameters?
  let registration = dispatcher.addObserver { event in parameters = parameters ?? event.parameters }
  dispatcher.receive(.url(text))
  registration.cancel()
  let limits = fuzzLimits
  guard let parameters else { violation("no event for a received link") }
  if parameters.count > limits.maxQueryItems { violation("\(parameters.count) query items read") }
  for item in parameters {
    let refused = item.name.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
    }
    if item.name.isEmpty || refused || item.value.utf8.contains(0) || item.value.utf8.count > limits.maxValueLength {
      violation("the query item \(item) was read from \(text.debugDescription)")
    }
  }
}

/// Any link has a QR code (`deeplink qa`) or is too long for one: its size is its version's, and
/// its PNG starts as a PNG does.
private func checkQRCode(_ text: String) {
  do {
    let code = try QRCode(text)
    if code.size != 17 + 4 * code.version || !(1...40).contains(code.version) {
      violation("a code of size \(code.size)")
    }
    if !code.png(scale: 1, border: 0).starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      violation("a PNG without its signature")
    }
  } catch {
    if text.utf8.count <= QRCode.maxBytes { violation("\(text.utf8.count) bytes have no code") }
  }
}
