#!/usr/bin/env python3
"""Sums `perf script` samples (recorded with --call-graph dwarf) per stage of the media
pipeline; the first frame from the leaf up that names a stage decides (docs/performance.md).

    perf record -F 499 --call-graph dwarf,32768 -o perf.data wallgen build EXPORT -o DIR --jobs 1
    perf script -i perf.data | python3 Benchmarks/perf-stages.py
"""
import re, sys, collections
RULES = [
    ('variant resize (Resampler)', r'9ResamplerO6resize'),
    ('streaming resize (box + Lanczos)', r'StreamingResizer'),
    ('colour (lcms2)', r'ColorTransform|liblcms|cmsDoTransform'),
    ('orientation / alpha', r'oriented|droppingAlpha|isOpaque'),
    ('JPEG encode', r'CJPEGShim_encode'),
    ('PNG encode', r'CPNGShim_encode'),
    ('JPEG decode', r'CJPEGShim_(readRows|startDecode|finishDecode|readHeader|readPixels)'),
    ('PNG decode', r'CPNGShim_(readRows|readImage|startRows|readHeader|finish|readRGBA)'),
    ('hashing (SHA-256)', r'SHA256|sha256|DigestHasher|EVP_Digest'),
    ('file writes', r'writeAtomically|TemporaryFile|copyAtomically'),
    ('file reads', r'readFile|FolderSource.*read|pread'),
    ('JSON / pages / records', r'JSON|Template|Render|SiteWriter|MediaRecord|simdjson'),
]
rules = [(n, re.compile(p)) for n, p in RULES]
counts = collections.Counter(); total = 0
leaf_dso = collections.Counter()
def flush(frames):
    global total
    if not frames: return
    total += 1
    if any(re.search(r'Resampler.*resize|9ResamplerO6resize', f) for f in frames):
        counts['variant resize (Resampler)'] += 1; return
    for frame in frames:
        for name, rx in rules:
            if rx.search(frame):
                counts[name] += 1; return
    leaf = frames[0]
    for name, pattern in (('libjpeg, caller not unwound (SIMD code)', 'libjpeg'),
                          ('libpng/zlib, caller not unwound', 'libpng|libz')):
        if re.search(pattern, leaf):
            counts[name] += 1; return
    counts['kernel, other' if 'kernel' in leaf else 'other user space'] += 1
frames = []
for line in sys.stdin:
    if not line.strip():
        flush(frames); frames = []; continue
    if line.startswith((' ', '\t')):
        frames.append(line.strip())
flush(frames)
for name, n in counts.most_common():
    print(f'| {name} | {100.0 * n / total:.1f} % |')
print(f'| (samples) | {total} |')
