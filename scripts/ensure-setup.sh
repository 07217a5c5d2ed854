#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Makes sure every Debian package the build needs is installed, so that
# `make run` / `make check` work on a fresh machine. setup.sh checks each
# package with dpkg-query first (about a second) and installs only what is
# missing, so this costs nothing once the machine is set up.
set -euo pipefail
exec "$(dirname "$0")/setup.sh"
