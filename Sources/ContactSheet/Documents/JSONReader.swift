/// Reads JSON strictly, as RFC 8259 defines it, into nodes that know their line and column.
///
/// One value, optionally after a UTF-8 byte-order mark, with nothing but whitespace around it.
/// Numbers are kept as written. Besides the grammar, it refuses what would silently lose data or
/// exhaust the stack: duplicate member names, escapes that are half a surrogate pair, and lists
/// and objects nested more than `maximumDepth` deep. Errors say where and what was expected.
package enum JSONReader {
  /// The deepest nesting of lists and objects accepted.
  package static let maximumDepth = 512

  /// Where and why a text is not JSON.
  package struct SyntaxError: Error, Equatable, CustomStringConvertible {
    package var location: SourceLocation
    package var message: String

    package var description: String { "\(location): \(message)" }
  }

  /// The document in `text`; nil when it holds nothing but whitespace. When the top-level
  /// object has a member named in `streamedMembers` whose value is a list, its elements are
  /// given to `sink` (with the member's name) one by one as they are read, objects of scalars
  /// as a ``ScalarObject``, and the tree holds an empty list in their place.
  package static func read(
    _ text: String, streaming streamedMembers: Set<String> = [],
    to sink: ((String, StreamedElement) -> Void)? = nil
  ) throws(SyntaxError) -> DataNode? {
    var text = text
    let result: Result<DataNode?, SyntaxError> = text.withUTF8 { bytes in
      var scanner = JSONScanner(bytes: bytes)
      scanner.streamedMembers = streamedMembers
      scanner.elementSink = sink
      do throws(SyntaxError) {
        return .success(try scanner.document())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}
