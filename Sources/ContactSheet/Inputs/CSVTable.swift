import Foundation

/// A CSV file read as a header row and records, with the line each record starts on.
///
/// Follows RFC 4180: fields separated by commas (or semicolons or tabs, as spreadsheets
/// export them where the comma is the decimal separator), optionally quoted with `"`, quotes doubled
/// inside quoted fields, quoted fields may hold commas and line breaks; CRLF or LF line ends;
/// a UTF-8 byte-order mark is ignored.
package struct CSVTable {
  package var header: [String]
  package var records: [(line: Int, fields: [String])]

  package struct ParseError: Error {
    package var line: Int
    package var column: Int
    package var message: String
  }

  /// The delimiters a CSV file may use, in the order ties are broken.
  package static let delimiters: [Unicode.Scalar] = [",", ";", "\t"]

  /// The delimiter the header row uses most (outside quotes): a comma when it uses none.
  package static func detectDelimiter(in text: String) -> Unicode.Scalar {
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
  ///
  /// Works on the text's UTF-8 bytes: every byte that matters (quotes, delimiters, line ends)
  /// is ASCII or a whole delimiter's bytes, so runs of other bytes are copied into fields whole.
  /// Columns count Unicode scalars (a byte that does not continue a UTF-8 sequence).
  package init(parsing text: String, delimiter: Unicode.Scalar? = nil) throws {
    var header: [String] = []
    var records: [(line: Int, fields: [String])] = []
    try Self.parse(
      text, delimiter: delimiter, header: { header = $0 },
      record: { row in records.append((row.line, (0..<row.count).map(row.text))) })
    self.header = header
    self.records = records
  }

  /// Parses `text` as ``init(parsing:delimiter:)`` does, without holding its rows: the header
  /// (trimmed) goes to `header`, then each record, as the bytes of its fields, to `record` as
  /// it is read. Throws a ``ParseError`` for the first place the text is not CSV, and nothing
  /// else: the handlers return problems of their own themselves.
  ///
  /// With `malformed`, a record that is not CSV (a stray quote, a quoted field never closed) is
  /// handed to it instead, and reading goes on at the line after the one the trouble began on
  /// (the line of the quote that opened a field running on); the header and the limits still
  /// throw.
  package static func parse(
    _ text: String, delimiter: Unicode.Scalar? = nil, header: ([String]) -> Void, record: (CSVRow) -> Void,
    malformed: ((ParseError) -> Void)? = nil
  ) throws {
    let delimiter = delimiter ?? Self.detectDelimiter(in: text)
    var text = text
    var isFirst = true
    try text.withUTF8 { bytes in
      try Self.rows(of: bytes, delimiter: Array(String(delimiter).utf8), malformed: malformed) { row in
        if isFirst {
          isFirst = false
          header((0..<row.count).map { row.text($0).trimmingCharacters(in: .whitespaces) })
        } else {
          record(row)
        }
      }
    }
    guard !isFirst else {
      throw ParseError(
        line: 1, column: 1, message: "the file is empty; it needs a header row naming the columns")
    }
  }

  /// Reads the rows of `bytes` (UTF-8), giving each to `row` (and each malformed one to
  /// `malformed`, when given).
  private static func rows(
    of bytes: UnsafeBufferPointer<UInt8>, delimiter: [UInt8], malformed: ((ParseError) -> Void)?,
    row: (CSVRow) -> Void
  ) throws {
    let quote = UInt8(ascii: "\"")
    let newLine = UInt8(ascii: "\n")
    let carriageReturn = UInt8(ascii: "\r")
    let lead = delimiter[0]
    let count = bytes.count
    var rowCount = 0
    // The row's fields, one after another, and where each ends: reused from row to row.
    var fields: [UInt8] = []
    var ends: [Int] = []
    /// Whether the field being read has no bytes yet.
    var fieldIsEmpty: Bool { fields.count == (ends.last ?? 0) }
    var fieldWasQuoted = false
    var line = 1
    var lineStart = 0
    var rowLine = 1
    var index = 0
    if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
      index = 3
      lineStart = 3
    }
    /// The column (from 1, in scalars) of the byte at `position` on the line starting at `start`.
    func column(_ position: Int, lineStart start: Int) -> Int {
      var column = 0
      for byte in bytes[start...position] where byte & 0xC0 != 0x80 { column += 1 }
      return column
    }
    func isDelimiter(at position: Int) -> Bool {
      guard bytes[position] == lead else { return false }
      guard delimiter.count > 1 else { return true }
      guard position + delimiter.count <= count else { return false }
      for offset in 1..<delimiter.count where bytes[position + offset] != delimiter[offset] { return false }
      return true
    }
    var cells = 0
    // Fields are counted as they are made: a file of delimiters alone makes 16 bytes of
    // memory for each byte it holds.
    func endField() throws {
      cells += 1
      guard cells <= InputLimits.csvCells else {
        throw ParseError(
          line: line, column: column(min(index, count - 1), lineStart: lineStart),
          message:
            "more than \(InputLimits.csvCells) fields; a CSV catalog holds at most \(InputLimits.csvCells) (split it into several runs)"
        )
      }
      ends.append(fields.count)
    }
    func endRow() throws {
      try endField()
      if !(ends.count == 1 && fields.isEmpty && !fieldWasQuoted) {
        rowCount += 1
        fields.withUnsafeBufferPointer { bytes in
          ends.withUnsafeBufferPointer { ends in row(CSVRow(line: rowLine, bytes: bytes, ends: ends)) }
        }
      }
      fields.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    }

    /// Where the last quoted field of the row began (line, line start, position), for messages
    /// about what follows it and for starting again after it.
    var lastQuote = (line: 0, lineStart: 0, position: 0)
    /// A malformed row: thrown, or handed to `malformed` and left out, reading going on at
    /// the line after `resumeLine` (whose first byte is at `resumeLineStart`).
    func reject(_ error: ParseError, resumeLine: Int, resumeLineStart: Int) throws {
      guard let malformed, rowCount > 0 else { throw error }
      malformed(error)
      var next = resumeLineStart
      while next < count && bytes[next] != newLine { next += 1 }
      index = min(next + 1, count)
      line = resumeLine + 1
      lineStart = index
      rowLine = line
      fields.removeAll(keepingCapacity: true)
      ends.removeAll(keepingCapacity: true)
      fieldWasQuoted = false
    }

    rowLoop: while index < count {
      let byte = bytes[index]
      switch byte {
      case quote:
        guard fieldIsEmpty && !fieldWasQuoted else {
          try reject(
            ParseError(
              line: line, column: column(index, lineStart: lineStart),
              message: "a quote inside an unquoted field; quote the whole field and double the quote"),
            resumeLine: line, resumeLineStart: lineStart)
          continue rowLoop
        }
        fieldWasQuoted = true
        lastQuote = (line, lineStart, index)
        index += 1
        // Inside quotes: everything up to a quote that is not doubled.
        while true {
          guard index < count else {
            try reject(
              ParseError(
                line: lastQuote.line, column: column(lastQuote.position, lineStart: lastQuote.lineStart),
                message: "this quoted field is never closed"),
              resumeLine: lastQuote.line, resumeLineStart: lastQuote.lineStart)
            continue rowLoop
          }
          let inner = bytes[index]
          if inner == quote {
            if index + 1 < count && bytes[index + 1] == quote {
              fields.append(quote)
              index += 2
              continue
            }
            index += 1
            break
          }
          var end = index + 1
          while end < count && bytes[end] != quote && bytes[end] != newLine { end += 1 }
          if inner == newLine {
            line += 1
            lineStart = index + 1
          }
          fields.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
          index = end
        }
      case newLine:
        try endRow()
        // The header row plus one row per item.
        if rowCount > InputLimits.csvRows + 1 {
          throw ParseError(
            line: rowLine, column: 1,
            message:
              "more than \(InputLimits.csvRows) rows; a CSV catalog holds at most \(InputLimits.csvRows) rows (split it into several runs)"
          )
        }
        line += 1
        index += 1
        lineStart = index
        rowLine = line
      case carriageReturn:
        index += 1
      default:
        if isDelimiter(at: index) {
          try endField()
          fieldWasQuoted = false
          index += delimiter.count
          continue
        }
        guard !fieldWasQuoted else {
          // A quoted field that ran over lines most likely began with a stray quote: say
          // where, and start again on the line after it.
          let ranOn = lastQuote.line != line
          let error =
            ranOn
            ? ParseError(
              line: lastQuote.line, column: column(lastQuote.position, lineStart: lastQuote.lineStart),
              message:
                "this quoted field runs on to line \(line), where text follows its closing quote; is this quote missing its pair?"
            )
            : ParseError(
              line: line, column: column(index, lineStart: lineStart),
              message: "text after a closing quote; put a delimiter between fields")
          try reject(
            error, resumeLine: ranOn ? lastQuote.line : line,
            resumeLineStart: ranOn ? lastQuote.lineStart : lineStart)
          continue rowLoop
        }
        // A run of bytes that end no field.
        var end = index + 1
        while end < count {
          let next = bytes[end]
          if next == quote || next == newLine || next == carriageReturn || next == lead { break }
          end += 1
        }
        fields.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<end]))
        index = end
      }
    }
    if !fields.isEmpty || !ends.isEmpty || fieldWasQuoted { try endRow() }
  }
}
