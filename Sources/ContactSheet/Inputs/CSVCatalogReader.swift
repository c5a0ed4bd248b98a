import Foundation

/// How to read CSV catalogs, from the command line.
public struct CSVOptions: Sendable {
  /// The column holding each row's image path (relative paths are relative to the CSV file).
  public var imageColumn = "image"
  /// The column whose changes start a new section.
  public var sectionColumn: String?
  /// The field delimiter; detected from the header row when nil.
  public var delimiter: Unicode.Scalar?
  /// The column holding each row's link; `link` or `url` when nil.
  public var linkColumn: String?
  /// Rows are regrouped, stably, by first appearance of this column's values.
  public var groupBy: String?
  /// The file's text encoding (iconv's names, and `latin-1`); nil reads UTF-8, UTF-16 with a
  /// byte-order mark, or text that is plainly Windows-1252 (said in a note).
  public var encoding: String?
  /// Whether a malformed row (a stray quote, too many fields, a bad size) ends the run; by
  /// default it is left out with a warning naming its line, and the rest is read.
  public var refusesMalformedRows = false
  /// The section of rows whose section column is empty (the `text-other` words).
  public var otherSection = "Other"
  /// What the file is; nil to tell a shop's product export by its columns.
  public var source: CSVSource?
  /// A shop product's link, with its fields put in (`https://shop.example/products/{handle}`).
  public var linkTemplate: String?
  /// How a shop product's prices are shown.
  public var prices = PriceStyle()

  /// Options with every default: images in `image`, sections unchanged, delimiter detected.
  public init() {}

  /// The columns recognised as links when `--link-column` is not given, in order of preference.
  package static let defaultLinkColumns = ["link", "url"]

  /// `--delimiter`'s value as a scalar: one character, or `tab` / `\t`.
  package static func delimiter(parsing text: String) -> Unicode.Scalar? {
    switch text.lowercased() {
    case "tab", "\\t", "\t": return "\t"
    case "comma": return ","
    case "semicolon": return ";"
    default:
      let scalars = Array(text.unicodeScalars)
      guard scalars.count == 1, scalars[0] != "\"", scalars[0] != "\n", scalars[0] != "\r" else { return nil }
      return scalars[0]
    }
  }
}

