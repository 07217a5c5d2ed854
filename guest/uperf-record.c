/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf record of one event on a command, the way perf 6.12 samples a
 * workload: the command is forked and held; the event is opened on it
 * once per online CPU (inherit + enable_on_exec, so its threads are
 * sampled too, and per CPU because inherited sampling events need a ring
 * buffer on each CPU), with PERF_SAMPLE_IP|TID|PERIOD and the mmap/comm
 * side-band records the report needs; each CPU's ring buffer is mapped
 * and drained while the command runs (poll, and a drain every 100 ms in
 * case the buffers fill slower than their wake-up mark). At the end the
 * event's own total is read, which gives the sampling yield as
 * bench/sampling.py defines it: samples / (count / period).
 *
 * The data file is uperf's own, text, one record per line (numbers are
 * decimal, addresses 0x-hex):
 *
 *   uperf-data 1
 *   event NAME                      the event as given to -e
 *   period P | freq F               -c P, or -F F
 *   comm PID TID NAME               PERF_RECORD_COMM: a command name
 *   mmap PID START LEN PGOFF FILE   PERF_RECORD_MMAP: an executable map
 *   sample MODE PID TID IP PERIOD   MODE: PERF_RECORD_MISC_CPUMODE_*
 *   lost N                          PERF_RECORD_LOST: N samples dropped
 *   throttle T U                    PERF_RECORD_(UN)THROTTLE: how often
 *                                   the kernel's rate limit stopped and
 *                                   restarted sampling
 *   count C ENABLED RUNNING         the event's total, read at the end
 *
 * On the console it prints perf's two "[ perf record: ... ]" lines, then
 *
 *   uperf: samples=N count=C period=P yield=Y
 */
#include "uperf.h"

#include <stdarg.h>

#define RING_PAGES 128 /* data pages per CPU: perf's default 512 KiB */
#define POLL_MS	   100

struct ring {
	int fd;
	struct perf_event_mmap_page *meta;
	const uint8_t *data;
	uint64_t size; /* of the data area */
};

struct record {
	struct uperf_event ev;
	uint64_t period, freq;
	const char *output;
	char **argv;
	int ncpu;
	int cpus[UPERF_MAX_CPUS];
	struct ring ring[UPERF_MAX_CPUS];
	int out_fd;
	size_t out_len; /* the data file's pending lines, in out */
	char out[4 * UPERF_DATA_LINE_MAX];
	uint64_t bytes, samples, lost, wakeups, throttle, unthrottle;
	uint64_t count, enabled, running;
};

enum { REC_EVENT, REC_COUNT, REC_FREQ, REC_OUTPUT };

static const struct uopt record_opts[] = {
	[REC_EVENT] = {'e', "event", 1},
	[REC_COUNT] = {'c', "count", 1},
	[REC_FREQ] = {'F', "freq", 1},
	[REC_OUTPUT] = {'o', "output", 1},
};

static void record_usage(void)
{
	uperf_say(2, "\n Usage: perf record -e EVENT [-c PERIOD | -F FREQ] "
		     "[-o FILE] [--] <command> [<args>]\n"
		     "    (uperf: the part of perf record that guest/init.c "
		     "uses)\n");
}

/* One option's value into rec; -1 after printing why not. */
static int record_option(struct record *rec, int k, const char *value, int *nev)
{
	if (k == REC_OUTPUT) {
		rec->output = value;
	} else if (k == REC_COUNT || k == REC_FREQ) {
		char *end;
		uint64_t v = strtoull(value, &end, 0);

		if (*end || !v) {
			uperf_say(2, "  Error: bad number '%s'\n", value);
			return -1;
		}
		rec->period = k == REC_COUNT ? v : 0;
		rec->freq = k == REC_FREQ ? v : 0;
	} else if (*nev) {
		uperf_say(2, "  Error: uperf record samples one event\n");
		return -1;
	} else if (uperf_event_parse(value, &rec->ev, 1, nev)) {
		return -1;
	}
	return 0;
}

