// Apple-only: an App Intent that opens the app at a route, its perform() a forward to the
// Linux-tested `LinkIntents.open(_:scene:)` (DeepLinkKitUIKit). A product of its own, so that an
// app without App Intents does not link the AppIntents framework.
//
// Apple declarations relied on (framework AppIntents, iOS 16, macOS 13, tvOS 16, watchOS 9):
// - `AppIntent` (`static var title: LocalizedStringResource`, `static var openAppWhenRun: Bool`,
//   `func perform() async throws -> Self.PerformResult`):
//   https://developer.apple.com/documentation/appintents/appintent
// - `IntentResult` and `.result()`:
//   https://developer.apple.com/documentation/appintents/intentresult
#if canImport(AppIntents) && (os(iOS) || os(visionOS))
  import AppIntents
  import DeepLinkKit
  import DeepLinkKitUIKit

  /// An App Intent that opens the app at a route: it names the route, and the library does the
  /// rest (the app is opened, the route goes through the registered receiver's dispatcher as a
  /// link from an intent: its sources, confirmation and conditions apply).
  ///
  /// ```swift
  /// struct ShowItemIntent: LinkOpeningIntent {
  ///   static let title: LocalizedStringResource = "Show item"
  ///   @Parameter(title: "Item") var id: Int
  ///   var route: ItemsRoute { .item(id: id) }
  /// }
  /// ```
  ///
  /// Register the receiver at launch with ``LinkIntents/register(_:)``.
  @available(iOS 16.0, *)
  public protocol LinkOpeningIntent: AppIntent {
    associatedtype Route: Hashable & Sendable
    /// The route this intent opens, from its parameters.
    var route: Route { get }
  }

  @available(iOS 16.0, *)
  extension LinkOpeningIntent {
    public static var openAppWhenRun: Bool { true }

    @MainActor
    public func perform() async throws -> some IntentResult {
      try LinkIntents.open(route)
      return .result()
    }
  }
#endif
