/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The build's word on the next stage, for one of OpenSBI's firmware
 * kinds: mk/firmware.mk compiles this file once per kind with
 * FW_KIND_<KIND> and OpenSBI's variables (docs/boot.md). It is left out
 * of the sources every image shares.
 */
#include "boot/variant.h"
#include "rt/platform.h"

/*
 * Where a next stage without a fixed address starts, past the load
 * address: where QEMU puts -kernel after a small -bios image, and where
 * Linux wants its Image (2 MiB aligned on RV64, 4 MiB on RV32).
 */
#if __riscv_xlen == 64
#define VARIANT_NEXT_OFFSET 0x200000UL
#else
#define VARIANT_NEXT_OFFSET 0x400000UL
#endif

#if defined(FW_BUILD_DYNAMIC)
const struct fw_variant fw_variant = {
	.kind = FW_KIND_DYNAMIC,
	.name = "fw_dynamic",
	.next = VARIANT_NEXT_OFFSET,
};
#elif defined(FW_BUILD_JUMP)
const struct fw_variant fw_variant = {
	.kind = FW_KIND_JUMP,
	.name = "fw_jump",
#ifdef FW_JUMP_ADDR
	.next_fixed = true,
	.next = FW_JUMP_ADDR,
#else
	.next = VARIANT_NEXT_OFFSET,
#endif
#ifdef FW_JUMP_FDT_ADDR
	.fdt_fixed = true,
	.fdt_addr = FW_JUMP_FDT_ADDR,
#endif
};
#elif defined(FW_BUILD_PAYLOAD)
const struct fw_variant fw_variant = {
	.kind = FW_KIND_PAYLOAD,
	.name = "fw_payload",
	.next = FW_PAYLOAD_OFFSET, /* payload.S's section, linker.ld */
#ifdef FW_PAYLOAD_FDT_ADDR
	.fdt_fixed = true,
	.fdt_addr = FW_PAYLOAD_FDT_ADDR,
#endif
};
#else
#error "FW_BUILD_DYNAMIC, FW_BUILD_JUMP or FW_BUILD_PAYLOAD"
#endif

uintptr_t fw_variant_next(void)
{
	return fw_variant.next_fixed ? fw_variant.next
				     : fw_region_base() + fw_variant.next;
}
