/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The device tree as the firmware takes it in, before and apart from the
 * riscv,pmu node (pmu_fdt.h): the check that judges a blob whole before
 * anything reads a property, the platform facts read from a blob that
 * passed it (model, harts and their ISA extensions, RAM, device
 * addresses, firmware options in /chosen), and the edits the firmware
 * makes to the tree it hands on (/reserved-memory, harts disabled, ISA
 * extensions dropped, the timebase). Pure libfdt, no hardware: the firmware
 * (firmware/boot/fdt_setup.c) and the device-tree fuzzer (tests/fuzz/fuzz_dt.c)
 * run the same code.
 */
#ifndef SBIPMU_PLATFORM_FDT_H
#define SBIPMU_PLATFORM_FDT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of a version 17 header: what must be readable to look at one. */
#define PLATFORM_FDT_HEADER_SIZE 40
#define PLATFORM_FDT_MAX_MEM	 8
#define PLATFORM_FDT_MODEL_LEN	 64
/* Deepest node nesting accepted (a real tree has 4 or 5 levels). */
#define PLATFORM_FDT_MAX_DEPTH 64
/*
 * Most harts a scan lists: QEMU virt makes up to 512. A caller may ask
 * for fewer (its own limit); the rest are counted, not kept.
 */
#define PLATFORM_FDT_MAX_HARTS 512

/* The outcome of platform_fdt_check(). */
struct platform_fdt_verdict {
	int error;	     /* 0, or a negative libfdt error (FDT_ERR_*) */
	const char *problem; /* which check failed (static text), or NULL */
	bool header;	     /* the header was readable: fields below valid */
	uint32_t magic;
	uint32_t version;
	uint32_t totalsize;
	uint32_t off_dt_struct, size_dt_struct;
	uint32_t off_dt_strings, size_dt_strings;
};

/*
 * Judge the blob at @fdt of which the caller can read @readable bytes:
 * a readable header, libfdt's header checks (magic, version, every block
 * inside totalsize), totalsize within @readable, an aligned structure
 * block, and one walk over every tag of it (nesting, property names in
 * the strings block, an FDT_END after the root). Reads nothing beyond
 * @readable bytes, and of those nothing beyond the header until the
 * header says the rest is inside them. Returns verdict->error.
 */
int platform_fdt_check(const void *fdt, size_t readable,
		       struct platform_fdt_verdict *verdict);

struct platform_fdt_isa {
	bool sscofpmf;
	bool sstc;
	bool smcntrpmf;
	bool smcdeleg; /* counter delegation (with Ssccfg, S-mode's side) */
	bool ssccfg;
	bool sscsrind; /* siselect/sireg for S-mode */
	bool smstateen;
	bool svpbmt;
	bool zicbom;
	bool zicboz;
	bool zkr;   /* the seed CSR (mseccfg.SSEED opens it to S-mode) */
	bool svadu; /* hardware A/D updates (menvcfg.ADUE) */
	bool svade; /* A/D faults: with it, ADUE stays clear */
	bool ssaia; /* S-mode AIA CSRs (mstateen0.AIA/IMSIC/CSRIND) */
};

enum platform_fdt_snapshot {
	PLATFORM_FDT_SNAPSHOT_AUTO,
	PLATFORM_FDT_SNAPSHOT_ON,
	PLATFORM_FDT_SNAPSHOT_OFF,
};

struct platform_fdt_range {
	uint64_t base;
	uint64_t size;
};

struct platform_fdt_device {
	bool found;
	uint64_t base; /* first reg address */
};

/* One enabled /cpus node with a usable hart id. */
struct platform_fdt_hart {
	uint64_t id;
	struct platform_fdt_isa isa; /* what its riscv,isa* names */
	/*
	 * It has an mmu-type other than "riscv,none": a hart that can run
	 * S-mode. A hart without one (sifive_u's E51) may still have S-mode
	 * without paging; the firmware asks the hart itself (misa.S).
	 */
	bool mmu;
};

