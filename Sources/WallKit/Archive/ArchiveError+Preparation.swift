extension ArchiveError {
  /// The archive's error for a refusal of the pipeline's front (`PreparedSite`).
  init(_ error: PreparationError) {
    switch error {
    case .importFailed(let failure): self = .importFailed(failure)
    case .unusableExport(let failure, let problems):
      self = .unusableExport(failure, problems: problems)
    case .template(let template): self = .template(template)
    }
  }
}
