# SPDX-License-Identifier: BSD-2-Clause
#
# `make check`: every test, in order, through scripts/check.sh (which
# installs missing packages first and prints one line per step and a
# closing `check: N passed, M failed`). `make lint`: static analysis and
# formatting of our own code.

LINT_SRCS := $(CORE_SRCS) $(sort $(wildcard binding/*.c)) $(FW_HOST_SRCS)
FORMAT_SRCS := $(sort $(wildcard core/*.[ch] sbi/*.[ch] binding/*.[ch] \
	include/sbipmu/*.h tests/sim/*.[ch] tests/unit/*.[ch] tests/fuzz/*.c \
	tools/*/*.c lib/*.[ch] firmware/*.[ch] firmware/*/*.[ch] bench/*.[ch] \
	bench/*/*.c payload/*/*.[ch] guest/*.[ch] guest/nolibc/*.[ch] \
	guest/nolibc/include/*.h guest/nolibc/include/sys/*.h))

.PHONY: check check-more lint cppcheck format format-check layers-check scripts-test
check:
	$(Q)scripts/check.sh

# Steps that left make check to keep it under 30 minutes on a 2-core
# host with one core busy (README, "Tests under load"), unchanged: run
# them the same way, one line per step. `make check check-more` is every
# step. unit is unit-asan's tests without the sanitizers.
CHECK_MORE_STEPS := unit kvm-check linux-machines-icicle uboot-check \
	boot-images-check linux-soak-smoke linux-check-rv32-quick \
	conformance-check@7.2 linux-check-quick@7.2 bench-sampling-check@7.2 \
	linux-check-rv32-quick@7.2
check-more:
	$(Q)CHECK_STEPS="$(CHECK_MORE_STEPS)" scripts/check.sh

lint: cppcheck format-check layers-check

# The scripts' own logic as unit tests (Python's unittest, under a
# second): the conformance suite's judge and table
# (scripts/conformance_judge.py, conformance_compare.py), how
# tools/pmu-trace.py reads its names from include/sbipmu/sbi_spec.h, and
# linux-check's judge and --ref table in Python (scripts/linux_judge.py,
# linux_vs_ref.py; not yet what linux-check.sh runs: see
# make linux-judge-identity).
scripts-test:
	@echo "  UNITTEST tests/scripts/"
	$(Q)python3 -m unittest discover -s tests/scripts -p 'test_*.py'

# linux-check's Python judge gives the verdicts its bash judge gave
# (tests/scripts/linux_judge_identity.py, the bash one from git): on the
# logs of the last linux-check runs here, the unit tests' logs, mutated
# copies of them all, and whole linux-check.sh runs with QEMU replaced by
# the logs. Takes minutes (the bash judge forks a few hundred tools per
# boot); not in make check.
LJI_DIRS ?= $(wildcard $(BUILD)/linux/check $(BUILD)/linux-rv32/check \
	$(BUILD)/linux-rv32/check-spike)
.PHONY: linux-judge-identity
linux-judge-identity:
	@echo "  IDENTITY linux-check's judges, bash and Python"
	$(Q)tests/scripts/linux_judge_identity.py --synthetic $(LJI_ARGS) \
		$(LJI_DIRS)

# The firmware's layers (docs/firmware.md, "Layout"): no upward include,
# every include names its folder, no include cycle; and in the built
# objects of both arches (nm), no call or data use of a layer above and
# no files that use each other in a circle. The check first proves on
# small cases that it finds each kind of problem.
layers-check: firmware
	@echo "  LAYERS firmware/ (includes, and calls in $(FW_ARCHS))"
	$(Q)scripts/layers-check.py --self-test
	$(Q)scripts/layers-check.py firmware
	$(Q)$(foreach a,$(FW_ARCHS),scripts/layers-check.py --calls \
		$(BUILD)/firmware/$(a)/obj $(FW_NM) &&) true

# The core as the host builds it: hooks through the table (the firmware's
# build-time binding, SBIPMU_HAL_STATIC, names a firmware header).
cppcheck:
	@echo "  CPPCHECK core/ sbi/ binding/ and firmware's pure files"
	$(Q)cppcheck --quiet --error-exitcode=1 --std=c11 \
		--enable=warning,performance,portability \
		--suppress=missingIncludeSystem --inline-suppr \
		-USBIPMU_HAL_STATIC -Iinclude -Icore -Ifirmware $(LINT_SRCS)

format:
	$(Q)clang-format --style=file -i $(FORMAT_SRCS)

format-check:
	@echo "  CLANG-FORMAT --dry-run ($(words $(FORMAT_SRCS)) files)"
	$(Q)clang-format --style=file --dry-run --Werror $(FORMAT_SRCS)
