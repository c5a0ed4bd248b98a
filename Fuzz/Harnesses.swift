// libFuzzer harnesses for every parser hostile input reaches: image headers, each decoder
// (JPEG, PNG, WebP, TIFF, HEIF/AVIF, camera RAW, video), XMP packets and sidecars, manifests (JSON,
// YAML), CSV, styles, caption templates, the compare path, `assemble` parts and the results
// files `approve` and `compare merge` read.
//
//   contactsheet-fuzz HARNESS FILE…                       replays files (a plain build)
//   CONTACTSHEET_FUZZ=HARNESS contactsheet-fuzz [libFuzzer options and corpus folders]
//                                                         fuzzes (`make fuzz`: -DFUZZING)
//
// A harness returns for every input; a crash, a sanitizer report, a hang or a huge
// allocation (libFuzzer's -rss_limit_mb) is a bug.
import ContactSheet
import Foundation
import SheetCompare
import SheetDiff
import SheetImages

/// The harnesses by name.
let harnesses: [String: @Sendable ([UInt8]) -> Void] = [
  "headers": { bytes in _ = try? ImageReader.header(bytes: bytes) },
  "jpeg": { bytes in decode(bytes, if: .jpeg) },
  "png": { bytes in decode(bytes, if: .png) },
  "webp": { bytes in decode(bytes, if: .webp) },
  "tiff": { bytes in decode(bytes, if: .tiff) },
  "heif": { bytes in decode(bytes, if: .heif, .avif) },
  // DNG, NEF, ARW and PEF files sniff as TIFF; the header phase tells them apart.
  "raw": { bytes in decode(bytes, if: .raw, .tiff) },
  // MP4, MOV, MKV, WebM, AVI and MPEG-TS through FFmpeg: the header, then the poster frame.
  "video": { bytes in decode(bytes, if: .video) },
  "xmp": xmp,
  "json": { bytes in try? FuzzEntryPoints.manifest(bytes, json: true) },
  "yaml": { bytes in try? FuzzEntryPoints.manifest(bytes, json: false) },
  "csv": { bytes in try? FuzzEntryPoints.csv(bytes) },
  "style": { bytes in try? FuzzEntryPoints.style(bytes) },
  "template": { bytes in try? FuzzEntryPoints.template(bytes) },
  "html": { bytes in try? FuzzEntryPoints.html(bytes) },
  "compare": compare,
  "part": { bytes in try? FuzzEntryPoints.part(bytes) },
  "results": { bytes in try? results(bytes) },
]

/// The pixel limit the harnesses decode under: what `render` allows would let a mutated
/// header ask for 800 MB, which is legal; fuzzing looks for bugs, not big legal images. At 4
/// million pixels a 233-byte TIFF of 786,433 one-row strips took 2 s a run under
/// AddressSanitizer (0.2 s in a release build: linear work, not a bug), and a mutation of it
/// passed libFuzzer's 10 s timeout in CI; a million keeps every input well inside it.
let fuzzPixels = 1_000_000

/// Decodes `bytes` when they sniff as an image of one of `formats` (others return at once), as
/// `render` does (header, then decode, colour management included), whole and shrunk while
/// decoding.
func decode(_ bytes: [UInt8], if formats: ImageFormat...) {
  guard let format = ImageFormat.sniff(bytes[...]), formats.contains(format) else { return }
  _ = try? ImageReader.decode(bytes: bytes, maxPixels: fuzzPixels)
  _ = try? ImageReader.decode(bytes: bytes, minimumSize: (7, 5), maxPixels: fuzzPixels)
}

/// XMP as ratings and labels are read: the bytes as a sidecar dropped next to a photo and, when
/// they are an image, the packet its header read keeps.
func xmp(_ bytes: [UInt8]) {
  try? FuzzEntryPoints.sidecar(bytes)
  try? FuzzEntryPoints.embeddedXMP(bytes)
}

/// The compare path: the input's first byte splits it into two images, decoded and compared
/// with a diff image, as `compare` does for two files.
func compare(_ bytes: [UInt8]) {
  guard bytes.count > 2 else { return }
  let split = min(bytes.count - 1, 1 + Int(bytes[0]) * bytes.count / 256)
  guard let expected = try? ImageReader.decode(bytes: Array(bytes[1..<split]), maxPixels: fuzzPixels),
    let actual = try? ImageReader.decode(bytes: Array(bytes[split...]), maxPixels: fuzzPixels)
  else { return }
  _ = PixelComparator.compare(expected, actual, makeDiffImage: true)
}

#if FUZZING
  // libFuzzer's driver runs the harness named by the CONTACTSHEET_FUZZ environment variable.
  nonisolated(unsafe) var selected: @Sendable ([UInt8]) -> Void = { _ in }

  @_silgen_name("LLVMFuzzerRunDriver")
  func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  /// The program's entry point: SwiftPM links an executable's `main` to `MODULE_main`.
  @_cdecl("contactsheet_fuzz_main")
  func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments) { data, size in fuzzerTestOneInput(data, size) }
  }

  @_cdecl("LLVMFuzzerInitialize")
  func fuzzerInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
  ) -> Int32 {
    let name = ProcessInfo.processInfo.environment["CONTACTSHEET_FUZZ"] ?? ""
    guard let harness = harnesses[name] else {
      FileHandle.standardError.write(
        Data("set CONTACTSHEET_FUZZ to one of \(harnesses.keys.sorted().joined(separator: ", "))\n".utf8))
      exit(2)
    }
    selected = harness
    return 0
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
  }
#else
  /// Replay: each file (or every file in each folder) through the harness.
  @main
  struct Replay {
    static func main() {
      let arguments = CommandLine.arguments
      guard arguments.count >= 2, let harness = harnesses[arguments[1]] else {
        FileHandle.standardError.write(
          Data("usage: contactsheet-fuzz {\(harnesses.keys.sorted().joined(separator: "|"))} FILE…\n".utf8))
        exit(2)
      }
      var count = 0
      for argument in arguments.dropFirst(2) {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder)
        let files =
          isFolder.boolValue
          ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map {
            argument + "/" + $0
          }
          : [argument]
        for file in files {
          guard let data = FileManager.default.contents(atPath: file) else { continue }
          harness([UInt8](data))
          count += 1
        }
      }
      print("\(arguments[1]): \(count) inputs replayed")
    }
  }
#endif

/// Reads `bytes` as the JSON results of `compare`, as `approve` and `compare merge` do:
/// decoded, every case's paths checked, and the roots judged.
func results(_ bytes: [UInt8]) throws {
  let summary = try ResultsFile.read(try FuzzEntryPoints.scratch(bytes, extension: "json"))
  for result in summary.cases {
    let roots = summary.roots(of: result)
    _ = [roots.golden, roots.actual, roots.diffs ?? "."].map(ComparedRoots.untrustedReason)
  }
}
