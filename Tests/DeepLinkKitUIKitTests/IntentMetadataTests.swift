import DeepLinkKitUIKit
import Foundation
import Testing

@testable import DeepLinkKitAppIntents

/// What Xcode's metadata reads of an App Intent is what the intent declares itself, never a
/// default a protocol extension supplies at run time: the intents the guides teach declare what
/// opens the app, and a debug build says so when an intent does not. (`Examples/ios-check` builds
/// the examples at -Osize for iOS and reads the values Xcode extracts.)
@MainActor @Suite(.serialized) struct IntentMetadataTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every intent that adopts LinkOpeningIntent or LinkOpeningSceneIntent in the examples, the
  /// guides and the README declares `openAppWhenRun = true` or `supportedModes` in its own body.
  @Test func everyTaughtIntentDeclaresWhatOpensTheApp() throws {
    let folders = [
      "Examples", "Sources/DeepLinkKitUIKit", "Sources/DeepLinkKitAppIntents", "Sources/DeepLinkKit/DeepLinkKit.docc",
    ]
    var files = ["README.md"]
    for folder in folders {
      files += try FileManager.default.subpathsOfDirectory(atPath: Self.root.appendingPathComponent(folder).path)
        .filter { $0.hasSuffix(".swift") || $0.hasSuffix(".md") }.map { "\(folder)/\($0)" }
    }
    var intents = 0
    for file in files {
      let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
      // Each `struct X: LinkOpening…Intent {` up to its closing brace at the same indentation.
      let lines = text.components(separatedBy: "\n")
      for (index, line) in lines.enumerated()
      where line.range(of: #"struct \w+: LinkOpening(Scene)?Intent \{"#, options: .regularExpression) != nil {
        let indent = line.prefix { $0 == " " || $0 == "/" }
        let body = lines[(index + 1)...].prefix { !$0.hasPrefix(indent + "}") }.joined(separator: "\n")
        intents += 1
        #expect(
          body.contains("static let openAppWhenRun = true")
            || body.contains("static let supportedModes: IntentModes = .foreground"),
          "\(file): \(line.trimmingCharacters(in: .whitespaces)) does not declare what opens the app")
      }
    }
    #expect(intents >= 5)
  }

  @Test func aDebugBuildWarnsOfAnIntentThatDoesNotOpenTheApp() {
    struct ShowItemIntent {}
    var warnings: [String] = []
    let saved = LinkIntents.warn
    LinkIntents.warn = { warnings.append($0) }
    defer { LinkIntents.warn = saved }
    LinkIntents.warnUnlessOpensApp(ShowItemIntent.self, opensApp: true)
    #expect(warnings.isEmpty)
    LinkIntents.warnUnlessOpensApp(ShowItemIntent.self, opensApp: false)
    #expect(
      warnings == [
        "DeepLinkKit: warning: ShowItemIntent opens a route but not the app; declare it in the intent itself, where "
          + "Xcode's metadata reads it: `static let openAppWhenRun = true` (and, from iOS 26, "
          + "`static let supportedModes: IntentModes = .foreground`)"
      ])
  }
}
