import WallKit

print("wallgen \(wallgenVersion)")
