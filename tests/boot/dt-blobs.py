#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Corrupt device trees for tests/boot/dt-boot-check.sh.

usage: dt-blobs.py BASE.dtb OUTDIR

Writes one blob per case into OUTDIR, each made from the valid BASE:
  truncated.dtb       the first half of BASE; the header still claims all
  bad-magic.dtb       BASE with the magic word changed
  struct-outside.dtb  BASE with off_dt_struct beyond totalsize
  huge-totalsize.dtb  BASE with totalsize 1 GiB (libfdt's header check
                      accepts it; only what is readable refutes it)
  totalsize-2g.dtb    BASE with totalsize 0xfffffff0 (above INT_MAX: the
                      header check refuses it)
and prints "NAME TOTALSIZE SIZE" per blob (totalsize as the header says,
size of the file).
"""
import struct
import sys

# Offsets of the big-endian header words (struct fdt_header).
MAGIC, TOTALSIZE, OFF_DT_STRUCT = 0, 4, 8


def put32(blob, offset, value):
    blob[offset:offset + 4] = struct.pack(">I", value)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base = bytearray(open(sys.argv[1], "rb").read())
    total = struct.unpack_from(">I", base, TOTALSIZE)[0]
    if len(base) != total:
        sys.exit("dt-blobs: %s: totalsize %d, file %d bytes" %
                 (sys.argv[1], total, len(base)))
    cases = {}
    cases["truncated"] = base[:len(base) // 2]
    blob = bytearray(base)
    put32(blob, MAGIC, 0xFEEDD00D)
    cases["bad-magic"] = blob
    blob = bytearray(base)
    put32(blob, OFF_DT_STRUCT, total + 0x1000)
    cases["struct-outside"] = blob
    blob = bytearray(base)
    put32(blob, TOTALSIZE, 0x40000000)
    cases["huge-totalsize"] = blob
    blob = bytearray(base)
    put32(blob, TOTALSIZE, 0xFFFFFFF0)
    cases["totalsize-2g"] = blob
    for name, blob in cases.items():
        open("%s/%s.dtb" % (sys.argv[2], name), "wb").write(blob)
        print(name, struct.unpack_from(">I", blob, TOTALSIZE)[0], len(blob))


main()
