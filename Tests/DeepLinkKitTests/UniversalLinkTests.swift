import DeepLinkKit
import Foundation
import Testing

/// Universal links: https only, to a listed host, compared in lowercase ASCII form. (International
/// host names are read: `InternationalHostTests` has a router that does not read them.)
@Suite struct UniversalLinkTests {
  static let router = try! makeRouter(["/", "/x", "/messages/:id"], hostNames: .international)

  @Test(arguments: [
    "https://app.example.com/x",
    "HTTPS://APP.EXAMPLE.COM/x",
    "https://app.example.com:443/x",
    "https://app.example.com:/x",
    "https://app.example.com/x/",
    "https://app.example.com//x",
    "https://app.example.com/x#fragment",
    "https://a.example.org/x",
    "https://a.b.example.org/x",
  ])
  func acceptedHosts(url: String) {
    #expect(Self.router.outcome(url) == .route("/x", [:]))
  }

  @Test(arguments: ["https://app.example.com", "https://app.example.com/", "https://app.example.com?x"])
  func emptyPathIsTheRoot(url: String) {
    #expect(Self.router.outcome(url).routeName == "/")
  }

  @Test func sourceIsUniversalLink() throws {
    #expect(try Self.router.resolve("https://app.example.com/x").source == .universalLink)
  }

  @Test(arguments: [
    (
      "https://example.org/x",
      #"the host "example.org" is not a listed universal-link host (listed: app.example.com, *.example.org)"#
    ),
    (
      "https://evil.com/x",
      #"the host "evil.com" is not a listed universal-link host (listed: app.example.com, *.example.org)"#
    ),
    (
      "https://app.example.com.evil.com/x",
      #"the host "app.example.com.evil.com" is not a listed universal-link host (listed: app.example.com, *.example.org)"#
    ),
    (
      "https://evilexample.org/x",
      #"the host "evilexample.org" is not a listed universal-link host (listed: app.example.com, *.example.org)"#
    ),
    // A Cyrillic "а" in place of the Latin "a": compared in ASCII form, it is another host.
    (
      "https://аpp.example.com/x",
      #"the host "xn--pp-6kc.example.com" is not a listed universal-link host (listed: app.example.com, *.example.org)"#
    ),
  ])
  func unknownHosts(url: String, message: String) {
    #expect(Self.router.error(url) == DeepLinkError(.unknownHost, message))
  }

