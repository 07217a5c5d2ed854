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

FW_DIR    := $(BUILD)/firmware
FW_CFLAGS := $(FREESTANDING_CFLAGS) -O2 -g -ffunction-sections \
	-fdata-sections -Ifirmware $(LIBFDT_FW_INC)
FW_LDFLAGS := -nostdlib -static -Wl,--gc-sections -Wl,--no-warn-rwx-segments

FW_C_SRCS := $(CORE_SRCS) $(sort $(wildcard binding/*.c)) \
	$(sort $(wildcard firmware/*.c))
FW_S_SRCS := $(sort $(wildcard firmware/*.S))
FW_HDRS   := $(wildcard include/sbipmu/*.h firmware/*.h core/*.h binding/*.h \
	lib/*.h)

# $(1) = rv64 or rv32
define FW_RULES
FW_OBJS_$(1) := $$(patsubst %.c,$(FW_DIR)/$(1)/obj/%.o,$(FW_C_SRCS)) \
	$$(patsubst %.S,$(FW_DIR)/$(1)/obj/%.o,$(FW_S_SRCS))

$(FW_DIR)/$(1)/obj/%.o: %.c $(FW_HDRS) $(LIBFDT_FW_STAMP)
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_ARCH_$(1)) -c $$< -o $$@

$(FW_DIR)/$(1)/obj/%.o: %.S $(FW_HDRS)
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_ARCH_$(1)) -c $$< -o $$@

$(FW_DIR)/$(1)/sbipmu.elf: $$(FW_OBJS_$(1)) firmware/linker.ld \
		$(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1))
	$(Q)$(FW_CC) $(FW_LDARCH_$(1)) $(FW_LDFLAGS) -T firmware/linker.ld \
		$$(FW_OBJS_$(1)) $(LIBFDT_FW_$(1)) $(LIBSTRING_FW_$(1)) -lgcc \
		-o $$@
	$(Q)echo "[firmware] $(1): $$@"
	$(Q)$(FW_SIZE) $$@

$(FW_DIR)/$(1)/%.bin: $(FW_DIR)/$(1)/%.elf
	$(Q)$(FW_OBJCOPY) -O binary $$< $$@
endef

$(foreach a,$(FW_ARCHS),$(eval $(call FW_RULES,$(a))))

.PHONY: firmware fw-smoke
firmware: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/sbipmu.bin)

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
