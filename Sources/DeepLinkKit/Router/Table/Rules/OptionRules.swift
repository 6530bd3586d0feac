/// Each custom scheme is a scheme (a letter, then letters, digits, `+`, `-` or `.`), and not a
/// web scheme.
enum SchemeRule {
  static func problems(in schemes: [String]) -> [RouteTableError.Problem] {
    schemes.compactMap { scheme in
      let reason: String? =
        switch URLScheme.problem(scheme) {
        case nil: nil
        case .notAScheme?: "a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""
        case .webScheme?: "http and https are not custom schemes; list universal-link hosts instead"
        }
      return reason.map { .init(.invalidOption, "scheme \(quoted(scheme)): \($0)") }
    }
  }
}

/// Each universal-link host is a valid host name, or `*.` and one (``HostList``).
enum HostRule {
  /// The hosts' problems; each valid host is added to `list`, which the router keeps (each host
  /// is normalized once).
  static func problems(in hosts: [String], listing list: inout HostList) -> [RouteTableError.Problem] {
    var problems: [RouteTableError.Problem] = []
    for host in hosts {
      do { try list.add(host) } catch { problems.appendUnspecialized(contentsOf: error.problems) }
    }
    return problems
  }
}

/// Each limit is positive and within its ceiling (``InputLimits``).
enum LimitsRule {
  static func problems(in limits: InputLimits) -> [RouteTableError.Problem] { limits.problems }
}

/// No push URL key is empty.
enum PushURLKeysRule {
  static func problems(in pushURLKeys: [String]) -> [RouteTableError.Problem] {
    guard pushURLKeys.contains(where: \.isEmpty) else { return [] }
    return [.init(.invalidOption, "pushURLKeys holds an empty key; name the payload fields that hold a link")]
  }
}
