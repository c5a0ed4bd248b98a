// swift-tools-version: 6.0
import PackageDescription

/// ContactSheet: one module per layer, each importing only the layers below it.
let package = Package(
  name: "ContactSheet",
  products: [
    .executable(name: "contactsheet", targets: ["contactsheet"]),
    /// The document pipeline the command runs: inputs, captions, styles, layout and rendering.
    .library(name: "ContactSheet", targets: ["ContactSheet"]),
    .library(name: "SheetLayout", targets: ["SheetLayout"]),
    .library(name: "SheetRender", targets: ["SheetRender"]),
    .library(name: "SheetImages", targets: ["SheetImages"]),
    .library(name: "SheetPixels", targets: ["SheetPixels"]),
    .library(name: "SheetText", targets: ["SheetText"]),
    .library(name: "SheetDiff", targets: ["SheetDiff"]),
    .library(name: "SheetGolden", targets: ["SheetGolden"]),
    .library(name: "SheetGoldenXCTest", targets: ["SheetGoldenXCTest"]),
    .library(name: "SheetCompare", targets: ["SheetCompare"]),
    .library(name: "SheetReport", targets: ["SheetReport"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    // C libraries, found through pkg-config.
    .systemLibrary(
      name: "CPangoCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
    .systemLibrary(
      name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
    .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CExempi", pkgConfig: "exempi-2.0", providers: [.apt(["libexempi-dev"])]),
    .systemLibrary(name: "CQPDF", pkgConfig: "libqpdf", providers: [.apt(["libqpdf-dev"])]),
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
    // SVG logos (librsvg draws them as vectors into Cairo).
    .systemLibrary(name: "CRsvg", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
    // libpng's reader and streaming writer, whose setjmp error handling must stay in C.
    .target(name: "CPNG", dependencies: ["CLibPNG"]),
    // libjpeg's streaming writer for JPEG pages (setjmp again).
    .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
    .target(name: "CJPEG", dependencies: ["CLibJPEG"]),
    // More photo formats and colour management: HEIF/AVIF, camera RAW, TIFF (with a shim for its
    // variadic TIFFGetField and va_list error handlers), LittleCMS, and zlib for PNG's iCCP.
    .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
    // No pkgConfig: libraw_r.pc asks for -fopenmp, a flag SwiftPM refuses with a warning in
    // every package that depends on this one (the headers are in /usr/include, and
    // libraw_r.so brings its own OpenMP runtime).
    .systemLibrary(name: "CRaw", providers: [.apt(["libraw-dev"])]),
    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
    .target(name: "CTIFFShim", dependencies: ["CTIFF"]),
    // Videos: FFmpeg's libraries, driven from a C shim (its structures and logging stay in C).
    // No pkgConfig: libavformat.pc adds -pthread, a flag SwiftPM refuses with a warning in every
    // package that depends on this one (the headers are in the system's include path).
    .systemLibrary(
      name: "CFFmpeg",
      providers: [.apt(["libavformat-dev", "libavcodec-dev", "libswscale-dev", "libavutil-dev"])]),
    .target(name: "CVideoShim", dependencies: ["CFFmpeg"]),
    // glibc's mallopt, so large decode buffers go back to the system when freed.
    .target(name: "CAllocator"),
    // glibc's fstatfs: which file system a photo lives on (the cache trusts only some).
    .systemLibrary(name: "CFileSystem"),
    // Defers freeing the FreeType faces Cairo closes: a workaround for a race in Cairo 1.16 that
    // crashes text laid out on several threads (see Sources/CFontFaceGuard/FontFaceGuard.c).
    .target(name: "CFontFaceGuard"),
    .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // OpenSSL's SHA-256 (hardware speed), for the thumbnail cache's content keys.
    .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
    // libcurl, for images named by http(s) URL; a shim for its variadic curl_easy_setopt and
    // curl_easy_getinfo, which Swift cannot call.
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "CCurlShim", dependencies: ["CCurl"]),

    // Swift layers.
    /// Package-internal helpers every layer may use (atomic output, page-file names).
    .target(name: "SheetSupport"),
    .target(name: "SheetLayout"),
    .target(
      name: "SheetText", dependencies: ["CPangoCairo", "CFontFaceGuard", "SheetSupport", "SheetLayout"]),
    /// Ratings and colour labels from XMP packets and sidecars (exempi).
    .target(name: "SheetXMP", dependencies: ["CExempi", "CExempiShim", "SheetSupport"]),
    // Silences exempi's own std::cerr error lines (C++, which Swift cannot call).
    .target(name: "CExempiShim"),
    /// Pixels and the PNG, JPEG and WebP decoders, without colour management: all golden tests
    /// link (libpng, libjpeg-turbo, libwebp).
    .target(name: "SheetPixels", dependencies: ["CPNG", "CTurboJPEG", "CWebP", "SheetSupport"]),
    .target(
      name: "SheetImages",
      dependencies: [
        "SheetPixels", "CPNG", "CTurboJPEG", "CWebP", "CExif", "CHeif", "CRaw", "CTIFFShim", "CVideoShim",
        "CFFmpeg", "CLCMS", "CZlib", "CAllocator",
        "CFileSystem", "SheetSupport",
      ]),
    /// SHA-256 at hardware speed (OpenSSL): cache keys, and the files a comparison approved.
    .target(name: "SheetDigest", dependencies: ["CCrypto"]),
    /// Decoded photos kept on disk between runs, keyed by content (the thumbnail cache).
    .target(name: "SheetCache", dependencies: ["CZlib", "SheetDigest", "SheetSupport", "SheetImages"]),
    /// Images named by http(s) URL, downloaded with libcurl into a cache folder and revalidated
    /// on later runs.
    .target(name: "SheetFetch", dependencies: ["CCurl", "CCurlShim", "SheetDigest", "SheetSupport"]),
    .target(
      name: "SheetRender",
      dependencies: [
        "CPangoCairo", "CPNG", "CJPEG", "CQPDF", "CQREncode", "CPoppler", "CRsvg", "SheetSupport",
        "SheetLayout",
        "SheetText", "SheetImages", "SheetCache", "CZlib",
      ]),
    // Comparison, split by job: the metric (light), golden tests on it (light: no Pango, poppler
    // or renderer), file/folder/PDF comparison, and the review report drawn by SheetRender.
    // Checks any PDF against PDF/X-4's and PDF/UA-1's machine-checkable rules (`preflight`).
    .target(name: "SheetPreflight", dependencies: ["CQPDF", "SheetSupport"]),
    .target(name: "SheetDiff", dependencies: ["SheetPixels", "SheetSupport"]),
    .target(name: "SheetGolden", dependencies: ["SheetDiff", "SheetPixels", "SheetSupport"]),
    // XCTest glue kept apart, so SheetGolden never links XCTest.
    .target(name: "SheetGoldenXCTest", dependencies: ["SheetGolden", "SheetDiff", "SheetPixels"]),
    .target(
      name: "SheetCompare",
      dependencies: [
        "CPangoCairo", "CPoppler", "SheetDigest", "SheetSupport", "SheetImages", "SheetDiff",
        .product(name: "Yams", package: "Yams"),
      ]),
    .target(
      name: "SheetReport",
      dependencies: [
        "CPangoCairo", "SheetSupport", "SheetLayout", "SheetText", "SheetImages", "SheetRender", "SheetDiff",
        "SheetCompare",
      ]),
    /// The document pipeline: inputs (folders, manifests, CSV, lists), captions, the style
    /// table, and inputs → layout → rendered output.
    .target(
      name: "ContactSheet",
      dependencies: [
        "SheetSupport", "SheetLayout", "SheetText", "SheetImages", "SheetRender", "SheetXMP",
        "SheetCache", "SheetFetch", .product(name: "Yams", package: "Yams"),
      ]),
    /// The command line: flags, terminal output and exit statuses around the library.
    .target(
      name: "ContactSheetCLI",
      dependencies: [
        "ContactSheet", "SheetSupport", "SheetLayout", "SheetText", "SheetImages", "SheetRender", "SheetDiff",
        "SheetCompare", "SheetReport", "SheetXMP", "SheetCache", "SheetPreflight",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Yams", package: "Yams"),
      ]),
    .executableTarget(name: "contactsheet", dependencies: ["ContactSheetCLI"]),
    .executableTarget(
      name: "layout-benchmark", dependencies: ["SheetSupport", "SheetLayout", "SheetText"],
      path: "benchmarks/layout",
      exclude: ["README.md"]),
    .executableTarget(
      name: "pango-check", dependencies: ["SheetLayout", "SheetText"], path: "benchmarks/pango-check"),

    // libFuzzer harnesses (`make fuzz`); a plain build replays seed files (`make fuzz-smoke`).
    .executableTarget(
      name: "contactsheet-fuzz", dependencies: ["ContactSheet", "SheetCompare", "SheetDiff", "SheetImages"],
      path: "Fuzz",
      exclude: ["corpus", "README.md", "make-decoder-seeds", "lsan-suppressions.txt"]),

    // Tests mirror the targets; TestSupport holds helpers they share.
    .target(
      name: "TestSupport",
      dependencies: [
        "SheetCompare", "SheetDiff", "SheetGolden", "SheetImages", "SheetLayout", "SheetSupport",
      ],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "SheetLayoutTests",
      dependencies: ["SheetSupport", "SheetLayout", "SheetText", "SheetImages", "TestSupport"]),
    .testTarget(
      name: "SheetTextTests",
      dependencies: [
        "SheetSupport", "SheetLayout", "SheetText", "SheetImages", "CFontFaceGuard", "TestSupport",
      ]),
    .testTarget(name: "SheetImagesTests", dependencies: ["SheetImages", "TestSupport"]),
    .testTarget(
      name: "SheetCacheTests", dependencies: ["SheetCache", "SheetDigest", "SheetImages", "TestSupport"]),
    .testTarget(
      name: "SheetRenderTests", dependencies: ["SheetRender", "SheetCompare", "TestSupport"]),
    // Downloads from a real HTTP server the tests start (test-server.py, run by python3).
    .testTarget(
      name: "SheetFetchTests", dependencies: ["SheetFetch", "TestSupport"], exclude: ["test-server.py"]),
    .testTarget(name: "SheetXMPTests", dependencies: ["SheetXMP", "SheetImages", "TestSupport"]),
    .testTarget(
      name: "SheetDiffTests", dependencies: ["SheetDiff", "SheetImages", "SheetSupport", "TestSupport"]),
    .testTarget(
      name: "SheetGoldenTests",
      dependencies: ["SheetGolden", "SheetGoldenXCTest", "SheetDiff", "TestSupport"]),
    .testTarget(
      name: "SheetCompareTests", dependencies: ["SheetCompare", "SheetDiff", "SheetReport", "TestSupport"]),
    .testTarget(name: "PackagingTests", dependencies: ["TestSupport"]),
    .testTarget(
      name: "ContactSheetTests",
      dependencies: [
        "ContactSheet", "SheetSupport", "SheetLayout", "SheetText", "SheetImages", "SheetRender", "SheetXMP",
        "TestSupport",
      ]),
    // The command as a user runs it: the binary, its output files and exit statuses.
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "ContactSheet", "ContactSheetCLI", "SheetSupport", "SheetLayout", "SheetImages", "SheetRender",
        "SheetCompare", "TestSupport",
      ]),
    .testTarget(
      name: "ContactSheetCLITests",
      dependencies: ["ContactSheet", "ContactSheetCLI", "SheetSupport", "SheetCompare", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
