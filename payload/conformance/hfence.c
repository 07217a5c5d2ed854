/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hypervisor remote fences, RFENCE FIDs 3-6, and the firmware events
 * counting them (table 6, codes 14-21), in two groups: "hfence" on the
 * calling hart alone, "hfence_smp" with the other harts (a firmware that
 * crashes configuring another hart's counter then costs only the
 * latter). The functions are "only valid for harts implementing
 * hypervisor extension", which the suite learns from the device tree
 * (env.hext): without H each must answer NOT_SUPPORTED and count
 * nothing. With H each is called twice for a known set of harts (this
 * hart alone; one other hart; every other hart started; this hart and
 * every other), *_SENT counted here and *_RECEIVED on every hart
 * started, so a hart the calls do not name must count nothing. Table 6
 * says "request sent to other hart" and "received from other hart", not
 * how a call naming several harts counts, nor whether the calling hart's
 * own fence counts: each reading is accepted (hfence_counts_ok() lists
 * them), never a count between them.
 */
#include "check.h"
#include "env.h"
#include "groups.h"
#include "hart.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"

/* Calls per set of harts: 2 tells "per call" from "once" and from 0. */
#define HFENCE_CALLS 2U
/* One page from 0: a range, not the whole address space. */
#define HFENCE_START 0UL
#define HFENCE_SIZE  4096UL

struct hfence_kind {
	const char *fn; /* the function, in rfence.* check names */
	const char *ev; /* the event pair, in fw_event.* check names */
	unsigned long fid;
	unsigned int sent, received;
};

static const struct hfence_kind hfence_kinds[] = {
	{"remote_hfence_gvma_vmid", "hfence_gvma_vmid",
	 SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID,
	 SBI_PMU_FW_HFENCE_GVMA_VMID_SENT,
	 SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED},
	{"remote_hfence_gvma", "hfence_gvma", SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA,
	 SBI_PMU_FW_HFENCE_GVMA_SENT, SBI_PMU_FW_HFENCE_GVMA_RECEIVED},
	{"remote_hfence_vvma_asid", "hfence_vvma_asid",
	 SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID,
	 SBI_PMU_FW_HFENCE_VVMA_ASID_SENT,
	 SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED},
	{"remote_hfence_vvma", "hfence_vvma", SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA,
	 SBI_PMU_FW_HFENCE_VVMA_SENT, SBI_PMU_FW_HFENCE_VVMA_RECEIVED},
};

/* The fw_event.<ev>.* checks of each group that need H. */
static const char *const hfence_self_checks[] = {
	"self_only",
	"none_for_invalid_hart_mask",
};
static const char *const hfence_smp_checks[] = {
	"sent_received",
	"other_harts",
	"self_and_other_harts",
};

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* The other harts started ("hfence_smp" only), and how many. */
static unsigned long hfence_harts[ENV_MAX_HARTS];
static unsigned int hfence_nharts;

/* A *_RECEIVED counter of another hart, configured and read there. */
struct hfence_rx {
	unsigned long event;
	long idx;
	uint64_t value;
};

/* One set of harts and what two calls for it counted. */
struct hfence_round {
	unsigned long base, mask; /* the calls' hart mask */
	bool self;		  /* this hart is named */
	bool named[ENV_MAX_HARTS];
	unsigned int others; /* other harts named */
	long error;	     /* the first call's error that was not SUCCESS */
	bool counted;	     /* every counter was configured */
	uint64_t sent, here; /* *_SENT and *_RECEIVED on this hart */
	struct hfence_rx rx[ENV_MAX_HARTS];
};

static void hfence_name(char *buf, unsigned int size, const char *prefix,
			const char *what, const char *check)
{
	snprintf(buf, size, "%s.%s.%s", prefix, what, check);
}

/*
 * A firmware counter of this hart counting @event from 0, or -1: matched,
 * then started from 0, as Linux does. An answer that is not a firmware
 * counter is left alone (cfg_match.result_in_set judges it): OpenSBI
 * 1.5.1 answers counter 1 on RV64, where its CLEAR_VALUE, AUTO_START or
 * START of that counter then faults in M-mode, and hardware counters on
 * RV32.
 */
