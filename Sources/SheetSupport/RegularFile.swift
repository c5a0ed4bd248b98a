import Foundation

/// Opens the files a run reads so that none can stall or balloon it: without blocking (a FIFO
/// or a terminal never waits for a writer), and only when it is a regular file, so a named
/// pipe, a device or a socket is refused with a message that says what it is.
package enum RegularFile {
  /// Why a path could not be opened as a regular file, in words for a message.
  package struct Failure: Error, CustomStringConvertible {
    /// Such as "file not found", "is a folder" or "is a named pipe (FIFO), not a file".
    package var reason: String
    /// Whether nothing exists at the path.
    package var isMissing = false
    /// Whether the file is larger than the limit it was read with.
    package var isTooLarge = false
    /// The failure's reason.
    package var description: String { reason }
  }

  /// Opens `path` read-only without blocking and checks it is a regular file.
  ///
  /// - Returns: The open descriptor (the caller closes it) and the file's status.
  /// - Throws: ``Failure`` when the path is missing, unreadable or not a regular file.
  package static func open(_ path: String) throws(Failure) -> (descriptor: Int32, status: stat) {
    let descriptor = PathBytes.withCString(path) { Glibc.open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR {
        throw Failure(reason: "file not found", isMissing: true)
      }
      if let status = PathBytes.status(path), let kind = kindName(status.st_mode) {
        throw Failure(reason: kind)
      }
      throw Failure(reason: "cannot be read (\(String(cString: strerror(code))))")
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(reason: "cannot be read (\(String(cString: strerror(code))))")
    }
    if let kind = kindName(status.st_mode) {
      close(descriptor)
      throw Failure(reason: kind)
    }
    return (descriptor, status)
  }

  /// What a file of `mode` is when it is not a regular file ("is a folder", "is a named pipe
  /// (FIFO), not a file", …); nil for a regular file.
  package static func kindName(_ mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "is a folder"
    case S_IFIFO: "is a named pipe (FIFO), not a file"
    case S_IFCHR: "is a character device, not a file"
    case S_IFBLK: "is a block device, not a file"
    case S_IFSOCK: "is a socket, not a file"
    default: "is not a regular file"
    }
  }

  /// The first `count` bytes of the regular file at `path` (all of it when it is shorter):
  /// enough to tell its format from its signature.
  ///
  /// - Throws: ``Failure`` when it cannot be opened, is not a regular file or the read fails.
  package static func start(_ path: String, count: Int) throws(Failure) -> [UInt8] {
    let (descriptor, _) = try open(path)
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: count)
    let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, 0) }
    guard got >= 0 else { throw Failure(reason: "cannot be read (\(String(cString: strerror(errno))))") }
    return Array(buffer.prefix(got))
  }

  /// The whole regular file at `path`, refused before reading when it is larger than `limit`
  /// bytes.
  ///
  /// - Throws: ``Failure`` when it cannot be opened, is not a regular file, is too large or a
  ///   read fails.
  package static func contents(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
    let (descriptor, size) = try openWithin(path, limit: limit)
    defer { close(descriptor) }
    var failure: Int32 = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, done in
      (done, failure) = readAll(descriptor, into: UnsafeMutableRawBufferPointer(buffer))
    }
    if failure != 0 { throw Failure(reason: "cannot be read (\(String(cString: strerror(failure))))") }
    return bytes
  }

  /// The whole regular file at `path` as `Data`, read straight into it (for a decoder that
  /// takes `Data`: no second copy of a large file), refused before reading when it is larger
  /// than `limit` bytes.
  ///
  /// - Throws: ``Failure`` as ``contents(_:limit:)`` does.
  package static func data(_ path: String, limit: Int) throws(Failure) -> Data {
    let (descriptor, size) = try openWithin(path, limit: limit)
    defer { close(descriptor) }
    var data = Data(count: size)
    let (done, failure) = data.withUnsafeMutableBytes { readAll(descriptor, into: $0) }
    if failure != 0 { throw Failure(reason: "cannot be read (\(String(cString: strerror(failure))))") }
    data.count = done
    return data
  }

  /// ``open(_:)``, then the file's size, refused when it is more than `limit` bytes.
  private static func openWithin(_ path: String, limit: Int) throws(Failure) -> (descriptor: Int32, size: Int)
  {
    let (descriptor, status) = try open(path)
    let size = Int(status.st_size)
    guard size <= limit else {
      close(descriptor)
      throw Failure(
        reason: "is \(ByteCount.text(size)), more than the \(ByteCount.text(limit)) this kind of file may be",
        isTooLarge: true)
    }
    return (descriptor, size)
  }

  /// Reads `descriptor` into `buffer` until it is full or the file ends.
  ///
  /// - Returns: The bytes read, and 0 or the `errno` of a read that failed.
  private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> (Int, Int32)
  {
    var done = 0
    while done < buffer.count {
      let got = read(descriptor, buffer.baseAddress! + done, buffer.count - done)
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { return (done, got < 0 ? errno : 0) }
      done += got
    }
    return (done, 0)
  }
}

/// Byte counts in words for messages.
package enum ByteCount {
  /// `count` as "12 bytes", "3 KB", "64 MB" or "2.1 GB" (powers of 1024).
  package static func text(_ count: Int) -> String {
    if count < 1024 { return "\(count) bytes" }
    if count < 1 << 20 { return "\(count >> 10) KB" }
    if count < 1 << 30 { return "\(count >> 20) MB" }
    return String(format: "%.1f GB", Double(count) / Double(1 << 30))
  }
}
