import Testing
import WallKit

@Test("the version string is set") func versionIsSet() {
  #expect(!wallgenVersion.isEmpty)
}
