import Foundation

/// What the app remembers of deferred links from one launch to the next: whether it has launched
/// before (a deferred link is looked for on the first launch only), and which hand-offs it has
/// claimed. The app chooses where it lives: ``UserDefaultsDeferredLinkStore``, or its own.
@MainActor
public protocol DeferredLinkStore: AnyObject {
  /// Whether the app has launched before.
  var hasLaunched: Bool { get set }
  /// The identifiers of the hand-offs claimed so far (an App Clip's invocation, a code).
  var claimedIdentifiers: [String] { get set }
}

/// A ``DeferredLinkStore`` in the app's `UserDefaults` (two keys under `key`), which iOS deletes
/// with the app: a reinstall is a first launch again, as it should be.
///
/// `UserDefaults` is an API Apple requires a reason for: the package's privacy manifest declares
/// it (`CA92.1`, information the app itself wrote).
@MainActor
public final class UserDefaultsDeferredLinkStore: DeferredLinkStore {
  private let defaults: UserDefaults
  private let key: String
  /// How many claimed identifiers are kept; the oldest is forgotten first.
  public static var maxClaimedIdentifiers: Int { 64 }

  /// Creates a store in `defaults` under `key`.
  public init(defaults: UserDefaults = .standard, key: String = "DeepLinkKit.deferred") {
    self.defaults = defaults
    self.key = key
  }

  public var hasLaunched: Bool {
    get { defaults.bool(forKey: key + ".launched") }
    set { defaults.set(newValue, forKey: key + ".launched") }
  }

  public var claimedIdentifiers: [String] {
    get { defaults.stringArray(forKey: key + ".claimed") ?? [] }
    set { defaults.set(Array(newValue.suffix(Self.maxClaimedIdentifiers)), forKey: key + ".claimed") }
  }
}

/// A ``DeferredLinkStore`` in memory, for tests and previews: every new one is a fresh install.
@MainActor
public final class DeferredLinkMemoryStore: DeferredLinkStore {
  public var hasLaunched = false
  public var claimedIdentifiers: [String] = []

  /// Creates a store, as a fresh install has it unless told otherwise.
  public init(hasLaunched: Bool = false, claimedIdentifiers: [String] = []) {
    self.hasLaunched = hasLaunched
    self.claimedIdentifiers = claimedIdentifiers
  }
}

/// What the library reads of a `UIPasteboard` for a deferred link.
@MainActor
public protocol DeferredPasteboardInput {
  /// Whether the pasteboard holds something that looks like a web URL, asked without reading it:
  /// `UIPasteboard.detectedPatterns(for: [\.probableWebURL])` (iOS 15), which shows the user no
  /// paste prompt.
  func hasProbableWebURL() async -> Bool
  /// `UIPasteboard.string`: reading it shows the paste prompt (iOS 16).
  var string: String? { get }
}
