/// `deeplink completion zsh|bash|fish`: a completion script made from the commands' declarations.
/// Each script finds the command the line names the same way (as many words as name commands),
/// then offers its subcommands, its options, an option's values (files, folders, choices) or its
/// arguments'. After `help`, the words name a command too, and only its subcommands are offered:
/// `deeplink help aasa <TAB>` offers `aasa`'s.
enum Completions {
  static let shells = ["zsh", "bash", "fish"]

  static let command: Command = Command(
    path: ["completion"], abstract: "Prints a shell completion script: zsh, bash or fish.",
    discussion: """
      bash: `source <(deeplink completion bash)`. zsh: `deeplink completion zsh > ~/.zfunc/_deeplink` (a \\
      folder on fpath). fish: `deeplink completion fish > ~/.config/fish/completions/deeplink.fish`.
      """,
    arguments: [Argument(name: "shell", help: "zsh, bash or fish.", completion: .choices(shells))],
    run: { arguments in
      let shell = arguments.positional.first ?? ""
      guard let script = script(for: shell, root: DeepLinkTool.root) else {
        throw Arguments.UsageError(message: "completion takes zsh, bash or fish, not \(shown(shell))")
      }
      print(script, terminator: "")
      return 0
    })

  /// The script for `shell`, or `nil` for a shell it does not know.
  static func script(for shell: String, root: Command) -> String? {
    switch shell {
    case "bash": bash(root)
    case "zsh": zsh(root)
    case "fish": fish(root)
    default: nil
    }
  }

  /// Every command, the root first, each before its subcommands. (A `.commands` argument, help's,
  /// is completed apart: the words after `help` name a command, whose subcommands are offered.)
  static func all(_ root: Command) -> [Command] { [root] + root.subcommands.flatMap(all) }

  /// The shell pattern of every command path but the root's: `" resolve"|" aasa generate"`.
  private static func pathPattern(_ root: Command, quote: String, separator: String) -> String {
    all(root).dropFirst().map { "\(quote) \($0.name)\(quote)" }.joined(separator: separator)
  }

  /// The commands that have subcommands, the root first: what `help` completes, level by level.
  private static func groups(_ root: Command) -> [Command] { all(root).filter { !$0.subcommands.isEmpty } }

  /// The words a command's line offers: its subcommands, or its options, then help.
  private static func words(of command: Command) -> [String] {
    command.subcommandWords + command.options.map { "--\($0.name)" }
      + (command.path.isEmpty ? ["--version"] : []) + ["--help"]
  }

  // MARK: - bash

  static func bash(_ root: Command) -> String {
    var valueCases: [String] = []
    var commandCases: [String] = []
    let helpCases = groups(root).map {
      "    \"\($0.name)\") COMPREPLY=($(compgen -W \"\($0.subcommandWords.joined(separator: " "))\" -- \"$cur\")) ;;"
    }
    for command in all(root) {
      for option in command.options where option.value != nil {
        valueCases.append("    \"\(command.name)|--\(option.name)\") \(bashReply(option.completion)); return ;;")
      }
      let offered = words(of: command).joined(separator: " ")
      let argument = command.arguments.first?.completion ?? .none
      let positional =
        argument == .none || !command.subcommands.isEmpty ? "" : " \(bashReply(argument)); [[ $cur == -* ]] &&"
      commandCases.append(
        "    \"\(command.name)\")\(positional) COMPREPLY=($(compgen -W \"\(offered)\" -- \"$cur\")) ;;")
    }
    return """
      # bash completion for deeplink: source <(deeplink completion bash)
      _deeplink() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} path="" i helping=0
        for ((i = 1; i < COMP_CWORD; i++)); do
          # `deeplink help …`: the words after it name the command whose subcommands to offer.
          if ((i == 1)) && [[ ${COMP_WORDS[i]} == help ]]; then helping=1; continue; fi
          case "$path ${COMP_WORDS[i]}" in
            \(pathPattern(root, quote: "\"", separator: "|"))) path="$path ${COMP_WORDS[i]}" ;;
            *) break ;;
          esac
        done
        path=${path# }
        if ((helping)); then
          case "$path" in
      \(helpCases.joined(separator: "\n"))
          esac
          return
        fi
        case "$path|$prev" in
      \(valueCases.joined(separator: "\n"))
        esac
        case "$path" in
      \(commandCases.joined(separator: "\n"))
        esac
      }
      complete -o filenames -F _deeplink deeplink

      """
  }

  private static func bashReply(_ completion: Completion) -> String {
    switch completion {
    case .none: "COMPREPLY=()"
    case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
    case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"))"
    case .choices(let choices): "COMPREPLY=($(compgen -W \"\(choices.joined(separator: " "))\" -- \"$cur\"))"
    case .commands: "COMPREPLY=()"
    }
  }

  // MARK: - zsh

