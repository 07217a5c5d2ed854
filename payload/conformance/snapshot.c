/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SNAPSHOT_SET_SHMEM (FID 7, tables 16 and 17) and the snapshot flags of
 * START and STOP, for firmware reporting SBI >= 2.0. Addresses: the flags
 * and alignment rows (INVALID_PARAM), memory the supervisor may not use
 * (INVALID_ADDRESS), disabling with all-ones. Contents: values land at
 * index (counter - cbase), the overflow word is written, every slot not
 * in the set keeps the pattern written before, and INIT_SNAPSHOT loads
 * the value from the area.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "memprobe.h"
#include "pmu.h"

#define SNAP_SIZE SBI_PMU_SNAPSHOT_SIZE

static uint8_t snap_page[SNAP_SIZE] __attribute__((aligned(SNAP_SIZE)));

static const char why_invalid_param[] =
	"table 17: SBI_ERR_INVALID_PARAM when flags is not zero or "
	"shmem_phys_lo is not 4096-byte aligned";
static const char why_invalid_address[] =
	"table 17: SBI_ERR_INVALID_ADDRESS when the shared memory is not "
	"writable by the supervisor or does not satisfy the shared memory "
	"rules (no MMIO, no firmware memory, no address beyond RAM)";

static unsigned long snap_addr(void)
{
	return (unsigned long)snap_page;
}

static struct sbiret snap_disable(void)
{
	return pmu_snapshot_set(ULONG_ALL_ONES, ULONG_ALL_ONES, 0);
}

static void snap_bad(const char *name, const char *why, errset_t accept,
		     unsigned long lo, unsigned long hi, unsigned long flags)
{
	pmu_check_alive(name, why, accept, pmu_snapshot_set(lo, hi, flags));
	snap_disable();
}

static void snap_params(void)
{
	const errset_t param = ERRS1(SBI_ERR_INVALID_PARAM);

	snap_bad("snapshot_set_shmem.invalid_param.flags", why_invalid_param,
		 param, snap_addr(), 0, 1);
	snap_bad("snapshot_set_shmem.invalid_param.flags_msb",
		 why_invalid_param, param, snap_addr(), 0, ULONG_MSB);
	snap_bad("snapshot_set_shmem.invalid_param.misaligned_8",
		 why_invalid_param, param, snap_addr() + 8, 0, 0);
	snap_bad("snapshot_set_shmem.invalid_param.misaligned_2048",
		 why_invalid_param, param, snap_addr() + 2048, 0, 0);
	snap_bad("snapshot_set_shmem.all_ones_lo_only",
		 "lo all-ones with hi zero is not the disable value (both "
		 "halves must be all-ones); lo is misaligned (INVALID_PARAM) "
		 "and no valid address (INVALID_ADDRESS): either row applies",
		 ERRS2(SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS),
		 ULONG_ALL_ONES, 0, 0);
}

static void snap_addresses(void)
{
	const errset_t addr = ERRS1(SBI_ERR_INVALID_ADDRESS);
	uint64_t end = memprobe_ram_end();

	if (memprobe_mmio())
		snap_bad("snapshot_set_shmem.invalid_address.mmio",
			 why_invalid_address, addr, memprobe_mmio(), 0, 0);
	else
		check_skip("snapshot_set_shmem.invalid_address.mmio",
			   "no MMIO address in the device tree");
	if (memprobe_load_faults(memprobe_firmware()))
		snap_bad("snapshot_set_shmem.invalid_address.firmware",
			 why_invalid_address, addr, memprobe_firmware(), 0, 0);
	else
		check_skip("snapshot_set_shmem.invalid_address.firmware",
			   "S-mode can read 0x80000000 (no protected firmware "
			   "there)");
	if (end && end <= ULONG_ALL_ONES)
		snap_bad("snapshot_set_shmem.invalid_address.beyond_ram",
			 why_invalid_address, addr, (unsigned long)end, 0, 0);
	else
		check_skip("snapshot_set_shmem.invalid_address.beyond_ram",
			   "RAM end unknown or not below 2^XLEN");
	snap_bad("snapshot_set_shmem.invalid_address.last_page",
		 why_invalid_address, addr, ~0xFFFUL, 0, 0);
	snap_bad(
		"snapshot_set_shmem.invalid_address.high_half",
		"shmem_phys_hi holds the upper XLEN bits of the address: a "
		"non-zero hi names memory above 2^XLEN, where this machine has "
		"none (table 17, INVALID_ADDRESS)",
		addr, snap_addr(), 1, 0);
	snap_bad("snapshot_set_shmem.all_ones_hi_only",
		 "hi all-ones with lo zero is not the disable value; it is an "
		 "address far beyond RAM (table 17, INVALID_ADDRESS)",
		 addr, 0, ULONG_ALL_ONES, 0);
}

