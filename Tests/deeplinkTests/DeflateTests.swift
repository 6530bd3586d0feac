import Foundation
import Testing

@testable import DeepLinkKitConfiguration
@testable import DeepLinkToolbox

/// The deflate encoder the QR codes' PNGs use, read back by an independent decoder (Python's
/// zlib, which CI has): every kind of input comes back byte for byte, and an image's rows shrink.
@Suite struct DeflateTests {
  static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  enum Inflated: Equatable {
    case bytes([UInt8])
    case refused(String)
  }

  /// `stream` (zlib) inflated by Python's zlib, or its error.
  static func inflated(_ stream: [UInt8]) throws -> Inflated {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(python))
    process.arguments = ["-c", "import sys, zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read()))"]
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stream))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? .bytes([UInt8](data)) : .refused(String(decoding: message, as: UTF8.self))
  }

  static let inputs: [(String, [UInt8])] = {
    var random = SystemRandomNumberGenerator()
    let noise = (0..<20_000).map { _ in UInt8.random(in: 0...255, using: &random) }
    let fewValues = (0..<9_000).map { _ in [0x00, 0x0F, 0xF0, 0xFF][Int.random(in: 0..<4, using: &random)] }.map(
      UInt8.init)
    let text = Array(String(repeating: "https://app.example.com/messages/42?ref=mail\n", count: 500).utf8)
    return [
      ("empty", []), ("one byte", [7]), ("two bytes", [7, 7]),
      ("a run of 100,000 zeros", [UInt8](repeating: 0, count: 100_000)),
      ("noise", noise), ("four values", fewValues), ("repeated text", text),
      ("every byte", (0...255).map(UInt8.init)),
      ("a run longer than the window", [UInt8](repeating: 1, count: 70_000) + noise),
    ]
  }()

  @Test(.enabled(if: python != nil, "needs python3"), arguments: inputs.indices)
  func everyInputComesBack(index: Int) throws {
    let (name, data) = Self.inputs[index]
    let stream = PNGWriter.zlib(data)
    #expect(try Self.inflated(stream) == .bytes(data), "\(name)")
  }

  @Test func repetitionShrinks() {
    #expect(PNGWriter.zlib([UInt8](repeating: 0, count: 100_000)).count < 300)
    let code = try? QRCode("https://app.example.com/messages/42")
    // A 148-pixel code: 4,292 bytes of rows, stored; deflated, a few hundred.
    #expect((code?.png().count ?? .max) < 500)
  }

  @Test func codeLengthsStayWithinTheirLimit() {
    // Fibonacci counts make the deepest Huffman trees.
    var counts = [1, 1]
    while counts.count < 30 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
    let lengths = Deflate.codeLengths(counts, limit: 15)
    #expect((lengths.max() ?? 0) <= 15)
    // Kraft's sum is exactly 1: a complete code.
    #expect(lengths.reduce(0.0) { $0 + pow(2, -Double($1)) } == 1)
  }
}
