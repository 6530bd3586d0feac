import Foundation
import Testing

/// The privacy manifests declare exactly the required-reason APIs the library's targets use
/// (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api),
/// and nothing they do not: each library target's sources are searched for the APIs of each
/// category, and the categories found must be the ones its `PrivacyInfo.xcprivacy` declares
/// (none, and no manifest needed, when none is found).
@Suite struct PrivacyManifestTests {
  /// Each category's APIs, as Apple lists them for Swift and Objective-C.
  static let categories: [String: [String]] = [
    "NSPrivacyAccessedAPICategoryUserDefaults": ["UserDefaults", "NSUserDefaults"],
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
      "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey", "creationDateKey",
      "getattrlist", "fstat(", "lstat(", "stat(",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": ["systemUptime", "mach_absolute_time"],
    "NSPrivacyAccessedAPICategoryDiskSpace": [
      "volumeAvailableCapacity", "volumeTotalCapacity", "systemFreeSize", "systemSize", "statfs", "statvfs",
    ],
    "NSPrivacyAccessedAPICategoryActiveKeyboards": ["activeInputModes"],
  ]
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test(arguments: [
    "DeepLinkKit", "DeepLinkKitUIKit", "DeepLinkKitAppIntents", "DeepLinkKitDeferred", "DeepLinkKitConfiguration",
  ])
  func theManifestDeclaresWhatTheTargetUses(target: String) throws {
    let folder = Self.root.appendingPathComponent("Sources/\(target)")
    var used: Set<String> = []
    var usesSuites = false
    let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
      usesSuites = usesSuites || code.contains("UserDefaults(suiteName:")
      for (category, apis) in Self.categories where apis.contains(where: { code.contains($0) }) {
        used.insert(category)
      }
    }
    let manifest = folder.appendingPathComponent("PrivacyInfo.xcprivacy")
    var declared: [String: [String]] = [:]
    if FileManager.default.fileExists(atPath: manifest.path) {
      let plist = try #require(
        try PropertyListSerialization.propertyList(from: Data(contentsOf: manifest), format: nil) as? [String: Any])
      #expect(plist["NSPrivacyTracking"] as? Bool == false)
      #expect((plist["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
      for entry in plist["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? [] {
        let type = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
        declared[type] = entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
      }
    }
    #expect(Set(declared.keys) == used, "\(target): declared \(declared.keys.sorted()), uses \(used.sorted())")
    for (type, reasons) in declared { #expect(!reasons.isEmpty, "\(target): \(type) gives no reason") }
    // The library's reasons: it reads back what it wrote itself (CA92.1), and, where it opens an
    // app group's defaults (`suiteName:`), what an App Clip of the same group wrote (1C8F.1).
    if let reasons = declared["NSPrivacyAccessedAPICategoryUserDefaults"] {
      #expect(reasons == (usesSuites ? ["CA92.1", "1C8F.1"] : ["CA92.1"]))
    }
  }

  /// The manifest is a resource of its target, so that Xcode merges it into the app's report.
  @Test func theManifestIsATargetResource() throws {
    let package = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(package.contains(#"resources: [.copy("PrivacyInfo.xcprivacy")]"#))
  }
}
