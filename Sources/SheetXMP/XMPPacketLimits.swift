/// Limits an XMP packet is checked against before exempi parses it. exempi recurses once per
/// nested element (40,000 nested `rdf:Bag`/`rdf:li` overflow the stack) and checks each
/// attribute against the others (40,000 attributes take 17 s), so a packet past these is
/// refused from a scan of its bytes, which costs one pass and no allocation.
///
/// Real packets are far inside them: a Lightroom sidecar with a long develop history nests
/// about 10 deep and holds a few hundred attributes.
public enum XMPPacketLimits {
  /// The deepest nesting of elements accepted.
  public static let maxDepth = 100
  /// The most attributes accepted in one packet.
  public static let maxAttributes = 5_000
  /// The most elements accepted in one packet.
  public static let maxElements = 200_000

  /// Why `packet` is refused, or nil when it is within the limits. The scan reads tags as XML
  /// does (comments, CDATA sections, processing instructions and quoted attribute values are
  /// skipped whole), so markup inside them is not counted.
  public static func problem(_ packet: [UInt8]) -> String? {
    packet.withUnsafeBufferPointer { problem(in: $0) }
  }

  private static let commentStart = Array("<!--".utf8)
  private static let commentEnd = Array("-->".utf8)
  private static let cdataStart = Array("<![CDATA[".utf8)
  private static let cdataEnd = Array("]]>".utf8)
  private static let instructionStart = Array("<?".utf8)
  private static let instructionEnd = Array("?>".utf8)
  private static let declarationStart = Array("<!".utf8)
  private static let tagEnd = Array(">".utf8)

  private static func problem(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let lt = UInt8(ascii: "<")
    let gt = UInt8(ascii: ">")
    let slash = UInt8(ascii: "/")
    let equals = UInt8(ascii: "=")
    let count = bytes.count
    var depth = 0
    var attributes = 0
    var elements = 0
    var index = 0

    /// Moves `index` past the first occurrence of `terminator` at or after it.
    func skip(past terminator: [UInt8]) {
      while index < count {
        if bytes[index] == terminator[0], index + terminator.count <= count,
          (1..<terminator.count).allSatisfy({ bytes[index + $0] == terminator[$0] })
        {
          index += terminator.count
          return
        }
        index += 1
      }
    }
    func starts(_ text: [UInt8]) -> Bool {
      index + text.count <= count && text.indices.allSatisfy { bytes[index + $0] == text[$0] }
    }

    while index < count {
      guard bytes[index] == lt else {
        index += 1
        continue
      }
      if starts(commentStart) {
        skip(past: commentEnd)
      } else if starts(cdataStart) {
        skip(past: cdataEnd)
      } else if starts(instructionStart) {
        skip(past: instructionEnd)
      } else if starts(declarationStart) {
        skip(past: tagEnd)
      } else if index + 1 < count, bytes[index + 1] == slash {
        depth = max(0, depth - 1)
        skip(past: tagEnd)
      } else {
        // A start tag: count its attributes (each `=` outside a quoted value), up to `>`.
        index += 1
        var quote: UInt8? = nil
        var selfClosing = false
        while index < count {
          let byte = bytes[index]
          index += 1
          if let open = quote {
            if byte == open { quote = nil }
          } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            quote = byte
          } else if byte == equals {
            attributes += 1
          } else if byte == gt {
            selfClosing = index >= 2 && bytes[index - 2] == slash
            break
          }
        }
        elements += 1
        if !selfClosing { depth += 1 }
        if depth > maxDepth { return "nests elements more than \(maxDepth) deep" }
        if attributes > maxAttributes { return "holds more than \(maxAttributes) attributes" }
        if elements > maxElements { return "holds more than \(maxElements) elements" }
      }
    }
    return nil
  }
}
