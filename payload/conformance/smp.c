/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Checks needing a second hart, started through HSM: PMU state is per
 * hart (SBI PMU functions act "on the calling hart"), and the IPI and
 * remote-fence firmware events are counted where they happen: *_SENT on
 * the sender, once per target hart signalled; *_RECEIVED on the receiver,
 * once per request it processes. Requests go to one target at a time, so
 * "per request" and "per target" agree and no reading of the spec is
 * favoured.
 */
#include "check.h"
#include "dt.h"
#include "env.h"
#include "groups.h"
#include "hart.h"
#include "pmu.h"
#include "printf.h"
#include "sbi.h"

/* Work for the other hart: configure, count set_timer calls, read. */
struct smp_job {
	unsigned long event;
	long idx; /* in: counter for FIXED, out: counter configured */
	bool fixed;
	unsigned int timers;
	uint64_t value;
	long error;
};

static unsigned long smp_peer;	/* the hart the checks use */
static unsigned long smp_third; /* a further hart, or smp_peer */

static const unsigned long smp_flags =
	SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START;

static void smp_job_configure(void *arg)
{
	struct smp_job *job = arg;
	struct sbiret r =
		job->fixed ? pmu_match_one((unsigned long)job->idx, smp_flags,
					   job->event)
			   : pmu_match_set(env_fw_set(), smp_flags, job->event);

	job->error = r.error;
	job->idx = r.error ? -1 : (long)r.value;
}

static void smp_job_timers(void *arg)
{
	struct smp_job *job = arg;

	pmu_set_timer_calls(job->timers);
}

static void smp_job_read(void *arg)
{
	struct smp_job *job = arg;

	job->value = ~0ULL;
	if (job->idx < 0)
		return;
	pmu_stop_one((unsigned long)job->idx, 0);
	pmu_fw_value((unsigned long)job->idx, &job->value);
	pmu_release((unsigned long)job->idx);
}

static void smp_per_hart(void)
{
	struct smp_job job = {.event = EV_SET_TIMER,
			      .idx = env.fw[0],
			      .fixed = true,
			      .timers = 3};
	struct sbiret r;
	uint64_t mine;

	hart_call(smp_peer, smp_job_configure, &job);
	r = pmu_match_one(env.fw[0], smp_flags, EV_SET_TIMER);
	check_true("smp.per_hart.counter_free_on_other_hart",
		   "the PMU functions configure counters of the calling hart: "
		   "a counter taken on another hart is still free here",
		   job.error == SBI_SUCCESS && r.error == SBI_SUCCESS &&
			   r.value == env.fw[0],
		   "SUCCESS on both harts",
		   "%s on hart %lu, %s (value %lu) here",
		   check_error_name(job.error), smp_peer,
		   check_error_name(r.error), r.value);
	hart_call(smp_peer, smp_job_timers, &job);
	mine = pmu_fw_take(r.error ? -1 : (long)r.value);
	hart_call(smp_peer, smp_job_read, &job);
	check_true("smp.per_hart.counts_independent",
		   "firmware events are counted on the hart where they occur: "
		   "3 set_timer calls on the other hart, none here",
		   mine == 0 && job.value == 3, "0 here, 3 there",
		   "%llu here, %llu there", (unsigned long long)mine,
		   (unsigned long long)job.value);
}

/* Send @n IPIs to @hart, each acknowledged before the next. */
static bool smp_send_ipis(unsigned long hart, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		unsigned long base = hart_ssip_count(hart);

		if (sbi_send_ipi(1, hart).error ||
		    !hart_wait_ssip(hart, base + 1))
			return false;
	}
	return true;
}

static void smp_ipi(void)
{
	struct smp_job rx = {.event = EV_FW(SBI_PMU_FW_IPI_RECEIVED)};
	long tx;
	bool sent;
	uint64_t nsent;

	hart_call(smp_peer, smp_job_configure, &rx);
	tx = pmu_fw_configure(smp_flags, EV_FW(SBI_PMU_FW_IPI_SENT));
	sent = smp_send_ipis(smp_peer, 3);
	nsent = pmu_fw_take(tx);
	hart_call(smp_peer, smp_job_read, &rx);
	check_true("fw_event.ipi_sent.per_ipi",
		   "table 6: IPI_SENT counts IPIs sent to other harts: three "
		   "send_ipi calls to one hart",
		   sent && nsent == 3, "3", "%llu (IPIs delivered: %s)",
		   (unsigned long long)nsent, sent ? "yes" : "no");
	check_true("fw_event.ipi_received.per_ipi",
		   "table 6: IPI_RECEIVED counts IPIs received from other "
		   "harts, on the receiver",
		   sent && rx.value == 3, "3", "%llu",
		   (unsigned long long)rx.value);
}

/* One send_ipi to two harts signals two targets. */
static void smp_ipi_two_targets(void)
{
	static const char name[] = "fw_event.ipi_sent.per_target";
	unsigned long lo, hi, c1, c2;
	long tx;
	uint64_t n;
	bool ok;

	if (smp_third == smp_peer) {
		check_skip(name, "needs three harts");
		return;
	}
	lo = smp_peer < smp_third ? smp_peer : smp_third;
	hi = smp_peer < smp_third ? smp_third : smp_peer;
	c1 = hart_ssip_count(smp_peer);
	c2 = hart_ssip_count(smp_third);
	tx = pmu_fw_configure(smp_flags, EV_FW(SBI_PMU_FW_IPI_SENT));
	ok = sbi_send_ipi(1UL | (1UL << (hi - lo)), lo).error == SBI_SUCCESS &&
	     hart_wait_ssip(smp_peer, c1 + 1) &&
	     hart_wait_ssip(smp_third, c2 + 1);
	n = pmu_fw_take(tx);
	check_true(name,
		   "IPI_SENT counts IPIs sent to other harts: one call "
		   "signalling two harts sends two IPIs",
		   ok && n == 2, "2", "%llu (delivered: %s)",
		   (unsigned long long)n, ok ? "yes" : "no");
}

