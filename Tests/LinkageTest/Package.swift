// swift-tools-version: 6.0
// An app's view of the package: it links DeepLinkKit and DeepLinkKitUIKit only. `check` builds it
// and shows that nothing of DeepLinkKitConfiguration (route tables as JSON, the
// apple-app-site-association and Info.plist tooling) reaches it.
import PackageDescription

let package = Package(
  name: "linkage-test",
  dependencies: [.package(name: "DeepLinkKit", path: "../..")],
  targets: [
    .executableTarget(
      name: "linkageTest",
      dependencies: [
        .product(name: "DeepLinkKit", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitUIKit", package: "DeepLinkKit"),
      ])
  ],
  swiftLanguageModes: [.v6]
)