/* What the firmware takes from a checked tree. */
struct platform_fdt_facts {
	char model[PLATFORM_FDT_MODEL_LEN]; /* "" when the root has none */
	bool qemu_virt;			    /* root compatible "riscv-virtio" */
	/* Enabled /cpus nodes with a hart id, sorted by id, ids unique. */
	unsigned int n_harts;
	struct platform_fdt_hart harts[PLATFORM_FDT_MAX_HARTS];
	unsigned int harts_over; /* enabled cpus beyond max_harts: not kept */
	unsigned int harts_dup;	 /* enabled cpus repeating an id: ignored */
	struct platform_fdt_isa isa; /* on every listed hart; none: all 0 */
	bool isa_differs;	     /* not every listed hart names the same */
	unsigned int n_mem;
	struct platform_fdt_range mem[PLATFORM_FDT_MAX_MEM];
	unsigned int mem_over; /* ranges beyond PLATFORM_FDT_MAX_MEM */
	struct platform_fdt_device uart;  /* ns16550a */
	struct platform_fdt_device clint; /* riscv,clint0 / sifive,clint0 */
	struct platform_fdt_device test;  /* sifive,test0 / sifive,test1 */
	/* /chosen/sbipmu,snapshot; snapshot_bad: another value (auto used) */
	enum platform_fdt_snapshot snapshot;
	bool snapshot_bad;
	uint32_t trace_entries; /* /chosen/sbipmu,trace, at most 65535 */
	/* /chosen/sbipmu,pmu-quirks: "qemu" or "none"; absent: auto */
	enum platform_fdt_quirks {
		PLATFORM_FDT_QUIRKS_AUTO,
		PLATFORM_FDT_QUIRKS_QEMU,
		PLATFORM_FDT_QUIRKS_NONE,
	} quirks;
	bool quirks_bad; /* another value (auto used) */
	/* /chosen/sbipmu,legacy: "on" or "off"; absent or "auto": the
	 * build's default. legacy_bad: another value (default used) */
	enum platform_fdt_legacy {
		PLATFORM_FDT_LEGACY_AUTO,
		PLATFORM_FDT_LEGACY_ON,
		PLATFORM_FDT_LEGACY_OFF,
	} legacy;
	bool legacy_bad;
};

/*
 * Read the facts from @fdt, which platform_fdt_check() accepted. The
 * first @max_harts enabled cpus in tree order (at most
 * PLATFORM_FDT_MAX_HARTS) are listed, the others counted.
 */
void platform_fdt_scan(const void *fdt, unsigned int max_harts,
		       struct platform_fdt_facts *facts);

/*
 * Does riscv,isa string @isa (@len bytes, NUL-terminated or not) name
 * multi-letter extension @ext (lower case)? Case is ignored.
 */
bool platform_fdt_isa_has(const char *isa, size_t len, const char *ext);

/*
 * Add /reserved-memory/mmode_resv@<base> with reg = <@base @size> and
 * no-map to @fdt, an open tree (fdt_open_into()) with room to grow;
 * /reserved-memory is created with 2/2 cells and ranges if missing. An
 * existing node of that name is left as it is. Returns 0 or a negative
 * libfdt error. On -FDT_ERR_NOSPACE the tree is still valid but may
 * hold part of the change (/reserved-memory without its child); the same
 * call on a larger copy (fdt_open_into()) completes it.
 */
int platform_fdt_add_reserved(void *fdt, uint64_t base, uint64_t size);

/*
 * Mark status = "disabled" every enabled /cpus node of @fdt (an open
 * tree with room to grow) whose hart id @hide(@ctx, id) rejects: a hart
 * the firmware does not serve, or one that cannot run S-mode, is then no
 * hart of the next stage's. One walk over /cpus. Returns 0 or a negative
 * libfdt error (-FDT_ERR_NOSPACE: retry on a larger copy).
 */
int platform_fdt_disable_cpus(void *fdt,
			      bool (*hide)(void *ctx, uint64_t hartid),
			      void *ctx);

/*
 * Remove multi-letter extension @ext (lower case) from every /cpus
 * node's riscv,isa string and riscv,isa-extensions list in @fdt, an open
 * tree: the tree names an extension the harts turned out not to offer
 * (QEMU's spike lists sstc, but gives its harts no time source, so
 * stimecmp traps), and the next stage must not use it. Returns 0 or a
 * negative libfdt error.
 */
int platform_fdt_isa_drop(void *fdt, const char *ext);

/*
 * Why /cpus/timebase-frequency of @fdt is not what the next stage needs
 * (one nonzero 32-bit cell: Linux panics or divides by zero otherwise;
 * platform_fdt.c says why each case is bad), as static text: "no /cpus",
 * "absent", "zero", "not one 32-bit cell"; NULL if it is.
 */
const char *platform_fdt_timebase_problem(const void *fdt);

/*
 * Set /cpus/timebase-frequency of @fdt, an open tree with room to grow,
 * to one cell @hz, replacing whatever was there. Returns 0 or a negative
 * libfdt error (-FDT_ERR_NOTFOUND: no /cpus; -FDT_ERR_NOSPACE: retry on
 * a larger copy).
 */
int platform_fdt_set_timebase(void *fdt, uint32_t hz);

#endif
