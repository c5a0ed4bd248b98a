import Foundation
import SheetLayout
import SheetSupport
import SheetText

// Layout benchmark: prints wall and CPU times for the figures the README quotes.
//   captions  100,000 items with one- to three-line captions, measured with Pango (parallel,
//             cached, fast path for plain Latin lines).
//   plain     1,000,000 items without captions.
//   query     rectangle queries on a continuous page of 100,000 cards; element by item index.
//   baseline  the same captions, each measured by one Pango engine on one thread (no cache,
//             no fast path, no parallelism): what the first figure improves on.
//   pango     the captions again, every one through Pango's full layout (parallel, cached).
// Usage: layout-benchmark [--threads N] [--items N] [--balance K]
//                         [--only captions|pango|plain|query|baseline]
//                         [--no-baseline]

/// Wall-clock and process CPU seconds of `body` (CPU time adds up every thread).
func timed(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
  func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  let startWall = DispatchTime.now().uptimeNanoseconds
  let startCPU = cpuNow()
  try body()
  return (Double(DispatchTime.now().uptimeNanoseconds - startWall) / 1e9, cpuNow() - startCPU)
}

let arguments = CommandLine.arguments
func value(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let threads = value("--threads").flatMap(Int.init) ?? ProcessInfo.processInfo.activeProcessorCount
let captionedCount = value("--items").flatMap(Int.init) ?? 100_000
let only = value("--only")
func runs(_ name: String) -> Bool {
  only.map { $0 == name } ?? (name != "baseline" || !arguments.contains("--no-baseline"))
}

let words = [
  "harbour", "lantern", "meadow", "granite", "willow", "copper", "station", "orchard", "glacier",
  "market", "bridge", "canyon", "festival", "lighthouse", "portrait", "sunrise", "alley", "river",
]
let sizes = [(6000, 4000), (4000, 6000), (4032, 3024), (3024, 4032), (5472, 3648), (1080, 1350)]

/// Captions like a camera catalogue: a file name, then one or two lines of EXIF-like detail.
func captionedEntries(_ count: Int) -> [LayoutEntry] {
  var random = SeededRandom(seed: 42)
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

func plainEntries(_ count: Int) -> [LayoutEntry] {
  var random = SeededRandom(seed: 7)
  return (0..<count).map { _ in
    let size = sizes[random.int(0...sizes.count - 1)]
    return LayoutEntry.item(LayoutItem(pixelWidth: size.0, pixelHeight: size.1))
  }
}

struct NoText: TextMeasuring {
  func measure(_ text: String, style: TextStyle, width: Double) -> TextMeasurement { .empty }
  /// No font is measured; the layout records the system's.
  var fonts: FontSet { .system }
}

func report(_ label: String, _ time: (wall: Double, cpu: Double), _ detail: String) {
  print(String(format: "%@: %.3f s wall, %.3f s CPU (%@)", label, time.wall, time.cpu, detail))
}

var options = LayoutOptions(columns: .count(4))
options.captionStyle = TextStyle(font: "DejaVu Sans 7", maxLines: 3)
options.balance = value("--balance").flatMap(Int.init) ?? 0
let engine = WaterfallLayout(options: options)
let captioned = captionedEntries(captionedCount)

print("Layout benchmark (\(threads) threads, \(ProcessInfo.processInfo.activeProcessorCount) processors)")
var captionWall: Double?

if runs("captions") {
  _ = try engine.layout(Array(captioned.prefix(1_000)), fonts: .system, threads: threads)  // Warm fontconfig.
  var pages = 0
  let time = try timed { pages = try engine.layout(captioned, fonts: .system, threads: threads).pages.count }
  captionWall = time.wall
  let distinct = try engine.textRequests(captioned).count
  report(
    "\(captionedCount) items, 1–3 line captions, Pango", time,
    "\(distinct) distinct captions, \(pages) A4 pages")
}

if runs("pango") {
  // The same, with every caption through Pango's full layout (parallel and cached, no fast path).
  var measurer = ParallelMeasurer(fonts: .system, threads: threads)
  measurer.fastPath = false
  var pages = 0
  let time = try timed {
    let table = try measurer.measure(engine.textRequests(captioned))
    let cached = CachingMeasurer(try TextEngine(fonts: .system), table: table)
    pages = try engine.layout(captioned, measurer: cached).pages.count
  }
  report("\(captionedCount) items, 1–3 line captions, Pango without the fast path", time, "\(pages) A4 pages")
}

if runs("plain") {
  let plain = plainEntries(1_000_000)
  var pages = 0
  let time = try timed { pages = try engine.layout(plain, measurer: NoText()).pages.count }
  report("1000000 items, no captions", time, "\(pages) A4 pages")
}

if runs("query") {
  var scroll = options
  scroll.page = .continuous(width: 1080)
  let tall = try WaterfallLayout(options: scroll).layout(plainEntries(100_000), measurer: NoText())
  let page = tall.pages[0]
  var index: PageIndex?
  let build = timed { index = PageIndex(page) }
  report("index of a page of \(page.elements.count) cards", build, "\(index!.laneCount) lanes")
  let queries = 100_000
  var random = SeededRandom(seed: 3)
  for (label, width, height) in [("1080×1920 pt viewport", 1080.0, 1920.0), ("50×50 pt box", 50, 50)] {
    var found = 0
    let time = timed {
      for _ in 0..<queries {
        let y = Double(random.int(0...Int(page.height)))
        let x = width < 1080 ? Double(random.int(0...1000)) : 0
        found += index!.indices(in: Rect(x: x, y: y, width: width, height: height)).count
      }
    }
    print(
      String(
        format: "rectangle query, %@: %.2f µs per query (%.1f elements found each)", label,
        time.wall / Double(queries) * 1e6, Double(found) / Double(queries)))
  }
  var total = 0.0
  let lookups = timed { for item in 0..<100_000 { total += tall.element(forItem: item)?.frame.y ?? 0 } }
  print(String(format: "element by item index: %.3f µs per lookup", lookups.wall / 100_000 * 1e6))
}

if runs("baseline") {
  let time = try timed { _ = try engine.layout(captioned, measurer: TextEngine(fonts: .system)) }
  let ratio =
    captionWall.map { String(format: ", %.1f× the time of the parallel path", time.wall / $0) } ?? ""
  report(
    "baseline, every caption through one Pango engine on one thread", time, "no cache, no fast path\(ratio)")
}
