# SPDX-License-Identifier: BSD-2-Clause
#
# The M-mode firmware for QEMU virt, for RV64 and RV32:
#   $(BUILD)/firmware/<arch>/sbipmu.{elf,bin}   the firmware (-bios)
#   $(BUILD)/firmware/<arch>/smoke.{elf,bin}    S-mode smoke payload (-kernel)
#   make firmware    both firmwares (sizes printed after each link)
#   make fw-smoke    boot the smoke payload on each and check its verdict
#   make fw-bench    ecall round-trip cost, ours vs Debian's OpenSBI (rv64)
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

SMOKE_C_SRCS := $(sort $(wildcard firmware/payload/*.c))
SMOKE_S_SRCS := $(sort $(wildcard firmware/payload/*.S))
SMOKE_CFLAGS := $(FREESTANDING_CFLAGS) -O2 -g -Ifirmware/payload

# $(1) = rv64 or rv32
define FW_RULES
FW_OBJS_$(1) := $$(patsubst %.c,$(FW_DIR)/$(1)/obj/%.o,$(FW_C_SRCS)) \
	$$(patsubst %.S,$(FW_DIR)/$(1)/obj/%.o,$(FW_S_SRCS))
SMOKE_OBJS_$(1) := $$(patsubst %.c,$(FW_DIR)/$(1)/obj/%.o,$(SMOKE_C_SRCS)) \
	$$(patsubst %.S,$(FW_DIR)/$(1)/obj/%.o,$(SMOKE_S_SRCS))

$(FW_DIR)/$(1)/obj/firmware/payload/%.o: firmware/payload/%.c firmware/payload/*.h
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(SMOKE_CFLAGS) $(FW_ARCH_$(1)) -c $$< -o $$@

$(FW_DIR)/$(1)/obj/firmware/payload/%.o: firmware/payload/%.S
	@mkdir -p $$(dir $$@)
	$(Q)$(FW_CC) $(SMOKE_CFLAGS) $(FW_ARCH_$(1)) -c $$< -o $$@

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

$(FW_DIR)/$(1)/smoke.elf: $$(SMOKE_OBJS_$(1)) firmware/payload/smoke.ld
	$(Q)$(FW_CC) $(FW_LDARCH_$(1)) $(FW_LDFLAGS) \
		-T firmware/payload/smoke.ld -Wl,--defsym=SMOKE_BASE=$(SMOKE_BASE_$(1)) \
		$$(SMOKE_OBJS_$(1)) -lgcc -o $$@

$(FW_DIR)/$(1)/%.bin: $(FW_DIR)/$(1)/%.elf
	$(Q)$(FW_OBJCOPY) -O binary $$< $$@
endef

# Where QEMU's -kernel puts the payload (FACTS §2).
SMOKE_BASE_rv64 := 0x80200000
SMOKE_BASE_rv32 := 0x80400000

$(foreach a,$(FW_ARCHS),$(eval $(call FW_RULES,$(a))))

.PHONY: firmware fw-smoke fw-bench
firmware: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/sbipmu.bin)

fw-smoke: $(foreach a,$(FW_ARCHS),$(FW_DIR)/$(a)/sbipmu.bin $(FW_DIR)/$(a)/smoke.bin)
	$(Q)for a in $(FW_ARCHS); do \
		firmware/payload/run-smoke.sh $$a $(FW_DIR)/$$a || exit 1; \
	done

FW_BENCH_REF ?= /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin

fw-bench: $(FW_DIR)/rv64/sbipmu.bin $(FW_DIR)/rv64/smoke.bin
	$(Q)firmware/payload/run-bench.sh $(FW_DIR)/rv64/sbipmu.bin \
		$(FW_DIR)/rv64/smoke.bin rv64
	$(Q)if [ -f $(FW_BENCH_REF) ]; then \
		firmware/payload/run-bench.sh $(FW_BENCH_REF) \
			$(FW_DIR)/rv64/smoke.bin rv64; fi

ALL_TARGETS += firmware
