// The lists a router fills once, as it builds its table (the routes it keeps, their patterns,
// records and names, the trie's nodes, the table's problems), grow through the standard library's
// own generic code, which is in the OS (libswiftCore), not through a copy of it made for each
// element type, which every app carried (about 250 bytes a type, and the inlined fast path at
// each call). A link's path (scanning, matching, reading values) appends as usual, specialized,
// and so do the small arrays each route keeps (its segments, query parameters and bindings):
// allocated unspecialized, each looked up its storage type again (6% more of a first build of 40
// routes, 10% of 2,000). The attribute only tells the optimizer not to specialize these helpers;
// what they do is the standard library's. Figures: Benchmarks/README.md, "Why the code looks as
// it does".
extension Array {
  /// Appends `element` with the standard library's unspecialized code: for a list a router fills
  /// once, never on a link's path.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  mutating func appendUnspecialized(_ element: Element) { append(element) }

  /// Appends `elements` with the standard library's unspecialized code. Most routes add no
  /// problems: an empty list is told apart here, in the caller's code, for a load.
  @inline(__always)
  mutating func appendUnspecialized(contentsOf elements: [Element]) {
    if !elements.isEmpty { appendEveryUnspecialized(elements) }
  }

  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  private mutating func appendEveryUnspecialized(_ elements: [Element]) { append(contentsOf: elements) }

  /// The results of `transform` on each element, mapped with the standard library's unspecialized
  /// code (an empty list is told apart in the caller's code).
  @inline(__always)
  func mapUnspecialized<Result>(_ transform: (Element) -> Result) -> [Result] {
    isEmpty ? [] : mapEveryUnspecialized(transform)
  }

  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  private func mapEveryUnspecialized<Result>(_ transform: (Element) -> Result) -> [Result] { map(transform) }

  /// Reserves room for `count` elements with the standard library's unspecialized code.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  mutating func reserveCapacityUnspecialized(_ count: Int) { reserveCapacity(count) }
}

// Sets that seldom grow: the dispatcher's conditions (changed when the app's state changes, and
// built for a held link; a link delivered at once only reads them), a router's listed hosts and a
// pattern's many parameter names, the names a printed link used, and a link's list of more than
// 16 parameters (a hostile one, read in linear time). Every set of strings grows here, so that an
// app keeps no copy of a set's growth code for strings.
extension Set {
  /// Inserts `member` with the standard library's unspecialized code; whether it was not there.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never) @discardableResult
  package mutating func insertUnspecialized(_ member: Element) -> Bool { insert(member).inserted }

  /// Reserves room for `count` members with the standard library's unspecialized code.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  package mutating func reserveCapacityUnspecialized(_ count: Int) { reserveCapacity(count) }

  /// Removes `member` with the standard library's unspecialized code; whether it was there.
  @_semantics("optimize.sil.specialize.generic.never") @inline(never)
  package mutating func removeUnspecialized(_ member: Element) -> Bool { remove(member) != nil }
}
