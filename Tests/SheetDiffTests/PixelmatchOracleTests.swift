import Foundation
import SheetDiff
import SheetImages
import SheetSupport
import TestSupport
import Testing

/// `Pixelmatch` against a reference run in the same test: PyPI's pixelmatch-fast 1.3.4 (a port
/// of pixelmatch 7 giving its exact counts on pixelmatch's fixtures), installed by
/// `scripts/install-oracles`, on generated pairs a reading of the code could get wrong:
/// anti-aliased discs moved by a fraction of a pixel, recoloured, translucent, on edges and
/// corners of the image, at several thresholds, with and without includeAA.
@Suite("pixelmatch counts against a reference implementation")
struct PixelmatchOracleTests {
  /// The oracle's Python, installed by `make test` (scripts/install-oracles).
  private static let python = FixturePaths.packageRoot.appendingPathComponent(".build/oracles/bin/python")
    .path
  private static let script = FixturePaths.packageRoot.appendingPathComponent("scripts/pixelmatch-oracle.py")
    .path

  /// A `size`×`size` scene: a background, then discs each drawn with 4×4 supersampled coverage
  /// (anti-aliased edges), some translucent. `shift` moves every disc; `recolour` changes the
  /// last disc's colour; `clear` makes the background transparent.
  private static func scene(
    size: Int, discs: [(x: Double, y: Double, r: Double, rgba: [UInt8])], background: [UInt8], shift: Double,
    recolour: [UInt8]?
  ) -> RasterImage {
    var straight = [UInt8](repeating: 0, count: size * size * 4)
    for index in stride(from: 0, to: straight.count, by: 4) {
      straight.replaceSubrange(index..<index + 4, with: background)
    }
    for (number, disc) in discs.enumerated() {
      let colour = number == discs.count - 1 ? (recolour ?? disc.rgba) : disc.rgba
      for y in 0..<size {
        for x in 0..<size {
          var covered = 0
          for sy in 0..<4 {
            for sx in 0..<4 {
              let dx = Double(x) + (Double(sx) + 0.5) / 4 - disc.x - shift
              let dy = Double(y) + (Double(sy) + 0.5) / 4 - disc.y
              if dx * dx + dy * dy <= disc.r * disc.r { covered += 1 }
            }
          }
          guard covered > 0 else { continue }
          // Straight-alpha "over", with the disc's opacity scaled by its coverage.
          let index = (y * size + x) * 4
          let top = Double(colour[3]) / 255 * Double(covered) / 16
          let bottom = Double(straight[index + 3]) / 255
          let out = top + bottom * (1 - top)
          for channel in 0..<3 {
            let value =
              (Double(colour[channel]) * top + Double(straight[index + channel]) * bottom * (1 - top))
            straight[index + channel] = out > 0 ? UInt8((value / out).rounded()) : 0
          }
          straight[index + 3] = UInt8((out * 255).rounded())
        }
      }
    }
    return StraightRGBAImage(width: size, height: size, bytes: straight).raster
  }

  @Test("60 generated pairs: the same count as the reference at each threshold, with and without includeAA")
  func generatedPairs() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.python),
      "the oracle is not installed: run scripts/install-oracles (make test does)")
    let folder = try FixturePaths.temporaryFolder()
    var random = SeededRandom(seed: 7)
    var lines: [String] = []
    var ours: [Int] = []
    for pair in 0..<60 {
      let size = Int.random(in: 12...48, using: &random)
      let discs = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        (
          x: Double.random(in: 0...Double(size), using: &random),
          y: Double.random(in: 0...Double(size), using: &random),
          r: Double.random(in: 2...Double(size) / 2, using: &random),
          rgba: [
            UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
            UInt8.random(in: 0...255, using: &random),
            Bool.random(using: &random) ? 255 : UInt8.random(in: 60...255, using: &random),
          ]
        )
      }
      let background: [UInt8] = pair % 5 == 0 ? [0, 0, 0, 0] : [250, 248, 240, 255]
      let expected = Self.scene(size: size, discs: discs, background: background, shift: 0, recolour: nil)
      let actual = Self.scene(
        size: size, discs: discs, background: background, shift: [0, 0.25, 0.5, 1][pair % 4],
        recolour: pair % 3 == 0 ? [UInt8.random(in: 0...255, using: &random), 40, 200, 255] : nil)
      let first = folder.appendingPathComponent("\(pair)a.png").path
      let second = folder.appendingPathComponent("\(pair)b.png").path
      try expected.writePNG(to: first)
      try actual.writePNG(to: second)
      let threshold = [0.0, 0.05, 0.1, 0.2][pair % 4]
      for includeAA in [false, true] {
        lines.append("\(first) \(second) \(threshold) \(includeAA ? 1 : 0)")
        let options = ComparisonOptions(threshold: threshold, countAntiAliasing: includeAA)
        ours.append(
          Pixelmatch.compare(
            try ImageReader.straightRGBA(path: first), try ImageReader.straightRGBA(path: second),
            options: options
          ).comparison.diffPixels)
      }
    }
    let result = try ProcessRunner.run(
      Self.python, [Self.script], input: lines.joined(separator: "\n") + "\n")
    try #require(result.status == 0, "\(result.standardError)")
    let theirs = result.standardOutput.split(separator: "\n").compactMap { Int($0) }
    #expect(theirs.count == ours.count)
    for (index, (mine, reference)) in zip(ours, theirs).enumerated() where mine != reference {
      Issue.record("\(lines[index]): \(mine), the reference counts \(reference)")
    }
    #expect(ours.contains { $0 > 0 } && ours.contains(0), "the pairs cover both matches and changes")
  }
}