/* The command line into rec; the command's index, or -1 (printed). */
static int record_options(struct record *rec, int argc, char **argv)
{
	struct uopt_iter it;
	const char *value;
	int k, nev = 0;

	rec->output = "perf.data";
	rec->freq = 4000; /* perf's default: -F 4000 */
	uopt_start(&it, argc, argv);
	while ((k = uopt_next(&it, record_opts, UPERF_ARRAY_SIZE(record_opts),
			      &value)) >= 0)
		if (record_option(rec, k, value, &nev))
			return -1;
	if (k == UOPT_ERROR)
		return -1;
	if (it.i >= argc) {
		uperf_say(2, "  Error: uperf record needs a command to run\n");
		return -1;
	}
	if (!nev && uperf_event_parse("cycles", &rec->ev, 1, &nev))
		return -1;
	return it.i;
}

/*
 * The data file's text goes out in large writes: a drain of the rings
 * interrupts the measured command, and a write per line would make it
 * longer.
 */
static void out_flush(struct record *rec)
{
	rec->bytes += rec->out_len;
	uperf_write(rec->out_fd, rec->out, rec->out_len);
	rec->out_len = 0;
}

/*
 * Appends lines (fmt ends in a newline); flushes early enough that the
 * next line always fits. A longer one than uperf writes would be cut.
 */
