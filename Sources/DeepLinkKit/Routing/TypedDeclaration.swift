/// A pattern bound to the Swift types of the values a route is built from: checks the two
/// against each other, and makes the definition's parse, print and examples from them.
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

  /// The pattern, its types and presences completed from the Swift types; `nil` when it does
  /// not parse (the router reports why).
  private(set) var pattern: RoutePattern?
  /// The pattern as written.
  let text: String
  private(set) var bindings: [Binding] = []
  private(set) var problems: [String] = []

  init(pattern text: String, codecs: [ParameterCodec?], typeNames: [String]) {
    self.text = text
    guard let parsed = try? RoutePattern(text) else { return }
    let names = parsed.parameterNames + parsed.query.map(\.name)
    guard names.count == codecs.count else {
      pattern = parsed
      let listed = names.isEmpty ? "no parameters" : "\(names.count) (\(names.joined(separator: ", ")))"
      problems.append(
        "names \(listed) but its route is built from \(codecs.count) value\(codecs.count == 1 ? "" : "s"); they are bound in order, path parameters first"
      )
      return
    }
    var segments = parsed.segments
    var query = parsed.query
    for (index, name) in names.enumerated() {
      guard let codec = codecs[index] else {
        problems.append("has parameter \(quoted(name)) of type \(typeNames[index]), which is not a LinkValue")
        continue
      }
      let isPath = index < parsed.parameterNames.count
      if isPath {
        let position = segments.firstIndex { $0.parameterName == name }!
        if let problem = Self.bind(&segments[position], codec, typeName: typeNames[index]) {
          problems.append("has path parameter \(quoted(name)) \(problem)")
        }
      } else if let problem = Self.bind(&query[index - parsed.parameterNames.count], codec, typeName: typeNames[index])
      {
        problems.append("has query parameter \(quoted(name)) \(problem)")
      }
      bindings.append(Binding(name: name, codec: codec))
    }
    pattern = RoutePattern(description: text, segments: segments, query: query)
  }

  /// Gives an untyped path parameter its Swift type's pattern type; why the two disagree, if they do.
  private static func bind(_ segment: inout RoutePattern.Segment, _ codec: ParameterCodec, typeName: String) -> String?
  {
    guard codec.shape == .one else {
      return "of type \(typeName); only a query parameter can be optional or repeated"
    }
    switch segment {
    case .parameter(let name, .string):
      segment = .parameter(name: name, type: codec.patternType)
    case .parameter(_, let type) where type != codec.patternType:
      return "declared (\(type.rawValue)) but of type \(typeName)"
    default: break
    }
    return nil
  }

  /// Gives a query parameter written without `?` or `*` its Swift type's presence; why the two
  /// disagree, if they do.
  private static func bind(_ parameter: inout RoutePattern.QueryParameter, _ codec: ParameterCodec, typeName: String)
    -> String?
  {
    if parameter.type != .string, parameter.type != codec.patternType {
      return "declared (\(parameter.type.rawValue)) but of type \(typeName)"
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
    case (.defaulted, _): return "of type \(typeName), which cannot have a default"
    case (.optional, _): return "marked optional (?) but of type \(typeName)"
    case (.repeated, _): return "marked repeated (*) but of type \(typeName)"
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
    for binding in bindings { values[binding.name] = binding.codec.allowedTexts }
    return values
  }

  /// The slots by which the route's values are located for printing.
  var slots: [ValueSlot] {
    bindings.map { ValueSlot(examples: $0.codec.examples, cast: $0.codec.cast, equal: $0.codec.equal) }
  }

  /// Why `failure` stops the route from being printed.
  func explain(_ failure: ValueLocatorFailure, extra: String? = nil) -> String {
    switch failure {
    case .noExample(let index) where index < bindings.count:
      "has parameter \(quoted(bindings[index].name)), whose type gives no example values; make it CaseIterable or give it linkExamples"
    case .notKept(let index) where index < bindings.count:
      "does not keep parameter \(quoted(bindings[index].name)) in its route as given, so the route cannot be printed; build the route from the value unchanged"
    default:
      extra ?? "cannot be printed"
    }
  }

  /// The definition: print and examples from the declaration, or its problems.
  ///
  /// - Parameters:
  ///   - build: The route of values of the declared types, in order.
  ///   - parse: The route of a link's parameters, each value read by its codec
  ///     (``ParameterCodec/value(_:_:_:)``).
  func definition<Route: Hashable & Sendable>(
    name: String?, sources: Set<DeepLinkSource>?, build: @escaping @Sendable ([any Sendable]) -> Route,
    parse: @escaping RouteDefinition<Route>.Parse
  ) -> RouteDefinition<Route> {
    guard let pattern else {
      // The router names the pattern's syntax error.
      return RouteDefinition(
        pattern: text, name: name, sources: sources,
        parse: { _ in throw DeepLinkError(.noRoute, "the pattern does not parse") }, printer: nil)
    }
    var problems = self.problems
    var locator: ValueLocator<Route>?
    if problems.isEmpty {
      do {
        locator = try ValueLocator(slots: slots, build: build)
      } catch {
        problems.append(explain(error))
      }
    }
    let declaration = self
    let generate: @Sendable (inout SplitMix) -> Route? = { generator in
      var values: [any Sendable] = []
      for binding in declaration.bindings {
        guard let value = binding.codec.generate(&generator) else { return nil }
        values.append(value)
      }
      return build(values)
    }
    var printer: RouteDefinition<Route>.Printer?
    if let locator {
      printer = { route in
        guard let values = locator.values(of: route) else { return nil }
        return declaration.parameters(printing: values)
      }
    }
    return RouteDefinition(
      pattern: pattern.description, name: name, sources: sources, parse: parse, printer: printer,
      compiledPattern: pattern, examples: locator.map { [$0.example] } ?? [], generate: generate,
      allowedValues: allowedValues, problems: problems)
  }
}

/// A parameter whose text is not a value of its declared type; the router names the route.
struct InvalidParameterValue: Error {
  var name: String
  var reason: String

  init(name: String, reason: String) {
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
