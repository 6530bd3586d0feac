import Foundation

/// Runs the built `deeplink` executable, which SwiftPM builds beside the test bundle because
/// this test target depends on it.
struct ToolRunner {
  struct Result: Equatable {
    var status: Int32
    var output: String
    var error: String
  }

  static let executable: URL? = {
    var directories: [URL] = []
    if let main = Bundle.main.executableURL { directories.append(main.deletingLastPathComponent()) }
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    return directories.lazy.map { $0.appendingPathComponent("deeplink") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static func run(_ arguments: String...) throws -> Result {
    try run(arguments)
  }

  static func run(_ arguments: [String], in folder: URL? = nil) throws -> Result {
    guard let executable else { throw NotFound() }
    let process = Process()
    process.executableURL = executable
    if let folder { process.currentDirectoryURL = folder }
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Read before waiting, so that a full pipe cannot block the tool.
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self))
  }

  struct NotFound: Error, CustomStringConvertible {
    var description: String { "the deeplink executable was not found beside the test bundle" }
  }

  /// Writes `text` to a new temporary file and returns its path.
  static func temporaryFile(_ text: String, name: String = "routes.json") throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("deeplink-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }
}
