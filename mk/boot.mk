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
