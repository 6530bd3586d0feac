/// A pattern bound to the Swift types of the values a route is built from: checks the two
/// against each other, and makes the definition's parse, print and checks from them.
///
/// Checking a declaration compares its pattern with its types and nothing more: no closure of the
/// app's runs when a router is built. What the closure does with the values is checked where
/// they are real: a route prints only from the values it holds (``ValueSearch``), and in a debug
/// build every link a declared route opens must print back with the link's own values.
struct TypedDeclaration: Sendable {
  /// One declared value: the pattern parameter it is read from, and how.
  struct Binding: Sendable {
    var name: String
    var codec: ParameterCodec

    /// Its value in a link's parameters, read by its type.
    func value(in parameters: RouteParameters) throws(InvalidParameterValue) -> any Sendable {
      do {
        return try codec.read(parameters, name)
      } catch {
        throw InvalidParameterValue(name: name, error, requirement: codec.requirement)
      }
    }
  }

  /// The pattern, its types and presences completed from the Swift types; when it does not parse
  /// (the router reports why), its text alone. (Not a separate text: a parsed pattern's
  /// description is its text, and every route keeps its declaration.)
  private var written: RoutePattern
  private var parses = false
  private(set) var bindings: [Binding] = []
  private(set) var problems: [String] = []

  /// The pattern, its types and presences completed from the Swift types; `nil` when it does
  /// not parse.
  var pattern: RoutePattern? { parses ? written : nil }
  /// The pattern as written.
  var text: String { written.description }

  init(pattern text: String, codecs: [ParameterCodec]) {
    written = RoutePattern(description: text, segments: [], query: [])
    guard let parsed = try? RoutePattern(text) else { return }
    (written, parses) = (parsed, true)
    let names = parsed.parameterNames + parsed.query.map(\.name)
    guard names.count == codecs.count else {
      let listed = names.isEmpty ? "no parameters" : "\(names.count) (\(names.joined(separator: ", ")))"
      problems.appendUnspecialized(
        "names \(listed) but its route is built from \(codecs.count) value\(codecs.count == 1 ? "" : "s"); they are bound in order, path parameters first"
      )
      return
    }
    var segments = parsed.segments
    var query = parsed.query
    for (index, name) in names.enumerated() {
      let codec = codecs[index]
      if index < parsed.parameterNames.count {
        let position = segments.firstIndex { $0.parameterName == name }!
        if let problem = Self.bind(&segments[position], codec) {
          problems.appendUnspecialized("has path parameter \(quoted(name)) \(problem)")
        }
      } else if let problem = Self.bind(&query[index - parsed.parameterNames.count], codec) {
        problems.appendUnspecialized("has query parameter \(quoted(name)) \(problem)")
      }
      bindings.append(Binding(name: name, codec: codec))
    }
    written = RoutePattern(description: text, segments: segments, query: query)
  }

  /// Gives an untyped path parameter its Swift type's pattern type; why the two disagree, if they do.
  private static func bind(_ segment: inout RoutePattern.Segment, _ codec: ParameterCodec) -> String? {
    guard codec.shape == .one else {
      return "of type \(codec.typeName()); only a query parameter can be optional or repeated"
    }
    switch segment {
    case .parameter(let name, .string):
      segment = .parameter(name: name, type: codec.patternType)
    case .parameter(_, let type) where type != codec.patternType:
      return "declared (\(type.rawValue)) but of type \(codec.typeName())"
    default: break
    }
    return nil
  }

  /// Gives a query parameter written without `?` or `*` its Swift type's presence; why the two
  /// disagree, if they do.
  private static func bind(_ parameter: inout RoutePattern.QueryParameter, _ codec: ParameterCodec) -> String? {
    if parameter.type != .string, parameter.type != codec.patternType {
      return "declared (\(parameter.type.rawValue)) but of type \(codec.typeName())"
    }
    parameter.type = codec.patternType
    switch (parameter.presence, codec.shape) {
    case (.required, .optional): parameter.presence = .optional
    case (.required, .repeated): parameter.presence = .repeated
    case (.required, .one), (.optional, .optional), (.repeated, .repeated): break
    case (.defaulted(let value), .one):
      var parameters = RouteParameters()
      parameters.append(parameter.name, value)
      if (try? codec.read(parameters, parameter.name)) == nil {
        return "whose default \(quoted(value)) \(codec.requirement)"
      }
    case (.defaulted, _): return "of type \(codec.typeName()), which cannot have a default"
    case (.optional, _): return "marked optional (?) but of type \(codec.typeName())"
    case (.repeated, _): return "marked repeated (*) but of type \(codec.typeName())"
    }
    return nil
  }

