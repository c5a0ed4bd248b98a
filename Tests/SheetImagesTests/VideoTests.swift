import Foundation
import SheetImages
import TestSupport
import Testing

/// Video clips through FFmpeg: recognised by content, their facts read in the header phase,
/// a poster frame that is never the black first frame, upright as players show it, and a clear
/// reason when a clip cannot be shown. Clips are made by the `ffmpeg` command (``TestClips``).
@Suite("Video clips")
struct VideoTests {
  /// The mean difference per channel of two images of one size, 0–255.
  static func meanDifference(_ a: RasterImage, _ b: RasterImage) -> Double {
    precondition(a.width == b.width && a.height == b.height)
    var total = 0
    for index in a.pixels.indices where index % 4 != 3 {
      total += abs(Int(a.pixels[index]) - Int(b.pixels[index]))
    }
    return Double(total) / Double(a.width * a.height * 3)
  }

  /// The mean luma of an image, 0–255.
  static func meanLuma(_ image: RasterImage) -> Double {
    var total = 0.0
    for index in Swift.stride(from: 0, to: image.pixels.count, by: 4) {
      total +=
        0.114 * Double(image.pixels[index]) + 0.587 * Double(image.pixels[index + 1]) + 0.299
        * Double(image.pixels[index + 2])
    }
    return total / Double(image.width * image.height)
  }

  @Test("MP4, MOV, MKV, WebM, AVI and MTS are recognised by their first bytes, whatever their name")
  func sniffing() throws {
    for name in ["black-start.mp4", "clip.mov", "clip.mkv", "clip.webm", "clip.avi", "clip.mts"] {
      let start = try Array(Data(contentsOf: URL(fileURLWithPath: TestClips.path(name))).prefix(512))
      #expect(ImageFormat.sniff(start) == .video, "\(name)")
    }
    // QuickTime files older than `ftyp`, and AVCHD's 192-byte transport packets.
    #expect(ImageFormat.sniff([0, 0, 0, 8] + Array("wide".utf8)) == .video)
    var m2ts = [UInt8](repeating: 0, count: 400)
    for packet in 0..<3 { m2ts[4 + packet * 192] = 0x47 }
    #expect(ImageFormat.sniff(m2ts) == .video)
    m2ts[4 + 192] = 0
    #expect(ImageFormat.sniff(m2ts) == nil)
    // Text whose fifth to eighth bytes spell a box name is not a clip.
    #expect(ImageFormat.sniff(Array("For free, of course".utf8)) == nil)
  }

  @Test("the header reads the size, duration, frame rate, codec, recording time and camera")
  func header() throws {
    let header = try ImageReader.header(path: TestClips.path("black-start.mp4"))
    #expect(header.format == .video)
    #expect(header.width == 320 && header.height == 240)
    let video = try #require(header.video)
    #expect(abs((video.duration ?? 0) - 5) < 0.1)
    #expect(video.durationText == "0:05")
    #expect(video.framesPerSecond == 25)
    #expect(video.codec == "h264")
    #expect(!video.hasAudio)
    // Apple's local time (13:30 at +01:00) is kept as the clock showed it, as EXIF times are:
    // 2026-11-28 13:30:00 read as UTC.
    #expect(header.exif.dateTaken == Date(timeIntervalSince1970: 1_795_869_000 + 3600))
    #expect(header.exif.camera == "Apple iPhone 15 Pro")
  }

  @Test("the poster is a frame of the picture, not the black first second")
  func posterIsNotBlack() throws {
    let image = try ImageReader.decode(path: TestClips.path("black-start.mp4"))
    #expect(image.width == 320 && image.height == 240)
    // 10% in (0.5 s) is black; 30% in (1.5 s) is the test pattern, about 100 of 255.
    #expect(Self.meanLuma(image) > 60)
  }

  @Test("a phone's clip stands upright, as FFmpeg's own player turns it")
  func rotation() throws {
    let path = try TestClips.path("portrait.mp4")
    let header = try ImageReader.header(path: path)
    #expect(header.width == 180 && header.height == 320)
    let image = try ImageReader.decode(path: path, header: header)
    #expect(image.width == 180 && image.height == 320)
    // ffmpeg turns the frame by the display matrix itself: its frame at 10% (0.3 s) is the
    // reference.
    let reference = try TestClips.folder().appendingPathComponent("portrait-0.3.png").path
    try TestClips.ffmpeg(["-ss", "0.3", "-i", path, "-frames:v", "1", reference])
    let expected = try ImageReader.decode(path: reference)
    #expect(expected.width == 180 && expected.height == 320)
    // Scaling filters differ a little; a frame turned the wrong way differs by about 60.
    #expect(Self.meanDifference(image, expected) < 6)
  }

  @Test(
    "every container decodes, shrunk while decoding to the size asked",
    arguments: ["clip.mov", "clip.mkv", "clip.webm", "clip.avi", "clip.mts"])
  func containers(name: String) throws {
    let path = try TestClips.path(name)
    let whole = try ImageReader.decode(path: path)
    #expect(whole.width == 320 && whole.height == 240)
    #expect(Self.meanLuma(whole) > 60)
    let small = try ImageReader.decode(path: path, minimumSize: (80, 50))
    #expect(small.width == 80 && small.height == 60)
  }

  @Test("a clip cut short, or over the pixel limit, is refused with the reason")
  func brokenClips() throws {
    let folder = try FixturePaths.temporaryFolder()
    let whole = try Data(contentsOf: URL(fileURLWithPath: TestClips.path("black-start.mp4")))
    // The index (`moov`) of ffmpeg's MP4 is at the end: the first half has frames but no index.
    let cut = folder.appendingPathComponent("cut.mp4").path
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
    #expect(throws: ImageError.self) { try ImageReader.header(path: cut) }
    let error = try #require(throws: ImageError.self) {
      try ImageReader.decode(path: TestClips.path("clip.mkv"), maxPixels: 320 * 239)
    }
    #expect(error.reason.contains("--max-pixels"))
  }

  @Test("the camera's .THM poster is shown when it is large enough, else a decoded frame")
  func cameraPoster() throws {
    let folder = try FixturePaths.temporaryFolder()
    let clip = folder.appendingPathComponent("MVI_0001.MP4").path
    try FileManager.default.copyItem(atPath: TestClips.path("black-start.mp4"), toPath: clip)
    // A solid red 160×120 JPEG, as cameras write beside each clip.
    try TestClips.ffmpeg([
      "-f", "lavfi", "-i", "color=red:s=160x120", "-frames:v", "1", "-f", "mjpeg",
      folder.appendingPathComponent("MVI_0001.THM").path,
    ])
    // Whether nearly every pixel is red (the test pattern has some red, not 90%).
    func isRed(_ image: RasterImage) -> Bool {
      let red = Swift.stride(from: 0, to: image.pixels.count, by: 4).filter { index in
        image.pixels[index + 2] > 200 && image.pixels[index + 1] < 60 && image.pixels[index] < 60
      }
      return red.count * 10 > image.width * image.height * 9
    }
    let small = try ImageReader.decode(path: clip, minimumSize: (100, 75))
    #expect(isRed(small))
    let large = try ImageReader.decode(path: clip, minimumSize: (320, 240))
    #expect(large.width == 320 && !isRed(large))
  }
}
