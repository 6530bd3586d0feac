extension UInt8 {
  package var isASCIILetter: Bool { (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") }
  package var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
  var isASCIIHexDigit: Bool {
    isASCIIDigit || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
  }
  /// C0 controls and DEL.
  var isASCIIControl: Bool { self < 0x20 || self == 0x7F }
  package var lowercasedASCII: UInt8 { (self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z")) ? self | 0x20 : self }

  package var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

extension String {
  /// The string with ASCII letters lowercased; other characters are kept.
  package var lowercasedASCII: String {
    guard firstByte(in: .upperCaseLetters) != nil else { return self }
    return String(decoding: utf8.map(\.lowercasedASCII), as: UTF8.self)
  }

  /// The parts between `separator` bytes (a `/` or a `.`), empty ones kept. Split on the bytes,
  /// not on characters: a separator followed by a combining mark or U+200D forms one character with
  /// it, and splitting characters would miss that separator.
  package func parts(separatedBy separator: UInt8) -> [String] {
    // A loop, not `utf8.split`, whose copy for this one use was 1.3 KB of every app. (The
    // separator is ASCII: the indices on either side of it are a character's.)
    var parts: [String] = []
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      if utf8[index] == separator {
        parts.append(String(self[start..<index]))
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    parts.append(String(self[start...]))
    return parts
  }
}

extension Dictionary where Key == String {
  /// The entries by key, so that the same values give the same answer on every run.
  var sortedByKey: [(key: String, value: Value)] {
    @_semantics("optimize.sil.specialize.generic.never") @inline(never) get {
      stableSorted(Array(self)) { (0, $0.key) }
    }
  }
}

/// `items` ordered by the rank, then the text, that `key` gives each; equal keys keep their order.
/// Not specialized for each type of item (see `Unspecialized.swift`): it orders a table's lists
/// and a few named values, never a link's path.
@_semantics("optimize.sil.specialize.generic.never") @inline(never)
func stableSorted<Item>(_ items: [Item], by key: (Item) -> (rank: Int, text: String)) -> [Item] {
  stableOrder(items.map(key)).map { items[$0] }
}

/// The positions of `keys` ordered by rank, then by text; equal keys keep their order. The one sort
/// the library makes (why: Benchmarks/README.md, "Why the code looks as it does").
package func stableOrder(_ keys: [(rank: Int, text: String)]) -> [Int] {
  // Positions break ties, so the order is total and does not rest on the sort being stable.
  func precedes(_ left: Int, _ right: Int) -> Bool {
    let (a, b) = (keys[left], keys[right])
    return a.rank != b.rank ? a.rank < b.rank : a.text != b.text ? a.text < b.text : left < right
  }
  // A merge sort of runs of 1, 2, 4, … positions: the standard library's sort, specialized for
  // this one comparison, was 4 KB of every app.
  var order = Array(keys.indices)
  var merged = order
  var width = 1
  while width < order.count {
    var start = 0
    while start < order.count {
      let middle = min(start + width, order.count)
      let end = min(middle + width, order.count)
      var (left, right) = (start, middle)
      for slot in start..<end {
        if right == end || (left < middle && precedes(order[left], order[right])) {
          merged[slot] = order[left]
          left += 1
        } else {
          merged[slot] = order[right]
          right += 1
        }
      }
      start = end
    }
    swap(&order, &merged)
    width *= 2
  }
  return order
}
