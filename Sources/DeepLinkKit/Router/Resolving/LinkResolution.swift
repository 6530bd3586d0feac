/// A link resolved to a route, with what the router learned on the way.
public struct LinkResolution<Route: Hashable & Sendable>: Sendable, Equatable, CustomStringConvertible {
  /// Everything but the route, in one value whose layout does not depend on the route type.
  @usableFromInline let details: ResolutionDetails
  /// The app's route. (Stored last, so that the details' place does not depend on the route
  /// type.)
  public let route: Route

  /// Where the link came from.
  public var source: DeepLinkSource { details.source }
  /// The path parameters and query items the link supplied.
  public var parameters: RouteParameters { details.parameters }
  /// The pattern that matched.
  public var pattern: String { details.names.pattern(details.index) }
  /// The matching definition's name, if it has one.
  public var name: String? { details.names.name(details.index) }
  /// Whether the app must confirm the route before it is delivered from an untrusted source.
  public var requiresConfirmation: Bool { details.requiresConfirmation }
  /// For a route opened by a link, the link's own kind (``DeepLinkSource/customScheme`` or
  /// ``DeepLinkSource/universalLink``), whatever ``source`` it came through: a push that carries
  /// `myapp://…` has the source `push` and the link kind `customScheme`. `nil` for quick actions,
  /// intents, activities and push rules, which name no link.
  package var linkKind: DeepLinkSource? { details.linkKind }
  /// Whether it was opened by a notification action that runs in the background
  /// (a push rule with `runsInBackground`).
  package var runsInBackground: Bool { details.runsInBackground }
  /// Why the notification's typed reply was cut (it was longer than `InputLimits.maxReplyLength`),
  /// or `nil` when it came whole.
  package var replyTruncation: DeepLinkError? { details.replyTruncation }

  /// The resolution of the route `build` returns, with the details it sets (which it does
  /// whenever it returns a route).
  @inlinable
  init(_ build: (inout ResolutionDetails?) throws(DeepLinkError) -> Route) throws(DeepLinkError) {
    var details: ResolutionDetails?
    route = try build(&details)
    self.details = details!
  }

  public static func == (left: LinkResolution, right: LinkResolution) -> Bool {
    left.route == right.route && left.source == right.source && left.parameters == right.parameters
      && left.pattern == right.pattern && left.name == right.name
      && left.requiresConfirmation == right.requiresConfirmation && left.linkKind == right.linkKind
  }

  /// `LinkResolution(route: message(id: 42), source: universalLink, pattern: "/messages/:id",
  /// name: "message", parameters: [id: "42"])`, on one line; `name` only when the
  /// definition has one, `requiresConfirmation` only when it is `true`. Written here, not read by
  /// reflection: the module keeps no reflection metadata (Package.swift), so that a log reads the
  /// same in every build.
  public var description: String {
    var text = "LinkResolution(route: \(TextRules.escaped("\(route)")), source: \(source), pattern: \(quoted(pattern))"
    if let name { text += ", name: " + quoted(name) }
    text += ", parameters: \(parameters)"
    return text + (requiresConfirmation ? ", requiresConfirmation: true)" : ")")
  }
}

/// What a ``LinkResolution`` holds besides the route.
///
/// Kept apart so that code that knows the route type (an app's, calling
/// ``LinkRouter/resolve(_:source:)-(String,_)``) puts a resolution together itself: the library's
/// generic code, which does not know that type, would look up the resolution type's metadata
/// for every link to find where the route goes.
@usableFromInline
package struct ResolutionDetails: Sendable {
  package let source: DeepLinkSource
  package let parameters: RouteParameters
  /// The router's patterns and names, shared (one object to retain, not a route's strings).
  let names: RouteNames
  /// The matching definition's place in the router.
  let index: Int
  package let requiresConfirmation: Bool
  package let linkKind: DeepLinkSource?
  /// Whether a push rule for an action that runs in the background opened it.
  package var runsInBackground = false
  /// Why the typed reply was cut, if it was.
  var replyTruncation: DeepLinkError? {
    get { truncation?.error }
    set { truncation = newValue.map(ReplyTruncation.init) }
  }
  /// Boxed: an error is large, and every resolve copies these details several times (inline, it
  /// cost each hit about 500 instructions of copying).
  package var truncation: ReplyTruncation?
}

/// Why a typed reply was cut, boxed (see ``ResolutionDetails/truncation``).
package final class ReplyTruncation: Sendable {
  package let error: DeepLinkError
  init(_ error: DeepLinkError) { self.error = error }
}
