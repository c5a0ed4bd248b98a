import Foundation

/// Why a folder scan left a file out.
package enum SkipReason: Hashable {
  /// Not an image format the tool reads (by its extension; `""` for none).
  case unsupported(extension: String)
  /// Cannot be opened: permissions, a broken symbolic link, a folder that cannot be listed.
  case unreadable
  /// The run's own output (or one of its pages), written there by an earlier run.
  case earlierOutput
  /// An XMP sidecar with no photo of its name beside it.
  case orphanSidecar
  /// The RAW file of a RAW+JPEG pair shown as its JPEG.
  case rawOfPair
  /// The JPEG of a RAW+JPEG pair shown as its RAW.
  case jpegOfPair
  /// A FIFO, device or socket with an image's name: never opened (it could block forever).
  case notRegularFile
  /// A link back to a folder the scan has already entered (`ln -s . loop`).
  case folderLoop
  /// A camera's `.THM` poster beside its clip (`MVI_1251.THM`): shown on the clip's card.
  case videoPoster
  /// An XMP sidecar given by name (a shell glob's) whose photo is among the files: read with it.
  case sidecarOfPhoto
  /// A file given again (`a.jpg a.jpg`): shown once, as a folder scan shows it.
  case givenTwice

  /// `2 .psd (unsupported format)`; examples name a few of the files where that helps.
  package func text(count: Int, examples: [String]) -> JobMessage {
    let named =
      examples.isEmpty ? "" : " (\(examples.joined(separator: ", "))\(count > examples.count ? ", …" : ""))"
    switch self {
    case .unsupported(let ext) where ext.isEmpty: return "\(count) without an extension (unsupported format)"
    case .unsupported(let ext): return "\(count) .\(ext) (unsupported format)"
    case .unreadable: return "\(count) unreadable\(named)"
    case .earlierOutput: return "\(count) written by an earlier run of this command\(named)"
    case .orphanSidecar: return "\(count) .xmp sidecar\(count == 1 ? "" : "s") without a photo"
    case .rawOfPair:
      return
        "\(count) RAW file\(count == 1 ? "" : "s") shown as \(count == 1 ? "its" : "their") JPEG (\(setting: .rawJPEG) raw or both to show them)"
    case .notRegularFile: return "\(count) not a regular file (a pipe, device or socket)\(named)"
    case .folderLoop: return "\(count) link\(count == 1 ? "" : "s") back to a folder already scanned\(named)"
    case .videoPoster:
      return
        "\(count) .THM poster\(count == 1 ? "" : "s") of the clip\(count == 1 ? "" : "s") beside \(count == 1 ? "it" : "them")"
    case .sidecarOfPhoto:
      return
        "\(count) .xmp sidecar\(count == 1 ? "" : "s") (read with \(count == 1 ? "its photo" : "their photos"))"
    case .givenTwice: return "\(count) given twice\(named)"
    case .jpegOfPair:
      return
        "\(count) JPEG\(count == 1 ? "" : "s") of RAW+JPEG pairs shown as the RAW (\(setting: .rawJPEG) jpeg or both to show them)"
    }
  }

  /// Whether the message names the files (only where the count alone would not tell which).
  package var namesFiles: Bool {
    [.unreadable, .earlierOutput, .notRegularFile, .folderLoop, .givenTwice].contains(self)
  }
}

/// Files a folder scan left out, counted by reason in the order first met.
package struct SkipTally {
  private var order: [SkipReason] = []
  private var counts: [SkipReason: Int] = [:]
  private var examples: [SkipReason: [String]] = [:]

  /// How many files were left out.
  private(set) var total = 0

  /// Counts `file` as left out for `reason`.
  package mutating func add(_ reason: SkipReason, file: String) {
    if counts[reason] == nil { order.append(reason) }
    counts[reason, default: 0] += 1
    total += 1
    if reason.namesFiles, examples[reason, default: []].count < 3 {
      examples[reason, default: []].append((file as NSString).lastPathComponent)
    }
  }

  /// `2 .psd (unsupported format), 1 unreadable (a.jpg)`, most common first.
  package var summary: JobMessage {
    order.enumerated().sorted { a, b in
      let (countA, countB) = (counts[a.element] ?? 0, counts[b.element] ?? 0)
      return countA != countB ? countA > countB : a.offset < b.offset
    }.map { $0.element.text(count: counts[$0.element] ?? 0, examples: examples[$0.element] ?? []) }
      .joined(separator: ", ")
  }
}