static long hfence_configure(unsigned long event)
{
	long idx = pmu_fw_configure(0, event);
	struct sbiret r;

	if (idx < 0 || (unsigned long)idx >= env.probed || !env.ctr[idx].fw)
		return -1;
	r = pmu_start_one((unsigned long)idx, SBI_PMU_START_FLAG_SET_INIT_VALUE,
			  0);
	if (r.error) {
		pmu_release((unsigned long)idx);
		return -1;
	}
	return idx;
}

static void hfence_rx_configure(void *arg)
{
	struct hfence_rx *rx = arg;

	rx->idx = hfence_configure(rx->event);
}

static void hfence_rx_read(void *arg)
{
	struct hfence_rx *rx = arg;

	rx->value = pmu_fw_take(rx->idx);
}

/* Add hart @id to @r's mask; false if it lies beyond the mask's reach. */
static bool hfence_add(struct hfence_round *r, unsigned long id)
{
	if (id - r->base >= XLEN)
		return false;
	r->mask |= 1UL << (id - r->base);
	return true;
}

/*
 * A round naming this hart if @self and the first @others other harts
 * started, as one hart mask from the lowest id. Ids may be sparse: a
 * hart more than XLEN - 1 above the lowest stays unnamed.
 */
static void hfence_targets(struct hfence_round *r, bool self,
			   unsigned int others)
{
	unsigned int i;

	*r = (struct hfence_round){.base = self ? env.hart : ULONG_ALL_ONES};
	for (i = 0; i < others; i++)
		if (hfence_harts[i] < r->base)
			r->base = hfence_harts[i];
	r->self = self && hfence_add(r, env.hart);
	for (i = 0; i < others; i++) {
		r->named[i] = hfence_add(r, hfence_harts[i]);
		r->others += r->named[i];
	}
}

static struct sbiret hfence_call(const struct hfence_kind *k,
				 unsigned long mask, unsigned long base)
{
	/* ASID/VMID 0: valid whatever ASIDLEN and VMIDLEN are. */
	return sbi_rfence(k->fid, mask, base, HFENCE_START, HFENCE_SIZE, 0);
}

/* Count *_SENT here and *_RECEIVED everywhere over HFENCE_CALLS calls. */
static void hfence_issue(const struct hfence_kind *k, struct hfence_round *r)
{
	long tx, rx;
	unsigned int i;

	for (i = 0; i < hfence_nharts; i++) {
		r->rx[i] = (struct hfence_rx){EV_FW(k->received), -1, ~0ULL};
		hart_call(hfence_harts[i], hfence_rx_configure, &r->rx[i]);
	}
	tx = hfence_configure(EV_FW(k->sent));
	rx = hfence_configure(EV_FW(k->received));
	r->counted = tx >= 0 && rx >= 0;
	for (i = 0; i < hfence_nharts; i++)
		r->counted = r->counted && r->rx[i].idx >= 0;
	r->error = SBI_SUCCESS;
	for (i = 0; i < HFENCE_CALLS && r->error == SBI_SUCCESS; i++)
		r->error = hfence_call(k, r->mask, r->base).error;
	r->sent = pmu_fw_take(tx);
	r->here = pmu_fw_take(rx);
	for (i = 0; i < hfence_nharts; i++)
		hart_call(hfence_harts[i], hfence_rx_read, &r->rx[i]);
}

/*
 * The readings of table 6 for HFENCE_CALLS calls (n). *_SENT: a call
 * naming other harts sends once per call or once per other hart named;
 * one naming only this hart sends once per call or never ("to other
 * hart"). *_RECEIVED: n on each other hart named, 0 on the rest; here 0
 * or n if this hart is named (its own fence, "from other hart" or not),
 * else 0.
 */
static bool hfence_counts_ok(const struct hfence_round *r)
{
	const uint64_t n = HFENCE_CALLS;
	bool sent_ok;
	unsigned int i;

	if (r->others)
		sent_ok = r->sent == n || r->sent == n * r->others;
	else
		sent_ok = r->sent == 0 || r->sent == n;
	for (i = 0; i < hfence_nharts; i++)
		if (r->rx[i].value != (r->named[i] ? n : 0))
			return false;
	return sent_ok && (r->here == 0 || (r->self && r->here == n));
}

