import Testing

@testable import DeepLinkToolbox

/// The QR encoder's parts pinned against the standard's worked values (ISO/IEC 18004): the
/// Reed–Solomon codewords of its "01234567" example at 1-M, the format information words and the
/// version information words of its tables.
@Suite struct QRReferenceTests {
  @Test func reedSolomonOfTheStandardsExample() {
    let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
    #expect(
      ReedSolomon.remainder(data, ReedSolomon.divisor(degree: 10)) == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
  }

  /// Format information at level M, as the standard's table lists it, read back from the first
  /// copy around the top-left finder.
  @Test(arguments: [
    (0, "101010000010010"), (1, "101000100100101"), (2, "101111001111100"), (5, "100000011001110"),
    (7, "100101010100000"),
  ])
  func formatInformation(mask: Int, bits: String) {
    var matrix = QRMatrix(version: 1)
    matrix.drawFormatBits(mask: mask)
    var read = ""
    // Bits 14 down to 0: (8, 0...5), (8, 7), (8, 8), (7, 8), (5...0, 8), bit i at the index the
    // encoder writes it.
    var copy = [Bool](repeating: false, count: 15)
    for index in 0...5 { copy[index] = matrix[8, index] }
    copy[6] = matrix[8, 7]
    copy[7] = matrix[8, 8]
    copy[8] = matrix[7, 8]
    for index in 9..<15 { copy[index] = matrix[14 - index, 8] }
    for index in stride(from: 14, through: 0, by: -1) { read += copy[index] ? "1" : "0" }
    #expect(read == bits)
  }

  @Test func versionInformation() {
    // Version 7's word from the standard's table: 000111 110010 010100.
    var matrix = QRMatrix(version: 7)
    matrix.drawFunctionPatterns()
    var bits = 0
    for index in 0..<18 where matrix[matrix.size - 11 + index % 3, index / 3] { bits |= 1 << index }
    #expect(bits == 0b000111_110010_010100)
  }

  @Test func theSVGHasTheCodesModules() throws {
    let code = try QRCode("https://app.example.com/messages/42")
    let svg = code.svg(border: 4)
    var dark = Set<[Int]>()
    for command in svg.components(separatedBy: "M").dropFirst() {
      let numbers = command.prefix { $0 != "h" }.split(separator: " ").compactMap { Int($0) }
      dark.insert([numbers[0] - 4, numbers[1] - 4])
    }
    for y in 0..<code.size {
      for x in 0..<code.size { #expect(dark.contains([x, y]) == code.isDark(x: x, y: y)) }
    }
  }
}
