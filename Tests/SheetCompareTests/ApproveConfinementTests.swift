import Foundation
import SheetCompare
import SheetImages
import TestSupport
import Testing

/// The attacks on `approve` and `compare merge --html` a results file from someone else (a pull
/// request's CI run) could make, each refused, through the built `contactsheet` run in a
/// project folder holding `goldens/` and `out/`.
@Suite("approve and merge stay inside the compared folders", .serialized)
struct ApproveConfinementTests {
  /// A project folder with `goldens/a.png` and a changed `out/a.png`, a secret file beside the
  /// project (`../secret.txt`), and the folder's path.
  private func project(_ name: String = #function) throws -> URL {
    let root = try FixturePaths.temporaryFolder(name)
    let project = root.appendingPathComponent("project")
    try TestImages.noise(width: 40, height: 30, seed: 1).writePNG(to: project.path + "/goldens/a.png")
    try TestImages.noise(width: 40, height: 30, seed: 2).writePNG(to: project.path + "/out/a.png")
    try Data("secret\n".utf8).write(to: root.appendingPathComponent("secret.txt"))
    return project
  }

  /// Writes results with one case to `project/results.json`; the actual file's hash is the
  /// real one unless `sha256` is given.
  private func results(
    in project: URL, name: String = "a.png", expectedPath: String? = "a.png", actualPath: String? = "a.png",
    status: CaseStatus = .different, roots: ComparedRoots = ComparedRoots(golden: "goldens", actual: "out"),
    sha256: String? = nil
  ) throws -> String {
    let digest = sha256 ?? (try? Self.sha256(project.path + "/out/a.png")) ?? ""
    let summary = ComparisonSummary(
      expected: roots.golden, actual: roots.actual, roots: roots, threshold: 0.1, maxDiffPixels: 0,
      maxDiffRatio: nil, countAntiAliasing: false, ignore: [], dpi: 100,
      cases: [
        CaseResult(
          name: name, status: status, expectedPath: expectedPath, actualPath: actualPath, actualSHA256: digest
        )
      ])
    let path = project.appendingPathComponent("results.json")
    try JSONEncoder().encode(summary).write(to: path)
    return path.path
  }

  private static func sha256(_ path: String) throws -> String {
    let output = try ProcessRunner.run("/usr/bin/sha256sum", [path])
    return String(output.standardOutput.prefix(64))
  }

  private func contactsheet(_ arguments: [String], in folder: URL) throws -> ProcessResult {
    try ProcessRunner.run(FixturePaths.binary, arguments, currentDirectory: folder)
  }

  private func secret(_ project: URL) throws -> String {
    try String(contentsOfFile: project.deletingLastPathComponent().path + "/secret.txt", encoding: .utf8)
  }

