/// The version of wallgen, printed by `wallgen --version`.
public let wallgenVersion = "0.1.0"
