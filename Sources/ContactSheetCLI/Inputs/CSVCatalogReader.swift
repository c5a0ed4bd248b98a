import Foundation

/// Reads a CSV catalog exported from a spreadsheet: a header row, then one item per row.
/// Every column is a caption field; one names the image, another may name the section.
enum CSVCatalogReader {
  static func read(_ path: String, imageColumn: String, sectionColumn: String?, into catalog: inout Catalog)
    throws
  {
    let table: CSVTable
    do {
      table = try CSVTable(parsing: try InputText.read(path))
    } catch let error as CSVTable.ParseError {
      throw InputError("\(path):\(error.line):\(error.column): \(error.message)")
    }
    guard let imageIndex = table.header.firstIndex(of: imageColumn) else {
      throw InputError(
        "\(path):1: no column named '\(imageColumn)'; the columns are \(table.header.map { "'\($0)'" }.joined(separator: ", ")); choose one with --image-column"
      )
    }
    let sectionIndex = try sectionColumn.map { name in
      guard let index = table.header.firstIndex(of: name) else {
        throw InputError(
          "\(path):1: no column named '\(name)' for --section-column; the columns are \(table.header.joined(separator: ", "))"
        )
      }
      return index
    }
    let folder = PathText.folder(of: path)
    for (line, values) in table.records {
      guard values.count <= table.header.count else {
        throw InputError(
          "\(path):\(line): this row has \(values.count) fields but the header has \(table.header.count); quote fields that contain commas"
        )
      }
      var fields: [String: String] = [:]
      for (name, value) in zip(table.header, values) where !name.isEmpty { fields[name] = value }
      // A short row (spreadsheets drop trailing empty cells) has empty fields at its end.
      let image = imageIndex < values.count ? values[imageIndex].trimmingCharacters(in: .whitespaces) : ""
      let resolved =
        image.isEmpty || image.hasPrefix("/") ? image : (folder as NSString).appendingPathComponent(image)
      var item = CatalogItem(path: resolved, origin: "\(path):\(line)")
      if let sectionIndex, sectionIndex < values.count, !values[sectionIndex].isEmpty {
        item.section = values[sectionIndex]
      }
      item.link = fields["link"]
      item.fields = fields
      catalog.entries.append(.item(item))
    }
    catalog.inputFiles.append(path)
  }
}
