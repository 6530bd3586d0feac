// swift-tools-version: 6.0
// A nested package, so that nothing of the benchmarks reaches the library's users.
import PackageDescription

let package = Package(
  name: "DeepLinkBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "DeepLinkKit", path: "..")],
  targets: [
    .executableTarget(
      name: "DeepLinkBenchmarks",
      dependencies: [
        .product(name: "DeepLinkKit", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitConfiguration", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitTesting", package: "DeepLinkKit"),
        .product(name: "_DeepLinkToolbox", package: "DeepLinkKit"),
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
