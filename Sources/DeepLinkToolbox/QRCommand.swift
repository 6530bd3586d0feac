import DeepLinkKit
import DeepLinkKitConfiguration
import Foundation

/// `deeplink qr`: a QR code for print (a poster, packaging, a table tent), of a link checked to
/// open its route first.
enum QRCommand {
  static let command: Command = Command(
    path: ["qr"], abstract: "Writes a QR code for print, of a link checked to open its route.",
    discussion: """
      Give a link (it must open a route of the table), or a route's name and its values (the link \
      is the one `deeplink url` prints). The file's extension chooses PNG (1-bit, compressed) or \
      SVG. --level sets how much of the code may be lost and still read: L 7%, M 15% (the default), \
      Q 25%, H 30% (for a logo printed over the middle). The quiet zone is --border modules (4, as \
      the standard asks); the size is --scale pixels a module, or --pixels for the whole image.
      """,
    options: [
      .routes,
      Option(
        name: "output", value: "file", help: "The file to write: NAME.png or NAME.svg.", completion: .file,
        isRequired: true),
      Option(
        name: "level", value: "level", help: "The error correction level: L, M, Q or H.",
        completion: .choices(QRCode.Level.allCases.map(\.rawValue)), defaultValue: "M"),
      Option(name: "border", value: "modules", help: "The quiet zone around the code, in modules.", defaultValue: "4"),
      Option(name: "scale", value: "pixels", help: "Pixels a module (default 8; not with --pixels)."),
      Option(name: "pixels", value: "pixels", help: "The image's width and height, quiet zone included."),
    ],
    arguments: [
      Argument(name: "link-or-name", help: "A link, or a route's name (`deeplink routes` lists them)."),
      Argument(name: "key=value", help: "A route parameter's value.", isOptional: true, isRepeating: true),
    ],
    run: qr)

  static func qr(_ arguments: Arguments) throws -> Int32 {
    guard let output = try arguments.writtenPath("output") else {
      throw Arguments.UsageError(message: "qr needs --output <file>")
    }
    let isSVG = output.lowercased().hasSuffix(".svg")
    guard isSVG || output.lowercased().hasSuffix(".png") else {
      throw Arguments.UsageError(message: "--output \(shown(output)) names neither a .png nor a .svg file")
    }
    guard let level = QRCode.Level(rawValue: (arguments.options["level"] ?? "M").uppercased()) else {
      throw Arguments.UsageError(message: "--level is L, M, Q or H")
    }
    let border = try number("border", default: 4, in: 0...64, arguments)
    if arguments.options["scale"] != nil, arguments.options["pixels"] != nil {
      throw Arguments.UsageError(message: "--scale and --pixels both set the size; give one")
    }
    guard let first = arguments.positional.first else {
      throw Arguments.UsageError(message: "qr needs a link, or a route's name and its values")
    }
    let loaded = try DeepLinkTool.loadTable(arguments.options["routes"])
    let router = try loaded.router()
    let link: String
    let opened: NamedRoute
    do {
      if first.contains("://") {
        guard arguments.positional.count == 1 else {
          throw Arguments.UsageError(message: "a link takes no KEY=VALUE values; give a route's name for those")
        }
        link = first
        opened = try router.route(for: link)
      } else {
        guard let entry = loaded.table.routes.first(where: { $0.name == first }) else {
          let names = loaded.table.routes.map(\.name).joined(separator: ", ")
          printError("deeplink: noRoute: no route is named \(shown(first)) (routes: \(TextRules.escaped(names)))")
          return 1
        }
        link = try router.urlString(for: DeepLinkTool.namedRoute(entry, values: arguments.positional.dropFirst()))
        opened = try router.route(for: link)
      }
    } catch let error as DeepLinkError {
      printError("deeplink: \(error.code): the link opens no route, so it gets no code: \(error.message)")
      return 1
    }
    let code: QRCode
    do {
      code = try QRCode(link, level: level)
    } catch {
      printError("deeplink: tooLarge: \(error.description)")
      return 1
    }
    let side = code.size + 2 * border
    var scale = try number("scale", default: 8, in: 1...100, arguments)
    var width = side * scale
    if arguments.options["pixels"] != nil {
      let pixels = try number("pixels", default: 0, in: 1...20_000, arguments)
      guard pixels >= side else {
        throw Arguments.UsageError(
          message: "--pixels \(pixels) is under one pixel a module: this code is \(side) modules with its quiet zone")
      }
      // A PNG has whole pixels a module, so it is the largest that fits; an SVG scales to any size.
      scale = pixels / side
      width = isSVG ? pixels : side * scale
    }
    let bytes = isSVG ? Array(code.svg(pixels: width, border: border).utf8) : code.png(scale: scale, border: border)
    do {
      try Data(bytes).write(to: URL(fileURLWithPath: output))
    } catch {
      throw DeepLinkTool.TableFailure(
        message: "cannot write \(shown(output)): \((error as NSError).localizedDescription)")
    }
    print(link)
    printError(
      "deeplink: wrote \(shown(output)): opens \(opened); version \(code.version), level \(level.rawValue), "
        + "\(code.size)×\(code.size) modules and a quiet zone of \(border), \(width) pixels a side")
    return 0
  }

  /// The whole number an option gives, in `range`; `fallback` when it is not given.
  private static func number(_ name: String, default fallback: Int, in range: ClosedRange<Int>, _ arguments: Arguments)
    throws(Arguments.UsageError) -> Int
  {
    guard let text = arguments.options[name] else { return fallback }
    guard let value = Int(text), range.contains(value) else {
      throw Arguments.UsageError(
        message: "--\(name) is a whole number from \(range.lowerBound) to \(range.upperBound), not \(shown(text))")
    }
    return value
  }
}
