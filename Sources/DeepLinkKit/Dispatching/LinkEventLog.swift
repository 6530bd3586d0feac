#if canImport(os)
  import os
#endif

/// A ready-made observer that writes each event as one line: through `os.Logger` where it exists
/// (the event kind public, the route private), and to standard output elsewhere.
///
/// ```swift
/// dispatcher.addObserver(LinkEventLog.observer())
/// // [deeplink] 0.002s link #1 received from customScheme
/// ```
public enum LinkEventLog {
  /// The line an event is logged as: `0.002s link #1 received from customScheme`.
  package static func line<Route>(for event: LinkEvent<Route>) -> String {
    "\(event.time.secondsText) \(event)"
  }

  /// An observer that logs every event.
  ///
  /// - Parameters:
  ///   - subsystem: The `os.Logger` subsystem (on Apple platforms), usually the app's bundle identifier.
  ///   - category: The `os.Logger` category, and the prefix of printed lines elsewhere.
  /// - Returns: A closure for ``LinkDispatcher/addObserver(_:)``.
  public static func observer<Route>(
    subsystem: String = "DeepLinkKit", category: String = "deeplink"
  ) -> @MainActor (LinkEvent<Route>) -> Void {
    #if canImport(os)
      // Apple framework os (iOS 14+ / macOS 11+ / tvOS 14+ / watchOS 7+): `Logger.init(subsystem: String,
      // category: String)` and `func info(_ message: OSLogMessage)`, whose interpolations take a
      // `privacy:` option: https://developer.apple.com/documentation/os/logger and
      // https://developer.apple.com/documentation/os/oslogprivacy
      let logger = Logger(subsystem: subsystem, category: category)
      return { event in
        logger.info(
          "\(event.time.secondsText, privacy: .public) link \(event.link, privacy: .public) \(event.kind.description, privacy: .private)"
        )
      }
    #else
      return { event in print("[\(category)] \(line(for: event))") }
    #endif
  }
}
