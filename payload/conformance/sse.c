/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI SSE (chapter "Supervisor Software Events Extension") on one hart:
 * the error table of every function, the event state machine through
 * STATUS, attribute reset values and rules, and delivery: the state a
 * handler starts in, what COMPLETE restores, masking, one-shot, an event
 * signalled while it runs, and the order of two events by priority and
 * by event ID. Every check leaves the events UNUSED and the hart masked.
 */
#include <stddef.h>

#include "check.h"
#include "csr.h"
#include "env.h"
#include "groups.h"
#include "memprobe.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"
#include "ssecall.h"
#include "trap.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct ssec_handler sse_h1, sse_h2;

/* IDs the spec reserves, or platform-specific ones a platform may lack. */
static const unsigned long sse_reserved[] = {
	0x00000002, 0x00008001, 0x00010001, 0x00018000,
	0x00020000, 0x00100001, 0xFFFF0001, 0xFFFF8001,
};

/* ---- the event ID space ---- */

static void sse_reserved_ids(void)
{
	static const char why[] =
		"every SSE error table: SBI_ERR_INVALID_PARAM when event_id is "
		"invalid (reserved for future use)";
	unsigned long buf[1] = {0};
	long bad[7] = {0};
	unsigned int i;

	for (i = 0; i < N(sse_reserved); i++) {
		unsigned long ev = sse_reserved[i];
		struct sbiret r[7] = {
			ssec_read(ev, 0, 1, buf),
			ssec_write(ev, SBI_SSE_ATTR_PRIORITY, 1, buf),
			ssec_register(ev, (unsigned long)sse_entry, 0),
			ssec_unregister(ev),
			ssec_enable(ev),
			ssec_disable(ev),
			ssec_inject(ev, env.hart),
		};
		unsigned int k;

		for (k = 0; k < 7; k++)
			if (r[k].error != SBI_ERR_INVALID_PARAM && !bad[k])
				bad[k] = r[k].error ? r[k].error : 1;
	}
	check_true("sse.read_attrs.reserved_event", why, !bad[0],
		   "INVALID_PARAM", "%ld", bad[0]);
	check_true("sse.write_attrs.reserved_event", why, !bad[1],
		   "INVALID_PARAM", "%ld", bad[1]);
	check_true("sse.register.reserved_event", why, !bad[2], "INVALID_PARAM",
		   "%ld", bad[2]);
	check_true("sse.unregister.reserved_event", why, !bad[3],
		   "INVALID_PARAM", "%ld", bad[3]);
	check_true("sse.enable.reserved_event", why, !bad[4], "INVALID_PARAM",
		   "%ld", bad[4]);
	check_true("sse.disable.reserved_event", why, !bad[5], "INVALID_PARAM",
		   "%ld", bad[5]);
	check_true("sse.inject.reserved_event", why, !bad[6], "INVALID_PARAM",
		   "%ld", bad[6]);
}

static void sse_event_support(void)
{
	unsigned long buf[1];

	check_error("sse.event_id.local_software",
		    "table \"SSE Event ID Space\": 0xffff0000, software "
		    "injected local event (issue 10: offered)",
		    ERRS1(SBI_SUCCESS), ssec_read(EV_SSE_LOCAL, 0, 1, buf));
	check_error("sse.event_id.global_software",
		    "table \"SSE Event ID Space\": 0xffff8000, software "
		    "injected global event",
		    ERRS1(SBI_SUCCESS), ssec_read(EV_SSE_GLOBAL, 0, 1, buf));
	if (env.sscofpmf && env.pmu)
		check_error("sse.event_id.pmu_overflow",
			    "0x00010000, local PMU overflow event: the harts "
			    "have the overflow interrupt (Sscofpmf)",
			    ERRS1(SBI_SUCCESS),
			    ssec_read(EV_SSE_PMU, 0, 1, buf));
	else
		check_error("sse.event_id.pmu_overflow_without_sscofpmf",
			    "0x00010000 \"depends on overflow IRQ\": without "
			    "Sscofpmf a missing dependency, NOT_SUPPORTED",
			    ERRS1(SBI_ERR_NOT_SUPPORTED),
			    ssec_read(EV_SSE_PMU, 0, 1, buf));
	check_error("sse.event_id.ras_valid",
		    "0x00000000 (local high-priority RAS) is a standard "
		    "event: supported, or NOT_SUPPORTED, never INVALID_PARAM",
		    ERRS2(SBI_SUCCESS, SBI_ERR_NOT_SUPPORTED),
		    ssec_read(SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS, 0, 1, buf));
}

