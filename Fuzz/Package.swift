// swift-tools-version: 6.0
// libFuzzer targets, in a nested package so that nothing of them reaches the library's users.
// Fuzz/run builds them with -sanitize=fuzzer,address and runs each for a bounded time.
import PackageDescription

let fuzzTargets = [
  "FuzzURL", "FuzzPush", "FuzzRouteTable", "FuzzInputs", "FuzzDispatcher", "FuzzConfiguration", "FuzzDeferred",
  "FuzzWriters", "FuzzReceiver",
]

let package = Package(
  name: "DeepLinkFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "DeepLinkKit", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "DeepLinkKit", package: "DeepLinkKit"),
        .product(name: "DeepLinkKitConfiguration", package: "DeepLinkKit"),
      ]),
    // zbar's QR decoder and zlib (Debian's libzbar-dev and zlib1g-dev, which Fuzz/run installs),
    // to read back every code the QA site draws.
    .systemLibrary(name: "CDecoders", providers: [.apt(["libzbar-dev", "zlib1g-dev"])]),
  ]
    + fuzzTargets.map { name in
      // libFuzzer supplies `main`; the target only defines LLVMFuzzerTestOneInput.
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport", "CDecoders", .product(name: "DeepLinkKit", package: "DeepLinkKit"),
          .product(name: "_DeepLinkToolbox", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitConfiguration", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitDeferred", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitUIKit", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitPublishing", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitSwiftUI", package: "DeepLinkKit"),
          .product(name: "DeepLinkKitTesting", package: "DeepLinkKit"),
        ],
        swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    },
  swiftLanguageModes: [.v6]
)
