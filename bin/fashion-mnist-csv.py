#!/usr/bin/python3
"""Writes Fashion-MNIST (Xiao, Rasul and Vollgraf, 2017; Debian's dataset-fashion-mnist, MIT licence)
as one CSV table for `bin/bench --input`: its 60 000 training and 10 000 test images, one row each,
pixels p0..p783 (0 to 255) and the class in column `cluster`.

Usage: bin/fashion-mnist-csv.py OUTPUT.csv [DATASET_FOLDER]
(the folder defaults to /usr/share/datasets/fashion-mnist; `apt-get install dataset-fashion-mnist`).
"""
import gzip
import os
import struct
import sys


def read_idx(path):
    """The array of an IDX file (LeCun's MNIST format): a magic number, the sizes, then unsigned bytes."""
    with gzip.open(path, "rb") as source:
        zero, kind, count = struct.unpack(">HBB", source.read(4))
        if zero != 0 or kind != 0x08:
            raise SystemExit(f"{path}: not an IDX file of unsigned bytes")
        sizes = struct.unpack(">" + "I" * count, source.read(4 * count))
        return sizes, source.read()


def main():
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    output = sys.argv[1]
    folder = sys.argv[2] if len(sys.argv) == 3 else "/usr/share/datasets/fashion-mnist"
    if os.path.exists(output):
        raise SystemExit(f"{output} exists; choose another path or remove it")
    with open(output, "w") as table:
        table.write(",".join(f"p{i}" for i in range(784)) + ",cluster\n")
        for part in ("train", "t10k"):
            (count, height, width), pixels = read_idx(os.path.join(folder, f"{part}-images-idx3-ubyte.gz"))
            (labels_count,), labels = read_idx(os.path.join(folder, f"{part}-labels-idx1-ubyte.gz"))
            if labels_count != count or height * width != 784:
                raise SystemExit(f"{folder}: {part} images and labels do not match")
            for row in range(count):
                values = pixels[row * 784:(row + 1) * 784]
                table.write(",".join(map(str, values)) + f",{labels[row]}\n")


if __name__ == "__main__":
    main()
