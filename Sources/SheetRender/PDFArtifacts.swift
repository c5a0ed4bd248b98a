import CZlib
import SheetSupport

/// Marks what a tagged page draws outside its structure (backgrounds, shadows, card grounds,
/// headers and footers, crop marks) as artifacts, as PDF/UA asks: Cairo 1.16 cannot, so each
/// run of a content stream that lies outside marked content is wrapped in
/// `/Artifact BMC … EMC`. A run that would split a text object is left as it is.
enum PDFArtifacts {
  /// `content` with its unmarked runs wrapped.
  static func wrap(_ content: [UInt8]) -> [UInt8] {
    var tokenizer = ContentTokenizer(content)
    var output: [UInt8] = []
    output.reserveCapacity(content.count + 256)
    var depth = 0
    var inText = false
    var copied = 0  // bytes of `content` already in `output`
    var operationStart: Int?  // where the current operation's first operand starts
    var runStart: Int?  // where the unmarked run being gathered starts
    var runSplitsText = false
    func closeRun(at end: Int) {
      guard let start = runStart else { return }
      output += content[copied..<start]
      if runSplitsText {
        output += content[start..<end]
      } else {
        output += Array("/Artifact BMC\n".utf8) + content[start..<end] + Array("\nEMC\n".utf8)
      }
      copied = end
      runStart = nil
      runSplitsText = false
    }
    while let token = tokenizer.next() {
      let start = tokenizer.tokenStart
      guard case .operator(let op) = token else {
        if operationStart == nil { operationStart = start }
        continue
      }
      let begins = operationStart ?? start
      operationStart = nil
      switch op {
      case "BDC", "BMC":
        if depth == 0 {
          if inText { runSplitsText = true }
          closeRun(at: begins)
        }
        depth += 1
      case "EMC":
        depth = max(0, depth - 1)
      default:
        if op == "BT" { inText = true }
        if op == "ET" { inText = false }
        if depth == 0 && runStart == nil {
          runStart = begins
          runSplitsText = inText && op != "BT"
        }
      }
    }
    if inText { runSplitsText = true }
    closeRun(at: content.count)
    output += content[copied...]
    return output
  }

  /// `data` compressed with zlib (FlateDecode), or nil when zlib fails.
  static func deflate(_ data: [UInt8]) -> [UInt8]? {
    var size = compressBound(uLong(data.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = data.withUnsafeBufferPointer { source in
      compress2(&output, &size, source.baseAddress, uLong(data.count), 6)
    }
    guard status == Z_OK else { return nil }
    return Array(output.prefix(Int(size)))
  }
}
