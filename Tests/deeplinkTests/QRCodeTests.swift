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
  static let dataCodewords = [
    16, 28, 44, 64, 86, 108, 124, 154, 182, 216, 254, 290, 334, 365, 415, 453, 507, 563, 627, 669, 714, 782, 860, 914,
    1000, 1062, 1128, 1193, 1267, 1373, 1455, 1541, 1631, 1725, 1812, 1914, 1992, 2102, 2216, 2334,
  ]
}
