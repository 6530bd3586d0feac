import Foundation
import Testing

/// The core's public surface stays small: every public declaration is API to keep and a root an
/// app's linker keeps. What only the package's own modules use is `package`.
@Suite struct PublicSurfaceTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Lines that declare something public or open, counted as `grep -cE '^\s*(public|open) '`.
  static func publicLines(in folder: String) throws -> [String] {
    let base = root.appendingPathComponent(folder)
    let files = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
    var lines: [String] = []
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = try String(contentsOf: file, encoding: .utf8)
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.hasPrefix("public ") || trimmed.hasPrefix("open ") {
          lines.append("\(file.lastPathComponent): \(trimmed)")
        }
      }
    }
    return lines
  }

  @Test func theCoreHasAtMost220PublicDeclarations() throws {
    let lines = try Self.publicLines(in: "Sources/DeepLinkKit")
    #expect(lines.count > 150, "the count read no sources")
    #expect(lines.count <= 220, "\(lines.count) public declarations in DeepLinkKitRouting and DeepLinkKit")
  }

  /// DeepLinkKitConfiguration's API is what an app, its tests or a backend calls: tables as JSON,
  /// association files, the checks of an app's Info.plist. What only the `deeplink` tool uses
  /// (plist writers, the rule that decided a match, a report's indices) is `package`.
  @Test func theConfigurationProductHasAtMost60PublicDeclarations() throws {
    let lines = try Self.publicLines(in: "Sources/DeepLinkKitConfiguration")
    #expect(lines.count > 30, "the count read no sources")
    #expect(lines.count <= 60, "\(lines.count) public declarations in DeepLinkKitConfiguration")
  }

  /// The input structs stay behind `DeepLinkInput`'s factories.
  @Test func theInputStructsAreNotPublic() throws {
    let lines = try Self.publicLines(in: "Sources/DeepLinkKit")
    for name in ["LinkPush", "LinkQuickAction", "IntentInvocation", "ContinuedActivity", "LinkPayload", "RoutePattern"]
    {
      #expect(!lines.contains { $0.contains("struct \(name)") || $0.contains("enum \(name)") }, "\(name) is public")
    }
  }
}