  @Test("a compared and approved change replaces the golden (the path the attacks below leave)")
  func honestApproval() throws {
    let project = try project()
    let file = try results(in: project)
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 0, "\(approved.standardError)")
    #expect(approved.standardOutput.contains("replaced goldens/a.png with out/a.png"))
    #expect(
      try Data(contentsOf: project.appendingPathComponent("goldens/a.png"))
        == Data(contentsOf: project.appendingPathComponent("out/a.png")))
  }

  @Test(
    "names that are absolute, hold .. or a NUL are refused before anything is written",
    arguments: [
      ("../../secret.txt", "a.png"), ("a.png", "../../secret.txt"), ("/etc/hostname", "a.png"),
      ("a.png", "/etc/hostname"), ("a.png\u{0}.sh", "a.png"), ("sub//a.png", "a.png"), ("./a.png", "a.png"),
    ])
  func refusedNames(expectedPath: String, actualPath: String) throws {
    let project = try project()
    let file = try results(
      in: project, name: expectedPath, expectedPath: expectedPath, actualPath: actualPath)
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(approved.standardError.contains("results files name files relative to the compared folders"))
    #expect(try secret(project) == "secret\n")
    #expect(!FileManager.default.fileExists(atPath: project.path + "/goldens/a.png.sh"))
  }

  @Test(
    "roots that leave the working folder are used only when named with --goldens and --actual",
    arguments: ["..", "/tmp", "goldens/../..", ".git"])
  func untrustedRoots(golden: String) throws {
    let project = try project()
    let file = try results(in: project, roots: ComparedRoots(golden: golden, actual: "out"))
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(approved.standardError.contains("give it with --goldens DIR"), "\(approved.standardError)")
    #expect(!FileManager.default.fileExists(atPath: project.deletingLastPathComponent().path + "/a.png"))
    #expect(!FileManager.default.fileExists(atPath: "/tmp/a.png") || golden != "/tmp")
  }

  @Test("a root the results name that is a symbolic link (checked into a pull request) is not followed")
  func rootSymlink() throws {
    let project = try project()
    let outside = project.deletingLastPathComponent().appendingPathComponent("outside")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: project.path + "/shots", withDestinationPath: outside.path)
    let file = try results(in: project, roots: ComparedRoots(golden: "shots", actual: "out"))
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(
      approved.standardError.contains("shots is a symbolic link or a file, not a folder"),
      "\(approved.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
  }

  @Test("roots written ./goldens/ are the folder goldens; results of an older contactsheet say so")
  func rootSpellingAndOldResults() throws {
    let project = try project()
    let compared = try contactsheet(["compare", "./goldens/", "./out", "--results", "r.json"], in: project)
    #expect(compared.status == 1)
    let approved = try contactsheet(["approve", "r.json"], in: project)
    #expect(approved.status == 0, "\(approved.standardError)")
    #expect(approved.standardOutput.contains("replaced goldens/a.png with out/a.png"))
    try Data(#"{"status":"matched","expected":"g","actual":"o","threshold":0.1,"cases":[]}"#.utf8).write(
      to: project.appendingPathComponent("old.json"))
    let old = try contactsheet(["approve", "old.json"], in: project)
    #expect(old.status == 2)
    #expect(old.standardError.contains("results written by an older contactsheet"), "\(old.standardError)")
  }

  @Test("results from another machine are approved by naming the folders; nothing is made at their paths")
  func anotherMachine() throws {
    let project = try project()
    let file = try results(
      in: project,
      roots: ComparedRoots(golden: "/home/runner/work/p/goldens", actual: "/home/runner/work/p/out"))
    let refused = try contactsheet(["approve", file], in: project)
    #expect(refused.status == 2)
    #expect(!FileManager.default.fileExists(atPath: "/home/runner/work/p"))
    let approved = try contactsheet(
      ["approve", file, "--goldens", project.path + "/goldens", "--actual", project.path + "/out"],
      in: project)
    #expect(approved.status == 0, "\(approved.standardError)")
    #expect(approved.standardOutput.contains("1 golden written, 0 kept"))
  }

  @Test("an actual file that is a symbolic link (to /etc/passwd) is refused, not copied")
  func actualSymlink() throws {
    let project = try project()
    try FileManager.default.createSymbolicLink(
      atPath: project.path + "/out/b.png", withDestinationPath: "/etc/passwd")
    let file = try results(
      in: project, name: "b.png", expectedPath: nil, actualPath: "b.png", status: .extra,
      sha256: try Self.sha256("/etc/passwd"))
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(approved.standardOutput.contains("refused goldens/b.png: b.png is a symbolic link"))
    #expect(!FileManager.default.fileExists(atPath: project.path + "/goldens/b.png"))
  }

  @Test("a golden subfolder that is a symbolic link is not written through")
  func goldenSubfolderSymlink() throws {
    let project = try project()
    let outside = project.deletingLastPathComponent().appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: project.path + "/goldens/sub", withDestinationPath: outside.path)
    try FileManager.default.createDirectory(
      atPath: project.path + "/out/sub", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: project.path + "/out/a.png", toPath: project.path + "/out/sub/a.png")
    let file = try results(in: project, name: "sub/a.png", expectedPath: "sub/a.png", actualPath: "sub/a.png")
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(approved.standardOutput.contains("sub is a symbolic link or a file, not a folder"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
  }

  @Test("an existing golden that is a symbolic link is not written through")
  func goldenSymlink() throws {
    let project = try project()
    let target = project.deletingLastPathComponent().appendingPathComponent("secret.txt").path
    try FileManager.default.removeItem(atPath: project.path + "/goldens/a.png")
    try FileManager.default.createSymbolicLink(
      atPath: project.path + "/goldens/a.png", withDestinationPath: target)
    let approved = try contactsheet(["approve", try results(in: project)], in: project)
    #expect(approved.status == 2)
    #expect(try secret(project) == "secret\n")
  }

  @Test("an actual file whose bytes changed since the comparison is refused")
  func changedSinceCompared() throws {
    let project = try project()
    let file = try results(in: project, sha256: String(repeating: "0", count: 64))
    let before = try Data(contentsOf: project.appendingPathComponent("goldens/a.png"))
    let approved = try contactsheet(["approve", file], in: project)
    #expect(approved.status == 2)
    #expect(approved.standardOutput.contains("changed since it was compared"))
    #expect(try Data(contentsOf: project.appendingPathComponent("goldens/a.png")) == before)
    let stray = try FileManager.default.contentsOfDirectory(atPath: project.path + "/goldens")
    #expect(stray == ["a.png"], "no temporary file is left")
  }

  @Test("a file that is not an image or PDF, a golden name that is not one, and a FIFO are refused")
  func notImages() throws {
    let project = try project()
    try Data("#!/bin/sh\n".utf8).write(to: project.appendingPathComponent("out/a.png"))
    let approved = try contactsheet(["approve", try results(in: project)], in: project)
    #expect(approved.standardOutput.contains("a.png is neither an image nor a PDF"))
    let script = try results(in: project, name: "a.sh", expectedPath: "a.sh")
    #expect(
      try contactsheet(["approve", script], in: project).standardOutput.contains("extension is neither"))
    try FileManager.default.removeItem(atPath: project.path + "/out/a.png")
    #expect(mkfifo(project.path + "/out/a.png", 0o644) == 0)
    let fifo = try contactsheet(["approve", try results(in: project, sha256: "0")], in: project)
    #expect(fifo.status == 2)
    #expect(fifo.standardOutput.contains("is a named pipe"))
  }

  @Test("compare merge --html copies only regular images below the folders, never a link to a secret")
  func mergeDoesNotPublish() throws {
    let project = try project()
    try FileManager.default.removeItem(atPath: project.path + "/out/a.png")
    let secretPath = project.deletingLastPathComponent().path + "/secret.txt"
    try FileManager.default.createSymbolicLink(
      atPath: project.path + "/out/a.png", withDestinationPath: secretPath)
    let absolute = project.appendingPathComponent("absolute.json").path
    try FileManager.default.moveItem(
      atPath: try results(in: project, roots: ComparedRoots(golden: "goldens", actual: "/etc"), sha256: "0"),
      toPath: absolute)
    let linked = try results(in: project, sha256: "0")
    let review = project.appendingPathComponent("review")
    let merged = try contactsheet(["compare", "merge", linked, "--html", review.path], in: project)
    #expect(merged.standardError.contains("not shown"), "\(merged.standardError)")
    let images = try FileManager.default.contentsOfDirectory(atPath: review.path + "/images")
    #expect(!images.contains { $0.contains("actual") })
    #expect((try FileManager.default.attributesOfItem(atPath: secretPath)[.referenceCount] as? Int) == 1)
    let etc = try contactsheet(
      ["compare", "merge", absolute, "--html", review.path], in: project)
    #expect(etc.standardError.contains("its folder is not read from a results file"))
  }
}
