// From the DocC guide AppDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/typecheck type-checks them against the iOS SDK.
import DeepLinkKit

enum FamilyMoviesRoute: Hashable, Sendable {
  case familyMember(name: String)
  case movie(name: String)
  case search(query: String)
}

let familyMoviesRouter = try! LinkRouter<FamilyMoviesRoute>(
  hosts: ["www.familymoviesapp.com"],
  routes: [
    .path(
      "/familymember/:name",
      parse: { .familyMember(name: try $0.string("name")) },
      print: { if case .familyMember(let name) = $0 { ["name": name] } else { nil } }),
    .path(
      "/movie/:name",
      parse: { .movie(name: try $0.string("name")) },
      print: { if case .movie(let name) = $0 { ["name": name] } else { nil } }),
    .path(
      "/search",
      parse: { .search(query: try $0.string("q")) },
      print: { if case .search(let query) = $0 { ["q": query] } else { nil } }),
  ])
