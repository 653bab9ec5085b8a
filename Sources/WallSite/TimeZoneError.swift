/// A time zone for shown dates that wallgen cannot use; the CLI reports it as a usage error.
public struct TimeZoneError: Error, Equatable, CustomStringConvertible {
  /// The text that was given.
  public var value: String
  /// What is wrong with it, quoting it.
  public var message: String

  public var description: String { message }
}
