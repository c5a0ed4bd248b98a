import SheetSupport
import Testing

@testable import ContactSheet

/// Items of a streamed list read as ``ScalarObject``s give what reading them as nodes gives:
/// the same names and values, the same start, and the same error at the same place.
@Suite("Objects of scalars")
struct ScalarObjectTests {
  /// One streamed element, as text: `scalar` or `node` and then its members, or the node's text.
  private func describe(_ element: StreamedElement) -> String {
    switch element {
    case .scalarObject(let object):
      let members = object.withMembers { members in
        (0..<members.count).map { "\(members.nameText($0))=\(members.valueText($0))" }
      }
      return "scalar \(object.location) \(members)"
    case .node(let node):
      return "node \(describe(node))"
    }
  }

  private func describe(_ node: DataNode) -> String {
    switch node.content {
    case .scalar(let text, _): "\(node.location) \(text)"
    case .list(let elements): "\(node.location) \(elements.map(describe))"
    case .mapping(let pairs): "\(node.location) \(pairs.map { "\(describe($0.key))=\(describe($0.value))" })"
    }
  }

  /// The `items` of `text` read streamed, or the error.
  private func streamed(_ text: String) -> Result<[StreamedElement], JSONReader.SyntaxError> {
    var elements: [StreamedElement] = []
    do {
      _ = try JSONReader.read(text, streaming: ["items"]) { _, element in elements.append(element) }
      return .success(elements)
    } catch {
      return .failure(error)
    }
  }

  /// The elements of `items` in `text` read as a tree, or the error.
  private func tree(_ text: String) -> Result<[DataNode], JSONReader.SyntaxError> {
    do {
      return .success(try JSONReader.read(text)?["items"]?.list ?? [])
    } catch {
      return .failure(error)
    }
  }

  /// Checks that `text` reads the same streamed as whole; returns the streamed elements.
  @discardableResult
  private func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> [StreamedElement]
  {
    switch (streamed(text), tree(text)) {
    case (.success(let elements), .success(let nodes)):
      #expect(elements.count == nodes.count, "\(text)", sourceLocation: sourceLocation)
      for (element, node) in zip(elements, nodes) {
        // An object of scalars keeps its members' names and values and its start, no other place.
        let expected =
          switch element {
          case .scalarObject:
            "scalar \(node.location) \((node.pairs ?? []).map { "\($0.key.text ?? "-")=\($0.value.text ?? "-")" })"
          case .node: "node \(describe(node))"
          }
        #expect(describe(element) == expected, "\(text)", sourceLocation: sourceLocation)
      }
      return elements
    case (.failure(let streamedError), .failure(let treeError)):
      #expect(streamedError == treeError, "\(text)", sourceLocation: sourceLocation)
    case (let streamedResult, let treeResult):
      Issue.record(
        "\(text): streamed \(streamedResult), as a tree \(treeResult)", sourceLocation: sourceLocation)
    }
    return []
  }

