# The file system's floor for a real site's render step (run by hand, not in CI; see
# docs/performance.md, "The floor for today's site"). Lists the pages and viewer data of a site
# wallgen built (every .html and .js file outside assets/), then, in one thread, into ROOT:
#   new        makes the folders and writes each file, same path and size, through a temporary
#              file and rename (what a full build's render step must do at least);
#   compare    opens each file, reads one byte more than its size, compares, closes (what a
#              re-render of an unchanged site must do at least, besides rendering);
#   overwrite  writes each file again through a temporary file and rename (a theme edit).
# The bytes come from one random buffer, so the figures hold no rendering at all.
# Usage: python3 Benchmarks/site-floor.py SITE ROOT [PASS...]
#   ROOT: a fresh folder under mktemp -d; PASS: new, compare or overwrite (all three by default;
#   overwrite frees the files it replaces, which slows the next minutes' file creation).
import os, sys, time

if len(sys.argv) < 3:
    sys.exit("usage: python3 Benchmarks/site-floor.py SITE ROOT [new|compare|overwrite ...]")
site, root = sys.argv[1], sys.argv[2]
passes = sys.argv[3:] or ["new", "compare", "overwrite"]
if not set(passes) <= {"new", "compare", "overwrite"} or passes[0] != "new":
    sys.exit("site-floor: the passes are new, compare and overwrite, new first")
if not os.path.isdir(root) or os.listdir(root):
    sys.exit(f"site-floor: {root} is not an empty folder; give a fresh one (mktemp -d)")
if not os.path.isdir(os.path.join(site, "walls")):
    sys.exit(f"site-floor: {site} has no walls/; give a site wallgen built")
files = []
for folder, subfolders, names in os.walk(site):
    relative = os.path.relpath(folder, site)
    if relative == "assets" or relative.startswith("assets/") or relative.startswith("media"):
        continue
    for name in names:
        if name.endswith((".html", ".js")):
            path = os.path.join(relative, name)
            files.append((path, os.path.getsize(os.path.join(site, path))))
files.sort()
total = sum(size for _, size in files)
data = os.urandom(max(size for _, size in files) + 1)
print(f"{len(files)} files, {total / 1e6:.0f} MB, {total / len(files) / 1e3:.1f} KB a file", flush=True)


def timed(label, body):
    start, before = time.perf_counter(), os.times()
    body()
    seconds, after = time.perf_counter() - start, os.times()
    print(f"{label:9} {seconds:6.2f} s (user {after.user - before.user:5.2f} "
          f"sys {after.system - before.system:5.2f}) {len(files) / seconds:7.0f} files/s "
          f"{total / seconds / 1e6:6.0f} MB/s", flush=True)


def write_all():
    made = set()
    for path, size in files:
        target = os.path.join(root, path)
        folder = os.path.dirname(target)
        if folder not in made:
            os.makedirs(folder, exist_ok=True)
            made.add(folder)
        temporary = target + ".tmp"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        view = memoryview(data)[:size]
        while view:
            view = view[os.write(fd, view):]
        os.close(fd)
        os.rename(temporary, target)


def compare_all():
    for path, size in files:
        fd = os.open(os.path.join(root, path), os.O_RDONLY)
        same = os.pread(fd, size + 1, 0) == data[:size]
        os.close(fd)
        if not same:
            sys.exit(f"site-floor: {path} differs")


for name in passes:
    timed(name, compare_all if name == "compare" else write_all)
