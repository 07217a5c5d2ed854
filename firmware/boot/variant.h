/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which of OpenSBI's three firmware kinds this image is, and what its
 * build said about the next stage (docs/boot.md). One object per kind
 * (variant.c, compiled once for each by mk/firmware.mk) is linked with
 * the rest, which is the same in all three.
 */
#ifndef FW_VARIANT_H
#define FW_VARIANT_H

#include <stdbool.h>
#include <stdint.h>

enum fw_kind {
	FW_KIND_DYNAMIC, /* the next stage from fw_dynamic_info (a2) */
	FW_KIND_JUMP,	 /* from the build: FW_JUMP_ADDR */
	FW_KIND_PAYLOAD, /* inside the image: FW_PAYLOAD_OFFSET */
};

struct fw_variant {
	enum fw_kind kind;
	const char *name; /* "fw_dynamic", as OpenSBI names the image */
	/*
	 * The next stage: at @next if @next_fixed, else @next bytes past
	 * where the image runs (fw_dynamic without a valid info; fw_jump
	 * without FW_JUMP_ADDR; fw_payload always).
	 */
	bool next_fixed;
	unsigned long next;
	/* FW_JUMP_FDT_ADDR, FW_PAYLOAD_FDT_ADDR: the tree is moved there. */
	bool fdt_fixed;
	unsigned long fdt_addr;
};

extern const struct fw_variant fw_variant;

/* Where the build says the next stage is, at this load address. */
uintptr_t fw_variant_next(void);

#endif
