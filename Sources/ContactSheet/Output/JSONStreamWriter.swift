import Foundation

/// Writes JSON straight to a file handle as it is produced, in 1 MB chunks, indented by two
/// spaces: a 100,000-card layout is printed without building a tree of values or the whole text
/// in memory first (Foundation's `JSONEncoder` needs both).
///
/// Objects and arrays are opened and closed explicitly; commas and indentation are managed here.
/// Keys are written in the order given (callers write them sorted, as `.sortedKeys` would).
/// The text is the bytes `JSONEncoder` with `.prettyPrinted`, `.sortedKeys` and
/// `.withoutEscapingSlashes` writes for the same values, built byte by byte in one buffer.
package struct JSONStreamWriter: ~Copyable {
  private let output: FileHandle
  private let buffer: UnsafeMutablePointer<UInt8>
  /// Bytes in ``buffer`` not yet written.
  private var count = 0
  /// For each open container around the current one, whether it has a member yet.
  private var outerHasMember: [Bool] = []
  /// Open containers: 0 at the top level.
  private var depth = 0
  /// Whether the current (innermost open) container has a member yet.
  private var hasMember = false
  /// Set after a key, so the value that follows is not preceded by a comma or a new line.
  private var afterKey = false
  /// The text of recent numbers that are not whole, by a hash of their bits: a layout repeats
  /// some (column positions, card widths, caption heights) on every card. Direct-mapped, so a
  /// look-up is one comparison; a number that misses is formatted and takes the slot.
  private let recentNumbers: UnsafeMutablePointer<RecentNumber>
  /// Why writing to ``output`` first failed (a full disk); nothing more is
  /// written after it, and ``finish()`` throws it.
  private var failure: (any Error)?

  package init(output: FileHandle) {
    self.output = output
    buffer = .allocate(capacity: Self.capacity)
    recentNumbers = .allocate(capacity: Self.recentSlots)
    // NaN never reaches the cache: every slot starts empty.
    recentNumbers.initialize(repeating: RecentNumber(bits: Double.nan.bitPattern), count: Self.recentSlots)
  }

  deinit {
    buffer.deallocate()
    recentNumbers.deallocate()
  }

  /// Bytes gathered before they are written.
  private static let chunk = 1 << 20
  private static let capacity = chunk + 4096
  private static let recentSlots = 1024

  /// A number's text, up to ``DoubleText/capacity`` bytes, and the bits of the number.
  private struct RecentNumber {
    var bits: UInt64
    var length = 0
    var text: (UInt64, UInt64, UInt64) = (0, 0, 0)
  }

  package mutating func beginObject() { open(UInt8(ascii: "{")) }
  package mutating func endObject() { close(UInt8(ascii: "}")) }
  package mutating func beginArray() { open(UInt8(ascii: "[")) }
  package mutating func endArray() { close(UInt8(ascii: "]")) }

  /// Starts a member of the current object; its value is written next. `name` needs no escape.
  package mutating func key(_ name: StaticString) {
    startValue()
    reserve(name.utf8CodeUnitCount + 5)
    put(UInt8(ascii: "\""))
    put(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    put(UInt8(ascii: "\""))
    put(0x20)
    put(UInt8(ascii: ":"))
    put(0x20)
    afterKey = true
  }

  package mutating func value(_ text: String) {
    startValue()
    appendString(text)
  }

  package mutating func value(_ number: Int) {
    startValue()
    appendDigits(Int64(number))
  }

  /// A number in its shortest form that reads back exactly (`12.5`, `0.1`, `595.2755905511812`):
  /// whole numbers below 10¹⁵ without a fraction (`12`), others as `description` writes them.
  package mutating func value(_ number: Double) {
    startValue()
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
      appendDigits(Int64(number))
    } else if number.isFinite {
      appendFraction(number)
    } else {
      reserve(1)
      put(UInt8(ascii: "0"))
    }
  }

  /// A finite number that is not whole (or too large to print as an integer), as `description`.
  private mutating func appendFraction(_ number: Double) {
    reserve(DoubleText.capacity)
    let bits = number.bitPattern
    let slot = recentNumbers + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 54)
    if slot.pointee.bits == bits {
      let length = slot.pointee.length
      withUnsafeBytes(of: &slot.pointee.text) { text in
        (buffer + count).update(from: text.baseAddress!.assumingMemoryBound(to: UInt8.self), count: length)
      }
      count += length
      return
    }
    let length = DoubleText.write(number, to: buffer + count)
    guard length > 0 else {
      append(Array(number.description.utf8))
      return
    }
    slot.pointee.bits = bits
    slot.pointee.length = length
    withUnsafeMutableBytes(of: &slot.pointee.text) { text in
      text.baseAddress!.copyMemory(from: buffer + count, byteCount: length)
    }
    count += length
  }

  package mutating func value(_ flag: Bool) {
    startValue()
    if flag {
      append(StaticString("true"))
    } else {
      append(StaticString("false"))
    }
  }

  /// A member whose value is `value` when it is not nil; nothing otherwise (as `encodeIfPresent`).
  package mutating func member(_ name: StaticString, _ value: String?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  package mutating func member(_ name: StaticString, _ value: Int?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  package mutating func member(_ name: StaticString, _ value: Double) {
    key(name)
    self.value(value)
  }

  package mutating func member(_ name: StaticString, _ value: Bool?) {
    guard let value else { return }
    key(name)
    self.value(value)
  }

  /// Pre-encoded JSON (a small value from `JSONEncoder`), re-indented to the current depth.
  package mutating func raw(_ json: Data) {
    startValue()
    let indent = 2 * depth
    for byte in json {
      reserve(1 + indent)
      put(byte)
      if byte == 0x0A { putSpaces(indent) }
    }
  }

  /// Writes what is left; call once at the end. Throws when any write failed.
  package mutating func finish() throws(OutputError) {
    reserve(1)
    put(0x0A)
    flush()
    if let failure {
      throw OutputError(description: "could not write the JSON: \(failure.localizedDescription)")
    }
  }

  private mutating func open(_ bracket: UInt8) {
    startValue()
    reserve(1)
    put(bracket)
    outerHasMember.append(hasMember)
    hasMember = false
    depth += 1
  }

  private mutating func close(_ bracket: UInt8) {
    let hadMembers = hasMember
    depth -= 1
    hasMember = outerHasMember.removeLast()
    if hadMembers { newLine() }
    reserve(1)
    put(bracket)
  }

  /// Separates a value from the one before it: a comma and a new line inside containers.
  @inline(__always)
  private mutating func startValue() {
    if afterKey {
      afterKey = false
      return
    }
    guard depth > 0 else { return }
    if hasMember {
      reserve(1)
      put(UInt8(ascii: ","))
    }
    hasMember = true
    newLine()
  }

  @inline(__always)
  private mutating func newLine() {
    let indent = 2 * depth
    reserve(1 + indent)
    if indent < Self.lineBreak.utf8CodeUnitCount {
      (buffer + count).update(from: Self.lineBreak.utf8Start, count: 1 + indent)
      count += 1 + indent
    } else {
      put(0x0A)
      putSpaces(indent)
    }
  }

  /// A new line and enough spaces for the indentation of most documents.
  private static var lineBreak: StaticString {
    "\n                                                                "
  }

  /// `number` in decimal, as `String(number)` writes it.
  private mutating func appendDigits(_ number: Int64) {
    reserve(20)
    if number < 0 { put(UInt8(ascii: "-")) }
    // Int64.min's magnitude fits in UInt64.
    var magnitude = number.magnitude
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes, written from the end
    var length = 0
    withUnsafeMutableBytes(of: &digits) { digits in
      repeat {
        length += 1
        digits[24 - length] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      put(UnsafeBufferPointer(rebasing: digits.bindMemory(to: UInt8.self)[(24 - length)...]))
    }
  }

  private mutating func appendString(_ text: String) {
    // Native strings are read in place; others are copied to contiguous storage first.
    if let done: Void = text.utf8.withContiguousStorageIfAvailable({ appendString(bytes: $0) }) {
      return done
    }
    var copy = text
    copy.withUTF8 { appendString(bytes: $0) }
  }

  private mutating func appendString(bytes: UnsafeBufferPointer<UInt8>) {
    // Most strings need no escape: copied whole.
    if !bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      reserve(1)
      put(UInt8(ascii: "\""))
      append(bytes)
      reserve(1)
      put(UInt8(ascii: "\""))
      return
    }
    reserve(1)
    put(UInt8(ascii: "\""))
    for byte in bytes {
      reserve(6)
      switch byte {
      case UInt8(ascii: "\""): put2(UInt8(ascii: "\\"), UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): put2(UInt8(ascii: "\\"), UInt8(ascii: "\\"))
      case 0x0A: put2(UInt8(ascii: "\\"), UInt8(ascii: "n"))
      case 0x0D: put2(UInt8(ascii: "\\"), UInt8(ascii: "r"))
      case 0x09: put2(UInt8(ascii: "\\"), UInt8(ascii: "t"))
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        put2(UInt8(ascii: "\\"), UInt8(ascii: "u"))
        put2(UInt8(ascii: "0"), UInt8(ascii: "0"))
        put2(hex[Int(byte >> 4)], hex[Int(byte & 15)])
      default: put(byte)
      }
    }
    reserve(1)
    put(UInt8(ascii: "\""))
  }

  /// Appends `bytes` of any length, flushing first when they would not fit.
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    if count + bytes.count > Self.capacity { flush() }
    if bytes.count > Self.capacity {
      write(Data(bytes))
      return
    }
    put(bytes)
  }

  private mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  private mutating func append(_ text: StaticString) {
    append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Makes room for `size` more bytes (at most a few hundred), writing the buffer out when full.
  @inline(__always)
  private mutating func reserve(_ size: Int) {
    if count + size > Self.capacity { flush() }
  }

  /// Puts bytes that fit (see ``reserve(_:)``).
  @inline(__always)
  private mutating func put(_ byte: UInt8) {
    buffer[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func put2(_ first: UInt8, _ second: UInt8) {
    buffer[count] = first
    buffer[count + 1] = second
    count += 2
  }

  @inline(__always)
  private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    (buffer + count).update(from: base, count: bytes.count)
    count += bytes.count
  }

  @inline(__always)
  private mutating func putSpaces(_ size: Int) {
    (buffer + count).update(repeating: 0x20, count: size)
    count += size
  }

  private mutating func flush() {
    guard count > 0 else { return }
    write(Data(bytesNoCopy: buffer, count: count, deallocator: .none))
    count = 0
  }

  /// Writes `data` unless a write failed before; keeps the first failure.
  private mutating func write(_ data: Data) {
    guard failure == nil else { return }
    do { try output.write(contentsOf: data) } catch { failure = error }
  }
}
