// The names of 0.x, kept for one release so that an app's code still builds, with a warning
// naming the new one. Each new name says it belongs to the library (`Link…`): the old ones were
// also the names of apps' own types and of Apple's and Dispatch's (CHANGELOG, "Renamed").

@available(*, deprecated, renamed: "LinkPush")
public typealias PushNotification = LinkPush

@available(*, deprecated, renamed: "LinkQuickAction")
public typealias QuickAction = LinkQuickAction

@available(*, deprecated, renamed: "LinkPayload")
public typealias PushPayload = LinkPayload

@available(*, deprecated, renamed: "LinkResolution")
public typealias Resolution<Route: Hashable & Sendable> = LinkResolution<Route>

@available(*, deprecated, renamed: "LinkObserverRegistration")
public typealias ObservationToken = LinkObserverRegistration

@available(*, deprecated, renamed: "LinkEvent")
public typealias DispatchEvent<Route: Hashable & Sendable> = LinkEvent<Route>

@available(*, deprecated, renamed: "LinkEventLog")
public typealias DispatchLog = LinkEventLog

@available(*, deprecated, renamed: "LinkOutcome")
public typealias DispatchOutcome<Route: Hashable & Sendable> = LinkOutcome<Route>
