import CPNG
import Foundation
import SheetSupport
import TestSupport
import Testing

@testable import SheetImages

/// Image files built to hurt: sizes that overflow, chunks that lie, images too large to hold.
@Suite("hostile image files")
struct HostileImageTests {
  private let hostile = FixturePaths.fixtures.appendingPathComponent("hostile")

  @Test("a PNG header of 4294967295×4294967295 is read without overflow and refused by the pixel limit")
  func overflowingHeader() throws {
    let path = hostile.appendingPathComponent("huge-header.png").path
    let header = try ImageReader.header(path: path)
    #expect(header.storedWidth == 4_294_967_295 && header.pixelCount == .max)
    #expect(throws: ImageError.self) { try ImageReader.decode(path: path, maxPixels: 200_000_000) }
  }

  @Test("a tEXt chunk claiming 2 GB is refused before libpng allocates for it")
  func lyingChunk() throws {
    let path = hostile.appendingPathComponent("text-chunk-2gb.png").path
    let error = try #require(throws: ImageError.self) { try ImageReader.decode(path: path) }
    #expect(error.reason.contains("'tEXt' chunk claims 2147483632 bytes"))
  }

  @Test("an interlaced PNG over the whole-decode limit is refused from its header")
  func hugeInterlaced() throws {
    let path = hostile.appendingPathComponent("interlaced-huge.png").path
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: path, minimumSize: (100, 100))
    }
    #expect(error.reason.contains("interlaced PNG of 9000×9000"))
  }

  @Test("a 14000×14000 PNG is shrunk while its rows are read, to no more than the streaming threshold")
  func shrinkOnLoad() throws {
    let folder = try FixturePaths.temporaryFolder()
    let path = folder.appendingPathComponent("big.png").path
    try Self.writeFlatPNG(path, width: 14_000, height: 14_000, bgr: (50, 100, 200))
    let image = try ImageReader.decode(path: path, minimumSize: (400, 400))
    #expect(image.width == 400 && image.height == 400)
    // Every block averages to the file's one colour.
    #expect(image.pixels[0..<4] == [50, 100, 200, 255])
    let last = image.pixels.count - 4
    #expect(image.pixels[last..<last + 4] == [50, 100, 200, 255])
    // Asked for more than the threshold, it still shrinks to within it.
    let bounded = try ImageReader.decode(path: path, minimumSize: (10_000, 10_000))
    #expect(bounded.width == 3500 && bounded.width * bounded.height <= PNGCodec.streamingThreshold)
  }

  @Test("the streaming resampler gives exactly the whole-intermediate result, shrinking and enlarging")
  func resamplerWindow() throws {
    var pixels: [UInt8] = []
    for y in 0..<300 {
      for x in 0..<64 { pixels += [UInt8(x * 3), UInt8(y % 256), 7, 255] }
    }
    let image = RasterImage(width: 64, height: 300, pixels: pixels, hasAlpha: false)
    for (width, height) in [(16, 30), (100, 700), (64, 17)] {
      #expect(image.resampled(width: width, height: height).pixels == Self.reference(image, width, height))
    }
    // Noise with premultiplied alpha, and crops that start and end between pixels.
    var random = SeededRandom(seed: 7)
    var noisy: [UInt8] = []
    for _ in 0..<(97 * 61) {
      let alpha = UInt8(random.next() % 256)
      for _ in 0..<3 { noisy.append(UInt8(random.next() % (UInt64(alpha) + 1))) }
      noisy.append(alpha)
    }
    let translucent = RasterImage(width: 97, height: 61, pixels: noisy, hasAlpha: true)
    let crops = [
      PixelRegion(x: 0, y: 0, width: 97, height: 61), PixelRegion(x: 10.25, y: 3.5, width: 60.5, height: 40),
      PixelRegion(x: 90, y: 55, width: 7, height: 6),
    ]
    for crop in crops {
      for (width, height) in [(13, 9), (31, 47), (200, 130)] {
        #expect(
          translucent.resampled(width: width, height: height, from: crop).pixels
            == Self.reference(translucent, width, height, from: crop))
      }
    }
  }

  /// Lanczos resampling the plain way: the whole horizontal pass, then the vertical one.
  static func reference(
    _ image: RasterImage, _ width: Int, _ height: Int, from region: PixelRegion? = nil
  ) -> [UInt8] {
    let region = region ?? PixelRegion(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
    let horizontal = FilterBank(
      outputCount: width, sourceStart: region.x, sourceLength: region.width, sourceLimit: image.width)
    let vertical = FilterBank(
      outputCount: height, sourceStart: region.y, sourceLength: region.height, sourceLimit: image.height)
    var middle = [Float](repeating: 0, count: width * image.height * 4)
    for row in 0..<image.height {
      for x in 0..<width {
        let taps = horizontal.taps(x)
        for channel in 0..<4 {
          var sum: Float = 0
          for (offset, weight) in zip(taps.start..., taps.weights) {
            sum += Float(image.pixels[(row * image.width + offset) * 4 + channel]) * weight
          }
          middle[(row * width + x) * 4 + channel] = sum
        }
      }
    }
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      let taps = vertical.taps(y)
      for x in 0..<width {
        var sums: [Float] = [0, 0, 0, 0]
        for channel in 0..<4 {
          for (offset, weight) in zip(taps.start..., taps.weights) {
            sums[channel] += middle[(offset * width + x) * 4 + channel] * weight
          }
        }
        let alpha = min(max(sums[3].rounded(), 0), 255)
        for channel in 0..<3 {
          out[(y * width + x) * 4 + channel] = UInt8(min(max(sums[channel].rounded(), 0), alpha))
        }
        out[(y * width + x) * 4 + 3] = UInt8(alpha)
      }
    }
    return out
  }

  @Test("a FIFO and a character device are named, never waited on")
  func specialFiles() throws {
    let folder = try FixturePaths.temporaryFolder()
    let fifo = folder.appendingPathComponent("pipe.jpg").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: ImageError(path: fifo, reason: "is a named pipe (FIFO), not a file")) {
      try ImageReader.header(path: fifo)
    }
    #expect(throws: ImageError(path: "/dev/zero", reason: "is a character device, not a file")) {
      try ImageReader.header(path: "/dev/zero")
    }
  }

  /// Writes a `width`×`height` PNG of one colour, row by row (never whole in memory).
  static func writeFlatPNG(_ path: String, width: Int, height: Int, bgr: (UInt8, UInt8, UInt8)) throws {
    var message = [CChar](repeating: 0, count: 256)
    let writer = try #require(
      cpng_writer_open(path, Int32(width), Int32(height), CPNG_ROWS_BGRX, 1, nil, 0, &message, 256))
    let rows = 64
    var block = [UInt8](repeating: 255, count: width * 4 * rows)
    for x in 0..<(width * rows) {
      block[x * 4] = bgr.0
      block[x * 4 + 1] = bgr.1
      block[x * 4 + 2] = bgr.2
    }
    var written = 0
    while written < height {
      let count = min(rows, height - written)
      #expect(cpng_writer_write_rows(writer, block, Int32(count), width * 4) == 0)
      written += count
    }
    #expect(cpng_writer_close(writer, 1, &message, 256) == 0)
  }
}