/* ---- READ_ATTRS / WRITE_ATTRS ---- */

static void sse_attr_ranges(void)
{
	unsigned long buf[SBI_SSE_ATTR_COUNT + 1];

	check_error("sse.read_attrs.count_zero",
		    "table \"SSE Event Attributes Read Errors\": "
		    "INVALID_PARAM when attr_count is zero",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_read(EV_SSE_LOCAL, 0, 0, buf));
	check_error("sse.write_attrs.count_zero",
		    "table \"SSE Event Attributes Write Errors\": "
		    "INVALID_PARAM when attr_count is zero",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_write(EV_SSE_LOCAL, 1, 0, buf));
	check_error("sse.read_attrs.reserved_attribute",
		    "BAD_RANGE: an attribute ID in the range is reserved "
		    "(> 0x9)",
		    ERRS1(SBI_ERR_BAD_RANGE),
		    ssec_read(EV_SSE_LOCAL, SBI_SSE_ATTR_COUNT, 1, buf));
	check_error("sse.read_attrs.range_past_last",
		    "BAD_RANGE: base 9, count 2 reaches reserved ID 10",
		    ERRS1(SBI_ERR_BAD_RANGE),
		    ssec_read(EV_SSE_LOCAL, 9, 2, buf));
	check_error("sse.read_attrs.range_wraps",
		    "BAD_RANGE: base 0xffffffff, count 2 must not wrap to ID 0",
		    ERRS1(SBI_ERR_BAD_RANGE),
		    ssec_read(EV_SSE_LOCAL, 0xFFFFFFFFUL, 2, buf));
	check_error("sse.write_attrs.reserved_attribute",
		    "BAD_RANGE: an attribute ID in the range is reserved",
		    ERRS1(SBI_ERR_BAD_RANGE),
		    ssec_write(EV_SSE_LOCAL, SBI_SSE_ATTR_COUNT, 1, buf));
	check_error("sse.read_attrs.all",
		    "the ten attributes 0x0-0x9 read in one call",
		    ERRS1(SBI_SUCCESS),
		    ssec_read(EV_SSE_LOCAL, 0, SBI_SSE_ATTR_COUNT, buf));
}

static void sse_attr_memory(void)
{
	static unsigned long buf[2];
	static const char why[] =
		"\"Shared memory physical address range parameter\": "
		"INVALID_ADDRESS when S-mode may not access the range (the "
		"note allows FAILED for a stricter implementation limit)";
	unsigned long misaligned = (unsigned long)buf + 1;

	check_error("sse.read_attrs.misaligned",
		    "output_phys_lo \"MUST be XLEN / 8 bytes aligned\"; the "
		    "shared memory does not satisfy its requirements",
		    ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_INVALID_PARAM),
		    ssec_call(SBI_EXT_SSE_READ_ATTRS, EV_SSE_LOCAL, 0, 1,
			      misaligned, 0));
	check_error("sse.write_attrs.misaligned",
		    "input_phys_lo \"MUST be XLEN / 8 bytes aligned\"",
		    ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_INVALID_PARAM),
		    ssec_call(SBI_EXT_SSE_WRITE_ATTRS, EV_SSE_LOCAL, 1, 1,
			      misaligned, 0));
	if (env.ram_known) {
		uint64_t end = env.ram_base + env.ram_size;

		check_error("sse.read_attrs.beyond_ram", why,
			    ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED),
			    ssec_call(SBI_EXT_SSE_READ_ATTRS, EV_SSE_LOCAL, 0,
				      1, (unsigned long)end,
				      (unsigned long)(end >> 32 >> 32)));
	}
	check_error("sse.read_attrs.firmware_memory", why,
		    ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED),
		    ssec_call(SBI_EXT_SSE_READ_ATTRS, EV_SSE_LOCAL, 0, 1,
			      memprobe_firmware(), 0));
	if (XLEN == 64)
		check_error("sse.read_attrs.phys_hi_above_64_bits", why,
			    ERRS2(SBI_ERR_INVALID_ADDRESS, SBI_ERR_FAILED),
			    ssec_call(SBI_EXT_SSE_READ_ATTRS, EV_SSE_LOCAL, 0,
				      1, (unsigned long)buf, 1));
}