static void out_lines(struct record *rec, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void out_lines(struct record *rec, const char *fmt, ...)
{
	size_t room = sizeof(rec->out) - rec->out_len;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(rec->out + rec->out_len, room, fmt, ap);
	va_end(ap);
	if (n > 0)
		rec->out_len += (size_t)n < room ? (size_t)n : room - 1;
	if (sizeof(rec->out) - rec->out_len < UPERF_DATA_LINE_MAX)
		out_flush(rec);
}

static int ring_open(struct record *rec, struct ring *r, pid_t pid, int cpu)
{
	struct perf_event_attr *a = &rec->ev.attr;
	size_t page = (size_t)getpagesize();
	void *map;

	a->disabled = 1;
	a->inherit = 1;
	a->enable_on_exec = 1;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD;
	a->read_format =
		PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	a->freq = rec->freq != 0;
	a->sample_period = rec->freq ? rec->freq : rec->period;
	a->mmap = 1; /* executable mappings: the report's user DSOs */
	a->comm = 1; /* the command's name after its exec */
	r->fd = uperf_event_open(&rec->ev, pid, cpu);
	if (r->fd < 0) {
		uperf_event_open_error(&rec->ev, errno, 0);
		return -1;
	}
	map = mmap(NULL, (RING_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		   MAP_SHARED, r->fd, 0);
	if (map == MAP_FAILED) {
		uperf_say(2, "failed to mmap the ring buffer: %s\n",
			  strerror(errno));
		return -1;
	}
	r->meta = map;
	r->data = (const uint8_t *)map + page;
	r->size = RING_PAGES * page;
	return 0;
}

static void ring_close(struct ring *r)
{
	if (r->meta)
		munmap(r->meta, (size_t)(r->size + (uint64_t)getpagesize()));
	if (r->fd >= 0)
		close(r->fd);
	r->meta = NULL;
	r->fd = -1;
}

/*
 * The kernel's write position, then a barrier before the data is read
 * (perf's ring_buffer_read_head()). On RV32 the 64-bit head is two loads,
 * which could tear only when its high half changes, after 4 GiB.
 */
static uint64_t ring_head(const struct ring *r)
{
	uint64_t head = *(volatile const __u64 *)&r->meta->data_head;

	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return head;
}

/* Everything before tail is read: the kernel may overwrite it. */
static void ring_release(const struct ring *r, uint64_t tail)
{
	__atomic_thread_fence(__ATOMIC_RELEASE);
	*(volatile __u64 *)&r->meta->data_tail = tail;
}

/* Copies the record at tail out of the ring, across its wrap-around. */
static void ring_copy(const struct ring *r, uint64_t tail, uint8_t *dst,
		      size_t len)
{
	uint64_t off = tail % r->size;
	size_t first = len;

	if (off + len > r->size)
		first = (size_t)(r->size - off);
	memcpy(dst, r->data + off, first);
	memcpy(dst + first, r->data, len - first);
}

/* A record's fields, copied out of the byte buffer it was copied to. */
static uint32_t rec_u32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static uint64_t rec_u64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* PERF_SAMPLE_IP | TID | PERIOD: ip, pid, tid, period. */
static void out_sample(struct record *rec, uint16_t misc, const uint8_t *body)
{
	rec->samples++;
	out_lines(rec, "sample %u %u %u 0x%" PRIx64 " %" PRIu64 "\n",
		  (unsigned int)(misc & PERF_RECORD_MISC_CPUMODE_MASK),
		  rec_u32(body + 8), rec_u32(body + 12), rec_u64(body),
		  rec_u64(body + 16));
}

/* pid, tid, addr, len, pgoff, filename. */
static void out_mmap(struct record *rec, const uint8_t *body)
{
	out_lines(rec,
		  "mmap %u %u 0x%" PRIx64 " 0x%" PRIx64 " 0x%" PRIx64 " %s\n",
		  rec_u32(body), rec_u32(body + 4), rec_u64(body + 8),
		  rec_u64(body + 16), rec_u64(body + 24),
		  (const char *)body + 32);
}

/* pid, tid, comm. */
static void out_comm(struct record *rec, const uint8_t *body)
{
	out_lines(rec, "comm %u %u %s\n", rec_u32(body), rec_u32(body + 4),
		  (const char *)body + 8);
}

/* One record (header first) into the data file. */
static void record_one(struct record *rec, uint8_t *p, size_t len)
{
	struct perf_event_header h;
	const uint8_t *body = p + sizeof(h);

	memcpy(&h, p, sizeof(h));
	/* Their names end in NUL padding; make sure of it. */
	if (h.type == PERF_RECORD_MMAP || h.type == PERF_RECORD_COMM)
		p[len - 1] = '\0';
	if (h.type == PERF_RECORD_SAMPLE && len >= sizeof(h) + 24)
		out_sample(rec, h.misc, body);
	else if (h.type == PERF_RECORD_MMAP && len > sizeof(h) + 32)
		out_mmap(rec, body);
	else if (h.type == PERF_RECORD_COMM && len > sizeof(h) + 8)
		out_comm(rec, body);
	else if (h.type == PERF_RECORD_LOST && len >= sizeof(h) + 16)
		rec->lost += rec_u64(body + 8);
	else if (h.type == PERF_RECORD_THROTTLE)
		rec->throttle++;
	else if (h.type == PERF_RECORD_UNTHROTTLE)
		rec->unthrottle++;
}

static void ring_drain(struct record *rec, struct ring *r)
{
	static uint8_t buf[UPERF_RECORD_MAX];
	uint64_t head = ring_head(r), tail = r->meta->data_tail;

	while (tail < head) {
		struct perf_event_header h;

		/* Records are 8-byte aligned: a header never wraps. */
		memcpy(&h, r->data + tail % r->size, sizeof(h));
		if (h.size < sizeof(h))
			break; /* cannot happen; do not loop forever */
		if (h.size <= sizeof(buf)) {
			ring_copy(r, tail, buf, h.size);
			record_one(rec, buf, h.size);
		}
		tail += h.size;
	}
	ring_release(r, tail);
}

static void drain_all(struct record *rec)
{
	for (int i = 0; i < rec->ncpu; i++)
		ring_drain(rec, &rec->ring[i]);
}

/*
 * Drains the rings until the command exits; its wait status. Once every
 * ring reported POLLHUP (the task's events are gone) the wait blocks.
 */
static int record_wait(struct record *rec, pid_t pid)
{
	struct pollfd pfd[UPERF_MAX_CPUS];
	int status = 0, hung = 0;

	for (int i = 0; i < rec->ncpu; i++) {
		pfd[i].fd = rec->ring[i].fd;
		pfd[i].events = POLLIN;
	}
	while (waitpid(pid, &status, hung ? 0 : WNOHANG) == 0) {
		int n = poll(pfd, (nfds_t)rec->ncpu, POLL_MS);

		hung = n > 0;
		for (int i = 0; i < rec->ncpu; i++)
			hung &= (pfd[i].revents & POLLHUP) != 0;
		rec->wakeups += n > 0;
		drain_all(rec);
	}
	drain_all(rec);
	return status;
}

/* The event's total over the CPUs, as bench/linux/sample.c reads it. */
static void record_count(struct record *rec)
{
	for (int i = 0; i < rec->ncpu; i++) {
		uint64_t v[3];

		if (read(rec->ring[i].fd, v, sizeof(v)) != (ssize_t)sizeof(v))
			continue;
		rec->count += v[0];
		rec->enabled += v[1];
		rec->running += v[2];
	}
}

static void record_header(struct record *rec)
{
	out_lines(rec, "uperf-data 1\nevent %s\n%s %" PRIu64 "\n", rec->ev.name,
		  rec->freq ? "freq" : "period",
		  rec->freq ? rec->freq : rec->period);
}

static void record_trailer(struct record *rec)
{
	out_lines(rec,
		  "lost %" PRIu64 "\nthrottle %" PRIu64 " %" PRIu64
		  "\ncount %" PRIu64 " %" PRIu64 " %" PRIu64 "\n",
		  rec->lost, rec->throttle, rec->unthrottle, rec->count,
		  rec->enabled, rec->running);
	out_flush(rec);
}

/* perf's closing lines, then uperf's own with the yield. */
static void record_summary(const struct record *rec)
{
	char samples[48] = "", yield[48] = "n/a"; /* -F: the period varies */

	if (rec->samples)
		snprintf(samples, sizeof(samples), " (%" PRIu64 " samples)",
			 rec->samples);
	if (rec->period && rec->count)
		snprintf(yield, sizeof(yield), "%.3f",
			 (double)rec->samples * (double)rec->period /
				 (double)rec->count);
	uperf_say(2,
		  "[ perf record: Woken up %" PRIu64 " times to write data ]\n"
		  "[ perf record: Captured and wrote %.3f MB %s%s ]\n"
		  "uperf: samples=%" PRIu64 " count=%" PRIu64 " period=%" PRIu64
		  " yield=%s\n",
		  rec->wakeups, (double)rec->bytes / 1024.0 / 1024.0,
		  rec->output, samples, rec->samples, rec->count, rec->period,
		  yield);
}

/* Opens and maps the event on every online CPU for the held child. */
static int record_setup(struct record *rec, pid_t pid)
{
	rec->ncpu = uperf_online_cpus(rec->cpus, UPERF_MAX_CPUS);
	if (rec->ncpu <= 0) {
		uperf_say(2, "uperf: cannot read the online CPUs\n");
		return -1;
	}
	for (int i = 0; i < rec->ncpu; i++)
		rec->ring[i].fd = -1;
	for (int i = 0; i < rec->ncpu; i++)
		if (ring_open(rec, &rec->ring[i], pid, rec->cpus[i]))
			return -1;
	return 0;
}

static void record_teardown(struct record *rec)
{
	for (int i = 0; i < rec->ncpu; i++)
		ring_close(&rec->ring[i]);
	close(rec->out_fd);
}

/* The sampled run, from the open data file to the summary. */
static int record_run(struct record *rec)
{
	struct uperf_child child;
	int err, status;

	if (uperf_child_fork(&child, rec->argv)) {
		uperf_say(2, "failed to prepare workload: %s\n",
			  strerror(errno));
		return UPERF_EXIT_FAIL;
	}
	if (record_setup(rec, child.pid)) {
		uperf_child_cancel(&child);
		return UPERF_EXIT_FAIL;
	}
	record_header(rec);
	err = uperf_child_start(&child);
	status = record_wait(rec, child.pid);
	if (err) {
		uperf_say(2,
			  "Failed to collect '%s' for the '%s' workload: %s\n",
			  rec->ev.name, rec->argv[0], strerror(err));
		return UPERF_EXIT_FAIL;
	}
	record_count(rec);
	record_trailer(rec);
	record_summary(rec);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int uperf_record_main(int argc, char **argv)
{
	static struct record rec; /* rings and buffers: not on the stack */
	int cmd, ret;

	cmd = record_options(&rec, argc, argv);
	if (cmd < 0) {
		record_usage();
		return UPERF_EXIT_USAGE;
	}
	rec.argv = argv + cmd;
	/* Created first, as perf does: a failed run leaves it empty. */
	rec.out_fd = open(rec.output, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC,
			  0600);
	if (rec.out_fd < 0) {
		uperf_say(2, "failed to open %s : %s\n", rec.output,
			  strerror(errno));
		return UPERF_EXIT_FAIL;
	}
	ret = record_run(&rec);
	record_teardown(&rec);
	return ret;
}