  static func zsh(_ root: Command) -> String {
    var cases: [String] = []
    let helpCases = groups(root).map { command in
      let described = command.subcommands.map { "'\(zshQuoted($0.word + ":" + zshEscaped($0.abstract)))'" }
      return "      (\(zshCase(command))) local -a subcommands=(\(described.joined(separator: " "))); "
        + "_describe subcommand subcommands ;;"
    }
    for command in all(root) {
      if !command.subcommands.isEmpty {
        let described = command.subcommands.map {
          "'\(zshQuoted($0.word + ":" + zshEscaped($0.abstract)))'"
        }
        cases.append(
          "    (\(zshCase(command))) local -a subcommands=(\(described.joined(separator: " "))); _describe subcommand subcommands"
            + (command.path.isEmpty
              ? "; _arguments '--version[Show the version.]' '(-h --help)'{-h,--help}'[Show help information.]'" : "")
            + " ;;")
        continue
      }
      var specs = command.options.map { option -> String in
        let head = (option.isRepeatable ? "*" : "") + "--\(option.name)[\(zshEscaped(option.help))]"
        guard let value = option.value else { return "'\(zshQuoted(head))'" }
        return "'\(zshQuoted(head + ":\(value):" + zshAction(option.completion)))'"
      }
      specs.append("'(-h --help)'{-h,--help}'[Show help information.]'")
      for argument in command.arguments {
        let head = argument.isRepeating ? "*" : (argument.isOptional ? "::" : ":")
        let spec = argument.isRepeating ? "*:\(argument.name):" : head + "\(argument.name):"
        specs.append("'\(zshQuoted(spec + zshAction(argument.completion)))'")
      }
      cases.append("    (\(zshCase(command))) _arguments \(specs.joined(separator: " ")) ;;")
    }
    return """
      #compdef deeplink
      # zsh completion for deeplink: deeplink completion zsh > ~/.zfunc/_deeplink (a folder on fpath)
      _deeplink() {
        local path="" i=2 helping=0
        while (( i < CURRENT )); do
          # `deeplink help …`: the words after it name the command whose subcommands to offer.
          if (( i == 2 )) && [[ ${words[i]} == help ]]; then helping=1; (( i++ )); continue; fi
          case "$path ${words[i]}" in
            (\(pathPattern(root, quote: "\"", separator: "|"))) path="$path ${words[i]}" ;;
            (*) break ;;
          esac
          (( i++ ))
        done
        path=${path# }
        if (( helping )); then
          case "$path" in
      \(helpCases.joined(separator: "\n"))
          esac
          return
        fi
        # The command's own words, its name first, as _arguments reads them.
        words=("${(@)words[i-1,-1]}")
        (( CURRENT -= i - 2 ))
        case "$path" in
      \(cases.joined(separator: "\n"))
        esac
      }
      _deeplink "$@"

      """
  }

  private static func zshCase(_ command: Command) -> String { "\"\(command.name)\"" }

  private static func zshAction(_ completion: Completion) -> String {
    switch completion {
    case .none: " "
    case .file: "_files"
    case .directory: "_files -/"
    case .choices(let choices): "(\(choices.joined(separator: " ")))"
    case .commands: " "
    }
  }

  /// Text inside an `_arguments` description: brackets and colons escaped.
  private static func zshEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
  }

  /// Text inside single quotes.
  private static func zshQuoted(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "'\\''") }

  // MARK: - fish

  static func fish(_ root: Command) -> String {
    var lines = [
      "# fish completion for deeplink: deeplink completion fish > ~/.config/fish/completions/deeplink.fish",
      "# The command the words $argv name, as many of them as name commands.",
      "function __deeplink_path",
      "    set -l path",
      "    for word in $argv",
      "        switch \"$path $word\"",
      "            case \(pathPattern(root, quote: "'", separator: " "))",
      "                set path \"$path $word\"",
      "            case '*'",
      "                break",
      "        end",
      "    end",
      "    string trim -- \"$path\"",
      "end",
      "function __deeplink_command",
      "    set -l words (commandline -opc)",
      "    set -e words[1]",
      "    __deeplink_path $words",
      "end",
      "# `deeplink help …`: whether the words after `help` name the command $argv[1].",
      "function __deeplink_help_names",
      "    set -l words (commandline -opc)",
      "    test \"$words[2]\" = help; or return 1",
      "    set -e words[1..2]",
      "    test \"$(__deeplink_path $words)\" = \"$argv[1]\"",
      "end",
      "complete -c deeplink -f",
    ]
    for command in groups(root) {
      for sub in command.subcommands {
        lines.append(
          "complete -c deeplink -n \(fishQuoted("__deeplink_help_names '\(command.name)'")) -a \(fishQuoted(sub.word))"
            + " -d \(fishQuoted(sub.abstract))")
      }
    }
    for command in all(root) {
      let condition = "-n 'test \"$(__deeplink_command)\" = \"\(command.name)\"'"
      for sub in command.subcommands {
        lines.append(
          "complete -c deeplink \(condition) -a \(fishQuoted(sub.word)) -d \(fishQuoted(sub.abstract))")
      }
      for option in command.options {
        var line = "complete -c deeplink \(condition) -l \(option.name)"
        switch (option.value, option.completion) {
        case (nil, _): break
        case (_, .file): line += " -r -F"
        case (_, .directory): line += " -x -a '(__fish_complete_directories)'"
        case (_, .choices(let choices)): line += " -x -a \(fishQuoted(choices.joined(separator: " ")))"
        case (_, .none), (_, .commands): line += " -x"
        }
        lines.append(line + " -d \(fishQuoted(option.help))")
      }
      if command.path.isEmpty { lines.append("complete -c deeplink \(condition) -l version -d 'Show the version.'") }
      lines.append("complete -c deeplink \(condition) -s h -l help -d 'Show help information.'")
      for argument in command.arguments {
        switch argument.completion {
        case .none, .commands: break
        case .file: lines.append("complete -c deeplink \(condition) -F")
        case .directory: lines.append("complete -c deeplink \(condition) -a '(__fish_complete_directories)'")
        case .choices(let choices):
          lines.append("complete -c deeplink \(condition) -a \(fishQuoted(choices.joined(separator: " ")))")
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func fishQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
  }
}
