import Foundation

/// How to read CSV catalogs, from the command line.
struct CSVOptions {
  /// The column holding each row's image path (relative paths are relative to the CSV file).
  var imageColumn = "image"
  /// The column whose changes start a new section.
  var sectionColumn: String?
  /// The field delimiter; detected from the header row when nil.
  var delimiter: Unicode.Scalar?
  /// The column holding each row's link; `link` or `url` when nil.
  var linkColumn: String?
  /// Rows are regrouped, stably, by first appearance of this column's values.
  var groupBy: String?

  /// The columns recognised as links when `--link-column` is not given, in order of preference.
  static let defaultLinkColumns = ["link", "url"]

  /// `--delimiter`'s value as a scalar: one character, or `tab` / `\t`.
  static func delimiter(parsing text: String) -> Unicode.Scalar? {
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
enum CSVCatalogReader {
  static func read(_ path: String, options: CSVOptions, into catalog: inout Catalog) throws {
    var table: CSVTable
    do {
      table = try CSVTable(parsing: try InputText.read(path), delimiter: options.delimiter)
    } catch let error as CSVTable.ParseError {
      throw InputError("\(path):\(error.line):\(error.column): \(error.message)")
    }
    // The run's item limit counts what was read before this file too.
    guard catalog.entries.count + table.records.count <= InputLimits.items else {
      throw InputError(InputLimits.tooManyItems(path))
    }
    let columns = table.header.map { "'\($0)'" }.joined(separator: ", ")
    func column(_ name: String, _ option: String) throws -> Int {
      guard let index = table.header.firstIndex(of: name) else {
        throw InputError(
          "\(path):1: no column named '\(name)'; the columns are \(columns); choose one with \(option)")
      }
      return index
    }
    let imageIndex = try column(options.imageColumn, "--image-column")
    let sectionIndex = try options.sectionColumn.map { try column($0, "--section-column") }
    let groupIndex = try options.groupBy.map { try column($0, "--group-by") }
    let linkIndex =
      try options.linkColumn.map { try column($0, "--link-column") }
      ?? CSVOptions.defaultLinkColumns.lazy.compactMap { name in
        table.header.firstIndex { $0.lowercased() == name }
      }.first
    let widthIndex = table.header.firstIndex { $0.lowercased() == "width" }
    let heightIndex = table.header.firstIndex { $0.lowercased() == "height" }
    let folder = PathText.folder(of: path)
    // Where each column's name comes again further right (Int.max when it does not), found
    // once: a column is a field of a row of `count` fields when it is named and its name does
    // not come again among them (the last of a repeated name wins, as a dictionary built from
    // the row in order keeps).
    var nextSameName = [Int](repeating: Int.max, count: table.header.count)
    var seenAt: [String: Int] = [:]
    for index in table.header.indices.reversed() {
      nextSameName[index] = seenAt[table.header[index]] ?? Int.max
      seenAt[table.header[index]] = index
    }
    func fieldColumns(_ count: Int) -> [Int] {
      (0..<count).filter { !table.header[$0].isEmpty && nextSameName[$0] >= count }
    }
    let fullRowColumns = fieldColumns(table.header.count)
    // Short rows of one length share one answer.
    var shortRowColumns: [Int: [Int]] = [:]
    // The table is parsed whole; then, without --group-by, each row becomes an entry in turn
    // (with it, items wait to be grouped).
    var items: [CatalogItem] = []
    var groupKeys: [String] = []
    var sections: [String] = []
    // Each row is let go of once its item is made, so the items take the rows' place in memory
    // instead of adding to it (a million rows hold about 250 MB).
    var records: [(line: Int, fields: [String])] = []
    swap(&records, &table.records)
    catalog.entries.reserveCapacity(catalog.entries.count + records.count)
    for index in records.indices {
      let (line, values) = records[index]
      records[index].fields = []
      guard values.count <= table.header.count else {
        throw InputError(
          "\(path):\(line): this row has \(values.count) fields but the header has \(table.header.count); quote fields that contain the delimiter"
        )
      }
      func value(_ index: Int?) -> String? {
        guard let index, index < values.count else { return nil }
        let text = values[index].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
      }
      // A short row (spreadsheets drop trailing empty cells) has empty fields at its end.
      let image = value(imageIndex) ?? ""
      let resolved =
        image.isEmpty || image.hasPrefix("/") ? image : (folder as NSString).appendingPathComponent(image)
      var item = CatalogItem(path: resolved, file: path, line: line)
      item.section = value(sectionIndex ?? groupIndex)
      item.link = value(linkIndex)
      if let width = value(widthIndex), let height = value(heightIndex) {
        guard let w = Int(width), let h = Int(height), w > 0, h > 0, w <= 1_000_000, h <= 1_000_000 else {
          throw InputError(
            "\(path):\(line): width and height must be whole numbers of pixels from 1 to 1000000; got \(width) and \(height)"
          )
        }
        item.knownSize = (w, h)
      }
      let columns: [Int]
      if values.count == table.header.count {
        columns = fullRowColumns
      } else if let known = shortRowColumns[values.count] {
        columns = known
      } else {
        columns = fieldColumns(values.count)
        shortRowColumns[values.count] = columns
      }
      item.fields = ItemFields(names: table.header, values: values, columns: columns)
      if groupIndex != nil {
        items.append(item)
        groupKeys.append(value(groupIndex) ?? "")
      } else {
        if options.sectionColumn != nil { sections.append(item.section ?? "") }
        catalog.entries.append(.item(item))
      }
    }
    if groupIndex != nil {
      catalog.entries += Self.grouped(items, by: groupKeys).map { .item($0) }
    } else if let sectionColumn = options.sectionColumn {
      let runs = Self.runs(sections)
      let distinct = Set(sections).count
      if runs > distinct {
        catalog.warnings.append(
          "\(path): the values of '\(sectionColumn)' are not grouped, so its \(distinct) values make \(runs) sections (one each time the value changes); add --group-by \(sectionColumn) to gather each value's rows, in order of first appearance"
        )
      }
    }
    catalog.inputFiles.append(path)
  }

  /// `items` with equal keys brought together, groups in order of their key's first appearance
  /// and rows within a group in file order.
  static func grouped(_ items: [CatalogItem], by keys: [String]) -> [CatalogItem] {
    var order: [String] = []
    var groups: [String: [CatalogItem]] = [:]
    for (item, key) in zip(items, keys) {
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(item)
    }
    return order.flatMap { groups[$0]! }
  }

  /// How many runs of equal values `values` has.
  static func runs(_ values: [String]) -> Int {
    zip(values, values.dropFirst()).reduce(values.isEmpty ? 0 : 1) { $0 + ($1.0 == $1.1 ? 0 : 1) }
  }
}
