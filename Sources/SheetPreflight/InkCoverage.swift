/// The total ink of a CMYK image: the most cyan, magenta, yellow and black (added, in percent)
/// any of its pixels asks for, which a print shop limits (about 300% on coated paper) so that
/// the ink dries.
enum InkCoverage {
  /// What reading an image's ink found.
  enum Result: Equatable {
    /// The most total ink of any pixel, in percent.
    case highest(Double)
    /// Why the samples were not read.
    case notChecked(String)
  }

  /// The most pixels read of one image: 64 MB of samples, held twice while read (libqpdf's
  /// buffer and its copy).
  static let largestImage = 16_000_000

  /// The total ink of `image`, a CMYK image XObject with 8 bits a component, its `/Decode`
  /// array applied (Photoshop's JPEGs store their CMYK inverted and say so there).
  static func highest(of image: PDFObject) -> Result {
    guard let width = image["Width"]?.number, let height = image["Height"]?.number, width >= 1, height >= 1
    else { return .notChecked("it has no size") }
    guard image["BitsPerComponent"]?.number == 8 else { return .notChecked("its samples are not 8 bits") }
    let pixels = width * height
    guard pixels <= Double(largestImage) else {
      return .notChecked("it has \(Int(pixels)) pixels, more than the \(largestImage) read")
    }
    guard let samples = image.streamData(images: true) else {
      return .notChecked("libqpdf cannot decode its samples")
    }
    guard samples.count >= Int(pixels) * 4 else {
      return .notChecked("it holds \(samples.count) bytes, fewer than its size asks for")
    }
    let decode = image["Decode"]?.items.compactMap(\.number) ?? []
    return .highest(highest(samples: samples, pixels: Int(pixels), decode: decode.count == 8 ? decode : nil))
  }

  /// The most total ink, in percent, of `pixels` CMYK pixels of 8-bit `samples`, each component
  /// mapped through its pair of `decode` (default 0 to 1).
  static func highest(samples: [UInt8], pixels: Int, decode: [Double]? = nil) -> Double {
    // Each component's 256 possible values, as a fraction of full ink.
    let tables = (0..<4).map { component in
      let low = decode?[2 * component] ?? 0
      let high = decode?[2 * component + 1] ?? 1
      return (0...255).map { low + Double($0) / 255 * (high - low) }
    }
    var most = 0.0
    samples.withUnsafeBufferPointer { buffer in
      for pixel in 0..<pixels {
        let base = pixel * 4
        let sum =
          tables[0][Int(buffer[base])] + tables[1][Int(buffer[base + 1])] + tables[2][Int(buffer[base + 2])]
          + tables[3][Int(buffer[base + 3])]
        most = max(most, sum)
      }
    }
    return most * 100
  }
}
