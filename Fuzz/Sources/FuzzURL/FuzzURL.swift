import DeepLinkKit
import DeepLinkKitConfiguration
import DeepLinkToolbox
import Foundation
import FuzzSupport

/// Any bytes as a link: resolving never crashes, and a link that resolves round-trips; its query
/// items, read for a refused link's events, keep the table's limits and hold no refused name; its
/// QR code reads back as its bytes.
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
  checkHostNames(text)
  checkQRCode(text)
  return 0
}

/// The fuzz table without what needs international names (its Unicode host, a route that begins
/// with one), built to read them and not to.
private let hostNamesTables: (international: LinkRouter<NamedRoute>, ascii: LinkRouter<NamedRoute>) = {
  let json = fuzzTableJSON.replacingOccurrences(of: #", "例え.jp""#, with: "")
    .replacingOccurrences(of: #""path": "/caf%C3%A9/:name""#, with: #""path": "/menu/caf%C3%A9/:name""#)
  do {
    let ascii = json.replacingOccurrences(of: #""hostNames": "international","#, with: "")
    guard ascii != json, json != fuzzTableJSON else { violation("the fuzz table changed; update hostNamesTables") }
    return (try RouteTable.makeRouter(json: Data(json.utf8)), try RouteTable.makeRouter(json: Data(ascii.utf8)))
  } catch {
    violation("the host-name tables do not build: \(error)")
  }
}()

/// A router of ASCII host names answers a link as the same table's router of international names
/// does, but for a link whose host is an international name (a byte over 0x7F, or an `xn--`
/// label): a universal link to one it refuses as `unknownHost`; a custom-scheme link's first
/// segment it reads as it is.
private func checkHostNames(_ text: String) {
  func answer(_ router: LinkRouter<NamedRoute>) -> String {
    do {
      let route = try router.route(for: text)
      return "\(route)"
    } catch {
      return "\(error.code)"
    }
  }
  let international = answer(hostNamesTables.international)
  let ascii = answer(hostNamesTables.ascii)
  guard ascii != international else { return }
  let scheme = text.prefix { $0 != ":" }.lowercased()
  let rest = text.utf8.drop { $0 != UInt8(ascii: ":") }.dropFirst()
  let authority =
    rest.starts(with: "//".utf8)
    ? String(decoding: rest.dropFirst(2).prefix { !"/?#".utf8.contains($0) }, as: UTF8.self) : ""
  let isInternational = authority.utf8.contains { $0 >= 0x80 } || authority.lowercased().contains("xn--")
  if isInternational, scheme != "https" || ascii == "unknownHost" { return }
  violation("\(text.debugDescription): \(ascii) to a router of ASCII host names, \(international) to the other")
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
/// the code reads back as the link's very bytes, from the PNG the QA site writes and from the SVG
/// its page inlines (CodeReader: zlib, a path reader and zbar, none of them the encoder's code).
/// Reading a picture back is the costly part: one link in four is read back.
private func checkQRCode(_ text: String) {
  // Each level in turn (by the text's length, so that a finding replays): `qa` draws M, `qr` any.
  let level = ["L", "M", "Q", "H"][text.utf8.count % 4]
  if let code = _ToolboxFuzzing.qrCode(text, scale: 2, border: 4, level: level) {
    if code.size != 17 + 4 * code.version || !(1...40).contains(code.version) {
      violation("a code of size \(code.size)")
    }
    let bytes = Array(text.utf8)
    // Reading a picture back costs more than the rest of an input: one link in four is read (by
    // its bytes' sum, so that a finding replays), and one in 32 of those over 600 bytes.
    let sum = bytes.reduce(0, { $0 &+ Int($1) })
    guard sum % 4 == 0, bytes.count <= 600 || sum % 32 == 0 else { return }
    guard let png = CodeReader.png(code.png) else {
      violation("the PNG of \(text.debugDescription) does not read")
    }
    if png.width != (code.size + 8) * 2 { violation("a PNG \(png.width) pixels wide for \(code.size) modules") }
    let fromPNG = CodeReader.zbar(png.pixels, width: png.width, height: png.height)
    if fromPNG != bytes {
      violation("the PNG code of \(text.debugDescription) reads as \(String(describing: fromPNG))")
    }
    guard let svg = CodeReader.svg(code.svg) else { violation("the SVG of \(text.debugDescription) does not read") }
    let fromSVG = CodeReader.zbar(svg.pixels, width: svg.width, height: svg.height)
    if fromSVG != bytes {
      violation("the SVG code of \(text.debugDescription) reads as \(String(describing: fromSVG))")
    }
  } else if text.utf8.count <= _ToolboxFuzzing.qrCodeMaxBytes(level: level) {
    violation("\(text.utf8.count) bytes have no code at level \(level)")
  }
}
