/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fw_payload's next stage, FW_PAYLOAD_PATH as it is: linker.ld puts the
 * section FW_PAYLOAD_OFFSET bytes past the image's start, and the boot
 * hart enters it there (variant.c). Only fw_payload links this file.
 */
	.section .payload, "a", %progbits
	.globl fw_payload_start
fw_payload_start:
	.incbin FW_PAYLOAD_PATH
