import ContactSheet
import SheetRender

extension StyledCommand {
  /// The job the input, layout, render and font flags describe (what `render`, `layout` and
  /// `plan` share); each command adds what it alone takes.
  func job(
    inputs: InputFlags, layout: LayoutFlags, render: RenderFlags, fonts: FontFlags, maxPixels: Int
  ) throws -> SheetJob {
    var job = SheetJob(
      inputs: try inputs.inputOptions(indexField: layout.index), layoutOptions: try layout.layoutOptions(),
      fonts: fonts.fontSet)
    job.maxPixels = maxPixels
    job.cover = layout.coverRequest()
    job.metadata = render.metadata
    return job
  }
}
