// Every stage, so that `import WallKit` (the executable, the benchmarks, the fuzz harnesses,
// WallSynth and the tests) sees the whole library as before the stages became targets.
@_exported import WallArchive
@_exported import WallFetch
@_exported import WallImaging
@_exported import WallImport
@_exported import WallJSON
@_exported import WallMedia
@_exported import WallModel
@_exported import WallPlan
@_exported import WallPreview
@_exported import WallRender
@_exported import WallReport
@_exported import WallSite
@_exported import WallSupport
@_exported import WallWACZ
@_exported import WallWatch
@_exported import WallZip
