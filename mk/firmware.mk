# SPDX-License-Identifier: BSD-2-Clause
#
# The M-mode firmware for QEMU virt, for RV64 and RV32, in OpenSBI's
# three kinds (docs/boot.md says which to use when):
#   $(BUILD)/firmware/<arch>/sbipmu.{elf,bin}   the firmware (-bios), the
#                    same image as fw_dynamic.{elf,bin}
#   $(BUILD)/firmware/<arch>/fw_jump.{elf,bin}  FW_JUMP_ADDR, FW_JUMP_FDT_ADDR
#   $(BUILD)/firmware/<arch>/fw_payload.{elf,bin}  FW_PAYLOAD_PATH inside
#   make firmware    sbipmu, fw_dynamic and fw_jump for both (sizes
#                    printed after each link)
#   make fw-payload  fw_payload for both, around the project's Linux
#                    Images by default (make linux, make linux-rv32)
#   make fw-smoke    boot the smoke payload (payload/smoke/, built by
#                    mk/payload.mk) on each and check its verdict
# What an SBI call costs is measured by `make bench` (mk/bench.mk).
# It compiles the portable core ($(CORE_SRCS)), the riscv,pmu parser
# (binding/) and firmware/ freestanding, and links helper archives from
# mk/libfdt.mk: libfdt and lib/string.c.

FW_CROSS   ?= riscv64-unknown-elf-
FW_CC      := $(FW_CROSS)gcc
# The image is a static PIE (docs/firmware.md, "Load address"): the bare
# toolchain's ld cannot link one (-pie is not supported for its
# riscv*-elf emulations), the Linux one can, and links the same objects.
FW_LD      ?= riscv64-linux-gnu-ld
FW_READELF := $(FW_CROSS)readelf
FW_NM      := $(FW_CROSS)nm
FW_OBJCOPY := $(FW_CROSS)objcopy
FW_SIZE    := $(FW_CROSS)size
FW_ARCHS   := rv64 rv32

FW_ARCH_rv64 := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
FW_ARCH_rv32 := -march=rv32imac_zicsr_zifencei -mabi=ilp32 -mcmodel=medany
# libgcc by the plain -march: GCC 12 picks the multilib by exact name
# and falls back to the rv64gc/lp64d one for *_zicsr_zifencei.
FW_LDARCH_rv64 := -march=rv64imac -mabi=lp64
FW_LDARCH_rv32 := -march=rv32imac -mabi=ilp32
FW_LDEMUL_rv64 := elf64lriscv
FW_LDEMUL_rv32 := elf32lriscv
FW_LIBGCC_rv64 := $(shell $(FW_CC) $(FW_LDARCH_rv64) -print-libgcc-file-name)
FW_LIBGCC_rv32 := $(shell $(FW_CC) $(FW_LDARCH_rv32) -print-libgcc-file-name)

# OpenSBI's build variables, with its meanings (docs/boot.md):
# FW_TEXT_START    the link address; the image runs at any address
#                  aligned to its region all the same (2 MiB on RV64,
#                  4 MiB on RV32 is always enough)
# FW_JUMP_ADDR     fw_jump's next stage; unset: 2 MiB (RV64) / 4 MiB
#                  (RV32) past where the image runs, where QEMU puts
#                  -kernel (OpenSBI's FW_JUMP_OFFSET default)
# FW_JUMP_FDT_ADDR fw_jump moves the tree there; unset: passed where the
#                  previous stage put it
# FW_PAYLOAD_PATH  fw_payload's next stage; unset: the project's Linux
#                  Image of the arch
# FW_PAYLOAD_OFFSET where it lies in the image (and runs), from its start;
#                  unset: 2 MiB (RV64) / 4 MiB (RV32)
# FW_PAYLOAD_FDT_ADDR as FW_JUMP_FDT_ADDR, for fw_payload
FW_TEXT_START ?= 0x80000000
FW_JUMP_ADDR ?=
FW_JUMP_FDT_ADDR ?=
FW_PAYLOAD_FDT_ADDR ?=
FW_PAYLOAD_OFFSET_rv64 := $(or $(FW_PAYLOAD_OFFSET),0x200000)
FW_PAYLOAD_OFFSET_rv32 := $(or $(FW_PAYLOAD_OFFSET),0x400000)
FW_PAYLOAD_PATH_rv64 := $(or $(FW_PAYLOAD_PATH),$(BUILD)/linux/Image)
FW_PAYLOAD_PATH_rv32 := $(or $(FW_PAYLOAD_PATH),$(BUILD)/linux-rv32/Image)
FW_KIND_FLAGS_jump := -DFW_BUILD_JUMP \
	$(if $(FW_JUMP_ADDR),-DFW_JUMP_ADDR=$(FW_JUMP_ADDR)UL) \
	$(if $(FW_JUMP_FDT_ADDR),-DFW_JUMP_FDT_ADDR=$(FW_JUMP_FDT_ADDR)UL)
FW_KIND_FLAGS_dynamic := -DFW_BUILD_DYNAMIC
FW_KIND_FLAGS_payload = -DFW_BUILD_PAYLOAD \
	-DFW_PAYLOAD_OFFSET=$(FW_PAYLOAD_OFFSET_$(1))UL \
	$(if $(FW_PAYLOAD_FDT_ADDR),-DFW_PAYLOAD_FDT_ADDR=$(FW_PAYLOAD_FDT_ADDR)UL)
