/// The version of wallgen, printed by `wallgen --version` and written into build records,
/// plans and bags.
public let wallgenVersion = "0.1.0"
