import WallKit