/* Counter f is snapshotted with cbase = f - 1: its value goes to slot 1. */
static void snap_take(unsigned long f)
{
	volatile uint64_t *words = (volatile uint64_t *)snap_page;
	struct sbiret r;
	long changed;

	memprobe_fill(snap_page, SNAP_SIZE);
	pmu_set_timer_calls(2);
	r = pmu_stop(f - 1, 2, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
	check_error("snapshot.take.success",
		    "table 13: STOP with TAKE_SNAPSHOT succeeds once shared "
		    "memory is set",
		    ERRS1(SBI_SUCCESS), r);
	check_u64("snapshot.take.value_at_counter_minus_cbase",
		  "table 16: counter_values[i] is the counter cbase + i; the "
		  "stopped counter counted two set_timer calls",
		  2, words[2]);
	check_u64("snapshot.take.overflow_bitmap_written",
		  "the implementation must update the overflow bitmap; "
		  "nothing overflowed (and without Sscofpmf it must be zero)",
		  0, words[0]);
	/* The two words checked above get the pattern back. */
	memprobe_fill((void *)&words[0], 8);
	memprobe_fill((void *)&words[2], 8);
	changed = memprobe_changed(snap_page, SNAP_SIZE);
	check_true("snapshot.take.other_slots_untouched",
		   "table 13: the values of all other counters must not be "
		   "modified; the reserved area is not the firmware's to write",
		   changed < 0, "only the overflow word and slot 1 written",
		   "byte 0x%lx changed", changed);
}

static void snap_init(unsigned long f)
{
	volatile uint64_t *words = (volatile uint64_t *)snap_page;
	uint64_t v = 0;
	struct sbiret r;

	words[2] = 777; /* slot 1 = counter f with cbase f - 1 */
	r = pmu_start(f - 1, 2, SBI_PMU_START_FLAG_INIT_SNAPSHOT, 0);
	pmu_stop_one(f, 0);
	pmu_fw_value(f, &v);
	check_true(
		"snapshot.init.loads_value",
		"FID 3: with INIT_SNAPSHOT the implementation must initialize "
		"the counters to be started from the shared memory values",
		r.error == SBI_SUCCESS && v == 777, "SUCCESS and value 777",
		"%s and value %llu", check_error_name(r.error),
		(unsigned long long)v);
}

static void snap_disabled(unsigned long f)
{
	struct sbiret r;

	check_error("snapshot_set_shmem.disable",
		    "both halves all-ones clear and disable the shared memory "
		    "(FID 7)",
		    ERRS1(SBI_SUCCESS), snap_disable());
	memprobe_fill(snap_page, SNAP_SIZE);
	pmu_start_one(f, 0, 0);
	r = pmu_stop_one(f, SBI_PMU_STOP_FLAG_TAKE_SNAPSHOT);
	check_error(
		"snapshot.disabled.no_shmem",
		"table 13: NO_SHMEM when the shared memory is not available "
		"and TAKE_SNAPSHOT is set",
		ERRS1(SBI_ERR_NO_SHMEM), r);
	check_true("snapshot.disabled.memory_untouched",
		   "after disabling, the area is no longer the firmware's",
		   memprobe_changed(snap_page, SNAP_SIZE) < 0,
		   "the page unchanged", "byte 0x%lx changed",
		   memprobe_changed(snap_page, SNAP_SIZE));
}

static void snap_contents(void)
{
	long f;
	struct sbiret r;

	if (!env_need_fw("snapshot.take"))
		return;
	f = pmu_fw_configure(SBI_PMU_CFG_FLAG_CLEAR_VALUE |
				     SBI_PMU_CFG_FLAG_AUTO_START,
			     EV_SET_TIMER);
	if (f < 1) {
		check_skip("snapshot.take",
			   "no firmware counter for SET_TIMER");
		return;
	}
	r = pmu_snapshot_set(snap_addr(), 0, 0);
	if (r.error) {
		check_fail("snapshot.take", "FID 7 accepted the page before",
			   "SUCCESS", "%s", check_error_name(r.error));
	} else {
		snap_take((unsigned long)f);
		snap_init((unsigned long)f);
	}
	snap_disabled((unsigned long)f);
	pmu_release((unsigned long)f);
}

void snapshot_run(void)
{
	struct sbiret r;

	if (!env_version_at_least(2, 0)) {
		/* Two prefixes: snapshot_set_shmem.* and snapshot.* */
		check_skip("snapshot_set_shmem",
			   "the firmware reports SBI < 2.0 (FID 7 judged by "
			   "version_gate.snapshot_set_shmem)");
		check_skip("snapshot", "the firmware reports SBI < 2.0");
		return;
	}
	memprobe_fill(snap_page, SNAP_SIZE);
	r = pmu_snapshot_set(snap_addr(), 0, 0);
	if (!check_error("snapshot_set_shmem.page_in_ram",
			 "a 4 KiB aligned page of supervisor RAM: SUCCESS, or "
			 "NOT_SUPPORTED since the function is optional (table "
			 "17)",
			 ERRS2(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED), r) ||
	    r.error == SBI_ERR_NOT_SUPPORTED) {
		check_skip("snapshot_set_shmem", "snapshot not available");
		check_skip("snapshot", "snapshot not available");
		return;
	}
	check_true("snapshot_set_shmem.no_access_at_set",
		   "the implementation may access the area only during STOP "
		   "with TAKE_SNAPSHOT and START with INIT_SNAPSHOT",
		   memprobe_changed(snap_page, SNAP_SIZE) < 0,
		   "the page unchanged", "byte 0x%lx changed",
		   memprobe_changed(snap_page, SNAP_SIZE));
	snap_disable();
	snap_params();
	snap_addresses();
	snap_contents();
}