/* "1:2 2:0 3:2": *_RECEIVED on each other hart started. */
static void hfence_format_rx(char *buf, unsigned int size,
			     const struct hfence_round *r)
{
	unsigned int i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < hfence_nharts && len < size; i++)
		len += (unsigned int)snprintf(
			buf + len, size - len, " %lu:%llu", hfence_harts[i],
			(unsigned long long)r->rx[i].value);
}

static const char hfence_uncounted[] =
	"no firmware counter took the events (CFG_MATCH or START failed, or "
	"CFG_MATCH answered a counter that is not a firmware one)";

/* What round @r should count, for a FAIL line. */
static void hfence_format_want(char *buf, unsigned int size,
			       const struct hfence_round *r)
{
	unsigned int n = HFENCE_CALLS;

	if (!r->others)
		snprintf(buf, size,
			 "SUCCESS, 0 or %u sent, 0 or %u received here", n, n);
	else if (r->self)
		snprintf(buf, size,
			 "SUCCESS, %u or %u sent, 0 or %u received here, %u "
			 "on each of the %u other harts named, 0 on the rest",
			 n, n * r->others, n, n, r->others);
	else
		snprintf(buf, size,
			 "SUCCESS, %u or %u sent, 0 received here, %u on each "
			 "of the %u other harts named, 0 on the rest",
			 n, n * r->others, n, r->others);
}

/*
 * Judge round @r under fw_event.<ev>.@check; a pass notes the counts
 * too, since several are accepted.
 */
static void hfence_judge(const struct hfence_kind *k, const char *check,
			 const char *why, const struct hfence_round *r)
{
	char name[80], want[160], rx[96], got[192];

	hfence_name(name, sizeof(name), "fw_event", k->ev, check);
	if (!r->counted) {
		check_skip(name, "%s", hfence_uncounted);
		return;
	}
	hfence_format_want(want, sizeof(want), r);
	hfence_format_rx(rx, sizeof(rx), r);
	snprintf(got, sizeof(got), "%s, %llu sent, %llu received here%s%s",
		 check_error_name(r->error), (unsigned long long)r->sent,
		 (unsigned long long)r->here, rx[0] ? ", on other harts" : "",
		 rx);
	if (check_true(name, why,
		       r->error == SBI_SUCCESS && hfence_counts_ok(r), want,
		       "%s", got))
		check_note("%s: %s", name, got);
}

/* A call refused: nothing sent or received, on any hart. */
static void hfence_judge_none(const struct hfence_kind *k, const char *check,
			      const char *why, const struct hfence_round *r)
{
	char name[80], rx[96];
	bool none = r->sent == 0 && r->here == 0;
	unsigned int i;

	for (i = 0; i < hfence_nharts; i++)
		none = none && r->rx[i].value == 0;
	hfence_name(name, sizeof(name), "fw_event", k->ev, check);
	if (!r->counted) {
		check_skip(name, "%s", hfence_uncounted);
		return;
	}
	hfence_format_rx(rx, sizeof(rx), r);
	check_true(name, why, none, "0 sent, 0 received on every hart",
		   "%llu sent, %llu received here%s%s (%s)",
		   (unsigned long long)r->sent, (unsigned long long)r->here,
		   rx[0] ? ", on other harts" : "", rx,
		   check_error_name(r->error));
}

static const char why_self_only[] =
	"table 6: *_SENT counts requests sent to other harts, *_RECEIVED "
	"requests received from them; two calls naming only the calling "
	"hart: 2 or, read literally, 0 of each";
static const char why_one_other[] =
	"table 6: *_SENT counts requests sent to other harts, *_RECEIVED "
	"requests received, on the receiver; two calls naming one other "
	"hart: 2 sent, 2 received there, none here or on harts not named";
static const char why_other_harts[] =
	"table 6: two calls naming k other harts: *_SENT counts each call "
	"once or each hart once (the spec does not say which: 2 or 2k), "
	"*_RECEIVED 2 on each hart named, none here";
