import Foundation

/// Short video clips made with the `ffmpeg` command (FFmpeg's own test patterns, so every
/// frame is known), once per test process, in a folder of their own.
public enum TestClips {
  /// The folder holding every clip, made on first use.
  public static func folder() throws -> URL {
    try made.get()
  }

  /// The path of the clip named `name` (see ``recipes``).
  public static func path(_ name: String) throws -> String {
    try folder().appendingPathComponent(name).path
  }

  /// Each clip's name and the ffmpeg arguments that make it.
  static let recipes: [(name: String, arguments: [String])] = [
    // 5 s, 320×240 at 25 fps: a black first second (a lens cap), then FFmpeg's moving test
    // pattern; recorded at 13:30 local time (12:30 UTC) on an iPhone, whose tags it carries.
    (
      "black-start.mp4",
      [
        "-f", "lavfi", "-i", "color=black:s=320x240:d=1:r=25,format=yuv420p", "-f", "lavfi", "-i",
        "testsrc2=s=320x240:d=4:r=25", "-filter_complex", "[0][1]concat=n=2:v=1:a=0", "-c:v", "libx264",
        "-g", "25", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2026-11-28T12:30:00Z",
        "-movflags", "use_metadata_tags", "-metadata",
        "com.apple.quicktime.creationdate=2026-11-28T13:30:00+0100",
        "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15 Pro",
      ]
    ),
    // A landscape stream of 320×180 with a display matrix that turns it upright: a phone
    // held upright (made by `portrait.mp4` below, remuxed).
    (
      "landscape.mp4",
      ["-f", "lavfi", "-i", "testsrc2=s=320x180:d=3:r=30", "-c:v", "libx264", "-pix_fmt", "yuv420p"]
    ),
    // Four scenes of 2 s (red, the test pattern, blue, colour bars), a key frame every second.
    (
      "scenes.mp4",
      [
        "-f", "lavfi", "-i", "color=red:s=320x240:d=2:r=25", "-f", "lavfi", "-i",
        "testsrc2=s=320x240:d=2:r=25",
        "-f", "lavfi", "-i", "color=blue:s=320x240:d=2:r=25", "-f", "lavfi", "-i",
        "smptebars=s=320x240:d=2:r=25",
        "-filter_complex", "[0][1][2][3]concat=n=4:v=1:a=0,format=yuv420p", "-c:v", "libx264", "-g", "25",
      ]
    ),
    ("clip.webm", ["-f", "lavfi", "-i", "testsrc2=s=320x240:d=2", "-c:v", "libvpx-vp9", "-b:v", "300k"]),
    ("clip.avi", ["-f", "lavfi", "-i", "testsrc2=s=320x240:d=2", "-c:v", "mpeg4", "-q:v", "3"]),
    ("clip.mts", ["-f", "lavfi", "-i", "testsrc2=s=320x240:d=2", "-c:v", "libx264", "-f", "mpegts"]),
    ("clip.mkv", ["-f", "lavfi", "-i", "testsrc2=s=320x240:d=2", "-c:v", "libx264"]),
    ("clip.mov", ["-f", "lavfi", "-i", "testsrc2=s=320x240:d=2", "-c:v", "prores"]),
  ]

  private static let made: Result<URL, any Error> = Result {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "contactsheet-tests/clips-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, arguments) in recipes {
      try ffmpeg(arguments + [folder.appendingPathComponent(name).path])
    }
    // The display matrix is written by a remux (`-c copy`): rotate=90 has players turn the
    // frames upright.
    try ffmpeg([
      "-i", folder.appendingPathComponent("landscape.mp4").path, "-c", "copy", "-metadata:s:v:0", "rotate=90",
      folder.appendingPathComponent("portrait.mp4").path,
    ])
    return folder
  }

  /// Runs `ffmpeg` quietly, overwriting its output.
  public static func ffmpeg(_ arguments: [String]) throws {
    let result = try ProcessRunner.run("ffmpeg", ["-v", "error", "-y", "-nostdin"] + arguments)
    guard result.status == 0 else {
      throw ClipError(text: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.standardError)")
    }
  }

  struct ClipError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
  }
}
