// From the DocC guide AppDelegateApps.md; IntegrationGuideTests keeps the guide's blocks equal to these files, and
// Examples/ios-check builds them for iOS against a real SDK, as a debug build and as -Osize object code.
import DeepLinkKit

enum FamilyMoviesRoute: Hashable, Sendable {
  case familyMember(name: String)
  case movie(name: String)
  case search(query: String)
}

let familyMoviesRouter = try! LinkRouter<FamilyMoviesRoute>(
  hosts: ["www.familymoviesapp.com"],
  routes: [
    .path("/familymember/:name", FamilyMoviesRoute.familyMember),
    .path("/movie/:name", FamilyMoviesRoute.movie),
    .path("/search?q", FamilyMoviesRoute.search),
  ])