  @Test("items of scalars are read compactly: escapes, Unicode, numbers and literals as written")
  func compactItems() {
    let text = """
      {"items": [
        {"image": "a\\"b\\\\c\\/d\\n\\u00e9\\uD83D\\uDE00.jpg", "w_dth": -0.5e+3, "ok": true, "no": false, "x": null},
        {},
        {"image": "€ 😀 東京", "n": 0, "big": 12345678901234567890, "e": "\\t"}
      ]}
      """
    let elements = expectSame(text)
    #expect(
      elements.map(describe) == [
        "scalar 2:3 [\"image=a\\\"b\\\\c/d\\né😀.jpg\", \"w_dth=-0.5e+3\", \"ok=true\", \"no=false\", \"x=null\"]",
        "scalar 3:3 []",
        "scalar 4:3 [\"image=€ 😀 東京\", \"n=0\", \"big=12345678901234567890\", \"e=\\t\"]",
      ])
  }

  @Test("items that are not objects of distinct scalars are read as nodes, as before")
  func nodesForTheRest() {
    let large =
      "{" + (0...JSONScanner.scalarObjectMembers).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    let most =
      "{" + (1..<JSONScanner.scalarObjectMembers).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + "}"
    let elements = expectSame(
      "{\"items\": [\"a.jpg\", {\"image\": \"b\", \"tags\": [1]}, {\"o\": {}}, 7, [], \(large), \(most),"
        + " {\"image\": \"c\", \"w\u{EF}dth\": 1}]}")
    // The last: a name beyond ASCII, compared as text only in the tree.
    #expect(
      elements.map { describe($0).prefix(6) } == [
        "node 1", "node 1", "node 1", "node 1", "node 1", "node 1", "scalar", "node 1",
      ])
  }

  @Test("a name given twice in an item is refused where the tree refuses it")
  func duplicates() {
    expectSame("{\"items\": [{\"a\": 1, \"b\": 2, \"a\": 3}]}")
    expectSame("{\"items\": [{\"image\": \"x\"},\n {\"image\": \"y\", \"image\": \"y\"}]}")
    expectSame("{\"items\": [{\"\\u0061\": 1, \"a\": 2}]}")
    guard case .failure(let error) = streamed("{\"items\": [{\"a\": 1, \"b\": 2, \"a\": 3}]}") else {
      Issue.record("a duplicate name was read")
      return
    }
    #expect(error.message.contains("\"a\" appears twice in this object (first at 1:13)"))
    #expect(error.location == SourceLocation(line: 1, column: 29))
    // The same name as text, written as one character and as a letter and an accent: refused
    // as the tree refuses it (names are compared as text, not as bytes).
    let accented = "{\"items\": [{\"image\": \"a.jpg\", \"caf\\u00e9\": 1, \"cafe\\u0301\": 2}]}"
    expectSame(accented)
    guard case .failure(let twice) = streamed(accented) else {
      Issue.record("a name given twice as text, in two spellings, was read")
      return
    }
    #expect(twice.message.contains("appears twice in this object"))
  }

  @Test("every cut and every changed byte of a catalog gives the same error streamed as whole")
  func errorsAgree() {
    let text = """
      {"title": "t", "items": [{"image": "p/a é.jpg", "width": 6000, "height": -1.5E+2},
       {"image": "\\u00e9\\uD83D\\uDE00", "ok": true, "no": null, "f": false, "t": [1, {"x": "y"}]}, "b.jpg",
       {"banner": "B", "subtitle": "\\"s\\""}]}
      """
    let bytes = Array(text.utf8)
    for cut in 0...bytes.count {
      expectSame(String(decoding: bytes[..<cut], as: UTF8.self) + "]}")
    }
    var generator = SeededRandom(seed: 23)
    let replacements = Array("{}[]\",:\\ -+.0123456789eEtfnulrsaxé\n\t".utf8)
    for _ in 0..<4000 {
      var changed = bytes
      let index = Int(generator.next() % UInt64(changed.count))
      changed[index] = replacements[Int(generator.next() % UInt64(replacements.count))]
      expectSame(String(decoding: changed, as: UTF8.self))
    }
  }

  @Test("a width or height is a whole number exactly when Int reads it as one from 1 to the limit")
  func wholeNumbers() {
    var generator = SeededRandom(seed: 5)
    let alphabet = Array("0123456789+- .e".utf8)
    var texts = [
      "", "+", "-", "0", "-0", "+0", "1", "+7", "-7", "1000000", "1000001", "0001000000", "00", "1.0",
    ]
    texts.append(String(repeating: "9", count: 40))
    texts.append(String(repeating: "0", count: 40) + "5")
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 9)
      texts.append(
        String(decoding: (0..<length).map { _ in alphabet[Int(generator.next() % 15)] }, as: UTF8.self))
    }
    for text in texts {
      let expected = Int(text).flatMap { (1...1_000_000).contains($0) ? $0 : nil }
      var text = text
      let found = text.withUTF8 { FieldList.wholeNumber($0, upTo: 1_000_000) }
      #expect(found == expected, "\(text)")
    }
  }
}
