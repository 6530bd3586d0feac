import DeepLinkKitConfiguration
import Foundation
import Testing

@testable import DeepLinkToolbox

/// The QR codes `deeplink qa` draws, read back by an independent decoder (zbar's `zbarimg`,
/// which CI installs): every version, and the bytes a link may hold.
@Suite struct QRCodeTests {
  static let zbarimg = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The text `zbarimg` reads from `png`, or `nil` when it reads none.
  static func decode(_ png: [UInt8]) throws -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(zbarimg))
    process.arguments = ["--raw", "-q", "-Sbinary", file.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// Every version from 1 to 40: the longest link each holds reads back, and one byte more
  /// takes the next version.
  @Test(.enabled(if: zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"))
  func everyVersionReadsBack() throws {
    for version in 1...40 {
      // Byte mode: 4 bits of mode, 8 or 16 of length, then the bytes.
      let capacity = (QRCodeCapacity.dataCodewords[version - 1] * 8 - 4 - (version <= 9 ? 8 : 16)) / 8
      let text = "myapp://" + String(repeating: "a", count: capacity - 8)
      let code = try QRCode(text)
      #expect(code.version == version, "\(capacity) bytes")
      #expect(try Self.decode(code.png(scale: 2)) == text, "version \(version)")
      if version < 40 { #expect(try QRCode(text + "a").version == version + 1) }
    }
  }

  /// Every level at every version: the longest text the version holds at the level reads back,
  /// and one byte more takes the next version. The capacities come from
  /// ISO/IEC 18004's table 7 (bytes in byte mode), not from the encoder's tables.
  @Test(
    .enabled(if: zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"),
    arguments: QRCode.Level.allCases)
  func everyLevelReadsBackAtEveryVersion(_ level: QRCode.Level) throws {
    for version in 1...40 {
      let capacity = QRCodeCapacity.bytes[level]![version - 1]
      // (Version 1 at level H holds 7 bytes: shorter than a link's scheme.)
      let text = String("x://" + String(repeating: "b", count: capacity)).prefix(capacity).description
      let code = try QRCode(text, level: level)
      #expect(code.version == version, "level \(level.rawValue), \(capacity) bytes")
      #expect(try Self.decode(code.png(scale: 2)) == text, "level \(level.rawValue), version \(version)")
      if version < 40 { #expect(try QRCode(text + "b", level: level).version == version + 1) }
    }
    #expect(level.maxBytes == QRCodeCapacity.bytes[level]!.last)
    #expect(throws: QRCode.TooLong.self) { try QRCode(String(repeating: "a", count: level.maxBytes + 1), level: level) }
  }

  @Test(.enabled(if: zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"))
  func linksWithAnyBytesReadBack() throws {
    for text in [
      "myapp://messages/42", "https://shop.example.com/items/42?utm_campaign=spring&ref=qr#top",
      "https://例え.jp/検索?q=ü%20x", "myapp://a/😀",
    ] {
      #expect(try Self.decode(QRCode(text).png()) == text)
    }
  }

  @Test func sizesAndLimits() throws {
    #expect(try QRCode("myapp://a").version == 1)
    #expect(try QRCode("myapp://a").size == 21)
    #expect(try QRCode(String(repeating: "a", count: QRCode.maxBytes)).version == 40)
    #expect {
      try QRCode(String(repeating: "a", count: QRCode.maxBytes + 1))
    } throws: { error in
      (error as? QRCode.TooLong)?.bytes == QRCode.maxBytes + 1
    }
    let png = try QRCode("myapp://a").png(scale: 4, border: 4)
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(png.count < 2_000)
  }
}

/// The data codewords of each version at level M, from the standard's table 7 (written out here,
/// independently of the encoder's own block tables).
enum QRCodeCapacity {
  /// The bytes a code holds in byte mode, by level and version: ISO/IEC 18004:2015, table 7.
  static let bytes: [QRCode.Level: [Int]] = [
    .low: [
      17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858, 929, 1003, 1091,
      1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953,
    ],
    .medium: [
      14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666, 711, 779, 857,
      911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331,
    ],
    .quartile: [
      11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442, 482, 509, 565, 611,
      661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351, 1423, 1499, 1579, 1663,
    ],
    .high: [
      7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382, 403, 439, 461, 511,
      535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093, 1139, 1219, 1273,
    ],
  ]

  static let dataCodewords = [
    16, 28, 44, 64, 86, 108, 124, 154, 182, 216, 254, 290, 334, 365, 415, 453, 507, 563, 627, 669, 714, 782, 860, 914,
    1000, 1062, 1128, 1193, 1267, 1373, 1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334,
  ]
}