static bool sse_reset_values_of(unsigned long ev, unsigned long *bad)
{
	unsigned long v[SBI_SSE_ATTR_COUNT];
	unsigned int a;

	if (ssec_read(ev, 0, SBI_SSE_ATTR_COUNT, v).error)
		return false;
	for (a = 0; a < SBI_SSE_ATTR_COUNT; a++) {
		unsigned long want = 0;

		if (a == SBI_SSE_ATTR_PREFERRED_HART)
			continue; /* "SBI implementation specific" */
		if (a == SBI_SSE_ATTR_STATUS)
			v[a] &= ~SBI_SSE_ATTR_STATUS_INJECT;
		if (v[a] != want) {
			*bad = a;
			return false;
		}
	}
	return true;
}

static void sse_reset_values(void)
{
	unsigned long bad = ~0UL;
	bool ok = sse_reset_values_of(EV_SSE_LOCAL, &bad) &&
		  sse_reset_values_of(EV_SSE_GLOBAL, &bad);

	check_true("sse.attributes.reset_values",
		   "table \"SSE Event Attributes\": the reset value of every "
		   "attribute but PREFERRED_HART is zero (STATUS's injection "
		   "bit aside)",
		   ok, "all zero", "attribute %lu not zero (or read failed)",
		   bad);
}

static void sse_write_rules(void)
{
	static const unsigned long ro[] = {SBI_SSE_ATTR_STATUS,
					   SBI_SSE_ATTR_ENTRY_PC,
					   SBI_SSE_ATTR_ENTRY_ARG};
	unsigned long bad = 0;
	unsigned int i;

	for (i = 0; i < N(ro); i++)
		if (ssec_set(EV_SSE_LOCAL, ro[i], 0).error != SBI_ERR_DENIED)
			bad |= 1UL << ro[i];
	check_true("sse.write_attrs.read_only",
		   "Write Errors: DENIED when one of the attributes is "
		   "read-only (STATUS, ENTRY_PC, ENTRY_ARG)",
		   !bad, "DENIED for 0x0, 0x4, 0x5", "not DENIED: mask 0x%lx",
		   bad);
	check_error(
		"sse.write_attrs.local_preferred_hart",
		"PREFERRED_HART is \"read-only for local software events\"",
		ERRS1(SBI_ERR_DENIED),
		ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_PREFERRED_HART, env.hart));
	check_error("sse.write_attrs.config_reserved_bit",
		    "CONFIG bit[XLEN-1:1] reserved, must be zero: a value "
		    "violating the legal values is INVALID_PARAM",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_CONFIG, 2));
	if (XLEN == 64)
		check_error("sse.write_attrs.priority_above_32_bits",
			    "PRIORITY: \"only lower 32-bits of the value are "
			    "used\"; more is not a legal value",
			    ERRS1(SBI_ERR_INVALID_PARAM),
			    ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_PRIORITY,
				     (unsigned long)1 << (XLEN - 1)));
	check_error("sse.write_attrs.preferred_hart_invalid",
		    "PREFERRED_HART \"must always be valid hart ID\"",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_set(EV_SSE_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART,
			     ~0UL >> 1));
	check_error("sse.write_attrs.interrupted_not_running",
		    "INTERRUPTED_SEPC \"can be updated only when the software "
		    "event is in RUNNING state\": INVALID_STATE",
		    ERRS1(SBI_ERR_INVALID_STATE),
		    ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_INTERRUPTED_SEPC, 0));
	check_error("sse.write_attrs.priority",
		    "PRIORITY writable while UNUSED", ERRS1(SBI_SUCCESS),
		    ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_PRIORITY, 0));
}

