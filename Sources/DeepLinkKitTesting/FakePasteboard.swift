import DeepLinkKitDeferred
import Foundation

/// A `UIPasteboard`, for deferred links: it answers the prompt-free pattern check as iOS does
/// (a web URL or not) and counts how often it was asked and read, so a test can check that the
/// pasteboard is never read silently.
@MainActor
public final class FakePasteboard: DeferredPasteboardInput {
  /// What the user (or a landing page) copied.
  public var contents: String?
  /// How often `detectedPatterns(for:)` was asked.
  public private(set) var detections = 0
  /// How often `string` was read: each read is a paste prompt on iOS 16 and later.
  public private(set) var reads = 0

  /// Creates a pasteboard holding `contents`.
  public init(_ contents: String? = nil) { self.contents = contents }

  public func hasProbableWebURL() async -> Bool {
    detections += 1
    guard let contents, let url = URL(string: contents.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      return false
    }
    return url.scheme == "https" || url.scheme == "http"
  }

  public var string: String? {
    reads += 1
    return contents
  }
}
