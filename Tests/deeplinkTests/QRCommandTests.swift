import Foundation
import Testing

@testable import DeepLinkToolbox

/// `deeplink qr`: a code for print, read back by zbar at every level, of a link checked to open
/// its route first; nothing written when it does not.
@Suite struct QRCommandTests {
  static func file(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString)-\(name)")
  }

  @Test(
    .enabled(if: QRCodeTests.zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"),
    arguments: ["L", "M", "Q", "H"])
  func aLinkAtEachLevelReadsBack(_ level: String) throws {
    let output = Self.file("code.png")
    defer { try? FileManager.default.removeItem(at: output) }
    let link = "https://app.example.com/messages/42"
    let result = try ToolRunner.run("qr", link, "--output", output.path, "--level", level)
    #expect(result.status == 0 && result.output == link + "\n", "\(result)")
    #expect(result.error.contains("level \(level),") && result.error.contains("opens messageDetails(id: 42)"))
    #expect(try QRCodeTests.decode(Array(Data(contentsOf: output))) == link)
    #expect(try QRCode(link, level: QRCode.Level(rawValue: level)!).level.rawValue == level)
  }

  @Test(.enabled(if: QRCodeTests.zbarimg != nil, "needs zbarimg (apt-get install zbar-tools)"))
  func aRouteAndItsValuesGiveTheLinkURLPrints() throws {
    let output = Self.file("code.png")
    defer { try? FileManager.default.removeItem(at: output) }
    let url = try ToolRunner.run("url", "messageDetails", "id=7")
    let result = try ToolRunner.run("qr", "messageDetails", "id=7", "--output", output.path, "--pixels", "300")
    #expect(result.status == 0 && result.output == url.output, "\(result)")
    // Whole pixels a module, the largest that fits 300: version 3 is 29 modules, 37 with its quiet zone.
    #expect(result.error.contains("296 pixels a side"))  // 8 pixels × 37 modules
    #expect(try QRCodeTests.decode(Array(Data(contentsOf: output))) == "https://app.example.com/messages/7")
  }

  @Test func anSVGTakesItsSizeAsGiven() throws {
    let output = Self.file("code.svg")
    defer { try? FileManager.default.removeItem(at: output) }
    let result = try ToolRunner.run(
      "qr", "https://app.example.com/messages/42", "--output", output.path, "--pixels", "300", "--border", "2")
    #expect(result.status == 0)
    let svg = try String(contentsOf: output, encoding: .utf8)
    let side = try QRCode("https://app.example.com/messages/42").size + 4
    #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \#(side) \#(side)" width="300""#))
  }

  @Test func aLinkThatOpensNoRouteGetsNoCode() throws {
    let output = Self.file("code.png")
    let result = try ToolRunner.run("qr", "https://app.example.com/nowhere", "--output", output.path)
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("deeplink: noRoute: the link opens no route, so it gets no code"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    let unknown = try ToolRunner.run("qr", "noSuchRoute", "--output", output.path)
    #expect(unknown.status == 1 && !FileManager.default.fileExists(atPath: output.path))
  }

  @Test(arguments: [
    ["https://app.example.com/messages/1", "--output", "code.gif"],
    ["https://app.example.com/messages/1", "--output", "code.png", "--level", "X"],
    ["https://app.example.com/messages/1", "--output", "code.png", "--scale", "2", "--pixels", "200"],
    ["https://app.example.com/messages/1", "--output", "code.png", "--pixels", "20"],
    ["https://app.example.com/messages/1", "--output", "code.png", "--border", "-1"],
    ["https://app.example.com/messages/1", "id=1", "--output", "code.png"],
    ["--output", "code.png"],
  ])
  func usageErrorsWriteNothing(_ words: [String]) throws {
    let folder = Self.file("folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try ToolRunner.run(["qr"] + words, in: folder)
    #expect(result.status == 2, "\(words): \(result)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}