/* RV64: 32-bit arguments use only the register's lower half. */
static void sse_uint32_args(void)
{
	unsigned long hi = XLEN == 64 ? (unsigned long)1 << (XLEN - 1) : 0;
	unsigned long v = 0;
	struct sbiret r;

	if (!hi)
		return;
	r = ssec_call(SBI_EXT_SSE_WRITE_ATTRS, hi | EV_SSE_LOCAL,
		      hi | SBI_SSE_ATTR_PRIORITY, hi | 1, (unsigned long)&v, 0);
	check_error("sse.binary_encoding.uint32_upper_half_ignored",
		    "\"in case the data is defined as 32bit wide, higher "
		    "privilege software must ensure that it only uses 32 bit "
		    "data\": event_id, attr id and count are uint32_t",
		    ERRS1(SBI_SUCCESS), r);
}

/* ---- the state machine ---- */

static void sse_state_errors(void)
{
	unsigned long pc = (unsigned long)sse_entry;

	check_error("sse.register.misaligned_entry",
		    "Register Errors: INVALID_PARAM when handler_entry_pc is "
		    "not 2-bytes aligned",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_register(EV_SSE_LOCAL, pc + 1, 0));
	check_error("sse.unregister.unused",
		    "Unregister: INVALID_STATE, not in REGISTERED state",
		    ERRS1(SBI_ERR_INVALID_STATE),
		    ssec_unregister(EV_SSE_LOCAL));
	check_error("sse.enable.unused",
		    "Enable: INVALID_STATE, not in REGISTERED state",
		    ERRS1(SBI_ERR_INVALID_STATE), ssec_enable(EV_SSE_LOCAL));
	check_error("sse.register.unused", "UNUSED -> REGISTERED",
		    ERRS1(SBI_SUCCESS), ssec_register(EV_SSE_LOCAL, pc, 0));
	check_error("sse.register.twice",
		    "Register: INVALID_STATE, the event is not in UNUSED state",
		    ERRS1(SBI_ERR_INVALID_STATE),
		    ssec_register(EV_SSE_LOCAL, pc, 0));
	check_error("sse.disable.registered",
		    "Disable: INVALID_STATE, the event is not in ENABLED state",
		    ERRS1(SBI_ERR_INVALID_STATE), ssec_disable(EV_SSE_LOCAL));
	check_error("sse.enable.registered", "REGISTERED -> ENABLED",
		    ERRS1(SBI_SUCCESS), ssec_enable(EV_SSE_LOCAL));
	check_error("sse.enable.twice",
		    "Enable: INVALID_STATE, not in REGISTERED state",
		    ERRS1(SBI_ERR_INVALID_STATE), ssec_enable(EV_SSE_LOCAL));
	check_error("sse.unregister.enabled",
		    "Unregister: INVALID_STATE, not in REGISTERED state",
		    ERRS1(SBI_ERR_INVALID_STATE),
		    ssec_unregister(EV_SSE_LOCAL));
	check_error("sse.write_attrs.priority_while_enabled",
		    "PRIORITY \"can be updated only when the software event is "
		    "in UNUSED or REGISTERED state\"",
		    ERRS1(SBI_ERR_INVALID_STATE),
		    ssec_set(EV_SSE_LOCAL, SBI_SSE_ATTR_PRIORITY, 1));
	check_error("sse.disable.enabled", "ENABLED -> REGISTERED",
		    ERRS1(SBI_SUCCESS), ssec_disable(EV_SSE_LOCAL));
	check_error("sse.unregister.registered", "REGISTERED -> UNUSED",
		    ERRS1(SBI_SUCCESS), ssec_unregister(EV_SSE_LOCAL));
}

