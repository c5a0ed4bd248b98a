import Foundation
import SheetSupport

/// Turns the bytes of a data file (a CSV catalog) into text, whatever encoding a spreadsheet
/// saved it in: UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark, an
/// encoding named by `--encoding` (through iconv), or, when the bytes are not UTF-8 and are
/// plainly Windows-1252 (as Excel saves a CSV in Western Europe), Windows-1252, said in one note.
package enum TextDecoding {
  /// The text of `bytes`, read from `path`, and a note when its encoding was guessed.
  /// `encoding` is the name `--encoding` gave, if any (iconv's names, and `latin-1`).
  package static func decode(_ bytes: [UInt8], path: String, encoding: String?) throws -> (
    text: String, note: JobMessage?
  ) {
    if let encoding {
      let name = iconvName(encoding)
      if name == "UTF-8" { return (try utf8(bytes, path: path, named: true), nil) }
      return (try convert(bytes, from: name, given: encoding, path: path), nil)
    }
    if let text = String(validating: bytes, as: UTF8.self) { return (text, nil) }
    if bytes.starts(with: [0xFF, 0xFE, 0, 0]) || bytes.starts(with: [0, 0, 0xFE, 0xFF]) {
      return (try convert(bytes, from: "UTF-32", given: "utf-32", path: path), nil)
    }
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return (try convert(bytes, from: "UTF-16", given: "utf-16", path: path), nil)
    }
    // UTF-8 with a damaged character is not Windows-1252: read so, every accent would change.
    guard isPlainlyWindows1252(bytes), !hasMultibyteUTF8(bytes) else {
      return (try utf8(bytes, path: path, named: false), nil)
    }
    let text = try convert(bytes, from: "WINDOWS-1252", given: "windows-1252", path: path)
    return (
      text,
      "\(path) is not UTF-8; it was read as Windows-1252 (as Excel saves in Western Europe); give \(setting: .encoding) to read it as another encoding"
    )
  }

  /// iconv's name for `name`, with the spellings people write that glibc does not know.
  static func iconvName(_ name: String) -> String {
    let lowered = name.lowercased().replacingOccurrences(of: "_", with: "-")
    switch lowered {
    case "utf8", "utf-8": return "UTF-8"
    case "latin-1", "latin1", "iso-8859-1", "iso8859-1": return "ISO-8859-1"
    case "latin-9", "latin9", "iso-8859-15": return "ISO-8859-15"
    case "windows-1252", "cp1252", "win-1252", "ansi": return "WINDOWS-1252"
    case "mac", "macroman", "mac-roman": return "MACINTOSH"
    default: return name.uppercased()
    }
  }

  /// Whether `bytes` read as Windows-1252 give text a spreadsheet could have saved: none of
  /// the five bytes Windows-1252 leaves undefined (nor DEL), and no control characters but tabs and
  /// line ends (a UTF-16 file without a byte-order mark, or a binary file, has them).
  static func isPlainlyWindows1252(_ bytes: [UInt8]) -> Bool {
    !bytes.contains { byte in
      switch byte {
      case 0x81, 0x8D, 0x8F, 0x90, 0x9D, 0x7F: true
      case 0x09, 0x0A, 0x0D: false
      default: byte < 0x20
      }
    }
  }

  /// Whether `bytes` hold a well-formed UTF-8 sequence of two or more bytes (a lead byte
  /// C2–F4 and its continuation bytes): text saved as UTF-8, which a Windows-1252 file of
  /// letters almost never holds.
  static func hasMultibyteUTF8(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        lead >= 0xF0 && lead <= 0xF4
        ? 4 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 0
      if length > 0, index + length <= bytes.count,
        String(validating: bytes[index..<(index + length)], as: UTF8.self) != nil
      {
        return true
      }
      index += 1
    }
    return false
  }

  /// `bytes` as UTF-8, or (always, when they are not) an error naming the line of the first
  /// byte that is not.
  private static func utf8(_ bytes: [UInt8], path: String, named: Bool) throws -> String {
    if let text = String(validating: bytes, as: UTF8.self) { return text }
    let (line, byte) = firstInvalidUTF8(bytes)
    let hint: JobMessage =
      named
      ? "it is not UTF-8 text; give its encoding with \(setting: .encoding)"
      : "it is not UTF-8 text, nor plainly Windows-1252; give its encoding with \(setting: .encoding) (windows-1252, latin-1, utf-16, shift-jis, …) or save it as UTF-8"
    throw InputError(
      .encoding, "\(path):\(line): byte 0x\(String(byte, radix: 16, uppercase: true)): \(hint)")
  }

  /// The line (from 1) of the first byte of `bytes` that does not belong to valid UTF-8, and
  /// that byte.
  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> (line: Int, byte: UInt8) {
    var line = 1
    var lineStart = 0
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      // Lines are checked one at a time: valid UTF-8 never splits across a line feed.
      if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil { break }
      line += 1
      lineStart = index + 1
    }
    var decoder = UTF8()
    var iterator = bytes[lineStart...].makeIterator()
    var offset = lineStart
    while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar): offset += UTF8.width(scalar)
      case .emptyInput: return (line, bytes.last ?? 0)
      case .error: return (line, bytes[min(offset, bytes.count - 1)])
      }
    }
  }

  /// `bytes` converted from the encoding iconv calls `name` to UTF-8.
  private static func convert(_ bytes: [UInt8], from name: String, given: String, path: String) throws
    -> String
  {
    let converter = iconv_open("UTF-8", name)
    guard let converter, converter != iconv_t(bitPattern: -1) else {
      throw InputError(
        .encoding,
        "\(setting: .encoding) \(given): not an encoding this system knows; try windows-1252, latin-1, utf-16, shift-jis (iconv --list shows them all)"
      )
    }
    defer { iconv_close(converter) }
    var input = bytes
    // Room for the worst case (three UTF-8 bytes for each byte read: one byte of Shift-JIS
    // half-width kana; four for a UTF-16 surrogate pair or a UTF-32 character), so one call
    // does it; a conversion that runs out of room stops and is reported.
    var output = [UInt8](repeating: 0, count: bytes.count * 3 + 4)
    // What was written, or where the conversion stopped.
    let result: (written: Int, stoppedAt: Int?) = input.withUnsafeMutableBufferPointer { inBuffer in
      output.withUnsafeMutableBufferPointer { outBuffer in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var inLeft = inBuffer.count
        var outLeft = outBuffer.count
        guard iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != -1, inLeft == 0 else {
          // Where it stopped, as the text converted before it (whose lines count right).
          return (outBuffer.count - outLeft, inBuffer.count - inLeft)
        }
        return (outBuffer.count - outLeft, nil)
      }
    }
    if let offset = result.stoppedAt {
      let line = output[..<result.written].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
      throw InputError(
        .encoding,
        "\(path):\(line): is not \(given) text (iconv stops at byte \(offset + 1)); give its encoding with \(setting: .encoding)"
      )
    }
    guard let text = String(validating: output[..<result.written], as: UTF8.self) else {
      throw InputError(
        .encoding, "\(path): is not \(given) text; give its encoding with \(setting: .encoding)")
    }
    return text
  }
}
