import DeepLinkKit

/// What a test reads of a dispatcher: the links it keeps and the conditions it waits for.
///
/// ```swift
/// dispatcher.receive(.url("myapp://messages/42"))
/// #expect(dispatcher.heldLinks.map(\.route) == [.message(id: "42")])
/// ```
extension LinkDispatcher {
  /// The conditions that hold now.
  public var satisfiedConditions: Set<LinkCondition> { satisfied }

  /// The links waiting for their conditions, in arrival order.
  public var heldLinks: [(link: LinkID, route: Route)] { heldLinkList }

  /// The links waiting for the app's confirmation, in arrival order. They count toward the
  /// holding policy's bound, are superseded under ``HoldingPolicy/newestOnly`` and expire after
  /// `maxAge` like held links.
  public var linksAwaitingConfirmation: [(link: LinkID, route: Route)] { awaitingConfirmation }

  /// The conditions `route` needs: ``LinkCondition/ready`` and its requirements.
  public func conditions(for route: Route) -> Set<LinkCondition> { neededConditions(for: route) }
}
