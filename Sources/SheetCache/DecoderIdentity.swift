import Foundation

/// What identifies the code that turns a photo's bytes into pixels in this process: our own
/// executable and every decoding library it loaded (libjpeg-turbo, libpng, libwebp, libheif and
/// its plugins, LibRaw, libtiff, LittleCMS, zlib, FFmpeg), each named by its file's path, size and
/// modification time. An upgrade of any of them, or a new build of ours, changes the identity,
/// so the cache never serves pixels an older decoder made.
package enum DecoderIdentity {
  /// The identity of this process's decoders, as one line of text (read once).
  package static let current: String = describe(mappedFiles: mappedFiles())

  /// Library file names whose code decodes or colour-converts pixels.
  static let decoderLibraries = [
    "libturbojpeg", "libjpeg", "libpng", "libwebp", "libsharpyuv", "libheif", "libde265", "libx265", "libaom",
    "libdav1d", "libraw", "libtiff", "liblcms2", "libz.", "libexif", "libjbig", "libLerc", "libdeflate",
    "libzstd", "liblzma", "libavcodec", "libavformat", "libavutil", "libswscale", "libvpx", "libx264",
  ]

  /// The identity of our executable (first) and the decoding libraries among `mappedFiles`.
  static func describe(mappedFiles: [String]) -> String {
    let executable =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "unknown"
    let libraries = Set(
      mappedFiles.filter { path in
        let name = (path as NSString).lastPathComponent
        return decoderLibraries.contains { name.hasPrefix($0) }
      }
    ).sorted()
    return ([executable] + libraries).map(stamp).joined(separator: ";")
  }

  /// The files mapped into this process (from `/proc/self/maps`).
  private static func mappedFiles() -> [String] {
    // Files under /proc report a size of 0, so read until the end rather than by size.
    guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"),
      let data = try? handle.readToEnd()
    else { return [] }
    try? handle.close()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      return String(line[slash...])
    }
  }

  /// `path` with its size and modification time, or with "?" when it cannot be read.
  private static func stamp(_ path: String) -> String {
    var status = stat()
    guard stat(path, &status) == 0 else { return "\(path)@?" }
    return "\(path)@\(status.st_size)@\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
  }
}
