import Foundation
import SheetDigest
import SheetImages
import TestSupport
import Testing

@testable import SheetCache

/// The cache against real photos in a fresh folder: hits, misses, bad entries, eviction.
@Suite("The thumbnail cache")
struct ThumbnailCacheTests {
  /// A camera-sized JPEG made from the fixture `name`, at `path`.
  private func copyPhoto(_ name: String, to path: String) throws {
    try FixturePaths.writeCameraSizedJPEG(from: name, to: path)
  }

  /// The image of `path` at the level for a card of `card` pixels, through `cache`.
  private func load(_ path: String, _ cache: ThumbnailCache, card: PixelSize = PixelSize(width: 8, height: 6))
    throws -> DecodedImage
  {
    let opened = try OpenedImageFile(path: path, header: nil)
    let level = ShrinkLevel(card: card, width: opened.header.width, height: opened.header.height)
    return try cache.image(for: opened, level: level, maxPixels: 100_000_000)
  }

  /// A camera-sized JPEG made from the fixture `name` and an empty cache, in a fresh folder
  /// for the test `test`.
  private func photoAndCache(_ name: String, test: String = #function) throws -> (String, ThumbnailCache) {
    let folder = try FixturePaths.temporaryFolder(test)
    let photo = folder.appendingPathComponent("photo.jpg").path
    try copyPhoto(name, to: photo)
    return (
      photo, try ThumbnailCache(directory: folder.appendingPathComponent("cache").path, sizeLimit: 1 << 30)
    )
  }