static void sse_state_status(void)
{
	unsigned long pc = (unsigned long)sse_entry, s[5];

	s[0] = ssec_state(EV_SSE_GLOBAL);
	ssec_register(EV_SSE_GLOBAL, pc, 0x1234);
	s[1] = ssec_state(EV_SSE_GLOBAL);
	ssec_enable(EV_SSE_GLOBAL);
	s[2] = ssec_state(EV_SSE_GLOBAL);
	ssec_disable(EV_SSE_GLOBAL);
	s[3] = ssec_state(EV_SSE_GLOBAL);
	ssec_unregister(EV_SSE_GLOBAL);
	s[4] = ssec_state(EV_SSE_GLOBAL);
	check_true("sse.status.state_follows_transitions",
		   "STATUS bit[1:0]: 0 UNUSED, 1 REGISTERED, 2 ENABLED; the "
		   "figure's register/enable/disable/unregister transitions",
		   s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 1 &&
			   s[4] == 0,
		   "0 1 2 1 0", "%ld %ld %ld %ld %ld", (long)s[0], (long)s[1],
		   (long)s[2], (long)s[3], (long)s[4]);
}

/* ---- hart mask, complete, inject errors ---- */

static void sse_mask_errors(void)
{
	check_error("sse.hart_mask.initially_masked",
		    "\"The software events are masked initially on all "
		    "harts\": Hart Mask Errors, ALREADY_STOPPED",
		    ERRS1(SBI_ERR_ALREADY_STOPPED), ssec_mask());
	check_error("sse.hart_unmask.masked", "unmask a masked hart",
		    ERRS1(SBI_SUCCESS), ssec_unmask());
	check_error("sse.hart_unmask.twice",
		    "Hart Unmask Errors: ALREADY_STARTED, already unmasked",
		    ERRS1(SBI_ERR_ALREADY_STARTED), ssec_unmask());
	check_error("sse.hart_mask.unmasked", "mask an unmasked hart",
		    ERRS1(SBI_SUCCESS), ssec_mask());
	check_error("sse.complete.nothing_running",
		    "FID 6: \"If there were no events in RUNNING state ... "
		    "does nothing and returns SBI_SUCCESS\"",
		    ERRS1(SBI_SUCCESS),
		    ssec_call(SBI_EXT_SSE_COMPLETE, 0, 0, 0, 0, 0));
	check_error("sse.inject.invalid_hart",
		    "Inject Errors: INVALID_PARAM when hart_id is invalid",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    ssec_inject(EV_SSE_LOCAL, ~0UL >> 1));
	check_error("sse.fid.unknown",
		    "\"An ECALL with ... an unsupported SBI function ID "
		    "must return SBI_ERR_NOT_SUPPORTED\"",
		    ERRS1(SBI_ERR_NOT_SUPPORTED),
		    ssec_call(SBI_EXT_SSE_FID_COUNT, 0, 0, 0, 0, 0));
}

void sse_run(void)
{
	if (!ssec_need("sse.extension"))
		return;
	sse_reserved_ids();
	sse_event_support();
	sse_attr_ranges();
	sse_attr_memory();
	sse_reset_values();
	sse_write_rules();
	sse_uint32_args();
	sse_state_errors();
	sse_state_status();
	sse_mask_errors();
	sse_deliver_run(&sse_h1, &sse_h2);
	ssec_release(EV_SSE_LOCAL);
	ssec_release(EV_SSE_GLOBAL);
	ssec_mask();
}
