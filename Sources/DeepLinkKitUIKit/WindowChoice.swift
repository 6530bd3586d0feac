/// Which window a link goes to, by the one rule `LinkWindows` and `LinkNavigationStates` share:
/// the window it arrived in, when a view shows that window; else the window the user used last
/// (the one that became key last: several windows can be `foregroundActive` at once, so
/// becoming active says less), among those a view shows; else none yet, and the link waits for
/// the first window a view shows.
///
/// A window a view does not show (one that closed, one opened without `linkScene`, a second
/// scene type) never takes a link: a link of such a window goes to the window used last, as a
/// link of no window does.
package struct WindowChoice {
  /// The windows a view shows, by scene, in the order the user used them, the last used last.
  /// A window registered but never used comes before every used one.
  package private(set) var windows: [String] = []

  package init() {}

  /// Whether a view shows the window `scene`.
  package func shows(_ scene: String) -> Bool { windows.contains(scene) }

  /// A view shows the window `scene`; it is used after every other window, if it is new.
  package mutating func register(_ scene: String) {
    if !windows.contains(scene) { windows.insert(scene, at: 0) }
  }

  /// The user is in the window `scene`, which a view shows: it is the one used last.
  package mutating func use(_ scene: String) {
    windows.removeAll { $0 == scene }
    windows.append(scene)
  }

  /// The window `scene` closed.
  package mutating func remove(_ scene: String) {
    windows.removeAll { $0 == scene }
  }

  /// The window a link of `scene` goes to: `scene` when a view shows it, else the window used
  /// last; `nil` when no view shows a window.
  package func window(for scene: String?) -> String? {
    if let scene, shows(scene) { return scene }
    return windows.last
  }
}
