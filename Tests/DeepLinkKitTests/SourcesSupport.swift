import DeepLinkKit

/// A table whose routes are opened by every kind of source.
let sourcesRouter = try! TestTable(
  schemes: ["myapp"], hosts: ["app.example.com"],
  routes: [
    .init(
      name: "message", path: "/messages/:id",
      push: PushRule(when: ["type": "message"], parameters: ["id": "message_id"])),
    .init(
      name: "thread", path: "/threads/:id(int)",
      push: PushRule(when: ["type": "message", "thread": "true"], parameters: ["id": "thread_id"])),
    .init(
      name: "reply", path: "/messages/:id/reply",
      push: PushRule(when: [:], parameters: ["id": "message_id"], action: "REPLY")),
    .init(name: "activity", path: "/activity", shortcut: "com.example.activity", intent: "ShowActivityIntent"),
    .init(
      name: "request", path: "/requests/:id(int)", shortcut: "com.example.request", intent: "OpenRequestIntent",
      activity: "com.example.request"),
    .init(name: "docs", path: "/docs/*path", activity: "com.example.docs"),
    .init(name: "deleteAccount", path: "/account/delete", sources: [.inApp], shortcut: "com.example.delete"),
  ]
).makeRouter()

/// What resolving an input gave: the route and source, or the error.
func outcome(_ input: DeepLinkInput, router: LinkRouter<TestRoute> = sourcesRouter) -> Result<
  (TestRoute, DeepLinkSource), DeepLinkError
> {
  Result { () throws(DeepLinkError) in
    let resolution = try router.resolve(input)
    return (resolution.route, resolution.source)
  }
}

extension Result where Success == (TestRoute, DeepLinkSource), Failure == DeepLinkError {
  var route: TestRoute? { try? get().0 }
  var source: DeepLinkSource? { try? get().1 }
  var error: DeepLinkError? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

func tableProblems(_ entries: [TestTable.Entry]) -> [String] {
  do {
    _ = try TestTable(schemes: ["myapp"], routes: entries).makeRouter()
    return []
  } catch {
    return error.problems.map(\.message)
  }
}
