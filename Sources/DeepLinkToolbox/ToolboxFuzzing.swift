import DeepLinkKit
import DeepLinkKitConfiguration

/// What the nested Fuzz package drives of the tool: its command-line parser, its all-or-nothing
/// file writer and its writers of JSON, JUnit XML, HTML and shell words. Reached through the
/// product `_DeepLinkToolbox`; not API (the leading underscore), and no app links it.
public enum _ToolboxFuzzing {
  /// `words` split as a command's arguments are: its options (`valued`), the options it takes
  /// more than once (`repeatable`) and its flags; `nil` for a usage error.
  public static func arguments(
    _ words: [String], valued: Set<String>, repeatable: Set<String>, flags: Set<String>
  ) -> (options: [String: String], repeated: [String: [String]], positional: [String], flags: Set<String>)? {
    guard let parsed = try? Arguments(words, options: valued, repeatable: repeatable, flags: flags) else { return nil }
    return (parsed.options, parsed.repeated, parsed.positional, parsed.flags)
  }

  /// The folder `--output VALUE` names, or `nil` when the tool refuses it as a usage error.
  public static func output(_ value: String) -> String? {
    try? Arguments(["--output", value], options: ["output"]).writtenPath("output")
  }

  /// Writes `files` under `root` as `site generate` does: the paths written, or the refusal.
  public static func writeTree(_ files: [(path: String, contents: [UInt8])], under root: String) -> Result<
    [String], ToolboxRefusal
  > {
    do {
      return .success(try TreeWriter(root: root).write(files))
    } catch {
      return .failure(ToolboxRefusal(message: error.message))
    }
  }

  /// `deeplink check-links`'s report of `list` (a file named `file`) against the built-in table,
  /// in `format` (`json` or `junit`; anything else, text).
  public static func checkLinksReport(_ list: String, file: String, format: String) -> String {
    let router = exampleRouter
    let results = LinkList(text: list).check(with: router)
    let failed = results.filter { !$0.passed }.count
    switch format {
    case "json": return CheckLinksCommand.json(results, file: file, failed: failed)
    case "junit": return CheckLinksCommand.junit(results, file: file, failed: failed)
    default: return CheckLinksCommand.text(results, file: file)
    }
  }

  /// The escapers every page, report and command line is written with.
  public static func escaped(_ text: String) -> (
    html: String, xml: String, xmlLine: String, shell: String, script: String
  ) {
    (
      MarkupText.html(text), MarkupText.xml(text), MarkupText.xml(text, oneLine: true), MarkupText.shellWord(text),
      MarkupText.script(text)
    )
  }

  private static let exampleRouter: LinkRouter<NamedRoute> = {
    do {
      return try RouteTable.makeRouter(json: DeepLinkTool.readTable(nil))
    } catch {
      preconditionFailure("the built-in table builds: \(error)")
    }
  }()
}

/// Why the tool wrote nothing.
public struct ToolboxRefusal: Error {
  /// The tool's message.
  public let message: String
}
