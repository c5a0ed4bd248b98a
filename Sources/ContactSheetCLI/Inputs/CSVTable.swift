import Foundation

/// A CSV file read as a header row and records, with the line each record starts on.
///
/// Follows RFC 4180: fields separated by commas (or semicolons or tabs, as spreadsheets
/// export them where the comma is the decimal separator), optionally quoted with `"`, quotes doubled
/// inside quoted fields, quoted fields may hold commas and line breaks; CRLF or LF line ends;
/// a UTF-8 byte-order mark is ignored.
struct CSVTable {
  var header: [String]
  var records: [(line: Int, fields: [String])]

  struct ParseError: Error {
    var line: Int
    var column: Int
    var message: String
  }

  /// The delimiters a CSV file may use, in the order ties are broken.
  static let delimiters: [Unicode.Scalar] = [",", ";", "\t"]

  /// The delimiter the header row uses most (outside quotes): a comma when it uses none.
  static func detectDelimiter(in text: String) -> Unicode.Scalar {
    var counts: [Unicode.Scalar: Int] = [:]
    var inQuotes = false
    for scalar in text.unicodeScalars {
      if scalar == "\"" { inQuotes.toggle() }
      if !inQuotes && scalar == "\n" { break }
      if !inQuotes && delimiters.contains(scalar) { counts[scalar, default: 0] += 1 }
    }
    var best: Unicode.Scalar = ","
    for candidate in delimiters where counts[candidate, default: 0] > counts[best, default: 0] {
      best = candidate
    }
    return best
  }

  /// Parses `text` with fields separated by `delimiter` (detected from the header row when nil).
  init(parsing text: String, delimiter: Unicode.Scalar? = nil) throws {
    let delimiter = delimiter ?? Self.detectDelimiter(in: text)
    var rows: [(line: Int, fields: [String])] = []
    var field = ""
    var fields: [String] = []
    var inQuotes = false
    var fieldWasQuoted = false
    var line = 1
    var column = 0
    var rowLine = 1
    var quoteLine = 0
    var quoteColumn = 0
    var characters = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    var tooManyRows: Int?
    if text.unicodeScalars.first == "\u{FEFF}" { _ = characters.next() }

    func endRow() {
      fields.append(field)
      if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
        rows.append((rowLine, fields))
        // The header row plus one row per item.
        if rows.count > InputLimits.csvRows + 1 { tooManyRows = rowLine }
      }
      fields = []
      field = ""
      fieldWasQuoted = false
    }

    while let scalar = pending ?? characters.next() {
      pending = nil
      column += 1
      if inQuotes {
        if scalar == "\"" {
          let next = characters.next()
          if next == "\"" {
            field.unicodeScalars.append("\"")
            column += 1
          } else {
            inQuotes = false
            pending = next
          }
        } else {
          if scalar == "\n" {
            line += 1
            column = 0
          }
          field.unicodeScalars.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"":
        guard field.isEmpty && !fieldWasQuoted else {
          throw ParseError(
            line: line, column: column,
            message: "a quote inside an unquoted field; quote the whole field and double the quote")
        }
        inQuotes = true
        fieldWasQuoted = true
        quoteLine = line
        quoteColumn = column
      case delimiter:
        fields.append(field)
        field = ""
        fieldWasQuoted = false
      case "\r":
        break
      case "\n":
        endRow()
        if let tooManyRows {
          throw ParseError(
            line: tooManyRows, column: 1,
            message:
              "more than \(InputLimits.csvRows) rows; a CSV catalog holds at most \(InputLimits.csvRows) rows (split it into several runs)"
          )
        }
        line += 1
        column = 0
        rowLine = line
      default:
        guard !fieldWasQuoted else {
          throw ParseError(
            line: line, column: column, message: "text after a closing quote; put a delimiter between fields")
        }
        field.unicodeScalars.append(scalar)
      }
    }
    if inQuotes {
      throw ParseError(line: quoteLine, column: quoteColumn, message: "this quoted field is never closed")
    }
    if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRow() }
    guard let first = rows.first else {
      throw ParseError(
        line: 1, column: 1, message: "the file is empty; it needs a header row naming the columns")
    }
    header = first.fields.map { $0.trimmingCharacters(in: .whitespaces) }
    records = Array(rows.dropFirst())
  }
}