# Files whose build these values change name them all: rewritten (and
# so newer) only when one of them changes.
FW_KIND_CONF := $(BUILD)/firmware/.kind-conf
FW_KIND_CONF_TEXT := $(FW_TEXT_START) $(FW_JUMP_ADDR) $(FW_JUMP_FDT_ADDR) \
	$(FW_PAYLOAD_OFFSET) $(FW_PAYLOAD_FDT_ADDR) $(FW_PAYLOAD_PATH)
$(shell mkdir -p $(dir $(FW_KIND_CONF)); \
	[ "$$(cat $(FW_KIND_CONF) 2>/dev/null)" = "$(strip $(FW_KIND_CONF_TEXT))" ] || \
	echo "$(strip $(FW_KIND_CONF_TEXT))" >$(FW_KIND_CONF))

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

# variant.c (once per kind) and payload.S (fw_payload only) are linked
# into their own images, not into every one.
FW_KIND_SRCS := firmware/boot/variant.c firmware/boot/payload.S
FW_C_SRCS := $(CORE_SRCS) $(sort $(wildcard binding/*.c)) \
	$(filter-out $(FW_KIND_SRCS),$(sort $(wildcard firmware/*.c firmware/*/*.c)))
FW_S_SRCS := $(filter-out $(FW_KIND_SRCS),$(sort $(wildcard firmware/*/*.S)))
FW_KINDS  := dynamic jump payload
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

$(2)/$(1)/obj/%.o: %.S $(FW_HDRS) mk/common.mk mk/firmware.mk $(FW_KIND_CONF)
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(3) $(FW_ARCH_$(1)) \
		-DFW_TEXT_START=$(FW_TEXT_START) -c $$< -o $$@

# One object per kind, with the build's word on the next stage.
$(2)/$(1)/obj/kind/%.o: firmware/boot/variant.c $(FW_HDRS) mk/common.mk \
		mk/firmware.mk $(FW_KIND_CONF)
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(3) $(FW_ARCH_$(1)) \
		$$(call FW_KIND_FLAGS_$$*,$(1)) -c $$< -o $$@

# The payload as it is: rebuilt on every make (FORCE), since the default,
# the project's Image, has a rule of its own (mk/linux.mk) this must not
# start; assembling and linking it take a second or two.
$(2)/$(1)/obj/kind/payload-bin.o: firmware/boot/payload.S FORCE
	@mkdir -p $$(dir $$@)
	@test -f $(FW_PAYLOAD_PATH_$(1)) || { echo "fw_payload: \
$(FW_PAYLOAD_PATH_$(1)) not found: make linux (or linux-rv32), or \
give FW_PAYLOAD_PATH=" >&2; exit 1; }
	$(Q)$(FW_CC) $(FW_ARCH_$(1)) \
		-DFW_PAYLOAD_PATH='"$(FW_PAYLOAD_PATH_$(1))"' -c $$< -o $$@

$(2)/$(1)/fw_dynamic.elf: $(2)/$(1)/sbipmu.elf
	$(Q)cp $$< $$@

$(2)/$(1)/sbipmu.elf: $(2)/$(1)/obj/kind/dynamic.o
$(2)/$(1)/fw_jump.elf: $(2)/$(1)/obj/kind/jump.o
$(2)/$(1)/fw_payload.elf: $(2)/$(1)/obj/kind/payload.o \
	$(2)/$(1)/obj/kind/payload-bin.o

$(2)/$(1)/sbipmu.elf $(2)/$(1)/fw_jump.elf $(2)/$(1)/fw_payload.elf: \
		$$(FW_OBJS_$(1)_$(2)) firmware/linker.ld \
		$(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1)) $(FW_KIND_CONF) \
		scripts/fw-relocs-check.sh
	$(Q)$(FW_LD) -m $(FW_LDEMUL_$(1)) -static -pie --no-dynamic-linker \
		--gc-sections --no-warn-rwx-segments \
		--defsym=FW_TEXT_START=$(FW_TEXT_START) \
		--defsym=FW_PAYLOAD_OFFSET=$(FW_PAYLOAD_OFFSET_$(1)) \
		-T firmware/linker.ld $$(FW_OBJS_$(1)_$(2)) \
		$$(filter $(2)/$(1)/obj/kind/%,$$^) \
		$(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1)) $(FW_LIBGCC_$(1)) \
		-o $$@.tmp
	$(Q)scripts/fw-fixed-regs.sh $(FW_CROSS)objdump $$@.tmp
	$(Q)scripts/fw-relocs-check.sh $(FW_READELF) $(FW_NM) $$@.tmp
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

.PHONY: firmware firmware-debug fw-smoke fw-payload FORCE
FORCE:
firmware: $(foreach a,$(FW_ARCHS),$(foreach f,sbipmu fw_dynamic fw_jump,\
	$(FW_DIR)/$(a)/$(f).bin $(FW_DIR)/$(a)/$(f).elf))
fw-payload: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/fw_payload.bin)
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
