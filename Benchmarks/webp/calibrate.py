#!/usr/bin/env python3
"""Which WebP quality and method to use: bytes, fidelity and encode time against JPEG q82.

For every STEP-th JPEG of a folder: Pillow's EXIF-upright, Lanczos resize to each photo width
(320, 640, 1280; never upscaled) is the reference bitmap; it is encoded as JPEG q82 progressive
with optimized Huffman tables (what wallgen's variants are) and as WebP at each quality and
method; each encoding is decoded and compared with the reference (PSNR over R, G and B).
Prints, per WebP setting: its bytes over JPEG's, the median of (WebP PSNR - JPEG PSNR) over the
variants, the share of variants where WebP is at least as faithful, and the encode time
against JPEG's. Pillow's bundled libwebp is a newer release than Debian's 1.2.4 that wallgen
links, so take the ranking from here and the final figures from a build (run-webp-bench.sh).

Usage: calibrate.py FOLDER [--step 4] [--qualities 75,80,85] [--methods 0,2,4,6]
"""
import argparse
import io
import math
import pathlib
import statistics
import time

import numpy
from PIL import Image, ImageOps


def psnr(a, b):
    x = numpy.asarray(a.convert("RGB"), dtype=numpy.float64)
    y = numpy.asarray(b.convert("RGB"), dtype=numpy.float64)
    mse = float(((x - y) ** 2).mean())
    return 100.0 if mse == 0 else 10 * math.log10(255 * 255 / mse)


def encode(image, **options):
    buffer = io.BytesIO()
    start = time.perf_counter()
    image.save(buffer, **options)
    elapsed = time.perf_counter() - start
    data = buffer.getvalue()
    return data, elapsed, Image.open(io.BytesIO(data))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--step", type=int, default=4)
    parser.add_argument("--qualities", default="75,80,85")
    parser.add_argument("--methods", default="0,2,4,6")
    args = parser.parse_args()
    settings = [(int(q), int(m)) for q in args.qualities.split(",") for m in args.methods.split(",")]
    files = sorted(p for p in pathlib.Path(args.folder).iterdir() if p.suffix.lower() in (".jpg", ".jpeg"))
    files = files[:: args.step]
    jpeg_bytes, jpeg_seconds = 0, 0.0
    cells = {s: {"bytes": 0, "seconds": 0.0, "gains": []} for s in settings}
    variants = 0
    for path in files:
        source = ImageOps.exif_transpose(Image.open(path)).convert("RGB")
        for width in (320, 640, 1280):
            if width > source.width:
                continue
            height = max(1, round(source.height * width / source.width))
            reference = source.resize((width, height), Image.LANCZOS)
            data, seconds, decoded = encode(reference, format="JPEG", quality=82, progressive=True,
                                            optimize=True)
            jpeg_bytes += len(data)
            jpeg_seconds += seconds
            jpeg_score = psnr(decoded, reference)
            variants += 1
            for quality, method in settings:
                data, seconds, decoded = encode(reference, format="WEBP", quality=quality,
                                                method=method)
                cell = cells[(quality, method)]
                cell["bytes"] += len(data)
                cell["seconds"] += seconds
                cell["gains"].append(psnr(decoded, reference) - jpeg_score)
    print(f"{len(files)} photos, {variants} variants; JPEG q82: {jpeg_bytes} bytes, "
          f"{jpeg_seconds * 1000:.0f} ms to encode")
    print()
    print("| WebP | bytes / JPEG | median PSNR gain dB | at least as faithful | encode time / JPEG |")
    print("|---|---:|---:|---:|---:|")
    for (quality, method), cell in cells.items():
        gains = cell["gains"]
        share = sum(1 for g in gains if g >= 0) / len(gains)
        print(f"| q{quality} m{method} | {cell['bytes'] / jpeg_bytes:.2f} | "
              f"{statistics.median(gains):+.2f} | {share * 100:.0f} % | "
              f"{cell['seconds'] / jpeg_seconds:.1f}x |")


if __name__ == "__main__":
    main()
