/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Base extension (EID 0x10, SBI v3.0 chapter "Base Extension"). We
 * report spec version 3.0: the PMU core implements EVENT_GET_INFO (FID 8)
 * and raw events of type 3, which Linux uses only from 3.0 on. The
 * implementation ID is ours (docs/firmware.md); machine IDs are read once
 * at boot by discover.c.
 */
#include "arch/discover.h"
#include "cpu/fw_defs.h"
#include "ext/sbi_ext.h"

static struct sbiret base_ok(unsigned long value)
{
	struct sbiret r = {SBI_SUCCESS, value};

	return r;
}

struct sbiret fw_ext_base_ecall(struct fw_hart *h, unsigned long fid,
				const unsigned long a[6])
{
	struct sbiret r = {SBI_ERR_NOT_SUPPORTED, 0};

	(void)h;
	switch (fid) {
	case SBI_EXT_BASE_GET_SPEC_VERSION:
		return base_ok(
			SBI_SPEC_VERSION(FW_SBI_SPEC_MAJOR, FW_SBI_SPEC_MINOR));
	case SBI_EXT_BASE_GET_IMPL_ID:
		return base_ok(FW_SBI_IMPL_ID);
	case SBI_EXT_BASE_GET_IMPL_VERSION:
		return base_ok(((unsigned long)FW_VERSION_MAJOR << 16) |
			       FW_VERSION_MINOR);
	case SBI_EXT_BASE_PROBE_EXT:
		return base_ok(fw_ext_offered(a[0]) ? 1 : 0);
	case SBI_EXT_BASE_GET_MVENDORID:
		return base_ok(fw_feat.mvendorid);
	case SBI_EXT_BASE_GET_MARCHID:
		return base_ok(fw_feat.marchid);
	case SBI_EXT_BASE_GET_MIMPID:
		return base_ok(fw_feat.mimpid);
	default:
		return r;
	}
}
