extension LinkRouter {
  /// The query items of the link `input` carries (a URL, a universal link's web page, a push's
  /// link field), read without routing it: what the events of a link say of it before it resolves,
  /// or when it is refused, so that refusals can be counted per campaign (`utm_campaign`).
  ///
  /// Read as the router reads a query, within the table's limits: an item whose escape is
  /// malformed, whose name holds a refused character or whose value holds U+0000 is left out, as
  /// are items past `maxQueryItems`; a link longer than `maxURLLength` gives none.
  package func queryItems(carriedBy input: DeepLinkInput) -> RouteParameters {
    let link: String?
    switch input.kind {
    case .url(let url, _): link = url
    case .userActivity(let activity): link = activity.webpageURL
    case .push(let push): link = keyed.pushLinkFields.lazy.compactMap { push.fields[$0] }.first
    case .quickAction, .intent: link = nil
    }
    guard let link else { return RouteParameters() }
    let bytes = Array(link.utf8)
    guard bytes.count <= limits.maxURLLength, let query = bytes.withUnsafeBufferPointer({ URLParts($0)?.query })
    else { return RouteParameters() }
    var items: [(name: String, value: String)] = []
    // The items between `&`s, empty ones skipped: a loop, not `split` (0.8 KB of every app).
    var start = query.lowerBound
    while start < query.upperBound, items.count < limits.maxQueryItems {
      let end = bytes[start..<query.upperBound].firstIndex(of: UInt8(ascii: "&")) ?? query.upperBound
      let item = bytes[start..<end]
      start = end + 1
      let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
      let rawValue = equals == item.endIndex ? item[equals...] : item[(equals + 1)...]
      guard equals > item.startIndex, let name = PercentEncoding.decode(item[..<equals]),
        let value = PercentEncoding.decode(rawValue), TextRules.firstRefused(in: name) == nil,
        value.firstByte(in: .nul) == nil, name.utf8.count <= limits.maxValueLength,
        value.utf8.count <= limits.maxValueLength
      else { continue }
      items.append((name, value))
    }
    return RouteParameters(items)
  }
}
