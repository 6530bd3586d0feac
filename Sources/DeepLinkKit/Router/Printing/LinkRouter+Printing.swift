import Foundation

extension LinkRouter {
  /// The link that opens `route`, as text.
  ///
  /// The first definition whose `print` accepts the route prints it: path parameters fill the
  /// pattern, percent-encoded; other parameters become query items, sorted by name. The form is a
  /// universal link on the first listed host without a wildcard, or else the first custom scheme
  /// (`myapp://messages/42`). The printed link is resolved again before it is returned, so a link
  /// that would open something else (a parameter value that collides with a literal route, or a
  /// `parse` that disagrees with its `print`) is refused rather than handed out.
  ///
  /// - Parameter route: The app's route.
  /// - Returns: A link that resolves to `route`.
  /// - Throws: ``DeepLinkError``: `noRoute` when no definition prints the route,
  ///   `invalidParameter` when a parameter is missing, has the wrong type or cannot round-trip.
  public func urlString(for route: Route) throws(DeepLinkError) -> String {
    guard let (index, printed) = definitionPrinting(route) else {
      throw DeepLinkError(.noRoute, "no route definition prints \(quoted(String(describing: route)))")
    }
    switch printed {
    case .success(let values):
      return try checkedLink(definitionAt: index, values: values, for: route)
    case .failure(let error):
      throw DeepLinkError(
        error.code, "\(definitions[index].label) cannot print \(quoted(String(describing: route))): \(error.message)")
    }
  }

  /// The definition whose link opens `route`: the first that prints it, with what it printed, or
  /// why it could not (a definition whose printing fails on the route still claims it); `nil`
  /// when no definition prints it.
  func definitionPrinting(_ route: Route)
    -> (index: Int, printed: Result<[(name: String, value: String)], DeepLinkError>)?
  {
    for index in printable {
      do {
        if let values = try definitions[index].print(route) { return (index, .success(values)) }
      } catch {
        return (index, .failure(error))
      }
    }
    return nil
  }

  /// The link the definition at `index` prints from `values`, resolved again: it must open `route`.
  private func checkedLink(definitionAt index: Int, values: [(name: String, value: String)], for route: Route)
    throws(DeepLinkError) -> String
  {
    let link = try urlString(definitionAt: index, parameters: values)
    let request = try adapter.request(for: link, source: nil)
    let resolved: LinkResolution<Route>
    do {
      resolved = try resolve(request, checkingSources: false)
    } catch {
      throw DeepLinkError(
        .invalidParameter,
        "the link \(quoted(link)) printed by \(definitions[index].label) does not open it: \(error.message)")
    }
    guard resolved.route == route else {
      if resolved.pattern == definitions[index].pattern {
        throw DeepLinkError(
          .invalidParameter,
          "the link \(quoted(link)) printed by \(definitions[index].label) opens \(quoted(String(describing: resolved.route))) instead; a value does not read back as itself"
        )
      }
      throw DeepLinkError(
        .invalidParameter,
        "the link \(quoted(link)) printed by \(definitions[index].label) opens route \(resolved.pattern) instead; a parameter value collides with another route"
      )
    }
    return link
  }

  /// The link that opens `route`, as a `URL`.
  ///
  /// - Parameter route: The app's route.
  /// - Returns: A link that resolves to `route`.
  /// - Throws: As ``urlString(for:)`` does.
  public func url(for route: Route) throws(DeepLinkError) -> URL {
    let text = try urlString(for: route)
    guard let url = URL(string: text) else {
      throw .malformed("Foundation does not accept the printed link \(quoted(text))")
    }
    return url
  }

  /// Prints the link for the definition at `index` from its parameters, in `form`.
  package func urlString(
    definitionAt index: Int, parameters list: [(name: String, value: String)], form: LinkForm = .preferred
  ) throws(DeepLinkError) -> String {
    let definition = definitions[index]
    let parameters = Dictionary(list.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    var path: [String] = []
    var used: Set<String> = []
    for segment in patterns[index].segments {
      switch segment {
      case .literal(let text):
        path.append(PercentEncoding.encodePathSegment(text))
      case .parameter, .catchAll:
        guard
          let (name, value) = try NamedValues.value(
            for: segment, in: parameters, of: { definition.label }, limits: limits,
            segmentCount: patterns[index].segments.count)
        else { continue }
        // A catch-all's value spans segments; a parameter's is one, with any "/" encoded.
        let parts: [String]
        if case .catchAll = segment {
          parts = value.slashSeparatedParts
        } else {
          parts = [value]
        }
        for part in parts { path.append(PercentEncoding.encodePathSegment(part)) }
        used.insertUnspecialized(name)
      case .wildcard:
        throw DeepLinkError(
          .noRoute, "\(definition.label) has an unnamed wildcard \"*\", so no link can be printed for it")
      }
    }
    let declared = patterns[index].query
    for parameter in declared where parameter.presence == .required && parameters[parameter.name] == nil {
      throw .invalidParameter(parameter.name, "of \(definition.label) is missing")
    }
    // Declared query parameters in the pattern's order, then the others by name; the items of a
    // repeated name keep their order.
    let rank = { (name: String) in declared.firstIndex { $0.name == name } ?? declared.count }
    let query = stableSorted(list.filter { !used.contains($0.name) }) { (rank($0.name), $0.name) }
      .map { PercentEncoding.encodeQueryComponent($0.name) + "=" + PercentEncoding.encodeQueryComponent($0.value) }
      .joined(separator: "&")
    let suffix = query.isEmpty ? "" : "?" + query
    if form == .preferred,
      let host = definition.host.flatMap({ try? adapter.hosts.normalize($0) }) ?? adapter.hosts.canonicalHost
    {
      return "https://\(host)/" + path.joined(separator: "/") + suffix
    }
    if let scheme = adapter.schemeList.first {
      return "\(scheme)://" + path.joined(separator: "/") + suffix
    }
    throw DeepLinkError(.unsupportedScheme, "the table lists no scheme and no host, so no link can be printed")
  }
}

extension String {
  /// The parts between `/` characters, empty ones kept (split on the bytes).
  package var slashSeparatedParts: [String] { parts(separatedBy: UInt8(ascii: "/")) }
}

/// The form of a printed link. (Not nested in the generic router: each conformance of a nested
/// type, `Equatable` and `Hashable` here, was generic code of its own.)
package enum LinkForm {
  /// A universal link when the table lists a host, else a custom-scheme link.
  case preferred
  /// A link in the table's first custom scheme.
  case customScheme
}
