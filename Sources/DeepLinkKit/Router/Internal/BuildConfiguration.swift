/// How the library was compiled.
enum BuildConfiguration {
  /// Whether the library was compiled with assertions on, as `assert` decides: a debug build
  /// (`-Onone`), whatever the app's own flags. A property rather than the standard library's
  /// check at each use, so that a release build drops the code it guards without a warning.
  static var checksAssertions: Bool { _isDebugAssertConfiguration() }
}
