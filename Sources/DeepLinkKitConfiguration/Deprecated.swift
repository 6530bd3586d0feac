// The name of 0.x, kept for one release (CHANGELOG, "Renamed").

@available(*, deprecated, renamed: "LinkAppConfiguration")
public typealias AppConfiguration = LinkAppConfiguration
