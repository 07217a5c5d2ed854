# SPDX-License-Identifier: BSD-2-Clause
#
# `make run`: the main job. Installs what is missing, builds our RV64
# firmware and the Linux guest (first time ≈ 5 minutes, with progress),
# then boots Linux on the firmware under QEMU and shows perf working
# (guest/README.md lists what the guest runs). FIRMWARE=path boots the
# same guest on another firmware, e.g. Debian's OpenSBI for comparison.

.PHONY: run
run:
	$(Q)scripts/ensure-setup.sh
	$(Q)$(MAKE) --no-print-directory firmware
	$(Q)$(MAKE) --no-print-directory linux
	$(Q)$(MAKE) --no-print-directory run-linux
