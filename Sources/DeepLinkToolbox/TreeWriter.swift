import DeepLinkKitConfiguration
import Foundation

/// Writes a tree of files under one folder, all or nothing, and never outside it: every path is
/// checked before anything is written (`LinkSite.treeProblem`: under the root, names every disk
/// keeps, no file where a folder goes), nothing on disk along a path may be a symbolic link or a
/// file where a folder is needed, the files are written into a scratch folder inside the root
/// first, and only then moved into place, one rename each, undone if one fails.
struct TreeWriter {
  struct Refusal: Error { let message: String }

  let root: URL
  /// Whether the folder was named at all: an empty name is no folder (it would be the working one).
  private let isNamed: Bool

  /// - Parameter root: The folder, made if missing (a symbolic link to a folder is followed once,
  ///   here, since the user named it).
  init(root path: String) {
    root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    isNamed = !path.isEmpty
  }

  /// Writes `files` (paths relative to the root), returning each file's path as written.
  func write(_ files: [(path: String, contents: [UInt8])]) throws(Refusal) -> [String] {
    guard isNamed else { throw Refusal(message: "nothing was written: the output folder's name is empty") }
    if let problem = LinkSite.treeProblem(files.map(\.path)) {
      throw Refusal(message: "nothing was written to \(root.path): \(problem)")
    }
    let targets = try files.map { file throws(Refusal) in try target(file.path) }
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: root, withIntermediateDirectories: true)
    } catch {
      throw Refusal(message: "cannot make \(root.path): \((error as NSError).localizedDescription)")
    }
    let scratch = root.appendingPathComponent(".deeplink-\(UUID().uuidString)")
    defer { try? manager.removeItem(at: scratch) }
    // Written in the scratch folder first: a full disk or a refused write leaves the root as it was.
    for (index, file) in files.enumerated() {
      let url = scratch.appendingPathComponent("new/\(index)")
      do {
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(file.contents).write(to: url)
      } catch {
        throw Refusal(
          message:
            "nothing was written to \(root.path): cannot write \(file.path): \((error as NSError).localizedDescription)"
        )
      }
    }
    // Then moved into place; a file already there is kept aside until every move has worked.
    var made: [URL] = []
    var moved: [(target: URL, kept: URL?)] = []
    do {
      for (index, target) in targets.enumerated() {
        var folder = target.deletingLastPathComponent()
        var missing: [URL] = []
        while folder.path != root.path, !manager.fileExists(atPath: folder.path) {
          missing.append(folder)
          folder = folder.deletingLastPathComponent()
        }
        for folder in missing.reversed() {
          try manager.createDirectory(at: folder, withIntermediateDirectories: false)
          made.append(folder)
        }
        var kept: URL?
        if manager.fileExists(atPath: target.path) {
          kept = scratch.appendingPathComponent("old/\(index)")
          try manager.createDirectory(at: kept!.deletingLastPathComponent(), withIntermediateDirectories: true)
          try manager.moveItem(at: target, to: kept!)
        }
        moved.append((target, kept))
        try manager.moveItem(at: scratch.appendingPathComponent("new/\(index)"), to: target)
      }
    } catch {
      for (target, kept) in moved.reversed() {
        try? manager.removeItem(at: target)
        if let kept { try? manager.moveItem(at: kept, to: target) }
      }
      for folder in made.reversed() { try? manager.removeItem(at: folder) }
      throw Refusal(message: "nothing was written to \(root.path): \((error as NSError).localizedDescription)")
    }
    return targets.map(\.path)
  }

  /// Where `path` goes under the root, after checking that it stays there and that nothing on
  /// disk along it would carry the write elsewhere (a symbolic link) or stands in its way.
  private func target(_ path: String) throws(Refusal) -> URL {
    let target = root.appendingPathComponent(path).standardizedFileURL
    guard target.path.hasPrefix(root.path.hasSuffix("/") ? root.path : root.path + "/") else {
      throw Refusal(message: "nothing was written: \(shown(path)) leaves \(root.path)")
    }
    var url = root
    let parts = path.split(separator: "/").map(String.init)
    for (index, part) in parts.enumerated() {
      url = url.appendingPathComponent(part)
      guard let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
      else { break }
      let isLast = index == parts.count - 1
      if type == .typeSymbolicLink {
        throw Refusal(
          message: "nothing was written: \(url.path) is a symbolic link, and the tool writes only under \(root.path)")
      }
      if isLast ? type != .typeRegular : type != .typeDirectory {
        throw Refusal(
          message: "nothing was written: \(url.path) is \(isLast ? "not a file" : "not a folder"), and "
            + "\(shown(path)) needs it to be one")
      }
    }
    return target
  }
}
