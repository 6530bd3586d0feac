/// What the app knows of a link when it is delivered, beside its route: where it came from, what
/// it carried, and how long it waited.
///
/// ```swift
/// dispatcher.setHandler { route, context in
///   analytics.log("opened", context.parameters["utm_campaign"], from: context.source)
///   coordinator(forScene: context.sceneIdentifier).show(route)
/// }
/// ```
public struct DeliveryContext: Sendable, Equatable, CustomStringConvertible {
  /// The link's number in this dispatcher.
  public let link: LinkID
  /// The source it came from.
  public let source: DeepLinkSource
  /// The input as it arrived, as text: the link, or a description of the push, quick action,
  /// intent or activity.
  public let input: String
  /// Every parameter it supplied: the path's, and the query items or values the route did not use
  /// (`utm_campaign`); empty for a route the app resolved itself.
  public let parameters: RouteParameters
  /// How long it was held before this delivery (zero when delivered at once).
  public let heldFor: Duration
  /// The bundle identifier of the app that sent it, when iOS tells
  /// (`UIApplication.OpenURLOptionsKey.sourceApplication`; `nil` for other teams' apps).
  public let sendingApplication: String?
  /// The scene it arrived in (`UISceneSession.persistentIdentifier`), when known, so that a
  /// multi-window app navigates the window the user used.
  public let sceneIdentifier: String?
  /// Why the notification's typed reply (the route's `replyText`) is not whole, when it is not:
  /// it was longer than `InputLimits.maxReplyLength`, and the route holds its first part
  /// (``DeepLinkError/Code/inputTooLarge``, saying how long it was). `nil` when it came whole.
  public let replyTruncation: DeepLinkError?

  /// Creates a context.
  public init(
    link: LinkID, source: DeepLinkSource, input: String, parameters: RouteParameters = RouteParameters(),
    heldFor: Duration = .zero, sendingApplication: String? = nil, sceneIdentifier: String? = nil,
    replyTruncation: DeepLinkError? = nil
  ) {
    self.link = link
    self.source = source
    self.input = input
    self.parameters = parameters
    self.heldFor = heldFor
    self.sendingApplication = sendingApplication
    self.sceneIdentifier = sceneIdentifier
    self.replyTruncation = replyTruncation
  }

  /// `DeliveryContext(link: #3, source: push, input: "push (open)", parameters: [id: "7"], heldFor:
  /// 1.500s)`, with the optional fields that are set. Written here, not read by reflection: the
  /// module keeps no reflection metadata (Package.swift), so that a log reads the same in every
  /// build.
  public var description: String {
    var text = "DeliveryContext(link: \(link), source: \(source), input: \(quoted(input)), parameters: \(parameters)"
    if heldFor != .zero { text += ", heldFor: " + heldFor.secondsText }
    if let sendingApplication { text += ", sendingApplication: " + quoted(sendingApplication) }
    if let sceneIdentifier { text += ", sceneIdentifier: " + quoted(sceneIdentifier) }
    if let replyTruncation { text += ", replyTruncation: " + quoted(replyTruncation.description) }
    return text + ")"
  }
}