/// Reads a CSV catalog exported from a spreadsheet: a header row, then one item per row.
/// Every column is a caption field; one names the image, others may name the section, the
/// link and the image's pixel size (`width`, `height`: the file is then not opened for layout).
package enum CSVCatalogReader {
  /// Reads the CSV catalog at `path` into `catalog`. Rows become items as they are parsed, from
  /// the bytes of their fields, so the rows are never all held (a million rows of five fields
  /// would take about 250 MB); problems are reported in the order a whole-table read finds
  /// them: the text's syntax first, then the item limit, then the header's columns, then the
  /// first bad row.
  ///
  /// Items are made on the parsing thread, as each row is parsed: made on a second thread from
  /// batches of rows copied out of the parser, a million rows took longer (1.15–1.22 s against
  /// 1.06–1.08 s from the start of the read to the catalog, on 2 cores).
  package static func read(_ path: String, options: CSVOptions, into catalog: inout Catalog) throws {
    let (text, encodingNote) = try TextDecoding.decode(
      InputText.bytes(path), path: path, encoding: options.encoding)
    if let encodingNote { catalog.warnings.append(encodingNote) }
    // The run's item limit counts what was read before this file too.
    let start = catalog.entries.count
    var rows = RowReader(path: path, options: options)
    // Each row ends a line: the lines bound the rows, so the entries grow once.
    var entries: [CatalogEntry] = []
    entries.reserveCapacity(min(Self.lineCount(text), InputLimits.items - start + 1))
    // The first problem of the header or a row, thrown once the whole text is known to parse.
    var problem: (any Error)?
    // Rows left out, when malformed rows do not end the run.
    var leftOut = MalformedRows(path: path)
    let keepsGoing = !options.refusesMalformedRows
    var records = 0
    // A shop's export is read whole, then gathered into products.
    var shop: (source: CSVSource, header: [String])?
    var shopRows: [(line: Int, fields: [String])] = []
    do {
      try CSVTable.parse(
        text, delimiter: options.delimiter,
        header: { header in
          do {
            if let source = try Self.shopSource(header, options: options, path: path) {
              shop = (source, header)
            } else {
              try rows.begin(header: header)
            }
          } catch { problem = error }
        },
        record: { row in
          records += 1
          guard problem == nil else { return }
          if shop != nil {
            shopRows.append((row.line, (0..<row.count).map(row.text)))
            return
          }
          guard start + records <= InputLimits.items else { return }
          do {
            try rows.add(row, into: &entries)
          } catch let error as InputError where keepsGoing && error.setting == nil {
            leftOut.add(error.text)
          } catch { problem = error }
        },
        malformed: keepsGoing
          ? { error in leftOut.add("\(path):\(error.line):\(error.column): \(error.message)") } : nil)
    } catch let error as CSVTable.ParseError {
      throw InputError("\(path):\(error.line):\(error.column): \(error.message)")
    }
    if let problem { throw problem }
    if let shop {
      ShopExportReader.read(
        shop.source, path: path, header: shop.header, rows: shopRows, options: options, into: &catalog,
        leftOut: &leftOut)
      if options.refusesMalformedRows, let first = leftOut.first { throw InputError(first) }
      catalog.warnings += leftOut.warnings
      catalog.inputFiles.append(path)
      guard catalog.entries.count <= InputLimits.items else {
        throw InputError(InputLimits.tooManyItems(path))
      }
      return
    }
    guard start + records <= InputLimits.items else { throw InputError(InputLimits.tooManyItems(path)) }
    catalog.warnings += leftOut.warnings
    catalog.entries.appendTaking(entries)
    rows.finish(into: &catalog)
    catalog.inputFiles.append(path)
  }

  /// The shop whose export has the columns `header`: the one `--from` names (whose columns it
  /// must have), else the one they show; nil for a plain table.
  private static func shopSource(_ header: [String], options: CSVOptions, path: String) throws -> CSVSource? {
    let detected = CSVSource.detect(header)
    switch options.source {
    case nil: return detected
    case .csv?: return nil
    case let named?:
      guard detected == named else {
        let columns = header.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
        throw InputError(
          .from,
          "\(path):1: \(setting: .from) \(named.rawValue): this is not such an export (its columns are \(columns)\(header.count > 12 ? ", …" : "")); give \(setting: .from) csv to read it as a plain table"
        )
      }
      return named
    }
  }

  /// `text` without the whitespace (spaces and tabs of any script) at its ends; most fields
  /// have none, and are returned as they are without Foundation's scan.
  package static func trimmed(_ text: String) -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isASCII ? scalar == " " || scalar == "\t" : CharacterSet.whitespaces.contains(scalar)
    }
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
      isSpace(first) || isSpace(last)
    else { return text }
    return text.trimmingCharacters(in: .whitespaces)
  }

  /// `text` trimmed (see ``trimmed(_:)``), nil when nothing is left.
  private static func nonEmpty(_ text: String) -> String? {
    let text = trimmed(text)
    return text.isEmpty ? nil : text
  }

  /// The line ends in `text` (a bound on its rows).
  private static func lineCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { bytes in bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } } + 1
  }

  /// Turns the rows of one CSV file into items, one at a time.
  private struct RowReader {
    let path: String
    let options: CSVOptions
    let folder: String
    private var header: [String] = []
    private var imageIndex = 0
    private var sectionIndex: Int?
    private var groupIndex: Int?
    private var linkIndex: Int?
    private var widthIndex: Int?
    private var heightIndex: Int?
    /// Where each column's name comes again further right (Int.max when it does not).
    private var nextSameName: [Int] = []
    private var fullRowColumns: [Int] = []
    /// Short rows of one length share one answer.
    private var shortRowColumns: [Int: [Int]] = [:]
    /// With --group-by, the items wait to be grouped, with their keys.
    private var items: [CatalogItem] = []
    private var groupKeys: [String] = []
    /// With --section-column, each row's section, to warn when they are not grouped.
    private var sections: [String] = []
    /// The texts of the row being read, in its columns' order (an array reused from row to row).
    private var values: [String] = []
    /// The last row's section field as written, and the section it names: rows in a section
    /// share one string.
    private var lastSection: (field: String, section: String?) = ("", nil)
    /// The lines of rows whose section field is empty.
    private var unsectionedLines: [Int] = []

    init(path: String, options: CSVOptions) {
      self.path = path
      self.options = options
      folder = PathText.folder(of: path)
    }

    /// Finds the columns the options name in `header`.
    mutating func begin(header: [String]) throws {
      self.header = header
      let columns = header.map { "'\($0)'" }.joined(separator: ", ")
      func column(_ name: String, _ setting: JobSetting) throws -> Int {
        guard let index = header.firstIndex(of: name) else {
          throw InputError(
            setting,
            "\(path):1: no column named '\(name)'; the columns are \(columns); choose one with \(setting: setting)"
          )
        }
        return index
      }
      imageIndex = try column(options.imageColumn, .imageColumn)
      sectionIndex = try options.sectionColumn.map { try column($0, .sectionColumn) }
      groupIndex = try options.groupBy.map { try column($0, .groupBy) }
      linkIndex =
        try options.linkColumn.map { try column($0, .linkColumn) }
        ?? CSVOptions.defaultLinkColumns.lazy.compactMap { name in
          header.firstIndex { $0.lowercased() == name }
        }.first
      widthIndex = header.firstIndex { $0.lowercased() == "width" }
      heightIndex = header.firstIndex { $0.lowercased() == "height" }
      // Found once: a column is a field of a row of `count` fields when it is named and its
      // name does not come again among them (the last of a repeated name wins, as a dictionary
      // built from the row in order keeps).
      nextSameName = [Int](repeating: Int.max, count: header.count)
      var seenAt: [String: Int] = [:]
      for index in header.indices.reversed() {
        nextSameName[index] = seenAt[header[index]] ?? Int.max
        seenAt[header[index]] = index
      }
      fullRowColumns = fieldColumns(header.count)
    }

    private func fieldColumns(_ count: Int) -> [Int] {
      (0..<count).filter { !header[$0].isEmpty && nextSameName[$0] >= count }
    }

    /// Makes the item of `row`: one of `entries` now, or, with --group-by, once the rows are
    /// grouped.
    mutating func add(_ row: CSVRow, into entries: inout [CatalogEntry]) throws {
      let item = try item(of: row)
      if groupIndex != nil {
        items.append(item)
        groupKeys.append(value(groupIndex) ?? "")
      } else {
        if options.sectionColumn != nil { sections.append(item.section ?? "") }
        entries.append(.item(item))
      }
    }

    /// The item of `row`; its texts are left in ``values``.
    private mutating func item(of row: CSVRow) throws -> CatalogItem {
      let line = row.line
      guard row.count <= header.count else {
        throw InputError(
          "\(path):\(line): this row has \(row.count) fields but the header has \(header.count); quote fields that contain the delimiter"
        )
      }
      values.removeAll(keepingCapacity: true)
      for index in 0..<row.count { values.append(row.text(index)) }
      // A short row (spreadsheets drop trailing empty cells) has empty fields at its end.
      let image = value(imageIndex) ?? ""
      let resolved = image.isEmpty || image.hasPrefix("/") ? image : PathText.appending(image, to: folder)
      var item = CatalogItem(path: resolved, file: path, line: line)
      if let width = value(widthIndex), let height = value(heightIndex) {
        let side = 1...InputLimits.pixelSide
        guard let w = Int(width), let h = Int(height), side.contains(w), side.contains(h) else {
          throw InputError("\(path):\(line): \(InputLimits.pixelSizeRule); got \(width) and \(height)")
        }
        item.knownSize = (w, h)
      }
      // After the checks: a row left out is in no section.
      item.section = section(line: line)
      item.link = value(linkIndex)
      let columns: [Int]
      if values.count == header.count {
        columns = fullRowColumns
      } else if let known = shortRowColumns[values.count] {
        columns = known
      } else {
        columns = fieldColumns(values.count)
        shortRowColumns[values.count] = columns
      }
      item.fields = ItemFields(names: header, values: values, columns: columns)
      return item
    }

    /// The row's text in the column at `index`, trimmed; nil when there is no such column or
    /// nothing is left.
    private func value(_ index: Int?) -> String? {
      guard let index, index < values.count else { return nil }
      return CSVCatalogReader.nonEmpty(values[index])
    }

    /// The row's section, the last row's when its field is the same; ``CSVOptions/otherSection``
    /// when the field is empty (the row's line is kept for a warning).
    private mutating func section(line: Int) -> String? {
      guard let index = sectionIndex ?? groupIndex else { return nil }
      let field = index < values.count ? values[index] : ""
      // Compared as bytes: text equal as Unicode but written differently is its own section text.
      if !field.utf8.elementsEqual(lastSection.field.utf8) {
        lastSection = (field, CSVCatalogReader.nonEmpty(field))
      }
      guard let section = lastSection.section else {
        unsectionedLines.append(line)
        return options.otherSection
      }
      return section
    }

    /// Adds the grouped items, or warns when sections are not grouped; warns of rows put in
    /// ``CSVOptions/otherSection``.
    func finish(into catalog: inout Catalog) {
      if let column = (sectionIndex ?? groupIndex).map({ header[$0] }), !unsectionedLines.isEmpty {
        catalog.warnings.append(
          "\(path): \(CSVCatalogReader.rows(unsectionedLines)) no '\(column)', so \(unsectionedLines.count == 1 ? "it is" : "they are") in the section '\(options.otherSection)' (\(setting: .textOther) names it)"
        )
      }
      if groupIndex != nil {
        catalog.entries += CSVCatalogReader.grouped(items, by: groupKeys).map { .item($0) }
      } else if let sectionColumn = options.sectionColumn {
        let runs = CSVCatalogReader.runs(sections)
        let distinct = Set(sections).count
        if runs > distinct {
          catalog.warnings.append(
            "\(path): the values of '\(sectionColumn)' are not grouped, so its \(distinct) values make \(runs) sections (one each time the value changes); add \(setting: .groupBy) \(sectionColumn) to gather each value's rows, in order of first appearance"
          )
        }
      }
    }
  }

  /// `items` with equal keys brought together, groups in order of their key's first appearance
  /// and rows within a group in file order.
  package static func grouped(_ items: [CatalogItem], by keys: [String]) -> [CatalogItem] {
    var order: [String] = []
    var groups: [String: [CatalogItem]] = [:]
    for (item, key) in zip(items, keys) {
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(item)
    }
    return order.flatMap { groups[$0]! }
  }

  /// "row 5 has", "rows 5, 9 and 12 have", "rows 5, 9, 12 and 40 more have": the rows at
  /// `lines`, the first few named, after `singular` or `plural` ("row", "rows").
  package static func rows(_ lines: [Int], singular: String = "row", plural: String = "rows") -> String {
    let named = lines.prefix(5).map(String.init)
    guard !named.isEmpty else { return "no \(singular) has" }
    if lines.count == 1 { return "\(singular) \(named[0]) has" }
    if lines.count > named.count {
      return "\(plural) \(named.joined(separator: ", ")) and \(lines.count - named.count) more have"
    }
    return "\(plural) \(named.dropLast().joined(separator: ", ")) and \(named.last!) have"
  }

  /// How many runs of equal values `values` has.
  package static func runs(_ values: [String]) -> Int {
    zip(values, values.dropFirst()).reduce(values.isEmpty ? 0 : 1) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }
}
