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

# Freestanding flags shared by every firmware build of the core.
FREESTANDING_CFLAGS := -std=c11 -ffreestanding -fno-builtin -nostdlib \
	-fno-common -fno-pic -fno-stack-protector $(WARN) -Iinclude

# Every object linked into the M-mode firmware (ours, libfdt, lib/) leaves
# t3-t6 alone, so the SBI-call path of firmware/arch/entry.S need not save
# them: eight loads and stores less per call. scripts/fw-fixed-regs.sh
# checks each linked image (libgcc, built without the flags, included).
FW_REG_CFLAGS := -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6
