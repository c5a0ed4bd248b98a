import Foundation

/// What poppler's tools see in a PDF: its link annotations and page boxes.
public enum PDFLinks {
  /// The URIs of the link annotations, in page order (`pdfinfo -url`).
  public static func uris(_ path: String) throws -> [String] {
    let result = try ProcessRunner.run("pdfinfo", ["-url", path])
    return result.standardOutput.split(separator: "\n").dropFirst().compactMap { line in
      let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
      guard parts.count == 3, parts[1] == "Annotation" else { return nil }
      return parts[2].trimmingCharacters(in: .whitespaces)
    }
  }

  /// The first page's boxes (`pdfinfo -box`): name (`MediaBox`, `TrimBox`, …) to
  /// [x0, y0, x1, y1] in points.
  public static func boxes(_ path: String) throws -> [String: [Double]] {
    let result = try ProcessRunner.run("pdfinfo", ["-box", path])
    var boxes: [String: [Double]] = [:]
    for line in result.standardOutput.split(separator: "\n") where line.contains("Box:") {
      let parts = line.split(separator: ":", maxSplits: 1)
      let numbers = parts[1].split(separator: " ").compactMap { Double($0) }
      if numbers.count == 4 { boxes[String(parts[0])] = numbers }
    }
    return boxes
  }
}

/// A page rasterised by poppler's `pdftoppm`, as RGB pixels.
public struct Raster {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// RGB bytes, row by row.
  public var bytes: [UInt8]

  /// Page `page` (from 1) of the PDF at `path`, at `dpi`, rasterised into `folder`.
  public static func page(_ path: String, page: Int = 1, dpi: Int, folder: URL) throws -> Raster {
    let stem = folder.appendingPathComponent("raster-\(page)").path
    let result = try ProcessRunner.run(
      "pdftoppm", ["-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, stem])
    guard result.status == 0 else { throw RasterError(message: result.standardError) }
    let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stem + ".ppm")))
    // P6 header: magic, width, height, maximum value, each followed by one whitespace byte.
    var fields: [Int] = []
    var index = 2
    while fields.count < 3 {
      while data[index] == 0x20 || data[index] == 0x0A { index += 1 }
      var value = 0
      while data[index] >= 0x30 && data[index] <= 0x39 {
        value = value * 10 + Int(data[index] - 0x30)
        index += 1
      }
      fields.append(value)
    }
    return Raster(width: fields[0], height: fields[1], bytes: Array(data[(index + 1)...]))
  }

  /// The pixel at (`x`, `y`).
  public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    let offset = (y * width + x) * 3
    return (bytes[offset], bytes[offset + 1], bytes[offset + 2])
  }

  /// pdftoppm failed.
  public struct RasterError: Error {
    /// What pdftoppm printed.
    public var message: String
  }
}

/// Links inside a PDF (to its own pages) and its page labels, as qpdf's JSON shows them.
public enum PDFInternalLinks {
  /// For each page (from 0), the pages (from 0) its link annotations go to, in order.
  public static func destinations(_ path: String) throws -> [[Int]] {
    let result = try ProcessRunner.run("qpdf", ["--json=1", "--json-key=objects", "--json-key=pages", path])
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let objects = json?["objects"] as? [String: Any] ?? [:]
    let pages = (json?["pages"] as? [[String: Any]] ?? []).compactMap { $0["object"] as? String }
    let pageIndex = Dictionary(uniqueKeysWithValues: pages.enumerated().map { ($1, $0) })
    return pages.map { page in
      let annotations = (objects[page] as? [String: Any])?["/Annots"] as? [String] ?? []
      return annotations.compactMap { reference in
        guard let annotation = objects[reference] as? [String: Any],
          let destination = annotation["/Dest"] as? [Any], let target = destination.first as? String
        else { return nil }
        return pageIndex[target]
      }
    }
  }

  /// Each page's label as qpdf reads it: style and start (`/D` and 1 for decimal from 1);
  /// nil for a page without one.
  public static func labels(_ path: String) throws -> [String?] {
    let result = try ProcessRunner.run("qpdf", ["--json", "--json-key=pages", path])
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    return (json?["pages"] as? [[String: Any]] ?? []).map { page in
      guard let label = page["label"] as? [String: Any], let style = label["/S"] as? String else {
        return nil
      }
      return "\(style) \(label["/St"] as? Int ?? 1)"
    }
  }
}
