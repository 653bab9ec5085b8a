import Testing

/// Parent suite of the imaging tests, so `swift test --filter Imaging` selects all of them.
@Suite("Imaging")
struct ImagingTests {}
