/// Finds fields a template names that nothing fills (`{secton}`), so a typo is reported
/// instead of printed as an empty or literal field.
package enum TemplateFieldCheck {
  /// Fields of header and footer templates.
  package static let pageFields = ["title", "page", "pages", "date", "section"]
  /// Fields of `--banner-template`.
  package static let bannerFields = ["n", "first", "last", "count"]

  /// One warning per field of `used` that is not in `known`, naming the template (`option`)
  /// and the known field it likely means: the one photographers' tools call by that name
  /// (``synonyms``: `{artist}` is `{creator}`), else the nearest in spelling.
  package static func warnings(option: JobMessage, used: Set<String>, known: Set<String>) -> [JobMessage] {
    used.subtracting(known).sorted().map { field in
      let synonym = synonyms[field.lowercased().filter { !"_- ".contains($0) }].flatMap {
        known.contains($0) ? $0 : nil
      }
      let nearest = synonym ?? known.min { (distance(field, $0), $0) < (distance(field, $1), $1) }
      let suggestion = nearest.map { "; did you mean {\($0)}?" } ?? ""
      return "\(option): no field named {\(field)}\(suggestion)"
    }
  }

  /// Names EXIF, IPTC, Lightroom and other tools give the facts built-in fields hold, lower
  /// case without `_`, `-` or spaces, and the built-in field each means.
  static let synonyms: [String: String] = [
    "artist": "creator", "author": "creator", "byline": "creator", "photographer": "creator",
    "credit": "creator", "shutter": "exposure", "shutterspeed": "exposure", "exposuretime": "exposure",
    "speed": "exposure", "fnumber": "aperture", "fstop": "aperture", "f": "aperture",
    "caption": "description",
    "captionabstract": "description", "abstract": "description", "tags": "keywords", "subject": "keywords",
    "keyword": "keywords", "rights": "copyright", "copyrightnotice": "copyright", "objectname": "title",
    "model": "camera", "make": "camera", "body": "camera", "lensmodel": "lens", "focallength": "focal",
    "datetime": "date", "datetimeoriginal": "date", "taken": "date", "created": "date", "location": "city",
    "place": "city", "filename": "name", "file": "name", "stars": "rating", "color": "label",
    "colour": "label", "length": "duration", "framerate": "fps", "isospeed": "iso", "size": "resolution",
  ]

  /// The names inside `{…}` in a header, footer or banner template (`{{` is a literal brace).
  package static func simpleFieldNames(_ template: String) -> Set<String> {
    var names: Set<String> = []
    var rest = Substring(
      template.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: ""))
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      let name = rest[rest.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
      if !name.isEmpty { names.insert(name) }
      rest = rest[rest.index(after: close)...]
    }
    return names
  }

  /// Levenshtein distance between `a` and `b`, case-insensitive.
  package static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.lowercased())
    let b = Array(b.lowercased())
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
      }
      previous = current
    }
    return previous[b.count]
  }
}
