// Apple-only: `UIPasteboard` adopts the Linux-tested `DeferredPasteboardInput`.
//
// Apple declarations relied on (framework UIKit, iOS 15):
// - `UIPasteboard.detectedPatterns(for:)` (`async throws`), which tells which patterns the
//   pasteboard holds without reading it (no paste prompt), and `UIPasteboard.DetectedValues.probableWebURL`:
//   https://developer.apple.com/documentation/uikit/uipasteboard/detectedpatterns(for:),
//   https://developer.apple.com/documentation/uikit/uipasteboard/detectedvalues/probableweburl
// - `UIPasteboard.string` (`String?`), whose reading shows the paste prompt (iOS 16):
//   https://developer.apple.com/documentation/uikit/uipasteboard/string
#if canImport(UIKit) && os(iOS)
  import UIKit

  extension UIPasteboard: DeferredPasteboardInput {
    public func hasProbableWebURL() async -> Bool {
      (try? await detectedPatterns(for: [\.probableWebURL]))?.contains(\.probableWebURL) ?? false
    }
  }
#endif