  @Test(arguments: [
    ("https://user@app.example.com/x", "it holds user info before the host"),
    ("https://app.example.com@evil.com/x", "it holds user info before the host"),
    ("https://user:pass@app.example.com/x", "it holds user info before the host"),
    ("https://app.example.com:8443/x", #"it names the port "8443"; only the default port is accepted"#),
    ("https://app.example.com:80/x", #"it names the port "80"; only the default port is accepted"#),
    ("https://app.example.com:44x/x", #"the port "44x" is not a number"#),
    ("https://app.example.com./x", #"the host "app.example.com." ends with a dot"#),
    ("https://bücher.example./x", #"the host "bücher.example." ends with a dot"#),
    ("https://app%2Eexample.com/x", #"the host "app%2Eexample.com" holds a percent escape"#),
    ("https://app.example.com%2Fevil.com/x", #"the host "app.example.com%2Fevil.com" holds a percent escape"#),
    ("https://evil.com\\@app.example.com/x", "it holds a backslash"),
    ("https://app.example.com\\x", "it holds a backslash"),
    ("https://app example.com/x", #"the host "app example.com" holds the character " ""#),
    ("https://:443/x", #"the host "" is empty"#),
    ("https://[::1]/x", #"the host "[::1]" is an IP address; universal links need a domain name"#),
    ("https://a..example.org/x", #"the host "a..example.org" has an empty label"#),
    ("https://..example.org/x", #"the host "..example.org" has an empty label"#),
    ("https://xn--.example.org/x", #"the host "xn--.example.org" has the label "xn--", which is not valid Punycode"#),
    (
      "https://xn--a.example.org/x",
      #"the host "xn--a.example.org" has the label "xn--a", whose Unicode form "\u{80}" holds the control character U+0080"#
    ),
    ("https://-a.example.org/x", #"the host "-a.example.org" has the label "-a", which starts or ends with "-""#),
    (
      "https://" + String(repeating: "a", count: 64) + ".example.org/x",
      #"the host ""# + String(repeating: "a", count: 64)
        + #".example.org" has a label of 64 bytes; a label has at most 63"#
    ),
    (
      "https://" + String(repeating: "abcdefgh.", count: 29) + "example.org/x",
      #"the host ""# + String(repeating: "abcdefgh.", count: 8) + "abcdefgh"
        + #"…" is 272 bytes long; a host name has at most 253"#
    ),
    (
      "https://app\u{FF0E}example.com/x",
      #"the host "app．example.com" holds the full-width dot U+FF0E; a host's dots are ".""#
    ),
    ("https://a\u{200B}.example.org/x", #"the host "a\u{200B}.example.org" holds the invisible character U+200B"#),
    (
      "https://ﬁ.example.org/x",
      #"the host "ﬁ.example.org" holds the compatibility character U+FB01, which links carry as "fi""#
    ),
    (
      "https://ᏸ.example.org/x",
      #"the host "ᏸ.example.org" holds U+13F8, which links carry case-folded to another letter"#
    ),
    (
      "https://xn--jm6c.example.org/x",
      #"the host "xn--jm6c.example.org" has the label "xn--jm6c", whose Unicode form "ﬁ" holds the compatibility character U+FB01, which links carry as "fi""#
    ),
    (
      "https://xn--bucher-xyd.example.org/x",
      #"the host "xn--bucher-xyd.example.org" has the label "xn--bucher-xyd", whose Unicode form "bücher" is not in its composed form (NFC)"#
    ),
    (
      "https://-ő.example.org/x",
      #"the host "-ő.example.org" has the label "-ő", which starts or ends with "-""#
    ),
    (
      "https://x.\u{301}y.example.org/x",
      #"the host "x.\#u{301}y.example.org" has a label that begins with the combining mark U+0301"#
    ),
    ("https:app.example.com/x", "an https link needs a host, as in https://host/path"),
    ("https:/app.example.com/x", "an https link needs a host, as in https://host/path"),
  ])
  func malformedAuthorities(url: String, reason: String) {
    #expect(Self.router.error(url) == DeepLinkError(.malformedInput, "malformed link: " + reason))
  }

  @Test(arguments: [
    (
      "http://app.example.com/x",
      #"the scheme "http" is not handled (handled: myapp, https); universal links must use https"#
    ),
    ("ftp://app.example.com/x", #"the scheme "ftp" is not handled (handled: myapp, https)"#),
  ])
  func httpsOnly(url: String, message: String) {
    #expect(Self.router.error(url) == DeepLinkError(.unsupportedScheme, message))
  }

  @Test func noListedHostsMeansNoUniversalLinks() throws {
    let router = try LinkRouter<String>(schemes: ["myapp"], routes: [.path("/x", to: "x")])
    #expect(
      throws: DeepLinkError(
        .unknownHost, #"the host "app.example.com" is not a listed universal-link host (no hosts are listed)"#)
    ) {
      try router.route(for: "https://app.example.com/x")
    }
    #expect(throws: DeepLinkError(.unsupportedScheme, #"the scheme "ftp" is not handled (handled: myapp)"#)) {
      try router.route(for: "ftp://app.example.com/x")
    }
  }

  @Test func unicodeListedHostsAreComparedInASCIIForm() throws {
    let router = try LinkRouter<String>(
      hosts: ["例え.jp", "*.bücher.example"], hostNames: .international, routes: [.path("/x", to: "x")])
    #expect(try router.route(for: "https://例え.jp/x") == "x")
    #expect(try router.route(for: "https://xn--r8jz45g.jp/x") == "x")
    #expect(try router.route(for: "https://shop.xn--bcher-kva.example/x") == "x")
    #expect(try router.route(for: "https://shop.BÜCHER.example/x") == "x")
  }

  /// Foundation converts a Unicode host to its ASCII form on its own: an independent check of
  /// the library's Punycode.
  /// A decomposed `ü` (`u` and U+0308) is composed first, as Foundation composes it.
  @Test(arguments: [
    "exаmple.com", "例え.jp", "bücher.example", "münchen.de", "пример.рф", "ñ.example", "a-é-b.example",
    "bu\u{308}cher.example", "mu\u{308}nchen.de", "n\u{303}.example", "\u{212A}\u{00E4}se.example",
  ])
  func asciiFormAgreesWithFoundation(host: String) throws {
    let ascii = try #require(URL(string: "https://\(host)/x")?.host)
    #expect(ascii.hasPrefix("xn--") || ascii.contains(".xn--"))
    let router = try LinkRouter<String>(hosts: [ascii], hostNames: .international, routes: [.path("/x", to: "x")])
    #expect(try router.route(for: "https://\(host)/x") == "x")
  }

  /// A Unicode host is either refused, saying why, or given the ASCII form Foundation gives it:
  /// never listed under a form no link has. Case, canonical equivalence, compatibility characters,
  /// case folding, and the letters browsers keep (ß, ς).
  @Test(arguments: [
    "straße.de", "ẞ.de", "İstanbul.tr", "ıstanbul.tr", "σς.gr", "ΣΑΣ.gr", "ÄÖÜ.de", "e\u{301}.fr", "\u{2126}.de",
    "a\u{0300}\u{0301}.de", "l\u{00B7}l.cat", "\u{1100}\u{1161}.kr", "ᏸ.de", "x\u{0345}.de", "ǅ.de", "ϐ.gr", "µ.de",
    "ﬀ.de", "ⅷ.de", "ﾊ.jp", "㍿.jp", "a\u{00AD}b.de", "a\u{200D}b.de", "\u{1F600}.de", "-ő.de", "ő-.de", "ab--ő.de",
    "a\u{FE0B}.de", "\u{1FDC}.de", "\u{E000}.de", "\u{1113}\u{1164}.kr", "\u{AC38}\u{11A8}.kr",
  ])
  func aUnicodeHostIsRefusedOrHasFoundationsASCIIForm(host: String) throws {
    let foundation = URL(string: "https://\(host)/x")?.host?.lowercased()
    do {
      let router = try LinkRouter<String>(hosts: [host], hostNames: .international, routes: [.path("/x", to: "x")])
      #expect(router.hostEntries == [foundation])
    } catch {
      #expect(error.problems.map(\.code) == [.invalidOption])
    }
  }

  /// Random Unicode hosts from many scripts, with combining marks, jamo, compatibility and
  /// invisible characters and hyphens: each is refused, or given the ASCII form Foundation gives
  /// it whenever Foundation gives one, and that form is its own. (Foundation refuses more: the
  /// bidi and contextual rules, which only decide which names can be registered.)
  @Test func randomUnicodeHostsAreRefusedOrHaveFoundationsASCIIForm() throws {
    let ranges: [ClosedRange<UInt32>] = [
      0x2D...0x2E, 0x61...0x7A, 0xC0...0x24F, 0x300...0x36F, 0x370...0x4FF, 0x590...0x6FF, 0x900...0x97F,
      0xE00...0xE7F, 0x1100...0x11FF, 0x13A0...0x13FF, 0x1E00...0x206F, 0x2100...0x218F, 0x3040...0x30FF,
      0xAC00...0xAC3F, 0xFB00...0xFB4F, 0xFE00...0xFE0F, 0xFF00...0xFFEF, 0x1F600...0x1F64F, 0xE000...0xE00F,
    ]
    let pool = ranges.flatMap { Array($0) }.compactMap(Unicode.Scalar.init)
    var generator = SplitMix(seed: 23)
    var checked = 0
    for _ in 0..<4_000 {
      var label = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 1...4, using: &generator) { label.append(pool.randomElement(using: &generator)!) }
      let host = String(label) + ".example.org"
      guard let ascii = try? HostList.normalize(Array(host.utf8), idna: .full) else { continue }
      #expect((try? HostList.normalize(Array(ascii.utf8), idna: .full)) == ascii, "\(host.debugDescription)")
      if let foundation = URL(string: "https://\(host)/x")?.host {
        #expect(ascii == foundation.lowercased(), "\(host.debugDescription)")
        checked += 1
      }
    }
    #expect(checked > 500)
  }

  @Test func foundationURLValuesResolveLikeTheirText() throws {
    let url = try #require(URL(string: "https://exаmple.com/x"))  // Foundation converts the host
    #expect(Self.router.outcome(url.absoluteString) == .refused(.unknownHost))
    let link = try #require(URL(string: "https://app.example.com/messages/a%2Fb"))
    #expect(try Self.router.route(for: link) == TestRoute("/messages/:id", parameters: ["id": "a/b"]))
  }

  @Test(arguments: [
    ("*.", "the host \"*.\" is empty"),
    ("app.example.com.", "the host \"app.example.com.\" ends with a dot"),
    ("app/example", "the host \"app/example\" holds the character \"/\""),
    ("ex%41mple.com", "the host \"ex%41mple.com\" holds a percent escape"),
  ])
  func badListedHostsAreRefusedWhenTheTableIsBuilt(host: String, message: String) {
    #expect(throws: RouteTableError(problems: [.init(.invalidOption, message)])) {
      try LinkRouter<String>(hosts: [host], routes: [.path("/", to: "root")])
    }
  }
}
