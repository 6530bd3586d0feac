// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "DeepLinkKit",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    .library(name: "DeepLinkKit", targets: ["DeepLinkKit"]),
    .library(name: "DeepLinkKitUIKit", targets: ["DeepLinkKitUIKit"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
  ],
  targets: [
    .target(name: "DeepLinkKit"),
    .target(name: "DeepLinkKitUIKit", dependencies: ["DeepLinkKit"]),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"]),
    .testTarget(name: "DeepLinkKitTests", dependencies: ["DeepLinkKit"]),
    .testTarget(name: "DeepLinkKitUIKitTests", dependencies: ["DeepLinkKitUIKit"]),
    .testTarget(name: "deeplinkTests", dependencies: ["deeplink"]),
  ],
  swiftLanguageModes: [.v6]
)
