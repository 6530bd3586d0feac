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
      // By UTF-8 bytes, not `Character`s: `-` followed by a joiner or a combining mark is one
      // character, and `--\u{200C}output` would pass for an argument.
      let bytes = argument.utf8
      if optionsEnded || !bytes.starts(with: "--".utf8) || argument == "-" {
        positional.append(argument)
      } else if bytes.count == 2 {
        optionsEnded = true
      } else {
        let body = bytes.dropFirst(2)
        var name = String(Substring(body))
        var value: String?
        if let equals = body.firstIndex(of: UInt8(ascii: "=")) {
          value = String(Substring(body[body.index(after: equals)...]))
          name = String(Substring(body[..<equals]))
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

  /// The value of an option that names a file or folder the command writes (`--output`,
  /// `--apns`), if given. An empty one is a usage error, and nothing is written: an unset
  /// variable in a script (`--output "$SITE"`) would otherwise name the working folder.
  func writtenPath(_ name: String) throws(UsageError) -> String? {
    guard let value = options[name] else { return nil }
    guard !value.isEmpty else {
      throw UsageError(message: "--\(name) is empty; name the \(name == "output" ? "folder" : "file") to write")
    }
    return value
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
