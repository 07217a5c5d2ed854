# SPDX-License-Identifier: BSD-2-Clause
#
# sbipmu top-level build. Two commands matter (see README.md):
#   make run    boot Linux on our firmware under QEMU and show perf working
#   make check  every test (installs missing packages first)
# Each mk/*.mk fragment owns one part of the build.

BUILD ?= build
Q ?= @

.DEFAULT_GOAL := all

# common.mk and libfdt.mk define variables the others use in rules.
FIRST_MK := mk/common.mk mk/libfdt.mk
include $(FIRST_MK)
include $(sort $(filter-out $(FIRST_MK),$(wildcard mk/*.mk)))

.PHONY: all setup clean
all: $(ALL_TARGETS)

setup:
	$(Q)scripts/ensure-setup.sh

clean:
	rm -rf $(BUILD)
