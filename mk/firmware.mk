# SPDX-License-Identifier: BSD-2-Clause
#
# The M-mode firmware for QEMU virt, for RV64 and RV32:
#   $(BUILD)/firmware/<arch>/sbipmu.{elf,bin}   the firmware (-bios)
#   make firmware    both firmwares (sizes printed after each link)
#   make fw-smoke    boot the smoke payload (payload/smoke/, built by
#                    mk/payload.mk) on each and check its verdict
# What an SBI call costs is measured by `make bench` (mk/bench.mk).
# It compiles the portable core ($(CORE_SRCS)), the riscv,pmu parser
# (binding/) and firmware/ freestanding, and links helper archives from
# mk/libfdt.mk: libfdt and lib/string.c.

FW_CROSS   ?= riscv64-unknown-elf-
FW_CC      := $(FW_CROSS)gcc
FW_OBJCOPY := $(FW_CROSS)objcopy
FW_SIZE    := $(FW_CROSS)size
FW_ARCHS   := rv64 rv32

FW_ARCH_rv64 := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
FW_ARCH_rv32 := -march=rv32imac_zicsr_zifencei -mabi=ilp32 -mcmodel=medany
# Link with the plain -march: GCC 12 picks the libgcc multilib by exact
# name and falls back to the rv64gc/lp64d one for *_zicsr_zifencei.
FW_LDARCH_rv64 := -march=rv64imac -mabi=lp64
FW_LDARCH_rv32 := -march=rv32imac -mabi=ilp32

# The boot heap (firmware/rt/alloc.c) in KiB: per-hart PMU state, the
# riscv,pmu rows, trace rings. A stamp named after the value rebuilds
# alloc.c when it changes.
FW_HEAP_KIB ?= 32
FW_DIR    := $(BUILD)/firmware
FW_HEAP_STAMP := $(FW_DIR)/.heap-kib-$(FW_HEAP_KIB)
# Legacy SBI v0.1 calls (docs/firmware.md, "Legacy SBI v0.1"): 1 (the
# default) builds them in, on unless /chosen/sbipmu,legacy = "off"; 0
# leaves them out of the image. The files that read it rebuild on a
# change through a stamp named after the value.
FW_LEGACY ?= 1
FW_LEGACY_STAMP := $(FW_DIR)/.legacy-$(FW_LEGACY)
# -Wframe-larger-than: no frame may be larger than the stack guard
# (FW_STACK_GUARD in firmware/cpu/fw_defs.h), or it could step over it.
# -fno-cse-follow-jumps: GCC 12's CSE across branches copies a function's
# argument registers away before its first branch and back before each
# tail call; the SBI-call path is mostly such dispatch levels (up to six
# moves each).
# SBIPMU_HAL_STATIC binds the core's hart hooks to the CSR HAL at build
# time (include/sbipmu/pmu_hal.h): no function pointer on the hot paths.
# One folder per layer (docs/firmware.md, "Layout"); an include names its
# folder ("cpu/csr.h"), so the layer shows (scripts/layers-check.py).
FW_INC := -Ifirmware
FW_CFLAGS := $(FREESTANDING_CFLAGS) -O2 -g -fno-cse-follow-jumps \
	-ffunction-sections -fdata-sections $(FW_REG_CFLAGS) $(FW_INC) \
	$(LIBFDT_FW_INC) -DFW_HEAP_KIB=$(FW_HEAP_KIB) -DFW_LEGACY=$(FW_LEGACY) \
	-Wframe-larger-than=512 \
	-DSBIPMU_HAL_STATIC='"arch/pmu_hal_csr.h"'
FW_LDFLAGS := -nostdlib -static -Wl,--gc-sections -Wl,--no-warn-rwx-segments

FW_C_SRCS := $(CORE_SRCS) $(sort $(wildcard binding/*.c)) \
	$(sort $(wildcard firmware/*.c firmware/*/*.c))