  private func entries(_ cache: ThumbnailCache) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: cache.directory).filter { $0.hasSuffix(".thumb") }
      .sorted()
  }

  @Test("a second request is a hit and gives exactly the pixels a decode without the cache gives")
  func hitGivesDecodedPixels() throws {
    let (photo, cache) = try photoAndCache("rocket.jpg")
    let cold = try load(photo, cache)
    #expect(cache.statistics.misses == 1 && cache.statistics.hits == 0 && cache.statistics.written == 1)
    let warm = try load(photo, cache)
    #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1)
    let opened = try OpenedImageFile(path: photo, header: nil)
    let level = ShrinkLevel(
      card: PixelSize(width: 8, height: 6), width: opened.header.width, height: opened.header.height)
    let direct = try opened.load(
      minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: .max)
    #expect(cold == direct)
    #expect(warm == direct)
    #expect(
      level.exponent == 2, "a tiny card decodes 3200×2400 at 1/4, twice the proof card's 384 px or more")
    #expect(cold.image.width == level.minimumSize.width)
  }

  @Test("cards of other sizes needing the same shrink level share one entry; another level is a new entry")
  func levelsShareEntries() throws {
    let (photo, cache) = try photoAndCache("rocket.jpg")
    _ = try load(photo, cache, card: PixelSize(width: 8, height: 6))
    _ = try load(photo, cache, card: PixelSize(width: 384, height: 288))
    #expect(cache.statistics.hits == 1, "cards up to the proof width share the 1/4 level")
    _ = try load(photo, cache, card: PixelSize(width: 500, height: 375))
    #expect(cache.statistics.misses == 2)
    #expect(try entries(cache).count == 2)
    // At full size a JPEG decodes about as fast as its entry reads back: it is not cached.
    _ = try load(photo, cache, card: PixelSize(width: 100_000, height: 75_000))
    #expect(cache.statistics.notCached == 1 && cache.statistics.misses == 2)
    #expect(try entries(cache).count == 2)
  }

  @Test("hits read into a worker's spare storage, smaller then larger, give the pixels a decode gives")
  func hitsIntoSpareStorage() throws {
    let (photo, cache) = try photoAndCache("retina.jpg")
    let opened = try OpenedImageFile(path: photo, header: nil)
    let cards = [
      PixelSize(width: 500, height: 375), PixelSize(width: 8, height: 6), PixelSize(width: 500, height: 375),
    ]
    let levels = cards.map { ShrinkLevel(card: $0, width: opened.header.width, height: opened.header.height) }
    #expect(levels[0].exponent == 1 && levels[1].exponent == 2)
    for level in levels[0...1] { _ = try cache.image(for: opened, level: level, maxPixels: .max) }  // stored
    let spare = SpareStorage()
    spare.give([UInt8](repeating: 0xAB, count: 1 << 20))  // stale bytes, smaller than either image
    for level in levels {
      let hit = try cache.image(for: opened, level: level, maxPixels: .max, spare: spare)
      let direct = try opened.load(
        minimumSize: (level.minimumSize.width, level.minimumSize.height), maxPixels: .max)
      #expect(hit == direct)
      spare.give(hit.image.pixels)
    }
    #expect(cache.statistics.hits == 3)
    // A corrupt entry read into the spare storage is refused, and the next read is whole.
    let entry =
      cache.directory + "/"
      + CacheKey(
        contentDigest: ContentDigest.sha256(try opened.bytes()), level: levels[1], orientation: .up
      ).fileName
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: entry)))
    bytes[bytes.count - 10] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: entry))
    let again = try cache.image(for: opened, level: levels[1], maxPixels: .max, spare: spare)
    #expect(cache.statistics.rejected == 1)
    #expect(again == (try opened.load(minimumSize: (800, 600), maxPixels: .max)))
  }

  @Test("spare storage taken for writing never changes an image that still holds it")
  func spareStorageCopiesShared() {
    let spare = SpareStorage()
    let held: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    spare.give(held)
    var taken = spare.take(count: 4)
    taken.withUnsafeMutableBufferPointer { $0.update(repeating: 9) }
    #expect(held == [1, 2, 3, 4, 5, 6, 7, 8] && taken == [9, 9, 9, 9])
    spare.give(taken)
    #expect(spare.take(count: 6).count == 6, "exactly the size asked for")
    spare.give([UInt8](repeating: 0, count: SpareStorage.largestKept + 1))
    #expect(spare.take(count: 1).capacity < SpareStorage.largestKept, "too large to keep")
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
    let (photo, cache) = try photoAndCache("rocket.jpg")
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

  @Test("an entry replaced by a FIFO is not waited on: it is decoded again and the entry rewritten")
  func fifoEntryRewritten() throws {
    let (photo, cache) = try photoAndCache("rocket.jpg")
    let original = try load(photo, cache)
    let entry = cache.directory + "/" + (try entries(cache)[0])
    try FileManager.default.removeItem(atPath: entry)
    #expect(mkfifo(entry, 0o644) == 0)
    #expect(try load(photo, cache) == original)
    #expect(cache.statistics.rejected == 1 && cache.statistics.written == 2)
    var status = stat()
    #expect(lstat(entry, &status) == 0 && status.st_mode & S_IFMT == S_IFREG, "a whole entry again")
  }

  @Test("an entry whose header claims a huge image is refused before its pixels are read")
  func hugeHeaderRefused() throws {
    let (photo, cache) = try photoAndCache("rocket.jpg")
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

  @Test("the shrink level is the coarsest power of two still twice the card, widened to the proof width")
  func shrinkLevels() {
    let level = { (width: Int, height: Int) in
      ShrinkLevel(card: PixelSize(width: width, height: height), width: 6000, height: 4000)
    }
    // Cards up to 384 px wide count as 384 wide: 1/8 (750×500) is narrower than 768, so every
    // such card of a 24 MP photo shares the 1/4 level.
    #expect(
      level(100, 67).exponent == 2 && level(100, 67).minimumSize == PixelSize(width: 1500, height: 1000))
    #expect(level(384, 256).exponent == 2)
    #expect(level(750, 500).exponent == 2)
    #expect(level(751, 500).exponent == 1)
    #expect(level(1501, 1000).exponent == 0)
    #expect(level(9000, 6000).minimumSize == PixelSize(width: 6000, height: 4000))
    // Widening keeps the card's shape: a square card needs a level 768 px high too.
    #expect(ShrinkLevel(card: PixelSize(width: 50, height: 33), width: 8000, height: 6000).exponent == 3)
    #expect(ShrinkLevel(card: PixelSize(width: 50, height: 50), width: 8000, height: 6000).exponent == 2)
    // A portrait photo's level is as wide as a landscape one's: the columns set the width.
    let portrait = ShrinkLevel(card: PixelSize(width: 290, height: 435), width: 3000, height: 4000)
    #expect(portrait.exponent == 1 && portrait.minimumSize == PixelSize(width: 1500, height: 2000))
    #expect(
      ShrinkLevel.widenedToProof(PixelSize(width: 290, height: 435)) == PixelSize(width: 384, height: 575))
    // The proof width never asks for the whole image: a 1200×800 photo's small card takes
    // 1/2, as it would without the floor; a card more than a quarter of its width (twice the
    // card more than half the photo), the whole image.
    #expect(ShrinkLevel(card: PixelSize(width: 100, height: 67), width: 1200, height: 800).exponent == 1)
    #expect(ShrinkLevel(card: PixelSize(width: 301, height: 200), width: 1200, height: 800).exponent == 0)
    // A 3072×2736 photo's 1/4 level (768×684) is exactly twice its card widened to 384 px, so
    // its cards' rounded heights decide: 41×37 (36.5 rounded up) widens to 346.5 by its
    // rounded shape, past 342; counted at the least height its rounding allows, it shares the
    // level with the 290×259 card.
    let tiny = ShrinkLevel(card: PixelSize(width: 41, height: 37), width: 3072, height: 2736)
    let narrow = ShrinkLevel(card: PixelSize(width: 290, height: 259), width: 3072, height: 2736)
    let wide = ShrinkLevel(card: PixelSize(width: 379, height: 337), width: 3072, height: 2736)
    #expect(tiny == narrow && narrow == wide && narrow.exponent == 2)
    // Never below the card's own height: twice the card is still covered.
    #expect(
      ShrinkLevel.widenedToProof(PixelSize(width: 383, height: 300)) == PixelSize(width: 384, height: 300))
    #expect(
      ShrinkLevel.widenedToProof(PixelSize(width: 400, height: 300)) == PixelSize(width: 400, height: 300))
  }

  @Test("an embedded preview covering the card is the level when it is smaller than the canonical one")
  func previewLevels() throws {
    let thumbnail = PixelSize(width: 800, height: 532)
    let level = { (placed: Int) in
      ShrinkLevel(
        card: PixelSize(width: placed, height: placed * 2 / 3), width: 4032, height: 2688,
        previews: [PixelSize(width: 160, height: 106), thumbnail])
    }
    // Cards up to the thumbnail's size take it (the smallest preview covering them), though
    // the canonical level would be 1/4 (1008×672): a preview needs only to cover the card.
    #expect(level(343).isPreview && level(343).minimumSize == thumbnail)
    #expect(level(150).minimumSize == PixelSize(width: 160, height: 106))
    // A card larger than every preview decodes the image at its canonical level.
    #expect(!level(801).isPreview && level(801).minimumSize == PixelSize(width: 2016, height: 1344))
    // A preview larger than the canonical level is not worth it.
    let large = ShrinkLevel(
      card: PixelSize(width: 50, height: 33), width: 8064, height: 5376,
      previews: [PixelSize(width: 1600, height: 1066)])
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
      card: PixelSize(width: 90, height: 60), width: header.width, height: header.height,
      previews: header.previewSizes)
    #expect(level.isPreview)
    let decoded = try ImageReader.decode(
      path: path, header: header, minimumSize: (level.minimumSize.width, level.minimumSize.height))
    #expect(decoded.width == 96 && decoded.height == 64)
  }

  @Test("the key changes with the decoders, the level and the content")
  func keyParts() {
    let level = ShrinkLevel(card: PixelSize(width: 50, height: 50), width: 8000, height: 6000)
    let base = CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "a")
    #expect(base == CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "a"))
    #expect(base != CacheKey(contentDigest: [2], level: level, orientation: .up, decoders: "a"))
    #expect(base != CacheKey(contentDigest: [1], level: level, orientation: .up, decoders: "b"))
    let other = ShrinkLevel(card: PixelSize(width: 1000, height: 1000), width: 8000, height: 6000)
    #expect(base != CacheKey(contentDigest: [1], level: other, orientation: .up, decoders: "a"))
    #expect(DecoderIdentity.current.contains("turbojpeg"), "\(DecoderIdentity.current)")
  }
}