  /// The values a link's parameters hold, read by each binding's type.
  func values(_ parameters: RouteParameters) throws(InvalidParameterValue) -> [any Sendable] {
    var values: [any Sendable] = []
    values.reserveCapacity(bindings.count)
    for binding in bindings { values.append(try binding.value(in: parameters)) }
    return values
  }

  /// The parameters that print `values`; a default value is omitted.
  func parameters(printing values: [any Sendable]) -> [(name: String, value: String)]? {
    parameters(printing: values[...])
  }

  /// The same, for the leading values of a mounted route (one copy of it in an app: a generic
  /// collection was a copy per collection type).
  func parameters(printing values: ArraySlice<any Sendable>) -> [(name: String, value: String)]? {
    var printed: [(name: String, value: String)] = []
    for (binding, value) in zip(bindings, values) {
      guard let texts = binding.codec.write(value) else { return nil }
      if case .defaulted(let text) = pattern?.queryParameter(named: binding.name)?.presence, texts == [text] {
        continue
      }
      printed += texts.map { (binding.name, $0) }
    }
    return printed
  }

  /// The texts each parameter with few values allows.
  var allowedValues: [String: [String]] {
    var values: [String: [String]] = [:]
    for binding in bindings { values[binding.name] = binding.codec.allowedTexts() }
    return values
  }

  /// How the search tells each value apart: by the texts it prints as, compared as Swift
  /// compares the route (`é` precomposed and decomposed are one value: the route cannot tell
  /// them apart, so neither can the search, and either prints a link that opens the route).
  var slots: [ValueSearch.Slot] {
    bindings.map { binding in
      let codec = binding.codec
      return ValueSearch.Slot(type: codec.valueType, cast: { codec.cast($0) }, key: { codec.write($0) })
    }
  }

  /// Each binding's first value (``ParameterCodec/example``), to name a route after its case;
  /// `nil` when a type gives none.
  func exampleValues() -> [any Sendable]? {
    var values: [any Sendable] = []
    for binding in bindings {
      guard let value = binding.codec.example() else { return nil }
      values.append(value)
    }
    return values
  }

  #if DEBUG
    /// Values for a round-trip check: each binding's edge `edge` (offset by its position, so that
    /// two parameters of one type do not always hold the same value), or drawn for a negative one.
    func sampleValues(_ edge: Int, using generator: inout SplitMix) -> [any Sendable]? {
      var values: [any Sendable] = []
      for (position, binding) in bindings.enumerated() {
        guard let value = binding.codec.value(edge < 0 ? -1 : edge + position, &generator) else { return nil }
        values.append(value)
      }
      return values
    }
  #endif

  /// The definition: print and checks from the declaration, or its problems.
  ///
  /// - Parameter make: The route of a link's parameters, each value read by its codec
  ///   (``ParameterCodec/value(_:_:_:)``), or of values of the declared types, in order.
  func definition<Route: Hashable & Sendable>(
    name: String?, sources: Set<DeepLinkSource>?, make: @escaping TypedRoute<Route>.Make
  ) -> RouteDefinition<Route> {
    guard let pattern else {
      // The router names the pattern's syntax error.
      return RouteDefinition(pattern: text, name: name, sources: sources, body: RouteBody())
    }
    return RouteDefinition(
      pattern: pattern.description, name: name, sources: sources, body: TypedRoute(declaration: self, make: make))
  }

  /// Why a route that two sets of values build cannot be printed.
  func builtAlike(_ route: Any, _ first: [any Sendable], _ second: [any Sendable]) -> String {
    let printed = [first, second].map { parameters(printing: $0) ?? [] }
    return RouteValues.builtAlike(route, printed[0], printed[1])
  }
}

/// A declared route: its values are found in the route itself (``ValueSearch``) and printed by
/// their codecs. (Its printing and checks are not overrides: see `RouteDefinition+Operations.swift`.)
final class TypedRoute<Route: Hashable & Sendable>: RouteBody<Route>, @unchecked Sendable {
  /// Builds the route from what it is given (``TypedInput``): one closure a route, which
  /// ``RouteDefinition/path(_:name:sources:_:)`` makes for the declared types.
  typealias Make = @Sendable (TypedInput) throws -> Route

  let declaration: TypedDeclaration
  private let make: Make

  init(declaration: TypedDeclaration, make: @escaping Make) {
    self.declaration = declaration
    self.make = make
  }

  override func parse(_ parameters: RouteParameters) throws -> Route { try make(.link(parameters)) }

