import Foundation

/// Writes JSON straight to a file handle as it is produced, in 1 MB chunks, indented by two
/// spaces: a 100,000-card layout is printed without building a tree of values or the whole text
/// in memory first (Foundation's `JSONEncoder` needs both).
///
/// Objects and arrays are opened and closed explicitly; commas and indentation are managed here.
/// Keys are written in the order given (callers write them sorted, as `.sortedKeys` would).
struct JSONStreamWriter {
  private let output: FileHandle
  private var buffer: [UInt8] = []
  /// For each open container, whether it has a member yet.
  private var hasMember: [Bool] = []
  /// Set after a key, so the value that follows is not preceded by a comma or a new line.
  private var afterKey = false

  init(output: FileHandle) {
    self.output = output
    buffer.reserveCapacity(Self.chunk + 4096)
  }

  private static let chunk = 1 << 20

  mutating func beginObject() { open(UInt8(ascii: "{")) }
  mutating func endObject() { close(UInt8(ascii: "}")) }
  mutating func beginArray() { open(UInt8(ascii: "[")) }
  mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Starts a member of the current object; its value is written next.
  mutating func key(_ name: String) {
    startValue()
    appendString(name)
    buffer += [0x20, UInt8(ascii: ":"), 0x20]
    afterKey = true
  }

  mutating func value(_ text: String) {
    startValue()
    appendString(text)
  }

  mutating func value(_ number: Int) {
    startValue()
    appendDigits(Int64(number))
  }

  /// A number in its shortest form that reads back exactly (`12.5`, `0.1`, `595.2755905511812`).
  mutating func value(_ number: Double) {
    startValue()
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
      appendDigits(Int64(number))
    } else if number.isFinite {
      buffer.append(contentsOf: number.description.utf8)
    } else {
      buffer.append(UInt8(ascii: "0"))
    }
  }

  mutating func value(_ flag: Bool) {
    startValue()
    buffer.append(contentsOf: (flag ? "true" : "false").utf8)
  }

  /// A member whose value is `value` when it is not nil; nothing otherwise (as `encodeIfPresent`).
  mutating func member(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  mutating func member(_ name: String, _ value: Int?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  mutating func member(_ name: String, _ value: Double) {
    key(name)
    self.value(value)
  }

  mutating func member(_ name: String, _ value: Bool?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  /// Pre-encoded JSON (a small value from `JSONEncoder`), re-indented to the current depth.
  mutating func raw(_ json: Data) {
    startValue()
    let indent = [UInt8](repeating: 0x20, count: 2 * hasMember.count)
    for byte in json {
      buffer.append(byte)
      if byte == 0x0A { buffer += indent }
    }
  }

  /// Writes what is left; call once at the end.
  mutating func finish() {
    buffer.append(0x0A)
    flush()
  }

  private mutating func open(_ bracket: UInt8) {
    startValue()
    buffer.append(bracket)
    hasMember.append(false)
  }

  private mutating func close(_ bracket: UInt8) {
    let hadMembers = hasMember.removeLast()
    if hadMembers { newLine() }
    buffer.append(bracket)
    if buffer.count >= Self.chunk { flush() }
  }

  /// Separates a value from the one before it: a comma and a new line inside containers.
  private mutating func startValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard !hasMember.isEmpty else { return }
    if hasMember[hasMember.count - 1] { buffer.append(UInt8(ascii: ",")) }
    hasMember[hasMember.count - 1] = true
    newLine()
  }

  private mutating func newLine() {
    buffer.append(0x0A)
    buffer += repeatElement(0x20, count: 2 * hasMember.count)
  }

  /// `number` in decimal, as `String(number)` writes it.
  private mutating func appendDigits(_ number: Int64) {
    if number < 0 { buffer.append(UInt8(ascii: "-")) }
    // Int64.min's magnitude fits in UInt64; the largest power of ten (10^18) does too.
    var magnitude = number.magnitude
    var divisor: UInt64 = 1
    while magnitude / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      buffer.append(UInt8(ascii: "0") + UInt8(magnitude / divisor))
      magnitude %= divisor
      divisor /= 10
    }
  }

  private mutating func appendString(_ text: String) {
    buffer.append(UInt8(ascii: "\""))
    // Most strings need no escape: copied whole.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      buffer.append(contentsOf: text.utf8)
      buffer.append(UInt8(ascii: "\""))
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): buffer += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: buffer += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: buffer += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: buffer += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20: buffer += Array(String(format: "\\u%04x", byte).utf8)
      default: buffer.append(byte)
      }
    }
    buffer.append(UInt8(ascii: "\""))
  }

  private mutating func flush() {
    output.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}
