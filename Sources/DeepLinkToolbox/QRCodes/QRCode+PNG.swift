extension QRCode {
  /// The code as a PNG: 1-bit grayscale, `scale` pixels a module, with a light quiet zone of
  /// `border` modules around it (the standard asks for 4). Written here: a row like the one above
  /// it is filtered to zeros ("Up"), and the rows are deflated (our own `Deflate`) in a zlib stream,
  /// with its CRC-32 and Adler-32 checksums.
  func png(scale: Int = 4, border: Int = 4) -> [UInt8] {
    let side = (size + 2 * border) * scale
    let rowBytes = (side + 7) / 8
    var pixels: [UInt8] = []
    pixels.reserveCapacity((rowBytes + 1) * side)
    var above: [UInt8] = []
    for row in 0..<side {
      var line: [UInt8] = []
      line.reserveCapacity(rowBytes)
      let y = row / scale - border
      var byte: UInt8 = 0
      for column in 0..<side {
        let x = column / scale - border
        let dark = (0..<size).contains(x) && (0..<size).contains(y) && isDark(x: x, y: y)
        // In grayscale, 1 is white.
        if !dark { byte |= 0x80 >> UInt8(column % 8) }
        if column % 8 == 7 || column == side - 1 {
          line.append(byte)
          byte = 0
        }
      }
      if line == above {
        pixels.append(2)  // filter: up, the difference from the row above (zeros)
        pixels += [UInt8](repeating: 0, count: rowBytes)
      } else {
        pixels.append(0)  // filter: none
        pixels += line
      }
      above = line
    }
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    PNGWriter.chunk("IHDR", PNGWriter.bigEndian(side) + PNGWriter.bigEndian(side) + [1, 0, 0, 0, 0], into: &png)
    PNGWriter.chunk("IDAT", PNGWriter.zlib(pixels), into: &png)
    PNGWriter.chunk("IEND", [], into: &png)
    return png
  }
}

/// The few parts of PNG and zlib a QR code's image needs.
enum PNGWriter {
  static func bigEndian(_ value: Int) -> [UInt8] {
    [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }

  static func chunk(_ type: String, _ data: [UInt8], into png: inout [UInt8]) {
    let typed = Array(type.utf8) + data
    png += bigEndian(data.count) + typed + bigEndian(Int(crc32(typed)))
  }

  static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
  }

  /// A zlib stream (RFC 1950) of `data`, deflated, and its Adler-32.
  static func zlib(_ data: [UInt8]) -> [UInt8] {
    let out: [UInt8] = [0x78, 0x01] + Deflate.compress(data)
    var (a, b): (UInt32, UInt32) = (1, 0)
    for byte in data {
      a = (a + UInt32(byte)) % 65_521
      b = (b + a) % 65_521
    }
    return out + bigEndian(Int(b << 16 | a))
  }
}

extension QRCode {
  /// The code as inline SVG, a unit square a module, with a light quiet zone of `border` modules;
  /// `pixels` is its width and height on the page.
  func svg(pixels: Int = 164, border: Int = 4) -> String {
    let side = size + 2 * border
    var path = ""
    for y in 0..<size {
      for x in 0..<size where isDark(x: x, y: y) { path += "M\(x + border) \(y + border)h1v1h-1z" }
    }
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(pixels)\" "
      + "height=\"\(pixels)\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"QR code\">"
      + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
  }
}
