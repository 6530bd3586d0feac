/// Bounds on what one arriving input may hold. A link or payload past a bound is refused with
/// `inputTooLarge`, saying which bound, before any route is built from it.
///
/// | bound | default | applies to |
/// |---|---:|---|
/// | ``maxURLLength`` | 4,096 bytes (at most 65,536) | a link (also one found in a push payload or activity) |
/// | ``maxSegments`` | 32 (at most 256) | a link's path segments, and so a pattern's |
/// | ``maxQueryItems`` | 64 (at most 4,096) | a link's query items |
/// | ``maxValueLength`` | 1,024 bytes | one decoded path segment, query name or value, or parameter value of any source |
/// | ``maxPayloadFields`` | 256 | the flattened fields of a push payload, and the values of a quick action, intent or user activity |
/// | ``maxPayloadDepth`` | 16 (at most 64) | how deep a push payload's dictionaries nest |
///
/// A typed reply is text a person wrote, not a link: it has its own bound, 65,536 bytes, far past
/// what anyone types or pastes into a notification's reply field, and a reply past it is cut to
/// it, never refused: the route is delivered with what fits, and its
/// `DeliveryContext.replyTruncation` says how long the reply was.
///
/// A table that sets a limit past its ceiling, or below 1, is refused when the router is built.
/// Resolving a link is linear in its length and in its query items whatever the limits.
///
/// Held links are bounded by the dispatcher's ``HoldingPolicy``.
public struct InputLimits: Sendable, Hashable {
  /// The longest link, in UTF-8 bytes.
  public var maxURLLength: Int
  /// The most path segments in a link.
  public var maxSegments: Int
  /// The most query items in a link.
  public var maxQueryItems: Int
  /// The longest decoded value, in UTF-8 bytes.
  public var maxValueLength: Int
  /// The most fields in a payload or values in an input.
  public var maxPayloadFields: Int
  /// The deepest nesting of a push payload's dictionaries.
  public var maxPayloadDepth: Int

  /// Creates limits; each defaults to the value in the table above.
  public init(
    maxURLLength: Int = 4096, maxSegments: Int = 32, maxQueryItems: Int = 64, maxValueLength: Int = 1024,
    maxPayloadFields: Int = 256, maxPayloadDepth: Int = 16
  ) {
    self.maxURLLength = maxURLLength
    self.maxSegments = maxSegments
    self.maxQueryItems = maxQueryItems
    self.maxValueLength = maxValueLength
    self.maxPayloadFields = maxPayloadFields
    self.maxPayloadDepth = maxPayloadDepth
  }

  /// The highest ``maxSegments`` a table may set. Matching a link goes one level deeper per
  /// segment, so this bounds how deep it goes on any thread (a secondary thread has 512 KB of
  /// stack on iOS).
  package static let segmentsCeiling = 256

  /// The highest ``maxURLLength`` a table may set: 64 KiB, far past any link a person taps or a
  /// campaign tool writes, so that one link's copy, scratch space and parameters stay small.
  package static let urlLengthCeiling = 65_536

  /// The longest typed reply kept whole, in UTF-8 bytes: 64 KiB, 64 times a link value's bound.
  /// iOS documents no limit on what a person types into a text-input notification action; this is
  /// far past any reply a person types or pastes, and keeps a hostile payload's "reply" small.
  package static let maxReplyLength = 65_536

  /// The highest ``maxQueryItems`` a table may set.
  package static let queryItemsCeiling = 4_096

  /// The problems of limits that are not positive, or past a ceiling: ``urlLengthCeiling``,
  /// ``segmentsCeiling``, ``queryItemsCeiling``, and ``LinkPayload/maxDepth`` for the payload depth.
  /// (One loop over the bounds, in the order of the table above: a check and a message each
  /// were 1 KB more of every app.)
  var problems: [RouteTableError.Problem] {
    let bounds: [(name: String, value: Int, ceiling: Int, unit: String, why: String)] = [
      ("maxURLLength", maxURLLength, Self.urlLengthCeiling, " bytes", ""),
      ("maxSegments", maxSegments, Self.segmentsCeiling, "", ": matching a link goes one level deeper per segment"),
      ("maxQueryItems", maxQueryItems, Self.queryItemsCeiling, "", ""),
      ("maxValueLength", maxValueLength, .max, "", ""),
      ("maxPayloadFields", maxPayloadFields, .max, "", ""),
      ("maxPayloadDepth", maxPayloadDepth, LinkPayload.maxDepth, "", ""),
    ]
    var problems: [RouteTableError.Problem] = []
    for bound in bounds {
      if bound.value < 1 {
        problems.appendUnspecialized(.init(.invalidOption, "\(bound.name) must be at least 1, not \(bound.value)"))
      } else if bound.value > bound.ceiling {
        problems.appendUnspecialized(
          .init(
            .invalidOption,
            "\(bound.name) can be at most \(bound.ceiling)\(bound.unit), not \(bound.value)\(bound.why)"))
      }
    }
    return problems
  }

  /// `inputTooLarge`: "`statement`; the limit is `limit`".
  package static func tooLarge(_ statement: String, limit: String) -> DeepLinkError {
    DeepLinkError(.inputTooLarge, "\(statement); the limit is \(limit)")
  }

  /// `reply`, whole when it fits ``maxReplyLength``; else cut to it at a character's end, with
  /// the reason.
  package static func fitted(reply: String, maxReplyLength: Int = maxReplyLength) -> (
    text: String, truncation: DeepLinkError?
  ) {
    let length = reply.utf8.count
    guard length > maxReplyLength else { return (reply, nil) }
    var kept = 0
    var end = reply.startIndex
    for index in reply.indices {
      let size = reply[index].utf8.count
      if kept + size > maxReplyLength { break }
      kept += size
      end = reply.index(after: index)
    }
    let reason = DeepLinkError(
      .inputTooLarge,
      "the typed reply is \(length) bytes long, cut to its first \(kept); the limit is \(maxReplyLength) bytes"
    )
    return (String(reply[..<end]), reason)
  }
}
