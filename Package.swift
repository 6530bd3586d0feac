// swift-tools-version: 6.2
import PackageDescription

// A release build of each library module lets the app's linker drop the public symbols the app
// does not call. Without -internalize-at-link the compiler marks every public and `package`
// symbol "no dead strip", and an app kept the whole API of every module it linked: a sixth of the
// tiny app of Benchmarks/ios-size. The symbols stay public and exported (a dynamic library still
// exports them all); only an executable's link may drop those nothing references. The type and
// conformance records the runtime reads are kept as before. An unsafe flag: SwiftPM takes it from
// a dependency whose manifest is tools 6.2 or later (as this one), or that is pinned to a branch
// or a revision; .ci/consumer-check builds both.
let release: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-internalize-at-link"], .when(configuration: .release))]
// The modules every app links (the router, the dispatcher, the UIKit glue) also keep their
// types' reflection metadata for the debugger only (-reflection-metadata-for-debugger-only): the
// runtime's `Mirror` sees no stored properties or cases of these modules' own types, and the app
// no longer carries that metadata (9.6 KB of a router-only app, 15.8 KB of the tiny app, with the
// descriptions below: Benchmarks/ios-size). Nothing in them reads their own types by reflection;
// every value an app gets back from them (a resolution, an outcome, an event, a context, an
// error) prints through its own `description` (DescriptionTests), and the debugger still shows
// their fields. In debug builds too, so that the tests run what ships and a log reads the
// same in both. Not the modules whose types Apple's frameworks read by reflection (SwiftUI's
// `ObservableObject` finds `@Published` properties so, App Intents its `@Parameter`s), nor the
// tools'.
let runtime: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-reflection-metadata-for-debugger-only"]),
  .unsafeFlags(["-Xfrontend", "-internalize-at-link"], .when(configuration: .release)),
]

