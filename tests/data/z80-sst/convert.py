#!/usr/bin/env python3
"""Makes first10.json.gz from the SingleStepTests z80 v1 subset (the first 10 tests of
every file, as distributed in v1-first10.tar.gz: z80sub10/<file>.json).

Usage: convert.py v1-first10.tar.gz first10.json.gz

Each test is kept as it is, except its `cycles` list (one entry per T-state), which is
replaced by what the emulator checks of it: `tstates` (its length) and, for instructions
that touch a port, `io_t` (the index of the first cycle flagged "i", the T-state at which
the port is accessed). Tests keep the order of their files (sorted by name) and within them.
The output is one gzipped JSON array; it is deterministic (fixed gzip mtime).
"""
import gzip
import json
import sys
import tarfile


def compact(test):
    cycles = test.pop("cycles")
    test["tstates"] = len(cycles)
    io = [i for i, c in enumerate(cycles) if "i" in c[2]]
    if io:
        test["io_t"] = io[0]
    return test


def main(src, dst):
    tests = []
    with tarfile.open(src) as tar:
        members = sorted((m for m in tar.getmembers() if m.name.endswith(".json")),
                         key=lambda m: m.name)
        for m in members:
            tests.extend(compact(t) for t in json.load(tar.extractfile(m)))
    text = json.dumps(tests, separators=(",", ":")).encode()
    with open(dst, "wb") as out:
        with gzip.GzipFile(fileobj=out, mode="wb", mtime=0, compresslevel=9) as gz:
            gz.write(text)
    print(f"{len(tests)} tests from {len(members)} files -> {dst}")


if __name__ == "__main__":
    main(*sys.argv[1:])
