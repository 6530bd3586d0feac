/// Why a link could not be turned into a route.
///
/// Every refusal carries a stable ``code`` that code can switch over, and a ``message`` written for
/// the people who read logs:
///
/// ```swift
/// do {
///   let route = try router.route(for: "ftp://app.example.com/messages")
/// } catch {
///   print(error.code)     // unsupportedScheme
///   print(error.message)  // the scheme "ftp" is not handled (handled: deeplink-example, https)
/// }
/// ```
public struct DeepLinkError: Error, CodedMessage {
  /// A stable identifier for a kind of failure.
  ///
  /// The raw values are part of the public contract: they appear in logs and in the `deeplink`
  /// tool's JSON output. `Code` is a struct rather than an enum so that later versions can add codes
  /// without breaking a `switch`; match it with `case .noRoute:` as you would an enum.
  public struct Code: StableCode {
    public let rawValue: String
    /// Creates a code from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The URL's scheme is neither a listed custom scheme nor `https`.
    public static let unsupportedScheme = Code(rawValue: "unsupportedScheme")
    /// A universal link's host is not one of the listed hosts.
    public static let unknownHost = Code(rawValue: "unknownHost")
    /// The input is not a well-formed link (a bad percent escape, a dot segment, a control
    /// character, user info, a port, …).
    public static let malformedInput = Code(rawValue: "malformedInput")
    /// The input is larger than the configured limit.
    public static let inputTooLarge = Code(rawValue: "inputTooLarge")
    /// No registered route matches the link.
    public static let noRoute = Code(rawValue: "noRoute")
    /// A route matched, but one of its parameters is missing or has the wrong type.
    public static let invalidParameter = Code(rawValue: "invalidParameter")
    /// A route matched, but it may not be opened from the link's source.
    public static let sourceNotAllowed = Code(rawValue: "sourceNotAllowed")
  }

  /// What kind of failure this is.
  public let code: Code
  /// A sentence for people, naming the offending part of the input. (A link refused on the hot
  /// path keeps what the sentence needs, and writes it when it is read.)
  public var message: String { text.written }
  let text: Text

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - message: A sentence for people.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.text = .written(message)
  }

  init(_ code: Code, _ text: Text) {
    self.code = code
    self.text = text
  }

  public static func == (left: DeepLinkError, right: DeepLinkError) -> Bool {
    left.code == right.code && left.message == right.message
  }

  /// A message, or what writes it: a refused link's message is written from the link when it is
  /// read, so that refusing one allocates nothing. The scan and the match leave the link out
  /// (`nil`); ``URLAdapter/scanned(_:source:writingMessages:matcher:request:)``, which holds it, adds it
  /// (``DeepLinkError/keeping(_:)``).
  enum Text: Sendable {
    case written(String)
    /// The adapter refused the link while scanning it: scanning it again writes the message.
    case scan(URLAdapter.RefusedLink?)
    /// No route matches the link's path.
    case noRoute(URLAdapter.RefusedLink?)
    /// The link's segment at `position` fills a typed parameter of the only route its shape
    /// matches, and does not have the type.
    case parameterType(
      URLAdapter.RefusedLink?, position: Int, parameter: String, type: RoutePattern.ParameterType, route: RouteLabel)

    var written: String {
      switch self {
      case .written(let message): return message
      case .scan(nil), .noRoute(nil), .parameterType(nil, _, _, _, _): return "the link was refused"
      case .scan(let refusal?): return refusal.adapter.message(refusing: refusal.url, source: refusal.source)
      case .noRoute(let refusal?):
        let path = (try? refusal.adapter.request(for: refusal.url, source: refusal.source))?.pathDescription ?? "?"
        return "no route matches the path \(quoted(path))"
      case .parameterType(let refusal?, let position, let parameter, let type, let route):
        let segments = (try? refusal.adapter.request(for: refusal.url, source: refusal.source))?.segments ?? []
        let value = segments.indices.contains(position) ? segments[position] : "?"
        return DeepLinkError.invalidParameter(parameter, "of \(route.text) \(type.requirement), not \(quoted(value))")
          .message
      }
    }
  }
}

/// How a route reads in messages: `route "messageDetails" (/messages/:id)` or `route /messages/:id`.
package struct RouteLabel: Sendable {
  let pattern: String
  let name: String?

  package init(pattern: String, name: String?) {
    self.pattern = pattern
    self.name = name
  }

  package var text: String {
    let pattern = TextRules.escaped(pattern)
    return name.map { "route \(quoted($0)) (\(pattern))" } ?? "route \(pattern)"
  }
}

extension DeepLinkError {
  /// This error, with `link` kept to write its message if the message waits for the link.
  func keeping(_ link: URLAdapter.RefusedLink) -> DeepLinkError {
    switch text {
    case .scan(nil): DeepLinkError(code, .scan(link))
    case .noRoute(nil): DeepLinkError(code, .noRoute(link))
    case .parameterType(nil, let position, let parameter, let type, let route):
      DeepLinkError(code, .parameterType(link, position: position, parameter: parameter, type: type, route: route))
    default: self
    }
  }

  static func malformed(_ reason: String) -> DeepLinkError {
    DeepLinkError(.malformedInput, "malformed link: \(reason)")
  }

  /// The refusal of values that set the reply parameter (`LinkPush.replyParameter`) from
  /// `source`, which is not a typed reply.
  static func forgedReply(from source: DeepLinkSource) -> DeepLinkError {
    .invalidParameter(
      LinkPush.replyParameter, "is set only by a notification's typed reply; \(source.phrase) cannot set it")
  }

  static func invalidParameter(_ name: String, _ reason: String) -> DeepLinkError {
    DeepLinkError(.invalidParameter, "parameter \(quoted(name)) \(reason)")
  }
}
