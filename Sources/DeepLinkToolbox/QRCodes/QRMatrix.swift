/// A QR code's modules while it is drawn: function patterns (finders, timing, alignment, format
/// and version information), then the codewords in their zigzag, then a mask.
struct QRMatrix {
  let version: Int
  let size: Int
  /// Row by row; `true` is dark.
  var modules: [Bool]
  /// The modules of function patterns, which data and masks leave alone.
  var isFunction: [Bool]

  init(version: Int) {
    self.version = version
    size = 17 + 4 * version
    modules = Array(repeating: false, count: size * size)
    isFunction = Array(repeating: false, count: size * size)
  }

  subscript(x: Int, y: Int) -> Bool {
    get { modules[y * size + x] }
    set { modules[y * size + x] = newValue }
  }

  mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
    modules[y * size + x] = dark
    isFunction[y * size + x] = true
  }

  mutating func drawFunctionPatterns() {
    for index in 0..<size {
      setFunction(6, index, index % 2 == 0)
      setFunction(index, 6, index % 2 == 0)
    }
    drawFinder(3, 3)
    drawFinder(size - 4, 3)
    drawFinder(3, size - 4)
    let positions = alignmentPositions()
    let last = positions.count - 1
    for (i, x) in positions.enumerated() {
      for (j, y) in positions.enumerated()
      where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
        drawAlignment(x, y)
      }
    }
    drawFormatBits(mask: 0)  // reserves the modules; drawn again with the mask chosen
    drawVersion()
  }

  private mutating func drawFinder(_ x: Int, _ y: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let distance = max(abs(dx), abs(dy))
        let (column, row) = (x + dx, y + dy)
        if (0..<size).contains(column), (0..<size).contains(row) {
          setFunction(column, row, distance != 2 && distance != 4)
        }
      }
    }
  }

  private mutating func drawAlignment(_ x: Int, _ y: Int) {
    for dy in -2...2 {
      for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
    }
  }

  /// The centers of the alignment patterns along each axis.
  func alignmentPositions() -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
    var result = [6]
    var position = size - 7
    while result.count < count {
      result.insert(position, at: 1)
      position -= step
    }
    return result
  }

  /// The format information: the error correction level's two bits (`level`, M's 00 by
  /// default) and the mask's three, BCH-coded, in both copies, and the dark module beside them.
  mutating func drawFormatBits(mask: Int, level: Int = 0) {
    let data = level << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    let bits = (data << 10 | remainder) ^ 0x5412
    let bit = { (index: Int) in (bits >> index) & 1 == 1 }
    for index in 0...5 { setFunction(8, index, bit(index)) }
    setFunction(8, 7, bit(6))
    setFunction(8, 8, bit(7))
    setFunction(7, 8, bit(8))
    for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
    for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
    for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
    setFunction(8, size - 8, true)
  }

  /// The version information of versions 7 and up, in both corners.
  private mutating func drawVersion() {
    guard version >= 7 else { return }
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    let bits = version << 12 | remainder
    for index in 0..<18 {
      let dark = (bits >> index) & 1 == 1
      let (a, b) = (size - 11 + index % 3, index / 3)
      setFunction(a, b, dark)
      setFunction(b, a, dark)
    }
  }

  /// The codewords, most significant bit first, up and down two columns at a time from the
  /// bottom right, skipping the vertical timing pattern.
  mutating func drawCodewords(_ codewords: [UInt8]) {
    var index = 0
    var right = size - 1
    while right >= 1 {
      if right == 6 { right = 5 }
      for vertical in 0..<size {
        for offset in 0..<2 {
          let x = right - offset
          let upward = (right + 1) & 2 == 0
          let y = upward ? size - 1 - vertical : vertical
          if !isFunction[y * size + x], index < codewords.count * 8 {
            self[x, y] = (codewords[index >> 3] >> UInt8(7 - index & 7)) & 1 == 1
            index += 1
          }
        }
      }
      right -= 2
    }
  }

  /// Flips the data modules that mask `mask` selects.
  mutating func apply(mask: Int) {
    for y in 0..<size {
      for x in 0..<size where !isFunction[y * size + x] {
        let flip: Bool
        switch mask {
        case 0: flip = (x + y) % 2 == 0
        case 1: flip = y % 2 == 0
        case 2: flip = x % 3 == 0
        case 3: flip = (x + y) % 3 == 0
        case 4: flip = (x / 3 + y / 2) % 2 == 0
        case 5: flip = x * y % 2 + x * y % 3 == 0
        case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
        default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
        }
        if flip { self[x, y].toggle() }
      }
    }
  }

  /// The standard penalty of a masked code: long runs, 2×2 blocks, finder-like patterns, and an
  /// imbalance of dark and light.
  func penalty() -> Int {
    var score = 0
    // Finder-like: dark-light-dark-dark-dark-light-dark, then four light, or the reverse, read as
    // the last 11 modules of a line in an 11-bit window.
    let finder = 0b1011101_0000
    let reversed = 0b0000_1011101
    for horizontal in [true, false] {
      for line in 0..<size {
        var run = 0
        var previous = false
        var window = 0
        for index in 0..<size {
          let dark = horizontal ? modules[line * size + index] : modules[index * size + line]
          if index > 0, dark == previous {
            run += 1
            if run == 5 { score += 3 } else if run > 5 { score += 1 }
          } else {
            run = 1
          }
          previous = dark
          window = (window << 1 | (dark ? 1 : 0)) & 0x7FF
          if index >= 10, window == finder || window == reversed { score += 40 }
        }
      }
    }
    for y in 0..<(size - 1) {
      for x in 0..<(size - 1) {
        let color = modules[y * size + x]
        if modules[y * size + x + 1] == color, modules[(y + 1) * size + x] == color,
          modules[(y + 1) * size + x + 1] == color
        {
          score += 3
        }
      }
    }
    var dark = 0
    for module in modules where module { dark += 1 }
    let total = size * size
    let deviation = abs(dark * 20 - total * 10)
    score += 10 * ((deviation + total - 1) / total - 1)
    return score
  }
}