FW_S_SRCS := $(sort $(wildcard firmware/*/*.S))
FW_HDRS   := $(wildcard include/sbipmu/*.h firmware/*.h firmware/*/*.h core/*.h binding/*.h \
	lib/*.h)

# $(1) = rv64 or rv32, $(2) = output directory, $(3) = extra flags
define FW_RULES
FW_OBJS_$(1)_$(2) := $$(patsubst %.c,$(2)/$(1)/obj/%.o,$(FW_C_SRCS)) \
	$$(patsubst %.S,$(2)/$(1)/obj/%.o,$(FW_S_SRCS))

$(2)/$(1)/obj/%.o: %.c $(FW_HDRS) $(LIBFDT_FW_STAMP) mk/common.mk mk/firmware.mk
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(3) $(FW_ARCH_$(1)) -c $$< -o $$@

$(2)/$(1)/obj/firmware/boot/main.o: $(FW_HEAP_STAMP)
$(addprefix $(2)/$(1)/obj/firmware/,ext/sbi_legacy.o boot/fdt_setup.o \
	boot/banner.o): $(FW_LEGACY_STAMP)

$(2)/$(1)/obj/%.o: %.S $(FW_HDRS) mk/common.mk mk/firmware.mk
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(3) $(FW_ARCH_$(1)) -c $$< -o $$@

$(2)/$(1)/sbipmu.elf: $$(FW_OBJS_$(1)_$(2)) firmware/linker.ld \
		$(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1))
	$(Q)$(FW_CC) $(FW_LDARCH_$(1)) $(FW_LDFLAGS) -T firmware/linker.ld \
		$$(FW_OBJS_$(1)_$(2)) $(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1)) \
		-lgcc -o $$@.tmp
	$(Q)scripts/fw-fixed-regs.sh $(FW_CROSS)objdump $$@.tmp
	$(Q)mv $$@.tmp $$@
	$(Q)echo "[firmware] $(1): $$@"
	$(Q)$(FW_SIZE) $$@

$(2)/$(1)/%.bin: $(2)/$(1)/%.elf
	$(Q)$(FW_OBJCOPY) -O binary $$< $$@
endef

$(foreach a,$(FW_ARCHS),$(eval $(call FW_RULES,$(a),$(FW_DIR),)))

# The debug firmware: the release one plus the hooks of firmware/boot/debug.h
# (faults and a late hart on demand, for make fw-debug-check). Never the
# one to ship: `make firmware` builds only the release image.
FW_DEBUG_DIR := $(BUILD)/firmware-debug
$(foreach a,$(FW_ARCHS),$(eval $(call FW_RULES,$(a),$(FW_DEBUG_DIR),-DFW_DEBUG_HOOKS)))

# A firmware built to serve at most 4 harts, for make machines-check: a
# tree with more harts than the firmware was built for.
FW_MAX4_DIR := $(BUILD)/firmware-max4
$(eval $(call FW_RULES,rv64,$(FW_MAX4_DIR),-DFW_MAX_HARTS=4))

$(FW_HEAP_STAMP):
	@mkdir -p $(dir $@)
	$(Q)rm -f $(FW_DIR)/.heap-kib-* && touch $@

$(FW_LEGACY_STAMP):
	@mkdir -p $(dir $@)
	$(Q)rm -f $(FW_DIR)/.legacy-* && touch $@

.PHONY: firmware firmware-debug fw-smoke
firmware: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/sbipmu.bin)
firmware-debug: $(foreach a,$(FW_ARCHS),$(FW_DEBUG_DIR)/$(a)/sbipmu.bin)

# mk/payload.mk is read after this file: its PAYLOAD_DIR would be empty
# in a prerequisite here, so the payload's path is spelt out.
fw-smoke: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/sbipmu.bin \
		$(BUILD)/payload/$(a)/smoke.bin)
	$(Q)for a in $(FW_ARCHS); do \
		payload/smoke/run-smoke.sh $$a $(FW_DIR)/$$a/sbipmu.bin \
			$(PAYLOAD_DIR)/$$a/smoke.bin \
			$(PAYLOAD_DIR)/smoke-$$a.log || exit 1; \
	done

ALL_TARGETS += firmware
