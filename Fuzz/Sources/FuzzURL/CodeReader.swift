import CDecoders

/// Reads back a QR code the way a phone's camera would, with code written apart from the
/// library's encoder: the PNG's pixels are inflated by zlib and unfiltered here, the SVG's path is
/// parsed here, and the picture is decoded by zbar.
enum CodeReader {
  /// The bytes zbar reads from a grayscale picture (0 dark, 255 light) of `width` × `height`.
  static func zbar(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8]? {
    guard let scanner = zbar_image_scanner_create() else { return nil }
    defer { zbar_image_scanner_destroy(scanner) }
    zbar_image_scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0)
    zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1)
    // The bytes as the code holds them, not converted to text by a guessed encoding.
    zbar_image_scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1)
    guard let image = zbar_image_create() else { return nil }
    defer { zbar_image_destroy(image) }
    zbar_image_set_format(image, 0x3030_3859)  // "Y800": 8-bit grayscale
    zbar_image_set_size(image, UInt32(width), UInt32(height))
    return pixels.withUnsafeBytes { buffer -> [UInt8]? in
      zbar_image_set_data(image, buffer.baseAddress, UInt(buffer.count), nil)
      defer { zbar_image_set_data(image, nil, 0, nil) }
      guard zbar_scan_image(scanner, image) > 0, let symbol = zbar_image_first_symbol(image),
        let data = zbar_symbol_get_data(symbol)
      else { return nil }
      let length = Int(zbar_symbol_get_data_length(symbol))
      return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
  }

  /// The pixels of a 1-bit grayscale PNG as 8-bit grayscale, or `nil` when it is not one: its
  /// chunks' CRCs checked with zlib's, its data inflated by zlib, each row unfiltered (all five
  /// filter types).
  static func png(_ png: [UInt8]) -> (pixels: [UInt8], width: Int, height: Int)? {
    guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
    func number(_ at: Int) -> Int { png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    var offset = 8
    var header: ArraySlice<UInt8>?
    var compressed: [UInt8] = []
    var ended = false
    while offset + 12 <= png.count, !ended {
      let length = number(offset)
      guard length <= png.count - offset - 12 else { return nil }
      let typed = Array(png[offset + 4..<offset + 8 + length])
      let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
      guard Int(crc) == number(offset + 8 + length) else { return nil }
      let data = typed.dropFirst(4)
      switch String(decoding: typed.prefix(4), as: UTF8.self) {
      case "IHDR": header = data
      case "IDAT": compressed += data
      case "IEND": ended = true
      default: break
      }
      offset += 12 + length
    }
    guard ended, let header, header.count == 13 else { return nil }
    let values = Array(header)
    let width = values[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = values[4..<8].reduce(0) { $0 << 8 | Int($1) }
    // 1-bit grayscale, deflate, adaptive filtering, no interlace.
    guard values[8...] == [1, 0, 0, 0, 0], width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
    let rowBytes = (width + 7) / 8
    var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
    var size = UInt(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { out in
      compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, UInt($0.count)) }
    }
    guard status == Z_OK, size == UInt(raw.count) else { return nil }
    var previous = [UInt8](repeating: 0, count: rowBytes)
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height)
    for row in 0..<height {
      let start = row * (rowBytes + 1)
      var line = Array(raw[start + 1..<start + 1 + rowBytes])
      for index in 0..<rowBytes {
        let left = index > 0 ? Int(line[index - 1]) : 0
        let up = Int(previous[index])
        let upLeft = index > 0 ? Int(previous[index - 1]) : 0
        let predicted: Int
        switch raw[start] {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predicted = a <= b && a <= c ? left : (b <= c ? up : upLeft)
        default: return nil
        }
        line[index] = UInt8(truncatingIfNeeded: Int(line[index]) + predicted)
      }
      for column in 0..<width { pixels.append(line[column / 8] & (0x80 >> UInt8(column % 8)) == 0 ? 0 : 255) }
      previous = line
    }
    return (pixels, width, height)
  }

  /// The modules of the SVG drawing the QA page inlines (a light square `viewBox`, then one
  /// `M x y h1v1h-1z` square a dark module), drawn `scale` pixels a module; `nil` when it is
  /// not such a drawing. Read on the UTF-8 bytes.
  static func svg(_ svg: String, scale: Int = 2) -> (pixels: [UInt8], width: Int, height: Int)? {
    let bytes = Array(svg.utf8)
    guard let box = bytes.firstRange(of: Array("viewBox=\"0 0 ".utf8)),
      let side = number(bytes, from: box.upperBound, until: UInt8(ascii: " ")), side > 0, side <= 512,
      let pathStart = bytes.firstRange(of: Array("<path d=\"".utf8))
    else { return nil }
    let width = side * scale
    var pixels = [UInt8](repeating: 255, count: width * width)
    let square = Array("h1v1h-1z".utf8)
    var at = pathStart.upperBound
    while at < bytes.count, bytes[at] != UInt8(ascii: "\"") {
      guard bytes[at] == UInt8(ascii: "M"), let space = bytes[at...].firstIndex(of: UInt8(ascii: " ")),
        let x = number(bytes, from: at + 1, until: UInt8(ascii: " ")),
        let end = bytes[space...].firstIndex(of: UInt8(ascii: "h")),
        let y = number(bytes, from: space + 1, until: UInt8(ascii: "h")),
        bytes[end...].starts(with: square), (0..<side).contains(x), (0..<side).contains(y)
      else { return nil }
      for row in y * scale..<(y + 1) * scale {
        for column in x * scale..<(x + 1) * scale { pixels[row * width + column] = 0 }
      }
      at = end + square.count
    }
    return (pixels, width, width)
  }

  /// The decimal number from `start` up to the byte `end`.
  private static func number(_ bytes: [UInt8], from start: Int, until end: UInt8) -> Int? {
    guard let stop = bytes[start...].firstIndex(of: end), stop > start, stop - start <= 6 else { return nil }
    var value = 0
    for byte in bytes[start..<stop] {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}
