/// What a dispatcher keeps while links wait for their conditions.
///
/// - ``newestOnly``: one link at most per scene (window); a newer link of the same scene replaces
///   it (the older one is dropped as superseded), and a link of no known scene replaces every
///   kept link. A second push tapped during the splash screen wins over the first; two windows
///   that connect with a link each both keep theirs. The default.
/// - ``queue(limit:)``: every link, in arrival order, up to `limit`; a link arriving when the
///   queue is full is dropped as overflow.
public struct HoldingPolicy: Sendable, Hashable, CustomStringConvertible {
  enum Kind: Sendable, Hashable {
    case newestOnly
    case queue(limit: Int)
  }

  let kind: Kind

  /// Keep only the newest link; a newer one supersedes it.
  public static let newestOnly = HoldingPolicy(kind: .newestOnly)

  /// Keep links in arrival order, at most `limit` (at least 1) of them.
  ///
  /// - Parameter limit: The most links held at once; a link arriving when the queue is full is
  ///   dropped as overflow.
  public static func queue(limit: Int) -> HoldingPolicy {
    HoldingPolicy(kind: .queue(limit: max(1, limit)))
  }

  /// The most links held at once: 1 for ``newestOnly``.
  package var limit: Int {
    switch kind {
    case .newestOnly: 1
    case .queue(let limit): limit
    }
  }

  public var description: String {
    switch kind {
    case .newestOnly: "newest only"
    case .queue(let limit): "queue of up to \(limit)"
    }
  }
}
