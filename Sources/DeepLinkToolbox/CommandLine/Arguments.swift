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
        if allowedFlags.contains(name) {
          guard value == nil else { throw UsageError(message: "--\(name) takes no value") }
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

  /// Parses the words after a command's name by its declaration. An unknown option, an option
  /// without its value or given twice, a required option or argument missing, and an argument
  /// the command does not take are usage errors.
  init(_ arguments: some Sequence<String>, for command: Command) throws(UsageError) {
    let valued = command.options.filter { $0.value != nil }
    try self.init(
      arguments, options: Set(valued.filter { !$0.isRepeatable }.map(\.name)),
      repeatable: Set(valued.filter(\.isRepeatable).map(\.name)),
      flags: Set(command.options.filter { $0.value == nil }.map(\.name)))
    for option in command.options where option.isRequired && options[option.name] == nil && repeated[option.name] == nil
    {
      throw UsageError(message: "\(command.name) needs --\(option.name) \(option.valueLabel)")
    }
    let declared = command.arguments
    let required = declared.filter { !$0.isOptional }
    if positional.count < required.count {
      throw UsageError(message: "\(command.name) needs \(required[positional.count].label)")
    }
    if !declared.contains(where: \.isRepeating), positional.count > declared.count {
      throw UsageError(
        message: declared.isEmpty
          ? "\(command.name) takes no arguments"
          : "\(command.name) takes \(declared.map(\.label).joined(separator: " ")), not \(positional.count) arguments")
    }
  }

  /// The value of an option the command declares required: its parser has checked it is given.
  func required(_ name: String) -> String { options[name] ?? "" }

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
