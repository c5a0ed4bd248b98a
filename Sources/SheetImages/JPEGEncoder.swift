import CTurboJPEG
import SheetPixels

extension RasterImage {
  /// The image compressed as a baseline JPEG (4:2:0 chroma, `quality` 1…100) with TurboJPEG;
  /// alpha is ignored, so call it for opaque images. Used to embed photos in PDF as JPEG.
  public func jpegData(quality: Int = 90) throws -> [UInt8] {
    guard let handle = tjInitCompress() else {
      throw ImageError(path: "", reason: "could not start the JPEG encoder")
    }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let status = pixels.withUnsafeBufferPointer { source in
      tjCompress2(
        handle, source.baseAddress, Int32(width), Int32(stride), Int32(height), Int32(TJPF_BGRA.rawValue),
        &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
    }
    defer { if let output { tjFree(output) } }
    guard status == 0, let output else {
      throw ImageError(path: "", reason: "JPEG encoding failed (\(String(cString: tjGetErrorStr2(handle))))")
    }
    return Array(UnsafeBufferPointer(start: output, count: Int(size)))
  }
}
