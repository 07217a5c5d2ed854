# SPDX-License-Identifier: BSD-2-Clause
#
# Shared variables: compilers, warning flags, the portable core's sources.

HOST_CC ?= gcc
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
HOST_CFLAGS := -std=c11 -O2 -g $(WARN) -Iinclude
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# The portable core: freestanding C11, no CSR, no asm, no libc headers
# beyond stdint/stdbool/stddef.
CORE_SRCS := $(sort $(wildcard core/*.c)) $(sort $(wildcard sbi/*.c))

# The firmware's pure files: no CSR, no device, no linker symbol (the
# hart table, the HSM state machine, hart lists, the remote-fence
# protocol). They build into the firmware with the rest of firmware/,
# and for the host, where tests/unit/test_fw_*.c run them (mk/host.mk).
FW_HOST_SRCS := firmware/rt/hart.c firmware/rt/hart_list.c \
	firmware/rt/hsm.c firmware/rt/fence.c

# Freestanding flags shared by every firmware build of the core.
FREESTANDING_CFLAGS := -std=c11 -ffreestanding -fno-builtin -nostdlib \
	-fno-common -fno-pic -fno-stack-protector $(WARN) -Iinclude

# Every object linked into the M-mode firmware (ours, libfdt, lib/) leaves
# t3-t6 alone, so the SBI-call path of firmware/cpu/entry.S need not save
# them: eight loads and stores less per call. scripts/fw-fixed-regs.sh
# checks each linked image (libgcc, built without the flags, included).
FW_REG_CFLAGS := -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6

# The emulator generation every QEMU target runs on (scripts/setup-tools.sh
# puts both in $(BUILD)/tools): QEMU=10.0 (the default), QEMU=7.2 (Debian
# 12's), or QEMU=DIR, a folder holding qemu-system-riscv64/32. The chosen
# bin/ goes first on PATH, so scripts just run qemu-system-riscv64.
TOOLS := $(BUILD)/tools
QEMU ?= 10.0
qemu_dir = $(if $(filter 10 10.0,$(1)),$(TOOLS)/qemu-10.0/bin,$(if \
	$(filter 7 7.2,$(1)),$(TOOLS)/qemu-7.2/bin,$(1)))
QEMU_BIN := $(abspath $(call qemu_dir,$(QEMU)))
export PATH := $(QEMU_BIN):$(PATH)

# Reference firmwares, Debian's OpenSBI 1.1 (bookworm) and 1.5.1
# (bookworm-backports), unpacked side by side; 1.5.1 also for RV32.
OPENSBI_DIR = $(TOOLS)/opensbi-$(1)/root/usr/lib/riscv$(2)-linux-gnu/opensbi/generic
OPENSBI_1_1 := $(call OPENSBI_DIR,1.1,64)/fw_dynamic.bin
OPENSBI_1_5 := $(call OPENSBI_DIR,1.5.1,64)/fw_dynamic.bin
OPENSBI_1_5_RV32 := $(call OPENSBI_DIR,1.5.1,32)/fw_dynamic.bin

# The recipe of an initramfs: the tree under $(1) as a newc cpio owned by
# root, into $@ (QEMU's -initrd lays it over a kernel's built-in one).
CPIO_OF_DIR = cd $(1) && find . | LC_ALL=C sort | \
	cpio -o -H newc -R 0:0 --quiet >$(abspath $@)

# The QEMU CPU model and virt properties every Linux launcher takes from
# the environment (scripts/machine.sh): make run CPU=max VIRT_OPTS=aia=aplic
CPU ?=
VIRT_OPTS ?=
export CPU VIRT_OPTS
