import Foundation
import TestSupport
import Testing

/// The documented Kubernetes Indexed Job, as far as one machine can take it: its manifests
/// checked against Kubernetes' own schemas (`kubernetes-validate --strict`, installed by
/// `scripts/install-oracles`), and its pod command run once per index with
/// `JOB_COMPLETION_INDEX` set, in a folder laid out as the pods' `/data` volume, then the assemble
/// Job's command; the result must equal a one-process render. No cluster runs it (no kubelet,
/// image or shared volume): docs/sharding.md says so.
@Suite("The Kubernetes Indexed Job's manifests and pod commands")
struct KubernetesJobTests {
  private static let sharding = FixturePaths.packageRoot.appendingPathComponent("docs/sharding")
  private static let validator = FixturePaths.packageRoot.appendingPathComponent(
    ".build/oracles/bin/kubernetes-validate")

  @Test("both Jobs pass Kubernetes' schemas strictly; a misspelt field does not")
  func manifestsValidate() throws {
    let manifests = ["kubernetes-job.yaml", "kubernetes-assemble.yaml"].map {
      Self.sharding.appendingPathComponent($0).path
    }
    let valid = try ProcessRunner.run(Self.validator.path, ["--strict"] + manifests)
    #expect(valid.status == 0, "\(valid.standardOutput)\(valid.standardError)")
    // The validator bites: the same Job with one field misspelt is refused.
    let job = try String(contentsOfFile: manifests[0], encoding: .utf8)
    #expect(job.contains("completionMode: Indexed"))
    let misspelt = try FixturePaths.temporaryFolder().appendingPathComponent("job.yaml")
    try job.replacingOccurrences(of: "completionMode: Indexed", with: "completionMod: Indexed")
      .write(to: misspelt, atomically: true, encoding: .utf8)
    let refused = try ProcessRunner.run(Self.validator.path, ["--strict", misspelt.path])
    #expect(refused.status != 0, "\(refused.standardOutput)")
  }

  @Test(
    "each pod's command, run with its JOB_COMPLETION_INDEX in a /data-like folder, then assemble, equals the whole"
  )
  func podCommandsEqualWhole() throws {
    let (data, arguments, whole, pageCount) = try ShardingTests.wholeCatalog()

    // What the volume holds: the scripts, and plan.json made in /data with a relative output.
    try FileManager.default.createDirectory(
      at: data.appendingPathComponent("docs"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Self.sharding, to: data.appendingPathComponent("docs/sharding"))
    let planned = try ProcessRunner.run(
      FixturePaths.binary, ["plan"] + arguments + ["--shards", "3", "-o", "out/catalog.pdf"],
      currentDirectory: data)
    try #require(planned.status == 0, "\(planned.standardError)")
    try Data(planned.standardOutput.utf8).write(to: data.appendingPathComponent("plan.json"))
    try FileManager.default.createDirectory(
      at: data.appendingPathComponent("out"), withIntermediateDirectories: true)

    // The image has contactsheet on its PATH; here a folder holding a link to the built binary.
    let bin = data.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("contactsheet").path, withDestinationPath: FixturePaths.binary)
    let path = "\(bin.path):/usr/bin:/bin"

    // The pod command of kubernetes-job.yaml, with /data standing for this folder.
    let job = try String(
      contentsOf: Self.sharding.appendingPathComponent("kubernetes-job.yaml"), encoding: .utf8)
    #expect(job.contains(#"command: ["sh", "/data/docs/sharding/run-shard.sh", "/data/plan.json"]"#))
    for index in 0..<3 {
      let pod = try ProcessRunner.run(
        "sh", ["\(data.path)/docs/sharding/run-shard.sh", "\(data.path)/plan.json"],
        environment: ["JOB_COMPLETION_INDEX": String(index), "PATH": path], currentDirectory: data)
      #expect(pod.status == 0, "pod \(index): \(pod.standardError)")
    }
    let assemble = try ProcessRunner.run(
      "sh", ["\(data.path)/docs/sharding/assemble.sh", "\(data.path)/plan.json"], environment: ["PATH": path],
      currentDirectory: data)
    try #require(assemble.status == 0, "\(assemble.standardError)")

    let assembled = data.appendingPathComponent("out/catalog.pdf").path
    try ShardingTests.expectSameDocument(assembled, as: whole, pageCount: pageCount, folder: data)

    // A pod whose index is past the plan's shards fails, saying so.
    let stray = try ProcessRunner.run(
      "sh", ["\(data.path)/docs/sharding/run-shard.sh", "\(data.path)/plan.json"],
      environment: ["JOB_COMPLETION_INDEX": "3", "PATH": path], currentDirectory: data)
    #expect(stray.status == 2)
    #expect(stray.standardError.contains("shard 3 does not exist"))
  }
}
