import Foundation
import TestSupport
import Testing

/// The documented Slurm job array (`docs/sharding/slurm-shards.sbatch`, `run-shard.sh`,
/// `assemble.sh`) run for real: a single-node cluster started on this machine
/// (`scripts/slurm-cluster`), the array submitted with `sbatch --wait`, the parts assembled, and
/// the result compared with a one-process render page by page.
@Suite("Sharded rendering on a real Slurm cluster", .serialized)
struct SlurmClusterTests {
  /// Why the cluster cannot start here, or nil when it can: Slurm and munge installed
  /// (`scripts/install-deps` installs them), and root, which slurmd needs to run jobs.
  static let unavailable: String? = {
    let tools = ["slurmctld", "slurmd", "sbatch", "munged"]
    let path = ProcessInfo.processInfo.environment["PATH", default: ""] + ":/usr/sbin"
    let missing = tools.filter { tool in
      !path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
    if !missing.isEmpty { return "Slurm is not installed (\(missing.joined(separator: ", ")) missing)" }
    if getuid() != 0 { return "a Slurm node needs root" }
    if ProcessInfo.processInfo.activeProcessorCount < 2 {
      return "the documented array asks 2 CPUs a task; this machine has 1"
    }
    return nil
  }()

  @Test(
    "a catalog rendered by the documented Slurm array in 4 shards and assembled equals the one-process render",
    .enabled(if: unavailable == nil, "\(unavailable ?? "")"))
  func slurmArrayEqualsWhole() throws {
    let (folder, arguments, whole, pageCount) = try ShardingTests.wholeCatalog()

    let assembled = folder.appendingPathComponent("out/catalog.pdf").path
    try FileManager.default.createDirectory(
      atPath: (assembled as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    let planned = try ProcessRunner.run(
      FixturePaths.binary, ["plan"] + arguments + ["--shards", "4", "-o", assembled])
    try #require(planned.status == 0, "\(planned.standardError)")
    let planFile = folder.appendingPathComponent("plan.json")
    try Data(planned.standardOutput.utf8).write(to: planFile)

    let scripts = FixturePaths.packageRoot.appendingPathComponent("scripts").path
    let cluster = folder.appendingPathComponent("slurm").path
    // Stopped however the test ends, a partial start included.
    defer { _ = try? ProcessRunner.run("\(scripts)/slurm-cluster", ["stop", cluster]) }
    let started = try ProcessRunner.run("\(scripts)/slurm-cluster", ["start", cluster])
    try #require(started.status == 0, "the cluster did not start: \(started.standardError)")
    let sharding = FixturePaths.packageRoot.appendingPathComponent("docs/sharding").path
    let environment = [
      "SLURM_CONF": started.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines),
      "CONTACTSHEET": FixturePaths.binary, "SHARDING_SCRIPTS": sharding, "PATH": "/usr/sbin:/usr/bin:/bin",
    ]

    // As docs/sharding/slurm-shards.sbatch says: the array, then assemble once it is done.
    let array = try ProcessRunner.run(
      "timeout",
      [
        "600", "sbatch", "--wait", "--parsable", "--array=0-3", "\(sharding)/slurm-shards.sbatch",
        planFile.path,
      ],
      environment: environment, currentDirectory: folder)
    let logs = (0..<4).map { folder.appendingPathComponent("catalog-shard-\($0).log").path }
    let logText = logs.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.joined(separator: "\n")
    try #require(array.status == 0, "the array failed: \(array.standardError)\(logText)")
    let assemble = try ProcessRunner.run(
      "\(sharding)/assemble.sh", [planFile.path], environment: environment, currentDirectory: folder)
    try #require(assemble.status == 0, "\(assemble.standardError)")

    // Each of the 4 tasks ran as a Slurm array task, and the whole came out the same.
    #expect(logs.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    try ShardingTests.expectSameDocument(assembled, as: whole, pageCount: pageCount, folder: folder)
    let text = { (pdf: String) in try ProcessRunner.run("pdftotext", ["-layout", pdf, "-"]).standardOutput }
    #expect(try text(assembled) == text(whole))
    #expect(try ShardingTests.metadata(assembled) == ShardingTests.metadata(whole))
  }
}
