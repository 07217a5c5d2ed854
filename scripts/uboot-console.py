#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Type commands at U-Boot's prompt on a QEMU console, then stand aside.

usage: uboot-console.py [--cmd COMMAND]... [--prompt TEXT] -- QEMU ARGS...

Runs QEMU (the command after --) with its console on a pipe, copies
everything it prints to standard output, and each time U-Boot's prompt
("=> " at the start of a line) appears, types the next COMMAND. Once the
last one is typed the console is only copied: the guest's own output,
until QEMU exits. Exit status: QEMU's; 3 if U-Boot comes back to its
prompt after the last command (it refused to boot; QEMU is then
stopped at once rather than left waiting for a timeout).

QEMU reads the pipe only as fast as the emulated UART takes characters,
so a command is never cut by a full receive FIFO. A SIGTERM or SIGINT
(linux-run.sh's timeout, Ctrl-C) is passed on to QEMU.
"""

import os
import signal
import subprocess
import sys

PROMPT = b"=> "


def parse(argv):
    """(commands, prompt, qemu argv) from the command line."""
    cmds, prompt = [], PROMPT
    i = 0
    while i < len(argv) and argv[i] != "--":
        if argv[i] == "--cmd" and i + 1 < len(argv):
            cmds.append(argv[i + 1].encode())
            i += 2
        elif argv[i] == "--prompt" and i + 1 < len(argv):
            prompt = argv[i + 1].encode()
            i += 2
        else:
            sys.exit(__doc__.split("\n\n")[1])
    qemu = argv[i + 1 :]
    if not qemu:
        sys.exit(__doc__.split("\n\n")[1])
    return cmds, prompt, qemu


def at_prompt(tail, prompt):
    """True if the console's last bytes are a fresh prompt line."""
    return tail.endswith(b"\n" + prompt) or tail == prompt


def run(cmds, prompt, qemu):
    proc = subprocess.Popen(
        qemu, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )

    def forward(signum, _frame):
        proc.send_signal(signum)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    out = sys.stdout.buffer
    tail = b""
    pending = list(cmds)
    returned = False
    while True:
        chunk = os.read(proc.stdout.fileno(), 4096)
        if not chunk:
            break
        out.write(chunk)
        out.flush()
        tail = (tail + chunk)[-256:]
        if not at_prompt(tail, prompt):
            continue
        if pending:
            proc.stdin.write(pending.pop(0) + b"\n")
            proc.stdin.flush()
            tail = b""
        elif cmds and not returned:
            returned = True
            out.write(b"\nuboot-console: U-Boot is back at its prompt after the last command\n")
            out.flush()
            proc.terminate()
    rc = proc.wait()
    return 3 if returned else rc


def main():
    cmds, prompt, qemu = parse(sys.argv[1:])
    sys.exit(run(cmds, prompt, qemu))


if __name__ == "__main__":
    main()
