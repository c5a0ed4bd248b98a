// A test that imports SheetGolden can name RasterImage, PixelRect and ComparisonOptions
// without importing the modules they live in.
@_exported import SheetDiff
@_exported import SheetPixels
