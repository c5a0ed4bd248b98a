import Foundation
import TestSupport
import Testing

/// Videos as a user meets them: a card's folder with clips, a camera's `.THM` and a broken clip
/// beside photos, and a sheet of one video's frames (`--frames`, `--interval`), through the
/// binary. Clips are made by the `ffmpeg` command (``TestClips``).
@Suite("Videos through the command")
struct VideoCommandTests {
  /// `layout --json` of `arguments`: its items' captions, its banners' titles and subtitles,
  /// and what it printed on standard error.
  private func layout(_ arguments: [String]) throws -> (
    captions: [String], banners: [(title: String, subtitle: String)], standardError: String
  ) {
    let result = try ProcessRunner.run(FixturePaths.binary, ["layout", "--json"] + arguments)
    #expect(result.status == 0, "\(result.standardError)")
    let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    let items = json?["items"] as? [[String: Any]] ?? []
    let pages = json?["pages"] as? [[String: Any]] ?? []
    let banners = pages.flatMap { ($0["elements"] as? [[String: Any]]) ?? [] }.filter {
      $0["kind"] as? String == "banner"
    }
    return (
      items.map { $0["caption"] as? String ?? "" },
      banners.map { ($0["text"] as? String ?? "", $0["subtitle"] as? String ?? "") }, result.standardError
    )
  }

  /// A camera card's folder: a clip with its `.THM`, a phone's upright clip, a photo, a clip
  /// cut short and a text file.
  private func cardFolder() throws -> URL {
    let folder = try FixturePaths.temporaryFolder()
    let manager = FileManager.default
    try manager.copyItem(
      atPath: TestClips.path("black-start.mp4"), toPath: folder.appendingPathComponent("MVI_0001.MP4").path)
    try manager.copyItem(
      atPath: TestClips.path("black-start.mp4"), toPath: folder.appendingPathComponent("MVI_0001.THM").path)
    try manager.copyItem(
      atPath: TestClips.path("portrait.mp4"), toPath: folder.appendingPathComponent("IMG_0002.MOV").path)
    try manager.copyItem(
      atPath: FixturePaths.photo("coffee.png"), toPath: folder.appendingPathComponent("coffee.png").path)
    let whole = try Data(contentsOf: URL(fileURLWithPath: TestClips.path("black-start.mp4")))
    try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("broken.mp4"))
    try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
    // exiftool's backup of a photo and a voice memo (an MP4 of sound) are not cards; a clip
    // without an extension is.
    try manager.copyItem(
      atPath: FixturePaths.photo("coffee.png"),
      toPath: folder.appendingPathComponent("coffee.png_original").path)
    try manager.copyItem(
      atPath: TestClips.path("black-start.mp4"), toPath: folder.appendingPathComponent("memo.m4a").path)
    try manager.copyItem(
      atPath: TestClips.path("clip.mkv"), toPath: folder.appendingPathComponent("CLIP0003").path)
    return folder
  }

  @Test(
    "a card's clips become cards with their facts; the .THM is hidden and counted; a broken clip is a placeholder"
  )
  func cardWithClips() throws {
    let folder = try cardFolder()
    let (captions, _, standardError) = try layout([
      folder.path, "--caption", "{name} {duration} {codec} {resolution} {fps} fps",
    ])
    // Names in natural order, case aside; a photo and a clip that cannot be read show no facts.
    // Typography glues a number to its unit and to the word before it (no-break spaces).
    #expect(
      captions == [
        "broken.mp4", "CLIP0003 0:02 H.264\u{A0}320×240 25\u{A0}fps", "coffee.png",
        "IMG_0002.MOV 0:03 H.264\u{A0}180×320 30\u{A0}fps",
        "MVI_0001.MP4 0:05 H.264\u{A0}320×240 25\u{A0}fps",
      ], "\(captions)")
    #expect(standardError.contains("1 .THM poster of the clip beside it"), "\(standardError)")
    #expect(standardError.contains("1 .txt (unsupported format)"), "\(standardError)")
    #expect(standardError.contains("1 .m4a (unsupported format)"), "\(standardError)")
    #expect(standardError.contains("1 .png_original (unsupported format)"), "\(standardError)")
    #expect(standardError.contains("broken.mp4: not a readable video"), "\(standardError)")
  }

  @Test("--frames spreads cards over the clip, each with its time, under a banner with the clip's facts")
  func framesSheet() throws {
    let clip = try TestClips.path("black-start.mp4")
    let (captions, banners, _) = try layout([clip, "--frames", "4", "--caption", "{time}"])
    // One frame in the middle of each quarter of 5 s: 0.625, 1.875, 3.125 and 4.375 s.
    #expect(captions == ["0:01", "0:02", "0:03", "0:04"])
    #expect(banners.map(\.title) == ["black-start.mp4"])
    #expect(
      banners.first?.subtitle.hasPrefix("0:05 · 320×240 · H.264 · 25\u{00A0}fps · ") == true, "\(banners)")
    let (byInterval, _, _) = try layout([clip, "--interval", "2s", "--caption", "{time}"])
    #expect(byInterval == ["0:02", "0:04"])
    // An interval too small to count frames by is capped, not a crash.
    let (tiny, _, _) = try layout([clip, "--interval", "1e-30", "--caption", "{time}"])
    #expect(tiny.count == 1000)
  }

  @Test("--scenes picks the frames where the clip's scenes change")
  func scenes() throws {
    let (captions, _, _) = try layout([TestClips.path("scenes.mp4"), "--scenes", "4", "--caption", "{time}"])
    #expect(captions == ["0:00", "0:02", "0:04", "0:06"])
  }

  @Test("a sheet of frames renders each frame once, decoded at its time, into a PDF that passes qpdf")
  func framesRender() throws {
    let folder = try FixturePaths.temporaryFolder()
    let output = folder.appendingPathComponent("sheet.pdf").path
    let result = try ProcessRunner.run(
      FixturePaths.binary, ["render", TestClips.path("black-start.mp4"), "--frames", "4", "-o", output, "-q"])
    #expect(result.status == 0, "\(result.standardError)")
    try PDFCheck.requireValid(output)
    let list = try ProcessRunner.run("pdfimages", ["-list", output]).standardOutput
    let frames = list.split(separator: "\n").filter { $0.contains(" 320   240 ") }
    #expect(frames.count == 4, "\(list)")
  }

  @Test("--frames, --interval and --scenes are refused together, and a bad interval is named")
  func badOptions() throws {
    let clip = try TestClips.path("black-start.mp4")
    let both = try ProcessRunner.run(
      FixturePaths.binary, ["layout", clip, "--frames", "4", "--interval", "2s"])
    #expect(both.status != 0 && both.standardError.contains("give one"), "\(both.standardError)")
    let three = try ProcessRunner.run(
      FixturePaths.binary, ["layout", clip, "--frames", "4", "--scenes", "2", "--interval", "1s"])
    #expect(three.standardError.contains("--frames and --interval and --scenes"), "\(three.standardError)")
    let bad = try ProcessRunner.run(FixturePaths.binary, ["layout", clip, "--interval", "soon"])
    #expect(bad.status != 0 && bad.standardError.contains("--interval soon"), "\(bad.standardError)")
  }
}