let package = Package(
  name: "DeepLinkKit",
  platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9)],
  products: [
    // What runs in the app: inputs, routing, dispatching; then the Apple glue.
    .library(name: "DeepLinkKit", targets: ["DeepLinkKit"]),
    // The router alone (DeepLinkKit re-exports it): for an app that only resolves and prints
    // links, which then carries no dispatcher.
    .library(name: "DeepLinkKitRouting", targets: ["DeepLinkKitRouting"]),
    .library(name: "DeepLinkKitUIKit", targets: ["DeepLinkKitUIKit"]),
    // What an app publishes that comes back as a route: quick actions, user activities, Spotlight
    // items and the notification categories its push rules need; apart, so that an app that
    // publishes nothing does not carry them.
    .library(name: "DeepLinkKitPublishing", targets: ["DeepLinkKitPublishing"]),
    // SwiftUI's glue: navigation states and the view modifiers; apart, so that a UIKit app neither
    // carries them nor links SwiftUI, Combine and Observation.
    .library(name: "DeepLinkKitSwiftUI", targets: ["DeepLinkKitSwiftUI"]),
    // App Intents that open the app at a route, and `LinkIntents`, where they find the receiver;
    // apart, so that an app without App Intents neither links the AppIntents framework nor carries
    // them.
    .library(name: "DeepLinkKitAppIntents", targets: ["DeepLinkKitAppIntents"]),
    // Deferred links, opened on the first launch after the install; apart, so that an app without
    // them does not carry them.
    .library(name: "DeepLinkKitDeferred", targets: ["DeepLinkKitDeferred"]),
    // What checks and writes an app's configuration from its route table: JSON route tables,
    // apple-app-site-association files, Info.plist and entitlements. For the `deeplink` tool,
    // an app's tests and a backend; an app needs it only to load a JSON table at run time.
    .library(name: "DeepLinkKitConfiguration", targets: ["DeepLinkKitConfiguration"]),
    .library(name: "DeepLinkKitTesting", targets: ["DeepLinkKitTesting"]),
    .executable(name: "deeplink", targets: ["deeplink"]),
    // Not API (a leading underscore): the tool's writers and parsers, for the nested Fuzz package.
    .library(name: "_DeepLinkToolbox", targets: ["DeepLinkToolbox"]),
  ],
  targets: [
    // The core: its router (a module of its own, in Sources/DeepLinkKit/Router), and the
    // dispatcher, which re-exports the router.
    .target(name: "DeepLinkKitRouting", path: "Sources/DeepLinkKit/Router", swiftSettings: runtime),
    .target(name: "DeepLinkKit", dependencies: ["DeepLinkKitRouting"], exclude: ["Router"], swiftSettings: runtime),
    .target(name: "DeepLinkKitUIKit", dependencies: ["DeepLinkKit"], swiftSettings: runtime),
    .target(name: "DeepLinkKitPublishing", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"], swiftSettings: release),
    .target(name: "DeepLinkKitSwiftUI", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"], swiftSettings: release),
    .target(name: "DeepLinkKitAppIntents", dependencies: ["DeepLinkKit", "DeepLinkKitUIKit"], swiftSettings: release),
    .target(name: "DeepLinkKitConfiguration", dependencies: ["DeepLinkKit"], swiftSettings: release),
    .target(
      name: "DeepLinkKitDeferred", dependencies: ["DeepLinkKit"],
      resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: release),
    // Fakes and helpers for an app's tests; no test framework, so it builds everywhere.
    .target(
      name: "DeepLinkKitTesting",
      dependencies: [
        "DeepLinkKit", "DeepLinkKitUIKit", "DeepLinkKitPublishing", "DeepLinkKitAppIntents", "DeepLinkKitDeferred",
      ], swiftSettings: release),
    // The `deeplink` tool: its commands, writers and reports, internal to the package (the fuzzers
    // reach them through `_DeepLinkToolbox`); the executable only calls them.
    .target(
      name: "DeepLinkToolbox",
      dependencies: ["DeepLinkKit", "DeepLinkKitUIKit", "DeepLinkKitPublishing", "DeepLinkKitConfiguration"],
      swiftSettings: release),
    .executableTarget(name: "deeplink", dependencies: ["DeepLinkToolbox"]),
    // Route tables the tests share: the README's and a four-level coordinator app's.
    .target(
      name: "ExampleRoutes", dependencies: ["DeepLinkKit"], path: "Tests/ExampleRoutes",
      exclude: ["coordinator-routes.json"]),
    // A shop whose route declares its landing page in Swift: the tool's and the tables' tests.
    .target(
      name: "ExamplePageRoutes", dependencies: ["DeepLinkKit", "DeepLinkKitConfiguration"],
      path: "Tests/ExamplePageRoutes"),
    .testTarget(
      name: "DeepLinkKitTests",
      dependencies: [
        "DeepLinkKit", "DeepLinkKitRouting", "DeepLinkKitUIKit", "DeepLinkKitPublishing", "DeepLinkKitSwiftUI",
        "DeepLinkKitTesting", "DeepLinkKitDeferred", "ExampleRoutes",
      ]),
    // What DeepLinkKitConfiguration reads and writes: JSON tables, association files, an app's
    // Info.plist; apart, so that the core's tests need no tooling product.
    .testTarget(
      name: "DeepLinkKitConfigurationTests",
      dependencies: [
        "DeepLinkKit", "DeepLinkKitConfiguration", "DeepLinkKitTesting", "ExampleRoutes", "ExamplePageRoutes",
      ]),
    .testTarget(
      name: "DeepLinkKitUIKitTests",
      dependencies: [
        "DeepLinkKitUIKit", "DeepLinkKitPublishing", "DeepLinkKitSwiftUI", "DeepLinkKitAppIntents",
        "DeepLinkKitConfiguration", "DeepLinkKitTesting", "DeepLinkKitDeferred",
      ]),
    .testTarget(
      name: "deeplinkTests",
      dependencies: [
        "deeplink", "DeepLinkToolbox", "DeepLinkKit", "DeepLinkKitConfiguration", "DeepLinkKitDeferred",
        "ExampleRoutes", "ExamplePageRoutes",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
