import Foundation
import Synchronization

/// A folder that files named by untrusted data (a results file's case names) are read from or
/// written into, and never leave.
///
/// A relative name is checked as text first (``RelativeName``: no absolute path, no `..`, no
/// NUL), then walked one component at a time with `openat` and `O_NOFOLLOW` from the folder's
/// own descriptor: a symbolic link anywhere below the folder (a subfolder or the file itself)
/// is refused, and what is read or replaced is the file the descriptor holds, not whatever the
/// name leads to a moment later. The folder itself is opened as given (a user may keep goldens
/// behind a link).
package final class ConfinedFolder {
  /// The folder's path, as given.
  package let path: String
  private let descriptor: Int32

  /// Opens the folder at `path`, creating it (and the folders above it) when `creating`.
  ///
  /// - Throws: ``RegularFile/Failure`` when it cannot be opened or is not a folder.
  package init(_ path: String, creating: Bool = false) throws(RegularFile.Failure) {
    if creating { try PathBytes.createFolders(path) }
    let opened = PathBytes.withCString(path) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
    guard opened >= 0 else {
      let code = errno
      throw RegularFile.Failure(
        reason: code == ENOENT ? "\(path): folder not found" : "\(path): \(Self.words(code))",
        isMissing: code == ENOENT)
    }
    self.path = path
    descriptor = opened
  }

  /// Opens the folder `name` below `parent`, one component at a time without following links:
  /// how a folder named by untrusted data (a results file's root) is opened.
  ///
  /// - Throws: ``RegularFile/Failure`` when a component is missing, a link or not a folder.
  package init(_ name: RelativeName, below parent: ConfinedFolder) throws(RegularFile.Failure) {
    path = (parent.path as NSString).appendingPathComponent(name.text)
    descriptor = try parent.walk(name.components[...], name: name, creating: false)
    if descriptor == parent.descriptor {
      // Only an empty walk returns the parent's own descriptor; a name has a component.
      throw RegularFile.Failure(reason: "\(name.text): not a folder")
    }
  }

  deinit { close(descriptor) }

  /// Opens the regular file `name` below this folder for reading, without blocking.
  ///
  /// - Returns: The open descriptor (the caller closes it) and its status.
  /// - Throws: ``RegularFile/Failure`` when the name is not a plain relative name, a component
  ///   is a symbolic link, or the file is missing or not a regular file.
  package func openFile(_ name: RelativeName) throws(RegularFile.Failure) -> (descriptor: Int32, status: stat)
  {
    let parent = try folder(for: name, creating: false)
    defer { if parent != descriptor { close(parent) } }
    // Look before opening: opening a device can act on it, even without blocking.
    var seen = stat()
    let looked = PathBytes.withCString(name.last) { fstatat(parent, $0, &seen, AT_SYMLINK_NOFOLLOW) }
    guard looked == 0 else { throw failure(name, errno) }
    if let kind = Self.kindName(seen.st_mode) { throw RegularFile.Failure(reason: "\(name.text) \(kind)") }
    let file = PathBytes.withCString(name.last) {
      openat(parent, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }
    guard file >= 0 else { throw failure(name, errno) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
      status.st_dev == seen.st_dev, status.st_ino == seen.st_ino
    else {
      close(file)
      throw RegularFile.Failure(reason: "\(name.text) changed while it was opened")
    }
    return (file, status)
  }

  /// Whether `name` exists below this folder (as anything, a link included).
  package func contains(_ name: RelativeName) -> Bool {
    guard let parent = try? folder(for: name, creating: false) else { return false }
    defer { if parent != descriptor { close(parent) } }
    var seen = stat()
    return PathBytes.withCString(name.last) { fstatat(parent, $0, &seen, AT_SYMLINK_NOFOLLOW) } == 0
  }

  /// Writes `name` below this folder through a temporary file beside it, renamed over the old
  /// file only when `write` returns: the old file stays whole if anything fails. Missing
  /// folders on the way are created; a link on the way, or an existing `name` that is not a
  /// regular file, is refused.
  ///
  /// - Parameters:
  ///   - name: The file's name below this folder.
  ///   - write: Writes the new contents to the descriptor it is given; throwing leaves the
  ///     old file as it was.
  /// - Returns: Whether a file was replaced (false: added).
  /// - Throws: ``RegularFile/Failure`` when the name leads through a link or names something
  ///   other than a regular file, or the file cannot be written; or what `write` throws.
  package func replaceFile(_ name: RelativeName, write: (Int32) throws -> Void) throws -> Bool {
    let parent = try folder(for: name, creating: true)
    defer { if parent != descriptor { close(parent) } }
    var seen = stat()
    let existed = PathBytes.withCString(name.last) { fstatat(parent, $0, &seen, AT_SYMLINK_NOFOLLOW) } == 0
    if existed, let kind = Self.kindName(seen.st_mode) {
      throw RegularFile.Failure(reason: "\(name.text) \(kind); only regular files are replaced")
    }
    let temporaryName = ".\(name.last).\(getpid()).\(Self.nextSerial()).tmp"
    let temporaryPath = (path as NSString).appendingPathComponent(
      ((name.text as NSString).deletingLastPathComponent as NSString).appendingPathComponent(temporaryName))
    let file = PathBytes.withCString(temporaryName) {
      openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    }
    guard file >= 0 else { throw failure(name, errno) }
    TemporaryFiles.shared.register(temporaryPath)
    defer { TemporaryFiles.shared.unregister(temporaryPath) }
    do {
      try write(file)
      close(file)
    } catch {
      close(file)
      PathBytes.withCString(temporaryName) { _ = unlinkat(parent, $0, 0) }
      throw error
    }
    let renamed = PathBytes.withCString(temporaryName) { from in
      PathBytes.withCString(name.last) { renameat(parent, from, parent, $0) }
    }
    guard renamed == 0 else {
      let code = errno
      PathBytes.withCString(temporaryName) { _ = unlinkat(parent, $0, 0) }
      throw failure(name, code)
    }
    return existed
  }

  /// Copies the whole file `input` (from its start, whatever its offset) to `output`, a
  /// megabyte at a time, showing each chunk to `observe` (to hash what is copied).
  ///
  /// - Throws: ``RegularFile/Failure`` when a read or a write fails.
  package static func copyContents(
    of input: Int32, to output: Int32, observing observe: (UnsafeRawBufferPointer) -> Void = { _ in }
  ) throws(RegularFile.Failure) {
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var offset: off_t = 0
    while true {
      let got = buffer.withUnsafeMutableBytes { pread(input, $0.baseAddress!, $0.count, offset) }
      if got < 0 && errno == EINTR { continue }
      guard got >= 0 else { throw RegularFile.Failure(reason: "cannot be read (\(words(errno)))") }
      if got == 0 { return }
      offset += off_t(got)
      let failure = buffer.withUnsafeBytes { bytes -> Int32 in
        let chunk = UnsafeRawBufferPointer(rebasing: bytes.prefix(got))
        observe(chunk)
        var done = 0
        while done < got {
          let wrote = write(output, chunk.baseAddress! + done, got - done)
          if wrote < 0 && errno == EINTR { continue }
          guard wrote > 0 else { return errno }
          done += wrote
        }
        return 0
      }
      if failure != 0 { throw RegularFile.Failure(reason: "cannot be written (\(words(failure)))") }
    }
  }

  /// The descriptor of the folder holding `name`'s last component (this folder's own when the
  /// name has one component; the caller closes any other).
  private func folder(for name: RelativeName, creating: Bool) throws(RegularFile.Failure) -> Int32 {
    try walk(name.components.dropLast(), name: name, creating: creating)
  }

  /// The descriptor of the folder reached by `components` from this one, each opened with
  /// `O_NOFOLLOW` (and made first when `creating`); this folder's own for none (the caller
  /// closes any other). `name` is what messages say.
  private func walk(_ components: ArraySlice<String>, name: RelativeName, creating: Bool) throws(RegularFile
    .Failure)
    -> Int32
  {
    var current = descriptor
    for (index, component) in components.enumerated() {
      if creating {
        let made = PathBytes.withCString(component) { mkdirat(current, $0, 0o777) }
        if made != 0 && errno != EEXIST {
          let code = errno
          if current != descriptor { close(current) }
          throw failure(name, code)
        }
      }
      let next = PathBytes.withCString(component) {
        openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
      let code = errno
      if current != descriptor { close(current) }
      guard next >= 0 else {
        let folder = name.components.prefix(index + 1).joined(separator: "/")
        throw RegularFile.Failure(
          reason: code == ELOOP || code == ENOTDIR
            ? "\(name.text): \(folder) is a symbolic link or a file, not a folder; only real folders are followed"
            : "\(name.text): \(Self.words(code))",
          isMissing: code == ENOENT)
      }
      current = next
    }
    return current
  }

  private func failure(_ name: RelativeName, _ code: Int32) -> RegularFile.Failure {
    switch code {
    case ENOENT: RegularFile.Failure(reason: "\(name.text): file not found", isMissing: true)
    case ELOOP: RegularFile.Failure(reason: "\(name.text) is a symbolic link; only regular files are used")
    default: RegularFile.Failure(reason: "\(name.text): \(Self.words(code))")
    }
  }

  /// What a file of `mode` is when it is not a regular file, including a symbolic link.
  private static func kindName(_ mode: mode_t) -> String? {
    mode & S_IFMT == S_IFLNK ? "is a symbolic link" : RegularFile.kindName(mode)
  }

  private static func words(_ code: Int32) -> String { String(cString: strerror(code)) }

  private static let serial = Mutex(0)
  private static func nextSerial() -> Int {
    serial.withLock {
      $0 += 1
      return $0
    }
  }
}

/// A relative file name from untrusted data, checked as text: not empty, not absolute, no
/// `.` or `..` component, no empty component, no NUL (which the system would cut the name
/// at). Bytes that are not UTF-8 are allowed (``PathBytes``).
package struct RelativeName: Sendable, Hashable {
  /// The name as given.
  package let text: String
  /// Its components, in order.
  package let components: [String]
  /// Its last component.
  package var last: String { components[components.count - 1] }

  /// Checks `text`.
  ///
  /// - Throws: ``RegularFile/Failure`` saying what is wrong with it.
  package init(_ text: String) throws(RegularFile.Failure) {
    guard !text.isEmpty else { throw RegularFile.Failure(reason: "an empty file name") }
    guard !text.unicodeScalars.contains("\0") else {
      throw RegularFile.Failure(reason: "\(Self.shown(text)): a name holding a NUL character")
    }
    guard !text.hasPrefix("/") else {
      throw RegularFile.Failure(
        reason: "\(Self.shown(text)): an absolute path, where a relative name belongs")
    }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    for part in parts where part.isEmpty || part == "." || part == ".." {
      throw RegularFile.Failure(
        reason: "\(Self.shown(text)): a name with \(part.isEmpty ? "an empty" : "a '\(part)'") component")
    }
    self.text = text
    components = parts
  }

  private static func shown(_ text: String) -> String {
    String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\0" ? "␀" : $0 }))
  }
}
