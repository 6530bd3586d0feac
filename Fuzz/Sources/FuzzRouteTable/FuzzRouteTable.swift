import DeepLinkKit
import Foundation
import FuzzSupport

/// Any bytes as a JSON route table: reading and building never crash; a table that builds
/// resolves links and prints its routes without crashing, and a refused table says why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouteTable(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let json = Data(UnsafeBufferPointer(start: data, count: count))
  do {
    let router = try RouteTable.makeRouter(json: json)
    for link in ["myapp://messages/1", "https://app.example.com/a/b/c", "x://", "myapp:", "https://a.b/c?d=e"] {
      if let resolution = try? router.resolve(link) { checkRoundTrip(resolution.route, router: router) }
    }
  } catch {
    if error.problems.isEmpty { violation("a table was refused without a problem") }
  }
  return 0
}
