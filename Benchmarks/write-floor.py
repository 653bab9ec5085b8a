# The file system's floor for writing pages (run by hand, not in CI; see docs/performance.md,
# "Writing pages"): writes COUNT files of SIZE bytes, PER_FOLDER to a folder, through a temporary
# file and rename (new), then again over them (overwrite), and prints the time of each pass.
# Usage: python3 Benchmarks/write-floor.py ROOT COUNT SIZE PER_FOLDER   (ROOT: under mktemp -d)
import os, sys, time
root, count, size, per = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
data = os.urandom(size)
def run(label):
    t = time.perf_counter(); c0 = os.times()
    for i in range(count):
        folder = f"{root}/walls/u{i // per}"
        if i % per == 0:
            os.makedirs(folder, exist_ok=True)
        path = f"{folder}/page-{i % per}.html"
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        os.write(fd, data)
        os.close(fd)
        os.rename(tmp, path)
    c1 = os.times()
    print(f"{label:9} {count} files x {size} B: {time.perf_counter() - t:6.2f} s "
          f"(user {c1.user - c0.user:5.2f} sys {c1.system - c0.system:5.2f}) "
          f"{count / (time.perf_counter() - t):7.0f} files/s", flush=True)
run("new")
run("overwrite")
