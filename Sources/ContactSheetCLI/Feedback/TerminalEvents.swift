import ContactSheet

/// A job's events as the command shows them: warnings and notes on standard error (notes
/// only without `--quiet`), progress on the terminal's progress line, phases to `timer`.
enum TerminalEvents {
  static func events(progress: ProgressReporter?, quiet: Bool, timer: PhaseTimer? = nil) -> SheetEvents {
    var events = SheetEvents()
    events.warning = { message, imageReason in
      Diagnostics.warn(message.flagText, kind: imageReason.map(Diagnostics.kind(ofReason:)))
    }
    events.note = { note in if !quiet { Diagnostics.note(note.flagText) } }
    events.progress = { stage, done, total, note in
      progress?.update(stage: stage.rawValue, done: done, total: total, note: note ?? "")
    }
    events.stageFinished = { progress?.finishStage() }
    events.lap = { name in timer?.lap(name) }
    return events
  }
}
