// swift-tools-version: 6.0
// An app's test package, as a team sets one up: it depends on DeepLinkKit by path and imports only
// DeepLinkKit, DeepLinkKitUIKit and DeepLinkKitTesting, so it can use nothing but their public API.
// Its test is the package's own AppTestingExampleTests.swift (a link), which the README quotes;
// CI runs it with `swift test --package-path Examples/AppTests`.
import PackageDescription

let package = Package(
  name: "AppTests",
  platforms: [.iOS(.v16), .macOS(.v13)],
  dependencies: [.package(name: "DeepLinkKit", path: "../..")],
  targets: [
    .testTarget(
      name: "AppTests",
      dependencies: [
        .product(name: "DeepLinkKit", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitUIKit", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitTesting", package: "DeepLinkKit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
