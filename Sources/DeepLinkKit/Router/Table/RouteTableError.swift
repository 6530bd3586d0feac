/// Why a route table could not be built.
///
/// A table is checked as a whole, so one error reports every problem found: each bad pattern,
/// each pair of conflicting routes, each bad option. Table problems are programming or
/// configuration mistakes, found once when the table is built; they are kept apart from
/// ``DeepLinkError``, which explains why one arriving link was refused.
///
/// ```swift
/// do {
///   _ = try LinkRouter<String>(schemes: ["myapp"], routes: [
///     .path("/messages/:id", to: "a"), .path("/messages/:number", to: "b"),
///   ])
/// } catch {
///   print(error.problems[0].message)
///   // routes /messages/:id and /messages/:number have the same shape; a link could match either
/// }
/// ```
public struct RouteTableError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One thing wrong with a route table.
  public struct Problem: CodedMessage {
    /// A stable identifier for a kind of table problem.
    public struct Code: StableCode {
      public let rawValue: String
      /// Creates a code from its raw value.
      public init(rawValue: String) { self.rawValue = rawValue }

      /// A pattern breaks the pattern syntax.
      public static let invalidPattern = Code(rawValue: "invalidPattern")
      /// A Swift declaration cannot work both ways: its pattern and its route's values disagree,
      /// or it cannot print its own route.
      public static let invalidDeclaration = Code(rawValue: "invalidDeclaration")
      /// Two routes have the same shape, so a link could match either.
      public static let conflict = Code(rawValue: "conflict")
      /// Two routes of a JSON table have the same name.
      public static let duplicateName = Code(rawValue: "duplicateName")
      /// A scheme, host or option is not acceptable.
      public static let invalidOption = Code(rawValue: "invalidOption")
      /// A JSON table is not valid JSON, has an unknown key or a value of the wrong type.
      public static let invalidTable = Code(rawValue: "invalidTable")
    }

    /// What kind of problem this is.
    public let code: Code
    /// A sentence for people, naming the pattern, route or key at fault.
    public let message: String

    /// Creates a problem.
    package init(_ code: Code, _ message: String) {
      self.code = code
      self.message = message
    }

  }

  /// Every problem found, in table order.
  public let problems: [Problem]

  /// Creates an error from the problems found.
  package init(problems: [Problem]) { self.problems = problems }

  /// The problems' messages, one per line.
  public var description: String {
    problems.map(\.message).joined(separator: "\n")
  }
}
