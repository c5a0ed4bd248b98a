import Foundation
import SheetImages
import TestSupport
import Testing

@testable import SheetCache

/// The cache against real photos in a fresh folder: hits, misses, bad entries, eviction.
@Suite("The thumbnail cache")
struct ThumbnailCacheTests {
  /// A copy of the fixture `name` at `path`.
  private func copyPhoto(_ name: String, to path: String) throws {
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(atPath: FixturePaths.photo(name), toPath: path)
  }

  /// The image of `path` at the level for `wanted`, through `cache`.
  private func load(_ path: String, _ cache: ThumbnailCache, wanted: Int = 16) throws -> DecodedImage {
    let opened = try OpenedImageFile(path: path, header: nil)
    let level = ShrinkLevel(
      wanted: PixelSize(width: wanted, height: wanted), width: opened.header.width,
      height: opened.header.height)
    return try cache.image(for: opened, level: level, maxPixels: 100_000_000)
  }

  private func entries(_ cache: ThumbnailCache) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { $0.hasSuffix(".thumb") }
      .sorted()
  }

  @Test("a second request is a hit and gives exactly the pixels a decode without the cache gives")
  func hitGivesDecodedPixels() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    let cold = try load(photo, cache)
    #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0 && cache.statistics.written == 1)
    let warm = try load(photo, cache)
    #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    let opened = try OpenedImageFile(path: photo, header: nil)
    let level = ShrinkLevel(
      wanted: PixelSize(width: 16, height: 16), width: opened.header.width, height: opened.header.height)
    let direct = try opened.load(
      minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: .max)
    #expect(cold == direct)
    #expect(warm == direct)
    #expect(level.exponent == 2, "a 16 px request of a small photo decodes at 1/4 (the proof floor)")
    #expect(cold.image.width == level.minimumSize.width)
  }

  @Test("cards of other sizes needing the same shrink level share one entry; another level is a new entry")
  func levelsShareEntries() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    _ = try load(photo, cache, wanted: 10)
    _ = try load(photo, cache, wanted: 20)
    #expect(cache.statistics.hits == 1)
    _ = try load(photo, cache, wanted: 200)
    #expect(cache.statistics.misses == 2)
    #expect(try entries(cache).count == 2)
    // At full size a JPEG decodes about as fast as its entry reads back: it is not cached.
    _ = try load(photo, cache, wanted: 100_000)
    #expect(cache.statistics.notCached == 1 && cache.statistics.misses == 2)
    #expect(try entries(cache).count == 2)
  }

  @Test("changed bytes at the same path are a miss, never the old pixels")
  func changedBytesMiss() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    try copyPhoto("rocket.jpg", to: photo)
    let first = try load(photo, cache)
    try copyPhoto("grace_hopper.jpg", to: photo)
    let second = try load(photo, cache)
    #expect(cache.statistics.misses == 2 && cache.statistics.hits == 0)
    #expect(first != second)
  }

  @Test(
    "a corrupt or truncated entry is ignored, decoded again and rewritten", arguments: ["flip", "truncate"])
  func corruptEntryRewritten(damage: String) throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    let original = try load(photo, cache)
    let entry = cache.directory + "/" + (try entries(cache)[0])
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
    if damage == "flip" { bytes[bytes.count / 2] ^= 0x40 } else { bytes.removeLast(1000) }
    try Data(bytes).write(to: URL(fileURLWithPath: entry))
    let again = try load(photo, cache)
    #expect(again == original)
    #expect(cache.statistics.rejected == 1 && cache.statistics.misses == 2 && cache.statistics.written == 2)
    _ = try load(photo, cache)
    #expect(cache.statistics.hits == 1, "the rewritten entry is whole again")
  }

  @Test("an entry whose header claims a huge image is refused before its pixels are read")
  func hugeHeaderRefused() throws {
    let folder = try FixturePaths.temporaryFolder()
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto("rocket.jpg", to: photo)
    let cache = try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    let original = try load(photo, cache)
    let entry = cache.directory + "/" + (try entries(cache)[0])
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
    bytes.replaceSubrange(12..<20, with: [0xFF, 0xFF, 0, 0, 0xFF, 0xFF, 0, 0])  // 65535 × 65535
    try Data(bytes).write(to: URL(fileURLWithPath: entry))
    #expect(try load(photo, cache) == original)
    #expect(cache.statistics.rejected == 1)
  }

  @Test("over the limit, the least recently used entries are evicted first")
  func leastRecentlyUsedEvicted() throws {
    let folder = try FixturePaths.temporaryFolder()
    let names = ["rocket.jpg", "grace_hopper.jpg", "retina.jpg"]
    let photos = try names.map { name in
      let path = folder.appendingPathComponent(name).path
      try copyPhoto(name, to: path)
      return path
    }
    let directory = folder.appendingPathComponent("cache").path
    let sizing = try ThumbnailCache(directory: directory + "-sizing", sizeLimit: 1 << 30)
    for photo in photos { _ = try load(photo, sizing) }
    let sizes = try entries(sizing).map {
      try FileManager.default.attributesOfItem(atPath: sizing.directory + "/" + $0)[.size] as! Int
    }
    // Room for all but one byte of the three entries.
    let limit = sizes.reduce(0, +) - 1
    let cache = try ThumbnailCache(directory: directory, sizeLimit: limit)
    for photo in photos {
      _ = try load(photo, cache)
      Thread.sleep(forTimeInterval: 0.02)
    }
    _ = try load(photos[0], cache)  // the first is now the most recently used
    cache.trim()
    #expect(cache.statistics.evicted >= 1)
    let stats = cache.statistics
    _ = try load(photos[0], cache)
    #expect(cache.statistics.hits == stats.hits + 1, "the entry used last was kept")
    _ = try load(photos[1], cache)
    #expect(cache.statistics.misses == stats.misses + 1, "the least recently used entry was evicted")
  }

  @Test("sizes are read with decimal and binary units")
  func byteCounts() {
    #expect(ByteCount.parse("500MB") == 500_000_000)
    #expect(ByteCount.parse("2GB") == 2_000_000_000)
    #expect(ByteCount.parse("1.5 GiB") == 1_610_612_736)
    #expect(ByteCount.parse("4096") == 4096)
    #expect(ByteCount.parse("2 parsecs") == nil)
    #expect(ByteCount.parse("-1GB") == nil)
  }

  @Test("the shrink level is the coarsest power of two still at least the wanted size")
  func shrinkLevels() {
    let size = { (wanted: Int) in
      ShrinkLevel(wanted: PixelSize(width: wanted, height: wanted), width: 6000, height: 4000)
    }
    // 1/8 of 6000 is under the proof floor, so small cards share the 1/4 level.
    #expect(size(100).exponent == 2 && size(100).minimumSize == PixelSize(width: 1500, height: 1000))
    #expect(size(1000).exponent == 2)
    #expect(size(1001).exponent == 1)
    #expect(size(2001).exponent == 0)
    #expect(size(9000).minimumSize == PixelSize(width: 6000, height: 4000))
    let large = ShrinkLevel(wanted: PixelSize(width: 100, height: 100), width: 8000, height: 6000)
    #expect(large.exponent == 3, "1/8 of 8000 is 1000, above the floor")
  }

  @Test("an embedded preview covering the card is the level when it is smaller than the canonical one")
  func previewLevels() throws {
    let thumbnail = PixelSize(width: 800, height: 532)
    let level = { (placed: Int) in
      ShrinkLevel(
        wanted: PixelSize(width: placed * 2, height: placed * 2 * 2 / 3), width: 4032, height: 2688,
        previews: [PixelSize(width: 160, height: 106), thumbnail],
        placed: PixelSize(width: placed, height: placed * 2 / 3))
    }
    // Cards up to the thumbnail's size take it (the smallest preview covering them), though
    // twice the card is more than the thumbnail; the canonical level would be 1/4 (1008×672).
    #expect(level(343).isPreview && level(343).minimumSize == thumbnail)
    #expect(level(150).minimumSize == PixelSize(width: 160, height: 106))
    // A card larger than every preview decodes the image at its canonical level.
    #expect(!level(801).isPreview && level(801).minimumSize == PixelSize(width: 2016, height: 1344))
    // A preview larger than the canonical level is not worth it.
    let large = ShrinkLevel(
      wanted: PixelSize(width: 100, height: 100), width: 4032, height: 2688,
      previews: [PixelSize(width: 1600, height: 1066)], placed: PixelSize(width: 50, height: 50))
    #expect(!large.isPreview && large.minimumSize == PixelSize(width: 1008, height: 672))
    // The level is part of the key: a preview and the image at the same size are not one entry.
    let digest = [UInt8](repeating: 7, count: 32)
    #expect(
      CacheKey(contentDigest: digest, level: level(343), orientation: .up, decoders: "d")
        != CacheKey(contentDigest: digest, level: level(801), orientation: .up, decoders: "d"))
  }

  @Test("a HEIC's header lists its thumbnail, and a card it covers decodes from it")
  func heifThumbnailLevel() throws {
    let path = FixturePaths.fixtures.appendingPathComponent("formats/photo.heic").path
    let header = try ImageReader.header(path: path)
    #expect(header.previewSizes == [PixelSize(width: 96, height: 64)])
    let level = ShrinkLevel(
      wanted: PixelSize(width: 180, height: 120), width: header.width, height: header.height,
      previews: header.previewSizes, placed: PixelSize(width: 90, height: 60))
    #expect(level.isPreview)
    let decoded = try ImageReader.decode(
      path: path, header: header, minimumSize: (level.minimumSize.width, level.minimumSize.height))
    #expect(decoded.width == 96 && decoded.height == 64)
  }

  @Test("the key changes with the decoders, the level and the content")
  func keyParts() {
    let level = ShrinkLevel(wanted: PixelSize(width: 100, height: 100), width: 800, height: 600)
    let base = CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "a")
    #expect(base == CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "a"))
    #expect(base != CacheKey(contentDigest: [2], level: level, orientation: .up, decoders: "a"))
    #expect(base != CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "b"))
    let other = ShrinkLevel(wanted: PixelSize(width: 300, height: 300), width: 800, height: 600)
    #expect(base != CacheKey(contentDigest: [1], level: other, orientation: .up, decoders: "a"))
    #expect(DecoderIdentity.current.contains("turbojpeg"), "\(DecoderIdentity.current)")
  }
}
