import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// The table the fuzz targets route against: every kind of segment, every source, a
/// least-privilege route, on two schemes and an exact, a wildcard and an international host.
public let fuzzTableJSON = """
  {
    "hostNames": "international",
    "schemes": ["myapp", "my-app.beta"],
    "hosts": ["app.example.com", "*.example.org", "例え.jp"],
    "maxURLLength": 2048,
    "routes": [
      { "name": "root", "path": "/" },
      { "name": "messages", "path": "/messages", "shortcut": "com.example.messages", "intent": "ShowMessages" },
      { "name": "message", "path": "/messages/:id",
        "push": { "when": { "type": "message" }, "parameters": { "id": "message_id" } } },
      { "name": "reply", "path": "/messages/:id/reply",
        "push": { "when": {}, "parameters": { "id": "message_id" }, "action": "REPLY" } },
      { "name": "request", "path": "/requests/:id(int)", "shortcut": "com.example.request", "activity": "com.example.request" },
      { "name": "order", "path": "/orders/:id(uuid)", "intent": "OpenOrder" },
      { "name": "wild", "path": "/a/*/c" },
      { "name": "pair", "path": "/a/:x/:y" },
      { "name": "docs", "path": "/docs/*path", "activity": "com.example.docs" },
      { "name": "cafe", "path": "/caf%C3%A9/:name" },
      { "name": "deleteAccount", "path": "/account/delete", "sources": ["inApp"] }
    ]
  }
  """

/// The router for ``fuzzTableJSON``.
/// The fuzz table's limits, as its JSON sets them.
public let fuzzLimits: InputLimits = {
  do {
    return try RouteTable(json: Data(fuzzTableJSON.utf8)).limits
  } catch {
    fatalError("the fuzz table does not read: \(error)")
  }
}()

public let fuzzRouter: LinkRouter<NamedRoute> = {
  do {
    return try RouteTable.makeRouter(json: Data(fuzzTableJSON.utf8))
  } catch {
    fatalError("the fuzz table does not build: \(error)")
  }
}()

/// Stops the fuzzer with a message: a guarantee was broken.
public func violation(_ message: String) -> Never {
  fatalError("guarantee broken: \(message)")
}

/// Checks the round trip of a resolved link: printing its route and resolving the printed link
/// (as from `source`, which opened it) must give the same route back. (Printing may refuse: a
/// route whose values cannot be printed is refused, never printed wrongly.)
public func checkRoundTrip(
  _ route: NamedRoute, router: LinkRouter<NamedRoute> = fuzzRouter, source: DeepLinkSource = .inApp
) {
  guard let printed = try? router.urlString(for: route) else { return }
  guard let again = try? router.resolve(printed, source: source) else {
    violation("\(route) printed as \(printed), which does not resolve")
  }
  guard again.route == route else { violation("\(route) printed as \(printed) resolves to \(again.route)") }
}

/// Checks that every path parameter and catch-all of a resolved route holds only what a link's
/// decoded segments can: whatever the source, no value fills the path that no link could.
public func checkPathValues(_ resolution: LinkResolution<NamedRoute>) {
  guard let pattern = FuzzPattern(resolution.pattern) else { violation("\(resolution.pattern) does not parse") }
  for segment in pattern.segments {
    let (name, isCatchAll): (String, Bool)
    switch segment {
    case .parameter(let parameter, _): (name, isCatchAll) = (parameter, false)
    case .catchAll(let parameter): (name, isCatchAll) = (parameter, true)
    case .literal, .wildcard: continue
    }
    guard let value = resolution.parameters[name] else { violation("\(resolution.route) lacks \(name)") }
    // Split on the bytes, as the library splits: a `/` followed by a combining mark is one
    // character with it, and a split on characters would leave a `..` part unchecked.
    let parts =
      isCatchAll
      ? value.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { String(Substring($0)) }
      : [value]
    for part in parts {
      let refused = part.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: scalar != "\u{200C}" && scalar != "\u{200D}"
        default: false
        }
      }
      if part.isEmpty || part == "." || part == ".." || refused {
        violation("\(resolution.source) filled \(name) of \(resolution.pattern) with \(value.debugDescription)")
      }
    }
  }
}