  /// The route built from values of the declared types, as a route held them or a check drew
  /// them (none, for a declaration of no values).
  private func build(_ values: [any Sendable]) -> Route? { try? make(.values(values)) }

  override var compiledPattern: RoutePattern? { declaration.pattern }
  override var problems: [String] { declaration.problems }
  override var isPrintable: Bool { true }

  func print(_ route: Route) throws(DeepLinkError) -> [(name: String, value: String)]? {
    switch ValueSearch(slots: declaration.slots).values(of: route, build: build) {
    case .none: return nil
    case .one(let values): return declaration.parameters(printing: values)
    case .several(let first, let second):
      throw DeepLinkError(.invalidParameter, declaration.builtAlike(route, first, second))
    case .tooMany:
      throw DeepLinkError(.invalidParameter, RouteValues.tooMany(route))
    }
  }

  func verify(_ route: Route, _ parameters: RouteParameters) -> String? {
    guard let values = try? declaration.values(parameters), let expected = declaration.parameters(printing: values)
    else { return nil }
    switch ValueSearch(slots: declaration.slots).values(of: route, build: build) {
    case .one(let found):
      let printed = declaration.parameters(printing: found) ?? []
      return RouteValues.same(printed, expected) ? nil : RouteValues.changed(route, from: expected, printsAs: printed)
    case .none: return RouteValues.notKept(route, expected)
    case .several(let first, let second): return declaration.builtAlike(route, first, second)
    case .tooMany: return RouteValues.tooMany(route)
    }
  }

  var exampleRoute: Route? { declaration.exampleValues().flatMap(build) }

  #if DEBUG
    func sample(_ edge: Int, _ generator: inout SplitMix)
      -> (route: Route, parameters: [(name: String, value: String)])?
    {
      guard let values = declaration.sampleValues(edge, using: &generator),
        let printed = declaration.parameters(printing: values), let route = build(values)
      else { return nil }
      return (route, printed)
    }
  #endif

  var allowedValues: [String: [String]] { declaration.allowedValues }
}

/// What a declared route is built from: a link's parameters, each value read by its type, or
/// values of the declared types, in order, as a route held them or a check drew them.
enum TypedInput {
  case link(RouteParameters)
  case values([any Sendable])
}

/// The messages of the checks on a declared route's values.
enum RouteValues {
  /// Whether two lists of parameters hold the same values, compared as the route compares them
  /// (Swift's `String` equality: a precomposed and a decomposed `é` are one value), so that a
  /// debug build opens every link a release build opens.
  static func same(_ left: [(name: String, value: String)], _ right: [(name: String, value: String)]) -> Bool {
    left.elementsEqual(right) { $0.name == $1.name && $0.value == $1.value }
  }

  /// `id "5"`, `q "a", page "2"`; `no values`.
  static func listed(_ parameters: [(name: String, value: String)]) -> String {
    parameters.isEmpty ? "no values" : parameters.map { "\($0.name) \(quoted($0.value))" }.joined(separator: ", ")
  }

  static func changed(
    _ route: Any, from expected: [(name: String, value: String)], printsAs printed: [(name: String, value: String)]
  ) -> String {
    "built from \(listed(expected)), its route \(quoted(String(describing: route))) prints as \(listed(printed)), so two links would open it; build the route from each value unchanged"
  }

  static func notKept(_ route: Any, _ expected: [(name: String, value: String)]) -> String {
    "built from \(listed(expected)), its route \(quoted(String(describing: route))) does not keep those values as given, so it cannot be printed; build the route from each value unchanged"
  }

  static func builtAlike(
    _ route: Any, _ first: [(name: String, value: String)], _ second: [(name: String, value: String)]
  ) -> String {
    "its route \(quoted(String(describing: route))) is built alike from \(listed(first)) and from \(listed(second)), so two links would open it"
  }

  static func tooMany(_ route: Any) -> String {
    "its route \(quoted(String(describing: route))) holds more than \(ValueSearch.maxCombinations) combinations of values of its parameters' types, too many to tell which it was built from"
  }
}

/// A parameter whose text is not a value of its declared type; the router names the route.
package struct InvalidParameterValue: Error {
  var name: String
  var reason: String

  package init(name: String, reason: String) {
    self.name = name
    self.reason = reason
  }

  /// Why a codec could not read the parameter: it is missing, or its text `requirement` says.
  init(name: String, _ failure: any Error, requirement: String) {
    switch failure as? ParameterCodec.Failure {
    case .missing: self.init(name: name, reason: "is missing")
    case .invalid(let text): self.init(name: name, reason: "\(requirement), not \(quoted(text))")
    case nil: self.init(name: name, reason: "could not be read: \(failure)")
    }
  }
}
