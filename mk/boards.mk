# SPDX-License-Identifier: BSD-2-Clause
#
# `make boards-check`: every RISC-V board tree Linux 6.12 ships, through
# the firmware's own device-tree decoders, beside what OpenSBI 1.5.1's
# generic platform would match (docs/boards.md says how to read it),
# and the boot-loader trees of tests/data/boards/ (Linux's tree plus the
# IPI/timer nodes a boot loader adds).
#   $(BUILD)/tools/board-report   one line per .dtb (tools/board-report/)
#   $(BUILD)/boards/              the tree sources taken from the Linux
#                                 tarball (once), and the compiled blobs
# (Host paths spelled out: host.mk comes later in the include order.)
# `make boards-update` rewrites the golden file after a deliberate change.

BOARD_REPORT := $(BUILD)/tools/board-report
# The firmware's drivers (every file of firmware/dev/ that registers
# one), compiled for the host, so that the report matches nodes with the
# firmware's own driver tables; and the clock the I2C drivers' waits read.
BOARD_DRIVER_SRCS := $(sort $(shell grep -lE '^FW_[A-Z0-9]+_DRIVER' firmware/dev/*.c)) \
	firmware/dev/clock.c
BOARD_REPORT_OBJS := $(BUILD)/host/obj/tools/board-report/board-report.o \
	$(patsubst %.c,$(BUILD)/host/obj/%.o,$(BOARD_DRIVER_SRCS))
# x86-64 GCC aligns a global struct of 16 bytes or more to 16, which
# would put holes between the drivers of the section; the ABI's own
# alignment keeps it an array (board-report checks that it is one).
BOARD_ALIGN := $(shell $(HOST_CC) -malign-data=abi -E -x c /dev/null \
	>/dev/null 2>&1 && echo -malign-data=abi)

$(BOARD_REPORT_OBJS): HOST_CFLAGS += -Ifirmware $(BOARD_ALIGN)
$(BOARD_REPORT_OBJS): $(wildcard firmware/dev/*.h firmware/rt/*.h firmware/cpu/*.h)

$(BOARD_REPORT): $(BOARD_REPORT_OBJS) $(BUILD)/host/libsbipmu.a $(LIBFDT_HOST) \
		tools/board-report/board-report.ld
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(filter %.o %.a,$^) -Wl,-T,tools/board-report/board-report.ld -o $@

# Only what the board trees include: the RISC-V trees, the bindings'
# headers (one of them a link into include/uapi), and the arm64 Renesas
# trees RZ/Five's include through scripts/dtc/include-prefixes.
BOARDS_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
BOARDS_DIR := $(BUILD)/boards
BOARDS_SRC := $(BOARDS_DIR)/linux-source-6.12
BOARDS_STAMP := $(BOARDS_DIR)/.extracted
BOARDS_TAR_PATHS := arch/riscv/boot/dts arch/arm64/boot/dts/renesas \
	include/dt-bindings include/uapi/linux/input-event-codes.h \
	scripts/dtc/include-prefixes

$(BOARDS_STAMP): $(BOARDS_TARBALL)
	@echo "  TAR     $(BOARDS_SRC) (board trees)"
	$(Q)rm -rf $(BOARDS_SRC) && mkdir -p $(BOARDS_DIR)
	$(Q)tar -xJf $< -C $(BOARDS_DIR) \
		$(addprefix linux-source-6.12/,$(BOARDS_TAR_PATHS))
	$(Q)touch $@

BOARDS_ARGS = --src $(BOARDS_SRC) --out $(BOARDS_DIR) \
	--tool $(BOARD_REPORT) --opensbi tests/data/opensbi-generic-drivers.txt \
	--opensbi-bin $(OPENSBI_1_5) --golden tests/data/boards-expected.txt \
	--gaps tests/data/boards-gaps.txt --doc docs/boards.md \
	--boot-loader-trees tests/data/boards

# The Icicle Kit's own tree, the one `make run MACHINE=icicle` boots
# (scripts/machine.sh names it), compiled from the same extraction.
ICICLE_DTB := $(BOARDS_DIR)/dtb/microchip/mpfs-icicle-kit.dtb
$(ICICLE_DTB): $(BOARDS_STAMP) scripts/boards-check.py
	@echo "  DTC     $@"
	$(Q)scripts/boards-check.py --src $(BOARDS_SRC) --out $(BOARDS_DIR) \
		--compile microchip/mpfs-icicle-kit

.PHONY: boards-check boards-update board-report icicle-dtb
icicle-dtb: $(ICICLE_DTB)
board-report: $(BOARD_REPORT)

# The self-test first: the check's rules on made-up lines, each failure
# it exists for found.
BOARDS_DEPS := $(BOARD_REPORT) $(BOARDS_STAMP) $(wildcard tests/data/boards/*/*.dts)

boards-check: $(BOARDS_DEPS)
	$(Q)scripts/boards-check.py --self-test
	$(Q)scripts/boards-check.py $(BOARDS_ARGS)

boards-update: $(BOARDS_DEPS)
	$(Q)scripts/boards-check.py $(BOARDS_ARGS) --update

ALL_TARGETS += $(BOARD_REPORT)
