/// One row of a CSV file as its fields' UTF-8 bytes, unquoted (doubled quotes made single,
/// carriage returns outside quotes dropped): the parser hands each row over as this view of
/// buffers it reuses, so a row costs no allocation until its values are kept.
///
/// Valid only during the call it is given to.
package struct CSVRow {
  /// The line the row starts on.
  package let line: Int
  /// The fields' bytes, one after another.
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where each field ends in `bytes`.
  private let ends: UnsafeBufferPointer<Int>

  /// The row starting on `line` whose fields are `bytes`, each ending where `ends` says.
  package init(line: Int, bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
    self.line = line
    self.bytes = bytes
    self.ends = ends
  }

  /// The number of fields.
  package var count: Int { ends.count }

  /// The bytes of the field at `index` (from 0, below ``count``).
  package subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
    let start = index == 0 ? 0 : ends[index - 1]
    return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
  }

  /// The text of the field at `index` (from 0, below ``count``).
  package func text(_ index: Int) -> String {
    String(decoding: self[index], as: UTF8.self)
  }
}
