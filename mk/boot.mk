# SPDX-License-Identifier: BSD-2-Clause
#
# Boot-time checks on QEMU of what the firmware does when its input is
# bad (tests/boot/):
#   make dt-boot-check   corrupt device trees refused with a clear error
#                        and a power-off; an oversized riscv,pmu node
#                        survived with the heap diagnostic; a console
#                        found without a usable stdout-path; a bad
#                        timebase written into the tree handed on; no
#                        next stage stopped cleanly
#   make fw-debug-check  the debug firmware's hooks (firmware/boot/debug.h):
#                        faults and stack overruns reported, the machine
#                        powered off; a late hart served; the release
#                        firmware free of the hooks
#   make boot-images-check  Linux with perf from fw_dynamic at 0x80000000
#                        and at BOOT_IMAGES_HIGH, fw_jump and fw_payload,
#                        beside OpenSBI 1.5.1's fw_dynamic and fw_jump:
#                        RV64, and RV32 once build/linux-rv32 exists; the
#                        conformance suite on fw_dynamic at both addresses
# Other mk files are read after this one (alphabetical order): the paths
# their variables would give are spelt out here.

BOOT_DIR := $(BUILD)/boot
BOOT_CC := riscv64-unknown-elf-gcc
BOOT_OBJCOPY := riscv64-unknown-elf-objcopy

# The reset-vector stand-in: position independent, linked at 0.
$(BOOT_DIR)/dtb-shim.bin: tests/boot/dtb-shim.S
	@mkdir -p $(dir $@)
	$(Q)$(BOOT_CC) -march=rv64imac_zicsr -mabi=lp64 -nostdlib \
		-Wl,-Ttext=0 -Wl,--no-warn-rwx-segments $< -o $(BOOT_DIR)/dtb-shim.elf
	$(Q)$(BOOT_OBJCOPY) -O binary $(BOOT_DIR)/dtb-shim.elf $@

# A loader's stand-in that starts the firmware at BOOT_IMAGES_HIGH (a
# 16 MiB boundary near the top of the 512 MiB the boots use, below the
# tree QEMU puts in the last 2 MiB): tests/boot/jump-shim.S.
# jump-shim-rv64-odd.bin starts it 64 KiB past that, an address its
# region's PMP entry cannot cover: the firmware must refuse it.
BOOT_IMAGES_HIGH ?= 0x9f000000
BOOT_IMAGES_ODD := $(shell printf '0x%x' $$(($(BOOT_IMAGES_HIGH) + 0x10000)))
BOOT_SHIM_ARCH_rv64 := -march=rv64imac_zicsr -mabi=lp64
BOOT_SHIM_ARCH_rv32 := -march=rv32imac_zicsr -mabi=ilp32
BOOT_SHIM_ARCH_rv64-odd := $(BOOT_SHIM_ARCH_rv64)
BOOT_SHIM_TARGET = $(BOOT_IMAGES_HIGH)
$(BOOT_DIR)/jump-shim-rv64-odd.bin: BOOT_SHIM_TARGET = $(BOOT_IMAGES_ODD)
$(BOOT_DIR)/jump-shim-%.bin: tests/boot/jump-shim.S mk/boot.mk
	@mkdir -p $(dir $@)
	$(Q)$(BOOT_CC) $(BOOT_SHIM_ARCH_$*) -nostdlib \
		-DSHIM_TARGET=$(BOOT_SHIM_TARGET) -Wl,-Ttext=0 \
		-Wl,--no-warn-rwx-segments $< -o $(@:.bin=.elf)
	$(Q)$(BOOT_OBJCOPY) -O binary $(@:.bin=.elf) $@

# RV32 joins once its guest is built (make linux-rv32): fw_payload
# carries it.
BOOT_IMAGES_ARCHS := rv64 $(if $(wildcard $(BUILD)/linux-rv32/Image),rv32)
.PHONY: boot-images-check
boot-images-check: $(foreach a,$(BOOT_IMAGES_ARCHS), \
		$(foreach f,fw_dynamic fw_jump fw_payload, \
			$(BUILD)/firmware/$(a)/$(f).bin) \
		$(BOOT_DIR)/jump-shim-$(a).bin) $(BOOT_DIR)/jump-shim-rv64-odd.bin \
		$(BUILD)/payload/rv64/conformance.bin
	$(Q)BUILD=$(BUILD) tests/boot/boot-images-check.sh \
		$(BOOT_DIR)/images $(BOOT_IMAGES_HIGH) $(BOOT_IMAGES_ODD) \
		$(BOOT_IMAGES_ARCHS)

.PHONY: dt-boot-check
dt-boot-check: $(BUILD)/firmware/rv64/sbipmu.bin $(BOOT_DIR)/dtb-shim.bin \
		$(abspath $(BUILD))/tests/data/qemu-virt-7.2.dtb \
		$(BUILD)/payload/rv64/smoke.bin
	$(Q)tests/boot/dt-boot-check.sh $(BUILD)/firmware/rv64/sbipmu.bin \
		$(BOOT_DIR)/dtb-shim.bin \
		$(abspath $(BUILD))/tests/data/qemu-virt-7.2.dtb \
		$(BUILD)/payload/rv64/smoke.bin $(BOOT_DIR)/dt

.PHONY: fw-debug-check
fw-debug-check: $(BUILD)/firmware/rv64/sbipmu.bin \
		$(BUILD)/firmware-debug/rv64/sbipmu.bin \
		$(BUILD)/firmware-debug/rv32/sbipmu.bin \
		$(BUILD)/payload/rv64/smoke.bin
	$(Q)tests/boot/fw-debug-check.sh $(BUILD)/firmware/rv64/sbipmu.bin \
		$(BUILD)/firmware-debug/rv64/sbipmu.bin \
		$(BUILD)/firmware-debug/rv32/sbipmu.bin \
		$(BUILD)/payload/rv64/smoke.bin $(BOOT_DIR)/debug

# Every QEMU machine, RV32 on spike, trees without a usable console and
# more harts than the firmware serves (tests/boot/machines-check.sh).
.PHONY: machines-check
machines-check: $(BUILD)/firmware/rv64/sbipmu.bin \
		$(BUILD)/firmware/rv32/sbipmu.bin \
		$(BUILD)/firmware-max4/rv64/sbipmu.bin \
		$(BUILD)/payload/rv64/smoke.bin $(BUILD)/payload/rv32/smoke.bin \
		$(BUILD)/payload/rv64/conformance.bin
	$(Q)tests/boot/machines-check.sh $(BUILD)/firmware/rv64/sbipmu.bin \
		$(BUILD)/firmware/rv32/sbipmu.bin \
		$(BUILD)/firmware-max4/rv64/sbipmu.bin \
		$(BUILD)/payload/rv64/smoke.bin $(BUILD)/payload/rv32/smoke.bin \
		$(BUILD)/payload/rv64/conformance.bin $(BUILD)/boot/machines

# T-Head's CLINT and ACLINT (thead,c900-*) on QEMU virt's devices under
# T-Head's names: Linux + perf through them (scripts/thead-timers-check.sh).
# THEAD_REF=path boots a reference firmware beside, reported.
.PHONY: thead-timers-check
thead-timers-check: $(BUILD)/firmware/rv64/sbipmu.bin linux
	$(Q)BUILD=$(BUILD) scripts/thead-timers-check.sh \
		$(BUILD)/firmware/rv64/sbipmu.bin $(THEAD_REF)
