/// Why a dispatcher dropped a link it had resolved.
public struct DropReason: CodedMessage {
  /// A stable identifier for a kind of drop.
  public struct Code: StableCode {
    public let rawValue: String
    /// Creates a code from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A newer link replaced it: in the dispatcher (``HoldingPolicy/newestOnly``), or in a
    /// navigation state before a view showed it.
    public static let superseded = Code(rawValue: "superseded")
    /// It was held longer than the dispatcher's `maxAge`.
    public static let expired = Code(rawValue: "expired")
    /// The queue was full (``HoldingPolicy/queue(limit:)``).
    public static let overflow = Code(rawValue: "overflow")
    /// The same route arrived from the same kind of source a moment before (a cold start that
    /// hands one link over through two paths).
    public static let duplicate = Code(rawValue: "duplicate")
    /// The app did not confirm a route that requires confirmation (or has no `confirm` handler).
    public static let declined = Code(rawValue: "declined")
    /// The deliver handler threw; the link is not retried.
    public static let handlerFailed = Code(rawValue: "handlerFailed")
    /// A condition its route needs was revoked while it waited (a logout): it is not kept for
    /// whoever satisfies the condition next.
    public static let revoked = Code(rawValue: "revoked")
    /// It was kept for a window (in its `LinkNavigationStates` state) that closed before a view
    /// showed it.
    public static let windowClosed = Code(rawValue: "windowClosed")
  }

  /// What kind of drop this is.
  public let code: Code
  /// The other link involved: the newer link for `superseded`, the earlier one for `duplicate`.
  public let otherLink: LinkID?
  /// A sentence for people.
  public let message: String

  static func superseded(by link: LinkID) -> DropReason {
    DropReason(code: .superseded, otherLink: link, message: "superseded by link \(link)")
  }

  static func replacedUnseen(by link: LinkID?) -> DropReason {
    DropReason(
      code: .superseded, otherLink: link,
      message: "replaced by \(link.map { "link \($0)" } ?? "a route the app gave") before a view showed it")
  }

  package static let windowClosed = DropReason(
    code: .windowClosed, otherLink: nil, message: "its window closed before a view showed it")

  static func expired(after age: Duration) -> DropReason {
    DropReason(code: .expired, otherLink: nil, message: "expired after being held \(age.secondsText)")
  }

  static func overflow(limit: Int) -> DropReason {
    DropReason(code: .overflow, otherLink: nil, message: "the queue already holds \(limit) links")
  }

  static let declined = DropReason(code: .declined, otherLink: nil, message: "the app declined to open it")

  static let noConfirmationHandler = DropReason(
    code: .declined, otherLink: nil,
    message: "it needs the app's confirmation, and the dispatcher has no confirm handler")

  static func handlerFailed(_ error: any Error) -> DropReason {
    DropReason(code: .handlerFailed, otherLink: nil, message: "the deliver handler failed: \(error)")
  }

  static func revoked(_ condition: LinkCondition) -> DropReason {
    DropReason(
      code: .revoked, otherLink: nil,
      message: "\(condition) was revoked while it waited; it is not kept for whoever satisfies it next")
  }

  static func duplicate(of link: LinkID) -> DropReason {
    DropReason(code: .duplicate, otherLink: link, message: "duplicate of link \(link)")
  }
}

extension Duration {
  /// `1.250s`: seconds with millisecond precision, for messages and timelines.
  package var secondsText: String {
    let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    let sign = milliseconds < 0 ? "-" : ""
    let magnitude = abs(milliseconds)
    let fraction = String(magnitude % 1000)
    return "\(sign)\(magnitude / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }
}
