// Regenerates the demo export bundled in Examples/demo-export (see DemoExport).
import WallKit

print("make-demo: not written yet")