/* The fences every hart has (the HFENCE ones, which need H: hfence.c). */
struct smp_fence {
	const char *name;
	unsigned long fid;
	unsigned int sent_event;
};

static const struct smp_fence smp_fences[] = {
	{"fw_event.fence_i.sent_received", SBI_EXT_RFENCE_REMOTE_FENCE_I,
	 SBI_PMU_FW_FENCE_I_SENT},
	{"fw_event.sfence_vma.sent_received", SBI_EXT_RFENCE_REMOTE_SFENCE_VMA,
	 SBI_PMU_FW_SFENCE_VMA_SENT},
	{"fw_event.sfence_vma_asid.sent_received",
	 SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID,
	 SBI_PMU_FW_SFENCE_VMA_ASID_SENT},
};

/* Two remote fences of one kind to the peer; SENT here, RECEIVED there. */
static void smp_fence(const struct smp_fence *f)
{
	struct smp_job rx = {.event = EV_FW(f->sent_event + 1)};
	struct sbiret r = {0, 0};
	unsigned int i;
	long tx;
	uint64_t nsent;

	hart_call(smp_peer, smp_job_configure, &rx);
	tx = pmu_fw_configure(smp_flags, EV_FW(f->sent_event));
	for (i = 0; i < 2 && r.error == SBI_SUCCESS; i++)
		r = sbi_rfence(f->fid, 1, smp_peer, 0, 4096, 1);
	nsent = pmu_fw_take(tx);
	hart_call(smp_peer, smp_job_read, &rx);
	if (r.error == SBI_ERR_NOT_SUPPORTED) {
		check_skip(f->name, "the remote fence is not supported here");
		return;
	}
	check_true(f->name,
		   "table 6: *_SENT counts requests sent to other harts, "
		   "*_RECEIVED requests received, on the receiver; two "
		   "requests to one hart",
		   r.error == SBI_SUCCESS && nsent == 2 && rx.value == 2,
		   "2 sent, 2 received", "%llu sent, %llu received (%s)",
		   (unsigned long long)nsent, (unsigned long long)rx.value,
		   check_error_name(r.error));
}

static const char *const smp_names[] = {
	"smp.per_hart.counter_free_on_other_hart",
	"smp.per_hart.counts_independent",
	"fw_event.ipi_sent.per_ipi",
	"fw_event.ipi_received.per_ipi",
	"fw_event.ipi_sent.per_target",
};

static void smp_skip_all(const char *reason)
{
	unsigned int i;

	for (i = 0; i < sizeof(smp_names) / sizeof(smp_names[0]); i++)
		check_skip(smp_names[i], "%s", reason);
	for (i = 0; i < sizeof(smp_fences) / sizeof(smp_fences[0]); i++)
		check_skip(smp_fences[i].name, "%s", reason);
}

/* Boot the other harts HSM knows; false if none came up. */
static bool smp_boot(void)
{
	unsigned int i, up = 0;

	for (i = 0; i < env.nharts; i++) {
		long err = hart_boot(env.harts[i]);

		if (err != SBI_SUCCESS) {
			check_note("hart %lu did not start: %s", env.harts[i],
				   check_error_name(err));
			continue;
		}
		if (!up++)
			smp_peer = smp_third = env.harts[i];
		else if (up == 2)
			smp_third = env.harts[i];
	}
	return up > 0;
}

/*
 * A hart the tree marks disabled is no hart S-mode may start: HSM
 * hart_start "SBI_ERR_INVALID_PARAM: hartid is not a valid hartid as
 * corresponding hart cannot be started in supervisor mode" (sifive_u's
 * E51, or a hart beyond what the firmware serves).
 */
static void smp_disabled_hart(void)
{
	const char *name = "hsm.start.disabled_hart_refused";
	unsigned long id;

	if (!dt_disabled_hart(env.dtb, &id)) {
		check_skip(name, "no cpu the tree marks disabled");
		return;
	}
	check_note("hart %lu: disabled in the tree", id);
	check_error(name,
		    "HSM hart_start: INVALID_PARAM for a hart that cannot be "
		    "started in S-mode",
		    ERRS1(SBI_ERR_INVALID_PARAM),
		    sbi_hart_start(id, (unsigned long)smp_disabled_hart, 0));
}

void smp_run(void)
{
	unsigned int i;

	smp_disabled_hart();
	if (!env.nfw) {
		smp_skip_all("no firmware counters");
		return;
	}
	if (!smp_boot()) {
		smp_skip_all("no second hart (HSM)");
		return;
	}
	smp_per_hart();
	smp_ipi();
	smp_ipi_two_targets();
	for (i = 0; i < sizeof(smp_fences) / sizeof(smp_fences[0]); i++)
		smp_fence(&smp_fences[i]);
}
