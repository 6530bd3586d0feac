import Foundation

/// In a debug build, the warning that the app never said it is ready: every route needs
/// ``LinkCondition/ready``, so an app that forgets `satisfy(.ready)` holds every
/// link and, ten minutes later, drops it as expired, with nothing on screen to say why.
///
/// The first link held while `.ready` has never held starts a timer; if `.ready` still has not
/// held when it fires, the warning names the link and the call to make, once per dispatcher.
package struct ReadinessWarning {
  /// How long a link may wait for a `.ready` that never held before the warning: longer than a
  /// splash screen or a launch takes.
  package var delay: Duration? = .seconds(5)
  /// Writes the warning (to standard error by default).
  package var write: @MainActor @Sendable (String) -> Void = { message in writeToStandardError(message) }
  /// Whether the timer was started (once per dispatcher).
  var isArmed = false

  /// Writes `message` to standard error, in a debug build: only a debug build warns, and a
  /// release build carries no copy of `Data`'s code for it (2 KB of an app).
  private static func writeToStandardError(_ message: String) {
    #if DEBUG
      FileHandle.standardError.write(Data((message + "\n").utf8))
    #endif
  }

  static func message(link: LinkID, waited: Duration) -> String {
    "DeepLinkKit: link \(link) has waited \(waited.secondsText) for .ready, which this dispatcher was never given: "
      + "call links.dispatcher.satisfy(.ready) once the app can navigate; until then every link is "
      + "held, and dropped as expired after maxAge"
  }
}

extension LinkDispatcher {
  /// Arms the debug build's warning when a link is held while `.ready` has never held.
  func warnIfNeverReady(holding link: LinkID) {
    #if DEBUG
      guard !everReady, !readiness.isArmed, let delay = readiness.delay else { return }
      readiness.isArmed = true
      Task { @MainActor [weak self] in
        try? await Task.sleep(for: delay)
        guard let self, !self.everReady, !self.kept.isEmpty else { return }
        self.readiness.write(ReadinessWarning.message(link: link, waited: delay))
      }
    #endif
  }
}
