import Foundation
import SheetLayout
import SheetText

// Compares the caption fast path with Pango's full layout.
//
// `pango-check [COUNT] [SEED]` (100,000 and 20261122 by default): on random captions of every
// script. Prints the counts and the first mismatches; exits 1 when any caption differs.
//
// `pango-check --layout LAYOUT.json`: on the captions of a layout `contactsheet layout` wrote
// (each at its card's caption width, in the layout's caption style). Times the measuring as
// the command does it (`ParallelMeasurer`, wall and CPU time), then compares every caption
// with Pango's full layout (unless `--time-only`); exits 1 when any differs.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--layout", arguments.count >= 2 {
  exit(try CatalogCheck.run(layoutFile: arguments[1], compare: !arguments.contains("--time-only")) ? 0 : 1)
}
if arguments.first == "--caption", arguments.count == 5, let lines = Int(arguments[3]),
  let width = Double(arguments[4])
{
  // `pango-check --caption TEXT FONT MAX_LINES WIDTH`: one caption (markup), both ways.
  let style = TextStyle(font: arguments[2], isMarkup: true, maxLines: lines)
  let engine = try TextEngine(fonts: .system)
  let fast = FastTextMeasurer(engine: try TextEngine(fonts: .system))
  print("fast: \(String(describing: fast.fastMeasure(arguments[1], style: style, width: width)))")
  print("Pango: \(engine.measure(arguments[1], style: style, width: width))")
  for line in engine.lines(arguments[1], style: style, width: width) {
    print("  \(line.height): \(line.text)")
  }
  exit(0)
}
let count = arguments.first.flatMap { Int($0) } ?? 100_000
let seed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 20_261_122
let start = Date()
let result = try FastPathCheck(fonts: .system).run(count: count, seed: seed)
let seconds = Date().timeIntervalSince(start)
print(
  "pango check: \(result.checked) captions, \(result.fast) on the fast path, \(result.checked - result.fast) through Pango, mismatches = \(result.mismatches); break opportunities compared on \(result.breaksChecked) paragraphs, mismatches = \(result.breakMismatches) (\(String(format: "%.1f", seconds)) s)"
)
for example in result.examples { print("  mismatch: \(example)") }
exit(result.mismatches == 0 && result.breakMismatches == 0 ? 0 : 1)
