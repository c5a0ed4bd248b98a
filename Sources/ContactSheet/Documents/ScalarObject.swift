import Foundation

/// A mapping whose members all have a scalar name and a scalar value (every manifest item),
/// kept compactly: the names and values, unescaped, back to back in one byte buffer, and where
/// it starts. The JSON reader fills one of these for each item of a streamed list and reuses
/// it for the next, so an item costs no tree of nodes and no string per member.
package struct ScalarObject {
  /// Where the mapping starts.
  package var location = SourceLocation(line: 0, column: 0)
  /// The names and values, each name followed by its value.
  private var bytes: [UInt8] = []
  /// Where, in ``bytes``, each name and each value ends, after a 0 where the first name
  /// starts: member `i`'s name is `bounds[2i]..<bounds[2i+1]`, its value the range after.
  private var bounds: [Int] = [0]

  /// An empty mapping.
  package init() {}

  /// The scalar members of `pairs` (pairs whose name or value is a list or a mapping are left
  /// out), starting at `location`.
  package init(_ pairs: [DataNode.Pair], at location: SourceLocation) {
    self.location = location
    bounds.reserveCapacity(2 * pairs.count + 1)
    bytes.reserveCapacity(
      pairs.reduce(0) { $0 + ($1.key.text?.utf8.count ?? 0) + ($1.value.text?.utf8.count ?? 0) })
    for pair in pairs {
      guard var name = pair.key.text, var value = pair.value.text else { continue }
      name.withUTF8 { appendName($0) }
      value.withUTF8 { appendValue($0) }
    }
  }

  /// How many members there are.
  package var count: Int { withMembers(\.count) }

  /// Removes every member, keeping the room they took.
  package mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    bounds.removeAll(keepingCapacity: true)
    bounds.append(0)
  }

  /// Starts a member named `name`; its value follows with ``appendValue(_:)``.
  package mutating func appendName(_ name: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: name)
    bounds.append(bytes.count)
  }

  /// Ends the member started last, with the value `value`.
  package mutating func appendValue(_ value: UnsafeBufferPointer<UInt8>) {
    bytes.append(contentsOf: value)
    bounds.append(bytes.count)
  }

  /// Whether a member has the name `name`.
  package func contains(name: UnsafeBufferPointer<UInt8>) -> Bool {
    withMembers { members in (0..<members.count).contains { Self.equal(members.name($0), name) } }
  }

  /// Whether `a` and `b` hold the same bytes.
  package static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
  }

  /// What `body` makes of the members, read in place.
  package func withMembers<Result>(_ body: (Members) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      bounds.withUnsafeBufferPointer { bounds in body(Members(bytes: bytes, bounds: bounds)) }
    }
  }

  /// The members of a ``ScalarObject``, read in place: valid only inside
  /// ``ScalarObject/withMembers(_:)``.
  package struct Members {
    fileprivate let bytes: UnsafeBufferPointer<UInt8>
    fileprivate let bounds: UnsafeBufferPointer<Int>

    /// How many members there are.
    package var count: Int { (bounds.count - 1) / 2 }

    /// The UTF-8 bytes of the name of member `index`.
    package func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[bounds[2 * index]..<bounds[2 * index + 1]])
    }

    /// The UTF-8 bytes of the value of member `index`.
    package func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
      UnsafeBufferPointer(rebasing: bytes[bounds[2 * index + 1]..<bounds[2 * index + 2]])
    }

    /// The name of member `index`, as text.
    package func nameText(_ index: Int) -> String { String(decoding: name(index), as: UTF8.self) }

    /// The value of member `index`, as text.
    package func valueText(_ index: Int) -> String { String(decoding: value(index), as: UTF8.self) }
  }
}

/// One element of a streamed list, as the JSON reader hands it over.
package enum StreamedElement {
  /// A mapping whose members are all scalars with distinct names (``ScalarObject``), which
  /// the reader reuses once the sink returns: copy what you keep.
  case scalarObject(ScalarObject)
  /// Any other value.
  case node(DataNode)
}