static const char why_self_and_others[] =
	"table 6: two calls naming this hart and k others: 2 or 2k sent, 2 "
	"received on each other hart; this hart's own fence counts as "
	"received (2) or, read literally, not (0)";

/*
 * Judge under fw_event.<ev>.@check two calls naming this hart if @self
 * and the first @others other harts started; SKIP unless @need were.
 */
static void hfence_round_run(const struct hfence_kind *k, const char *check,
			     const char *why, bool self, unsigned int others,
			     unsigned int need)
{
	char name[80];
	struct hfence_round r;

	if (hfence_nharts < need) {
		hfence_name(name, sizeof(name), "fw_event", k->ev, check);
		check_skip(name, "needs %u harts", need + 1);
		return;
	}
	hfence_targets(&r, self, others);
	hfence_issue(k, &r);
	hfence_judge(k, check, why, &r);
}

static void hfence_skip_one(const char *prefix, const char *what,
			    const char *check, const char *why)
{
	char name[80];

	hfence_name(name, sizeof(name), prefix, what, check);
	check_skip(name, "%s", why);
}

static void hfence_skip_list(const struct hfence_kind *k,
			     const char *const *checks, unsigned int n,
			     const char *why)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		hfence_skip_one("fw_event", k->ev, checks[i], why);
}

/*
 * A hart id no machine has: 2^XLEN - 2 (2^XLEN - 1 as the base would
 * mean "all harts").
 */
#define HFENCE_NO_HART (ULONG_ALL_ONES - 1)

/*
 * SBI 2.0 binary encoding, "Hart Mask Errors": INVALID_PARAM when a
 * hartid from hart_mask is not valid (3.0 repeats it in each RFENCE
 * function's table). A call refused sends no request: nothing counted.
 */
static void hfence_invalid_mask(const struct hfence_kind *k)
{
	char name[80], counts[80];
	struct hfence_round r = {.base = HFENCE_NO_HART, .mask = 1};

	hfence_name(name, sizeof(name), "rfence", k->fn,
		    "invalid_param.hart_mask");
	hfence_name(counts, sizeof(counts), "fw_event", k->ev,
		    "none_for_invalid_hart_mask");
	if (!env_version_at_least(2, 0)) {
		check_skip(name, "SBI < 2.0 names no error for a hart mask");
		check_skip(counts, "SBI < 2.0 names no error for a hart mask");
		return;
	}
	hfence_issue(k, &r);
	check_error(name,
		    "SBI 2.0 binary encoding, hart mask errors: INVALID_PARAM "
		    "if a hartid from hart_mask is not valid (here 2^XLEN-2)",
		    ERRS1(SBI_ERR_INVALID_PARAM), (struct sbiret){r.error, 0});
	if (r.error == SBI_SUCCESS)
		check_skip(counts, "the call was not refused");
	else
		hfence_judge_none(k, "none_for_invalid_hart_mask",
				  "table 6: *_SENT counts requests sent; a "
				  "call refused sends none",
				  &r);
}

/*
 * Without H: "SBI_ERR_NOT_SUPPORTED: ... one of the target hart doesn't
 * support hypervisor extension"; a call refused counts nothing.
 */
static void hfence_without_h(const struct hfence_kind *k)
{
	char name[80];
	struct hfence_round r;

	hfence_targets(&r, true, 0);
	hfence_issue(k, &r);
	hfence_name(name, sizeof(name), "rfence", k->fn,
		    "not_supported_without_h");
	check_error(name,
		    "RFENCE: an HFENCE function answers NOT_SUPPORTED when "
		    "a target hart lacks the hypervisor extension",
		    ERRS1(SBI_ERR_NOT_SUPPORTED), (struct sbiret){r.error, 0});
	hfence_judge_none(k, "none_without_h",
			  "table 6: a call refused for want of H sends and "
			  "receives no request",
			  &r);
}

/* The HFENCE of this hart alone with H, checked under success_with_h. */
static bool hfence_works(const struct hfence_kind *k)
{
	char name[80];

	hfence_name(name, sizeof(name), "rfence", k->fn, "success_with_h");
	/*
	 * SBI 2.0 lets an extension be partially implemented only if it
	 * defines a way to discover its functions, which RFENCE does not.
	 */
	return check_error(name,
			   "SBI 2.0: an extension without a way to discover "
			   "its functions is implemented whole; with H an "
			   "HFENCE of the calling hart succeeds",
			   ERRS1(SBI_SUCCESS), hfence_call(k, 1, env.hart));
}

