import Foundation

extension RoutePattern.ParameterType {
  /// Whether a decoded segment or parameter value has this type.
  func accepts(_ value: String) -> Bool {
    switch self {
    case .string: !value.isEmpty
    case .int: Self.isInteger(value)
    case .uuid: Self.isUUID(value)
    }
  }

  /// How the type reads in a message ("must be …").
  var requirement: String {
    switch self {
    case .string: "must not be empty"
    case .int: "must be a base-10 integer that fits in 64 bits"
    case .uuid: "must be a UUID"
    }
  }

  private static func isInteger(_ value: String) -> Bool {
    let digits = value.utf8.first == UInt8(ascii: "-") ? value.utf8.dropFirst() : value.utf8[...]
    return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) && Int64(value) != nil
  }

  private static func isUUID(_ value: String) -> Bool {
    guard value.utf8.count == 36 else { return false }
    for (offset, byte) in value.utf8.enumerated() {
      let isHyphenPosition = offset == 8 || offset == 13 || offset == 18 || offset == 23
      guard isHyphenPosition ? byte == UInt8(ascii: "-") : byte.isASCIIHexDigit else { return false }
    }
    return true
  }
}
