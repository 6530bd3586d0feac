import Foundation

extension RoutePattern.ParameterType {
  /// Whether a decoded segment or parameter value has this type.
  package func accepts(_ value: String) -> Bool {
    var value = value
    return value.withUTF8 { accepts($0) }
  }

  /// Whether a decoded segment, as bytes, has this type. (Of a buffer only: each kind of
  /// collection the checks were given was a copy of them in every app.)
  func accepts(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
    switch self {
    case .string: !value.isEmpty
    case .int: Self.isInteger(value)
    case .uuid: Self.isUUID(value)
    }
  }

  /// How the type reads in a message ("must be …").
  package var requirement: String {
    switch self {
    case .string: "must not be empty"
    case .int: "must be a base-10 integer that fits in 64 bits"
    case .uuid: "must be a UUID"
    }
  }

  /// A base-10 integer that fits in 64 bits: an optional `-`, then one or more ASCII digits.
  static func isInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = bytes.startIndex
    guard index != bytes.endIndex else { return false }
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative { bytes.formIndex(after: &index) }
    guard index != bytes.endIndex else { return false }
    let limit: UInt64 = isNegative ? 9_223_372_036_854_775_808 : 9_223_372_036_854_775_807
    var value: UInt64 = 0
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard byte.isASCIIDigit else { return false }
      // Both steps can overflow 64 bits (18446744073709551616 passes the first), so both report it.
      let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry, sum <= limit else { return false }
      value = sum
      bytes.formIndex(after: &index)
    }
    return true
  }

  /// A hyphenated UUID of hex digits in either case: 8-4-4-4-12.
  static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for (offset, byte) in bytes.enumerated() {
      let isHyphenPosition = offset == 8 || offset == 13 || offset == 18 || offset == 23
      guard isHyphenPosition ? byte == UInt8(ascii: "-") : byte.isASCIIHexDigit else { return false }
    }
    return true
  }
}