/* SKIP the "hfence" checks of @k that need H working. */
static void hfence_skip_self(const struct hfence_kind *k, const char *why)
{
	hfence_skip_list(k, hfence_self_checks, ARRAY_LEN(hfence_self_checks),
			 why);
	hfence_skip_one("rfence", k->fn, "invalid_param.hart_mask", why);
}

/* The "hfence" group's checks of one function, on this hart alone. */
static void hfence_kind_run(const struct hfence_kind *k)
{
	static const char has_h[] = "the harts have the H extension";

	if (!env.hext) {
		hfence_without_h(k);
		hfence_skip_one("rfence", k->fn, "success_with_h",
				"no H extension");
		hfence_skip_self(k, "no H extension");
		return;
	}
	hfence_skip_one("rfence", k->fn, "not_supported_without_h", has_h);
	hfence_skip_one("fw_event", k->ev, "none_without_h", has_h);
	if (!hfence_works(k)) {
		hfence_skip_self(k, "the function failed with H");
		return;
	}
	hfence_round_run(k, "self_only", why_self_only, true, 0, 0);
	hfence_invalid_mask(k);
}

/* The "hfence_smp" group's checks of one function. */
static void hfence_smp_kind_run(const struct hfence_kind *k)
{
	if (hfence_call(k, 1, env.hart).error != SBI_SUCCESS) {
		hfence_skip_list(k, hfence_smp_checks,
				 ARRAY_LEN(hfence_smp_checks),
				 "the function failed with H "
				 "(rfence.*.success_with_h)");
		return;
	}
	hfence_round_run(k, "sent_received", why_one_other, false, 1, 1);
	hfence_round_run(k, "other_harts", why_other_harts, false,
			 hfence_nharts, 2);
	hfence_round_run(k, "self_and_other_harts", why_self_and_others, true,
			 hfence_nharts, 1);
}

/* Why neither group can judge this machine and firmware, or NULL. */
static const char *hfence_unjudged(void)
{
	if (env.hext_any && !env.hext)
		return "only some harts have H";
	if (!env.nfw)
		return "no firmware counters";
	return NULL;
}

/* Start the other harts HSM knows, as smp.c does; false if none came up. */
static bool hfence_boot(void)
{
	unsigned int i;

	hfence_nharts = 0;
	for (i = 0; i < env.nharts; i++) {
		long err = hart_boot(env.harts[i]);

		if (err != SBI_SUCCESS)
			check_note("hart %lu did not start: %s", env.harts[i],
				   check_error_name(err));
		else
			hfence_harts[hfence_nharts++] = env.harts[i];
	}
	return hfence_nharts > 0;
}

void hfence_run(void)
{
	const char *why = hfence_unjudged();
	unsigned int i;

	hfence_nharts = 0; /* this hart alone */
	for (i = 0; i < ARRAY_LEN(hfence_kinds); i++) {
		const struct hfence_kind *k = &hfence_kinds[i];

		if (!why) {
			hfence_kind_run(k);
			continue;
		}
		hfence_skip_one("rfence", k->fn, "not_supported_without_h",
				why);
		hfence_skip_one("fw_event", k->ev, "none_without_h", why);
		hfence_skip_one("rfence", k->fn, "success_with_h", why);
		hfence_skip_self(k, why);
	}
}

void hfence_smp_run(void)
{
	const char *why = hfence_unjudged();
	unsigned int i;

	if (!why && !env.hext)
		why = "no H extension";
	if (!why && !hfence_boot())
		why = "no second hart (HSM)";
	for (i = 0; i < ARRAY_LEN(hfence_kinds); i++)
		if (why)
			hfence_skip_list(&hfence_kinds[i], hfence_smp_checks,
					 ARRAY_LEN(hfence_smp_checks), why);
		else
			hfence_smp_kind_run(&hfence_kinds[i]);
}
