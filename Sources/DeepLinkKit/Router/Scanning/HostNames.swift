/// Which host names a router reads: ASCII ones (the default), or international ones too.
///
/// An international host name (`bücher.example`, or its Punycode form `xn--bcher-kva.example`)
/// is read by IDNA's rules: composed, checked, and compared in its ASCII form. That takes code
/// (Punycode, the Unicode checks) that an app carries only when it asks for it:
///
/// ```swift
/// let router = try LinkRouter<AppRoute>(
///   schemes: ["myapp"], hosts: ["bücher.example"], hostNames: .international, routes: routes)
/// ```
///
/// With ``ascii``, a table that lists an international host is refused when the router is built,
/// naming this option, and a link whose host is one (a Unicode host, or an `xn--` label, even
/// under a wildcard) is refused with `unknownHost`: no host the router lists is one.
public struct HostNames: Sendable {
  /// How international names are read; `nil` when they are not.
  let idna: IDNA?

  /// ASCII host names only (the default): letters, digits, `-`, `_` and dots.
  public static var ascii: HostNames { HostNames(idna: nil) }

  /// ASCII and international host names: a listed host or a link's may be written in Unicode or
  /// in Punycode, and is checked by IDNA2008's rules (SECURITY.md, "Host rules"); a custom-scheme link's
  /// Punycode host reads as its Unicode form (`myapp://xn--bcher-kva/1` is `/bücher/1`).
  public static var international: HostNames { HostNames(idna: .full) }
}

/// What reading international host names takes, as functions: the router reaches them only
/// through a ``HostNames`` value, so an app that never names ``HostNames/international`` does not
/// carry them (10 KB of either app of `Benchmarks/ios-size`). A class, so that the host list
/// that holds it is copied as one reference (a struct of four closures made every copy of the
/// list, and of what holds it, longer code).
package final class IDNA: Sendable {
  /// A host's bytes composed (NFC), as browsers and Apple's URL parsing write a host before its
  /// Punycode form; ASCII bytes as they are.
  let composed: @Sendable ([UInt8]) -> [UInt8]
  /// The lowercase ASCII form of a composed host that holds non-ASCII characters, or why it is
  /// not a valid international host name.
  let asciiForm: @Sendable (String) throws(HostList.InvalidHost) -> String
  /// Why an `xn--` label is not the Punycode form of a label a host may have, or `nil`.
  let labelProblem: @Sendable (Slice<UnsafeBufferPointer<UInt8>>) -> String?
  /// The Unicode label an `xn--` label is the Punycode form of, when a host may have it.
  let unicodeLabel: @Sendable (Slice<UnsafeBufferPointer<UInt8>>) -> String?

  init(
    composed: @escaping @Sendable ([UInt8]) -> [UInt8],
    asciiForm: @escaping @Sendable (String) throws(HostList.InvalidHost) -> String,
    labelProblem: @escaping @Sendable (Slice<UnsafeBufferPointer<UInt8>>) -> String?,
    unicodeLabel: @escaping @Sendable (Slice<UnsafeBufferPointer<UInt8>>) -> String?
  ) {
    self.composed = composed
    self.asciiForm = asciiForm
    self.labelProblem = labelProblem
    self.unicodeLabel = unicodeLabel
  }
}
