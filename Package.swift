// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DeepLinkKit",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "DeepLinkKit", targets: ["DeepLinkKit"]),
    .library(name: "DeepLinkKitUIKit", targets: ["DeepLinkKitUIKit"]),
    .library(name: "DeepLinkKitTesting", targets: ["DeepLinkKitTesting"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  targets: [
    .target(name: "DeepLinkKit"),
    .target(name: "DeepLinkKitUIKit", dependencies: ["DeepLinkKit"]),
    // Fakes and helpers for an app's tests; no test framework, so it builds everywhere.
    .target(name: "DeepLinkKitTesting", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"]),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"]),
    // Route tables the tests share: the README's and a four-level coordinator app's.
    .target(
      name: "ExampleRoutes", dependencies: ["DeepLinkKit"], path: "Tests/ExampleRoutes",
      exclude: ["coordinator-routes.json"]),
    .testTarget(name: "DeepLinkKitTests", dependencies: ["DeepLinkKit", "DeepLinkKitTesting", "ExampleRoutes"]),
    .testTarget(name: "DeepLinkKitUIKitTests", dependencies: ["DeepLinkKitUIKit", "DeepLinkKitTesting"]),
    .testTarget(name: "deeplinkTests", dependencies: ["deeplink", "DeepLinkKit", "ExampleRoutes"]),
  ],
  swiftLanguageModes: [.v6]
)
