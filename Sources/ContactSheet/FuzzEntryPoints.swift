import Foundation
import SheetImages
import SheetLayout
import SheetRender
import SheetXMP

/// The parsers hostile text reaches, callable with bytes: what the fuzzing harnesses in
/// `Fuzz/` drive. Each returns normally or throws; a crash, a hang or a huge allocation is a
/// bug.
package enum FuzzEntryPoints {
  /// Reads `bytes` as a manifest (JSON when `json`, else YAML) from a scratch file, as
  /// `render catalog.json` does.
  package static func manifest(_ bytes: [UInt8], json: Bool) throws {
    let path = try scratch(bytes, extension: json ? "json" : "yaml")
    _ = try ManifestReader.read(path)
  }

  /// Reads `bytes` as a CSV catalog, as `render catalog.csv` does (in any encoding, a shop's
  /// export when its columns say so), then as `--strict` reads it.
  package static func csv(_ bytes: [UInt8]) throws {
    let path = try scratch(bytes, extension: "csv")
    var catalog = Catalog()
    var options = CSVOptions()
    options.sectionColumn = "section"
    try? CSVCatalogReader.read(path, options: options, into: &catalog)
    var strict = CSVOptions()
    strict.refusesMalformedRows = true
    var again = Catalog()
    try CSVCatalogReader.read(path, options: strict, into: &again)
  }

  /// Converts `bytes` as a shop's HTML description to caption markup, which must be valid
  /// Pango markup, and marks its lines' directions.
  package static func html(_ bytes: [UInt8]) throws {
    let markup = HTMLMarkup.markup(String(decoding: bytes, as: UTF8.self))
    precondition(
      CaptionBuilder.isValidMarkup(markup), "HTMLMarkup made invalid markup: \(markup.debugDescription)")
    _ = CaptionDirection.markingLines(markup, rightToLeftDocument: bytes.first.map { $0 & 1 == 1 } ?? false)
  }

  /// Reads `bytes` as a style file (YAML), as `--style` does.
  package static func style(_ bytes: [UInt8]) throws {
    let path = try scratch(bytes, extension: "yaml")
    _ = try StyleFile.layer(path: path)
  }

  /// Parses `bytes` as a caption template and renders it with every field set, including
  /// date formats.
  package static func template(_ bytes: [UInt8]) throws {
    let template = try CaptionTemplate(String(decoding: bytes, as: UTF8.self))
    let value = { (name: String, format: String?) in format.map { "\(name):\($0)" } ?? name }
    let whole = template.render(value)
    // Kept apart for a grid, the lines are the same lines, empty ones aside.
    let slotted = template.renderValues({ CaptionTemplate.FieldValue(value($0, $1)) }, slotted: true)
    let lines = { (text: String) in
      text.split(whereSeparator: { $0 == "\n" || $0 == CaptionSlots.separator }).filter { !$0.isEmpty }
    }
    precondition(
      lines(whole) == lines(slotted), "slotted \(slotted.debugDescription) ≠ \(whole.debugDescription)")
  }

  /// Reads `bytes` as an XMP sidecar file, as ratings and labels are read beside a photo.
  package static func sidecar(_ bytes: [UInt8]) throws {
    _ = try XMPReader.readSidecar(path: try scratch(bytes, extension: "xmp"))
  }

  /// Parses `bytes` as a JPEG's APP13 payload (IPTC-IIM) and, when they are an image, the XMP
  /// packet and APP13 segment its header read keeps, as ``TagReader`` does for a photo.
  package static func embeddedXMP(_ bytes: [UInt8]) throws {
    _ = IPTCRecords.parse(bytes)
    let header = try ImageReader.header(bytes: bytes)
    if let packet = header.xmp { _ = XMPReader.parse(packet) }
    if let segment = header.iptc { _ = IPTCRecords.parse(segment) }
  }

  /// Reads `bytes` as a part of a document, as `assemble` does before joining parts.
  package static func part(_ bytes: [UInt8]) throws {
    _ = try PDFAssembler.facts(of: try scratch(bytes, extension: "pdf"))
  }

  /// A file in the temporary folder, one per process and extension, holding `bytes`.
  package static func scratch(_ bytes: [UInt8], extension ext: String) throws -> String {
    let path = NSTemporaryDirectory() + "/contactsheet-fuzz-\(getpid()).\(ext)"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }
}
