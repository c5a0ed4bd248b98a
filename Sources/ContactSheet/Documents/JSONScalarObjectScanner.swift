extension JSONScanner {
  /// The most members an object read as a ``ScalarObject`` has; names are compared with each
  /// other's to refuse duplicates, so larger objects are read as nodes, where a set finds them.
  package static let scalarObjectMembers = 32

  /// Reads the object whose `{` is at `position`, at nesting `depth`, into `object` when all its
  /// members are scalars with distinct names (every manifest item), and returns true.
  ///
  /// Otherwise (a list or object as a value, a name given twice, a name beyond ASCII, more than
  /// ``scalarObjectMembers`` members, or anything that is not JSON) it returns false with the
  /// scanner back at the `{`, for ``value(depth:sink:)`` to read the object as nodes: what is
  /// wrong is then reported as it always is, with the same message at the same place.
  package mutating func scalarObject(depth: Int, into object: inout ScalarObject) -> Bool {
    let start = mark
    do throws(SyntaxError) {
      if try readScalarObject(depth: depth, into: &object) { return true }
    } catch {}
    rewind(to: start)
    return false
  }

  /// ``scalarObject(depth:into:)``, which throws or returns false where it gives up.
  private mutating func readScalarObject(depth: Int, into object: inout ScalarObject) throws(SyntaxError)
    -> Bool
  {
    guard depth <= JSONReader.maximumDepth, countValue() else { return false }
    object.removeAll()
    object.location = location(of: position)
    position += 1
    skipWhitespace()
    if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
      position += 1
      return true
    }
    while object.count < Self.scalarObjectMembers {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
      let isNew = try withString { name in
        // Names are compared as bytes here: a name beyond ASCII may equal another written
        // differently (é as one character or as e and an accent), so the object is read as
        // nodes, whose names are compared as text.
        guard name.allSatisfy({ $0 < 0x80 }), !object.contains(name: name) else { return false }
        object.appendName(name)
        return true
      }
      skipWhitespace()
      guard isNew, position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
      position += 1
      skipWhitespace()
      guard position < bytes.count, try readScalar(into: &object) else { return false }
      skipWhitespace()
      guard position < bytes.count else { return false }
      switch bytes[position] {
      case UInt8(ascii: ","):
        position += 1
      case UInt8(ascii: "}"):
        position += 1
        return true
      default:
        return false
      }
    }
    return false
  }

  /// Reads the scalar at `position` as the value of the member `object` started last; false
  /// when there is no scalar there, or one more value would be too many.
  private mutating func readScalar(into object: inout ScalarObject) throws(SyntaxError) -> Bool {
    guard countValue() else { return false }
    let start = position
    switch bytes[position] {
    case UInt8(ascii: "\""):
      try withString { object.appendValue($0) }
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try skipNumber()
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      try skipLiteral()
    default:
      return false
    }
    object.appendValue(UnsafeBufferPointer(rebasing: bytes[start..<position]))
    return true
  }
}
