import Foundation
import SheetLayout
import SheetText

// Layout benchmark: prints wall times for the figures the README quotes.
//   1. 100,000 items with one- to three-line captions, measured with Pango (parallel, cached).
//   2. 1,000,000 items without captions.
//   3. Rectangle queries on a continuous page of 100,000 cards.
//   4. The baseline the first figure improves on: every caption through one Pango engine on one
//      thread (no cache, no fast path, no parallelism). Skip with --no-baseline.
// Usage: layout-benchmark [--threads N] [--items N] [--no-baseline]

/// A small deterministic generator (SplitMix64), so every run lays out the same input.
struct SplitMix {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = CommandLine.arguments
func flag(_ name: String) -> Int? {
  arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
}
let threads = flag("--threads") ?? ProcessInfo.processInfo.activeProcessorCount
let captionedCount = flag("--items") ?? 100_000

let words = [
  "harbour", "lantern", "meadow", "granite", "willow", "copper", "station", "orchard", "glacier",
  "market", "bridge", "canyon", "festival", "lighthouse", "portrait", "sunrise", "alley", "river",
]
let sizes = [(6000, 4000), (4000, 6000), (4032, 3024), (3024, 4032), (5472, 3648), (1080, 1350)]

/// Captions like a camera catalogue: a file name, then one or two lines of EXIF-like detail.
func captionedEntries(_ count: Int) -> [LayoutEntry] {
  var random = SplitMix(state: 42)
  return (0..<count).map { index in
    let size = sizes[random.int(0...sizes.count - 1)]
    var caption = "IMG_\(String(format: "%05d", index)).jpg"
    let lines = random.int(1...3)
    if lines >= 2 {
      caption +=
        "\n\(words[random.int(0...17)]) \(words[random.int(0...17)]), 2024-0\(random.int(1...9))-1\(random.int(0...9))"
    }
    if lines == 3 {
      caption += "\n1/\(random.int(30...2000)) s · f/\(random.int(2...16)) · ISO \(random.int(1...64) * 100)"
    }
    return .item(LayoutItem(pixelWidth: size.0, pixelHeight: size.1, caption: caption))
  }
}

var options = LayoutOptions(columns: .count(4))
options.captionStyle = TextStyle(font: "DejaVu Sans 7", maxLines: 3)
let layoutEngine = WaterfallLayout(options: options)

print("Layout benchmark (\(threads) threads, \(ProcessInfo.processInfo.activeProcessorCount) processors)")

// 1. Captions measured with Pango.
let captioned = captionedEntries(captionedCount)
var pageCount = 0
var distinct = 0
_ = try layoutEngine.layout(Array(captioned.prefix(1_000)), fonts: .system, threads: threads)  // Warm fontconfig.
let captionSeconds = try seconds {
  distinct = try layoutEngine.textRequests(captioned).count
  pageCount = try layoutEngine.layout(captioned, fonts: .system, threads: threads).pages.count
}
print(
  String(
    format: "%7d items, 1–3 line captions (%d distinct), Pango: %.3f s (%d pages)", captionedCount, distinct,
    captionSeconds, pageCount))

// 2. A million items without captions.
var random = SplitMix(state: 7)
let plain = (0..<1_000_000).map { _ in
  let size = sizes[random.int(0...sizes.count - 1)]
  return LayoutEntry.item(LayoutItem(pixelWidth: size.0, pixelHeight: size.1))
}
struct NoText: TextMeasuring {
  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement { .empty }
}
var plainLayout: Layout?
let plainSeconds = try seconds { plainLayout = try layoutEngine.layout(plain, measurer: NoText()) }
print(
  String(
    format: "%7d items, no captions: %.3f s (%d pages)", plain.count, plainSeconds, plainLayout!.pages.count))

// 3. Rectangle queries on one continuous page of 100,000 cards.
var scroll = options
scroll.page = .continuous(width: 1080)
let tall = try WaterfallLayout(options: scroll).layout(Array(plain.prefix(100_000)), measurer: NoText())
let page = tall.pages[0]
var index: PageIndex?
let indexSeconds = seconds { index = PageIndex(page) }
let queries = 100_000
var found = 0
var queryRandom = SplitMix(state: 3)
let querySeconds = seconds {
  for _ in 0..<queries {
    let y = Double(queryRandom.int(0...Int(page.height)))
    found += index!.indices(in: Rect(x: 0, y: y, width: 1080, height: 1920)).count
  }
}
var smallFound = 0
let smallSeconds = seconds {
  for _ in 0..<queries {
    let y = Double(queryRandom.int(0...Int(page.height)))
    let x = Double(queryRandom.int(0...1000))
    smallFound += index!.indices(in: Rect(x: x, y: y, width: 50, height: 50)).count
  }
}
var byItem = 0.0
let itemSeconds = seconds {
  for item in stride(from: 0, to: 100_000, by: 1) { byItem += tall.element(forItem: item)?.frame.y ?? 0 }
}
print(
  String(
    format:
      "rectangle query (1080×1920 pt viewport) on a page of %d cards: %.2f µs per query (%.1f hits each, %d lanes; index built in %.3f s)",
    page.elements.count, querySeconds / Double(queries) * 1e6, Double(found) / Double(queries),
    index!.laneCount, indexSeconds))
print(
  String(
    format: "rectangle query (50×50 pt): %.2f µs per query (%.1f hits each)",
    smallSeconds / Double(queries) * 1e6, Double(smallFound) / Double(queries)))
print(String(format: "element by item index: %.3f µs per lookup", itemSeconds / 100_000 * 1e6))

// 4. Baseline: the same captions, each measured by Pango on one thread.
if !arguments.contains("--no-baseline") {
  let baselineSeconds = try seconds {
    _ = try layoutEngine.layout(captioned, measurer: TextEngine(fonts: .system))
  }
  print(
    String(
      format: "baseline, %d captions through one Pango engine on one thread: %.3f s (%.1f× slower)",
      captionedCount, baselineSeconds, baselineSeconds / captionSeconds))
}
