#if canImport(Glibc)
  import CFileExchange
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// What `exchange(_:_:)` did.
  package enum Exchange: Equatable {
    /// Each name now holds the other's file.
    case swapped
    /// One of the two is missing (`ENOENT`): nothing changed.
    case missing
    /// The file system (or the system) cannot swap, or the two are on different file systems
    /// (`EINVAL`, `ENOSYS`, `EOPNOTSUPP`, `EXDEV`): nothing changed, do it another way.
    case unsupported
    /// Another failure, with its `errno`: nothing changed.
    case failed(Int32)
  }

  /// Swaps the files (or folders) at `first` and `second` in one atomic step.
  ///
  /// Linux's `renameat2` with `RENAME_EXCHANGE`: neither name is ever missing for a reader.
  /// - Parameters:
  ///   - first: A path.
  ///   - second: Another path, on the same file system.
  package static func exchange(_ first: String, _ second: String) -> Exchange {
    #if canImport(Glibc)
      if renameat2(AT_FDCWD, first, AT_FDCWD, second, wallgen_rename_exchange) == 0 {
        return .swapped
      }
      switch errno {
      case ENOENT: return .missing
      case EINVAL, ENOSYS, EOPNOTSUPP, EXDEV: return .unsupported
      default: return .failed(errno)
      }
    #else
      return .unsupported
    #endif
  }
}
