/// A command line split into options and positional arguments. Options may come anywhere;
/// `--` ends them.
struct Arguments {
  struct UsageError: Error { let message: String }

  private(set) var options: [String: String] = [:]
  /// The values of options that may be given more than once, in order.
  private(set) var repeated: [String: [String]] = [:]
  private(set) var positional: [String] = []
  /// The options given that take no value (`--simctl`).
  private(set) var flags: Set<String> = []

  init(
    _ arguments: some Sequence<String>, options valued: Set<String>, repeatable: Set<String> = [],
    flags allowedFlags: Set<String> = []
  ) throws(UsageError) {
    var iterator = arguments.makeIterator()
    var optionsEnded = false
    while let argument = iterator.next() {
      if optionsEnded || !argument.hasPrefix("--") || argument == "-" {
        positional.append(argument)
      } else if argument == "--" {
        optionsEnded = true
      } else {
        var name = String(argument.dropFirst(2))
        var value: String?
        if let equals = name.firstIndex(of: "=") {
          value = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        if allowedFlags.contains(name), value == nil {
          guard flags.insert(name).inserted else { throw UsageError(message: "--\(name) is given twice") }
          continue
        }
        guard valued.contains(name) || repeatable.contains(name) else {
          throw UsageError(message: "unknown option --\(name)")
        }
        guard let given = value ?? iterator.next() else { throw UsageError(message: "--\(name) needs a value") }
        if repeatable.contains(name) {
          repeated[name, default: []].append(given)
        } else {
          guard options[name] == nil else { throw UsageError(message: "--\(name) is given twice") }
          options[name] = given
        }
      }
    }
  }

  /// The value of `--format`, which must be one of `allowed`.
  func format(_ allowed: [String] = ["text", "json"]) throws(UsageError) -> String {
    let format = options["format"] ?? allowed[0]
    guard allowed.contains(format) else {
      throw UsageError(message: "--format must be \(allowed.joined(separator: " or ")), not \(shown(format))")
    }
    return format
  }
}
