import CZlib
import SheetSupport

/// Marks what a tagged page draws outside its structure (backgrounds, shadows, card grounds,
/// headers and footers, crop marks) as artifacts, as PDF/UA asks: Cairo 1.16 cannot, so each
/// run of a content stream that lies outside marked content is wrapped in
/// `/Artifact BMC … EMC`. A run that would split a text object is left as it is (Cairo draws
/// none: it opens and closes text objects inside the structure's marked content).
enum PDFArtifacts {
  /// `content` with its unmarked runs wrapped. Only marked content holding an `/MCID` (the
  /// structure's) ends a run; other marked content met outside it (Cairo's `/Span` with the
  /// `/ActualText` of a ligature in a header) belongs to the run and nests in the artifact.
  static func wrap(_ content: [UInt8]) -> [UInt8] {
    var tokenizer = ContentTokenizer(content)
    var output: [UInt8] = []
    output.reserveCapacity(content.count + 256)
    /// Open marked content: true for the structure's (with an MCID), false for other.
    var open: [Bool] = []
    var inText = false
    var copied = 0  // bytes of `content` already in `output`
    var operationStart: Int?  // where the current operation's first operand starts
    var operandsHaveMCID = false
    var runStart: Int?  // where the unmarked run being gathered starts
    var runSplitsText = false  // the run began or ends inside a text object: left unwrapped
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
        if token == .name("MCID") { operandsHaveMCID = true }
        continue
      }
      let begins = operationStart ?? start
      let structural = operandsHaveMCID
      operationStart = nil
      operandsHaveMCID = false
      // Outside the structure's marked content (possibly inside other marked content of a run).
      let outside = !open.contains(true)
      switch op {
      case "BDC", "BMC":
        if outside && structural {
          // Inside a text object or other marked content, the run cannot be closed around.
          if inText || !open.isEmpty { runSplitsText = true }
          closeRun(at: begins)
        } else if outside && runStart == nil {
          runStart = begins
          runSplitsText = inText
        }
        open.append(structural)
      case "EMC":
        _ = open.popLast()
      default:
        if op == "BT" { inText = true }
        guard outside else { break }
        if runStart == nil {
          runStart = begins
          runSplitsText = inText && op != "BT"
        }
        if op == "ET" {
          inText = false
          // A run that could not be wrapped ends with its text object, so what follows can be.
          if runSplitsText { closeRun(at: tokenizer.tokenEnd) }
        }
      }
      if op == "ET" { inText = false }
    }
    if inText || open.contains(false) { runSplitsText = true }
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
