// swift-tools-version: 6.0
import PackageDescription

/// Pixel loops are unbearably slow unoptimised, so the modules that run them are optimised
/// in debug builds too (tests run the debug build).
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// ContactSheet: one module per layer, each importing only the layers below it.
let package = Package(
  name: "ContactSheet",
  products: [
    .executable(name: "contactsheet", targets: ["contactsheet"]),
    .library(name: "SheetLayout", targets: ["SheetLayout"]),
    .library(name: "SheetRender", targets: ["SheetRender"]),
    .library(name: "SheetCompare", targets: ["SheetCompare"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
  ],
  targets: [
    // C libraries, found through pkg-config.
    .systemLibrary(
      name: "CCairo", pkgConfig: "pangocairo",
      providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
    .systemLibrary(
      name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
    .target(
      name: "CShims", dependencies: ["CCairo", "CTurboJPEG"], linkerSettings: [.linkedLibrary("png16")]),
    // libpng called directly for SheetCompare's large images (setjmp kept in C).
    .target(name: "CComparePNG", linkerSettings: [.linkedLibrary("png16")]),

    // Swift layers.
    .target(name: "SheetLayout"),
    .target(name: "SheetText", dependencies: ["CCairo", "CShims", "SheetLayout"]),
    .target(
      name: "SheetImages", dependencies: ["CCairo", "CTurboJPEG", "CWebP", "CExif", "CShims"],
      swiftSettings: optimisedInDebug),
    .target(
      name: "SheetRender",
      dependencies: ["CCairo", "CShims", "SheetLayout", "SheetText", "SheetImages"]),
    .target(
      name: "SheetCompare",
      dependencies: [
        "CCairo", "CPoppler", "CComparePNG", "SheetLayout", "SheetText", "SheetImages", "SheetRender",
      ],
      swiftSettings: optimisedInDebug),
    .target(
      name: "ContactSheetCLI",
      dependencies: [
        "SheetLayout", "SheetText", "SheetImages", "SheetRender", "SheetCompare",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Yams", package: "Yams"),
      ]),
    .executableTarget(name: "contactsheet", dependencies: ["ContactSheetCLI"]),
    .executableTarget(
      name: "layout-benchmark", dependencies: ["SheetLayout", "SheetText"], path: "benchmarks/layout",
      exclude: ["README.md"]),

    // Tests mirror the targets; TestSupport holds helpers they share.
    .target(name: "TestSupport", dependencies: ["SheetCompare", "SheetText"], path: "Tests/TestSupport"),
    .testTarget(name: "SheetLayoutTests", dependencies: ["SheetLayout", "SheetText", "SheetImages"]),
    .testTarget(name: "SheetImagesTests", dependencies: ["SheetImages", "TestSupport"]),
    .testTarget(
      name: "SheetRenderTests", dependencies: ["SheetRender", "SheetCompare", "TestSupport"]),
    .testTarget(name: "SheetCompareTests", dependencies: ["SheetCompare", "TestSupport"]),
    .testTarget(
      name: "ContactSheetCLITests",
      dependencies: ["ContactSheetCLI", "SheetCompare", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
