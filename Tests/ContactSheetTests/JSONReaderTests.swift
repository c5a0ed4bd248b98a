import Testing

@testable import ContactSheet

@Suite("Reading JSON")
struct JSONReaderTests {
  private func read(_ text: String) throws -> DataNode {
    try #require(try JSONReader.read(text))
  }

  /// The error reading `text` gives, or a recorded issue when it reads.
  private func failure(_ text: String) -> JSONReader.SyntaxError? {
    do {
      _ = try JSONReader.read(text)
      Issue.record("\(text.prefix(60)) was read without an error")
    } catch {
      return error
    }
    return nil
  }

  @Test("objects, lists and scalars keep their order, their text and where they start")
  func shapes() throws {
    let root = try read("{\n  \"a\": [1, -2.5e+3, true, null],\n  \"b\": {\"c\": \"d\"}, \"é\": \"x\"\n}")
    let pairs = try #require(root.pairs)
    #expect(pairs.map(\.key.text) == ["a", "b", "é"])
    #expect(root.location == SourceLocation(line: 1, column: 1))
    #expect(pairs[0].key.location == SourceLocation(line: 2, column: 3))
    let list = try #require(root["a"]?.list)
    #expect(list.map(\.text) == ["1", "-2.5e+3", "true", "null"])
    #expect(list.allSatisfy { $0.isPlainScalar })
    #expect(list.map(\.location.column) == [9, 12, 21, 27])
    #expect(root["b"]?["c"]?.text == "d" && root["b"]?["c"]?.isPlainScalar == false)
    // Columns count characters: "é" is two bytes but one column.
    #expect(pairs[2].value.location == SourceLocation(line: 3, column: 25))
  }

  @Test("escapes and surrogate pairs become the characters they stand for")
  func escapes() throws {
    let text = try read(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \u20AC \uD83D\uDE00 \u0000 plain""#).text
    #expect(text == "q\" b\\ s/ \u{8}\u{C}\n\r\t é € 😀 \u{0} plain")
    #expect(try read("\"\"").text == "")
    #expect(try read("\"€ 😀 direct\"").text == "€ 😀 direct")
  }

  @Test("whitespace, CRLF line ends and a byte-order mark are allowed around the one value")
  func whitespace() throws {
    let node = try read("\u{FEFF} \r\n\t[\r\n  0 ]\r\n")
    #expect(node.location == SourceLocation(line: 2, column: 2))
    #expect(node.list?.first?.location == SourceLocation(line: 3, column: 3))
    #expect(try JSONReader.read(" \n\t ") == nil)
    #expect(try read("0").text == "0")
  }

  @Test("errors give the line and column of the problem and say what was expected")
  func errors() {
    let cases: [(String, Int, Int, String)] = [
      ("{\"a\": 1,\n \"b\": 2,\n}", 3, 1, "no comma after the last member"),
      ("[1, 2,]", 1, 7, "no comma after the last element"),
      ("{\"a\": 1 \"b\": 2}", 1, 9, "expected ',' or '}'"),
      ("[1 2]", 1, 4, "expected ',' or ']'"),
      ("{\"a\" 1}", 1, 6, "expected ':' after the member name \"a\""),
      ("{a: 1}", 1, 2, "member name in double quotes, found 'a'"),
      ("['a']", 1, 2, "double quotes"),
      ("{\"a\": 1} // note", 1, 10, "after the end of the document"),
      ("[1] [2]", 1, 5, "a JSON file holds one value"),
      ("\n  \"abc", 2, 3, "never closed"),
      ("[\"line\nbreak\"]", 1, 2, "not closed on its line"),
      ("\"tab\there\"", 1, 5, "control character (U+0009)"),
      ("\"\\x\"", 1, 2, "\\x is not a JSON escape"),
      ("\"\\u12G4\"", 1, 2, "four hex digits"),
      ("\"ok \\uD83D alone\"", 1, 5, "first half of a surrogate pair"),
      ("\"\\uD83D\\u0041\"", 1, 8, "second half of a surrogate pair is"),
      ("\"\\uDE00\"", 1, 2, "second half of a surrogate pair, without the first"),
      ("[01]", 1, 2, "leading zeros"),
      ("-", 1, 2, "expected a digit after '-'"),
      ("1.", 1, 3, "after the decimal point"),
      ("1e+", 1, 4, "in the exponent"),
      ("[.5]", 1, 2, "found '.'"),
      ("[True]", 1, 2, "found 'True'"),
      ("[tru]", 1, 2, "found 'tru'"),
      ("[NaN]", 1, 2, "found 'NaN'"),
      ("{\"a\": [1, 2", 1, 12, "ends inside the list that starts at 1:7"),
      ("{\"a\": 1", 1, 8, "ends inside the object that starts at 1:1"),
      ("[\n", 2, 1, "ends inside the list that starts at 1:1"),
      ("{\"a\": 1, \"b\": 2, \"a\": 3}", 1, 18, "\"a\" appears twice in this object (first at 1:2)"),
      ("{\"é\": ", 1, 7, "where a value should be"),
    ]
    for (text, line, column, message) in cases {
      guard let error = failure(text) else { continue }
      #expect(error.location == SourceLocation(line: line, column: column), "\(text): \(error)")
      #expect(error.message.contains(message), "\(text): \(error)")
    }
  }

  @Test("duplicate names are found in large objects too")
  func duplicatesInLargeObjects() {
    let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
    let error = failure("{" + members.joined(separator: ", ") + "}")
    #expect(error?.message.contains("\"k7\" appears twice") == true)
  }

  @Test("nesting up to the limit reads; one level more is refused with a message, not a crash")
  func depthLimit() throws {
    let limit = JSONReader.maximumDepth
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var node = try read(deepest)
    for _ in 1..<limit { node = try #require(node.list?.first) }
    #expect(node.list?.isEmpty == true)
    let tooDeep = String(repeating: "{\"a\":[", count: limit / 2) + "[" + "1"
    let error = failure(tooDeep)
    #expect(error?.location == SourceLocation(line: 1, column: 6 * (limit / 2) + 1))
    #expect(error?.message.contains("nested more than \(limit) deep") == true)
    let farTooDeep = String(repeating: "[", count: 100_000)
    #expect(failure(farTooDeep)?.message.contains("nested more than") == true)
  }

  @Test("columns stay right on a long single line")
  func longLine() throws {
    let elements = (0..<20_000).map { "\"é\($0)\"" }.joined(separator: ",")
    let list = try #require(try read("[" + elements + "]").list)
    #expect(list.count == 20_000)
    let offset = (0..<19_999).map { "\"é\($0)\",".count }.reduce(1, +)
    #expect(list.last?.location == SourceLocation(line: 1, column: offset + 1))
  }

  @Test("YAML is read into the same shape, with the same positions")
  func yamlSameShape() throws {
    let json = try read("{\"a\": [1, \"two\"], \"b\": {\"c\": true}}")
    let yaml = try #require(
      try YAMLReader.read("{\"a\": [1, \"two\"], \"b\": {\"c\": true}}", path: "x.yaml"))
    func flatten(_ node: DataNode) -> [String] {
      let here = "\(node.location) \(node.text ?? "-") \(node.isPlainScalar)"
      switch node.content {
      case .scalar: return [here]
      case .list(let elements): return [here] + elements.flatMap(flatten)
      case .mapping(let pairs): return [here] + pairs.flatMap { flatten($0.key) + flatten($0.value) }
      }
    }
    #expect(flatten(json) == flatten(yaml))
  }
}
