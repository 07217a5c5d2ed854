# SPDX-License-Identifier: BSD-2-Clause
#
# libFuzzer (clang) harnesses, both built with ASan and UBSan:
#  - the ecall surface (PMU and SSE): `make fuzz` runs long (FUZZ_SECONDS,
#    default 600), `make fuzz-smoke` is the bounded run inside `make
#    check`. The core's accesses to supervisor memory are traced
#    (SBIPMU_SHMEM_TRACE, include/sbipmu/sbi_shmem.h), which the harness's
#    model of a concurrent writer hooks into. Crashes land in $(BUILD)/fuzz/artifacts; each one found is
#    turned into a regression test in tests/unit/test_fuzz_regressions.c.
#  - the device tree the firmware boots on (tests/fuzz/fuzz_dt.c):
#    `make fuzz-dt` runs long (FUZZ_DT_SECONDS, default 600), `make
#    fuzz-dt-smoke` is the bounded run inside `make check`. Seeds: every
#    tree of tests/data (QEMU's for 1 and 4 harts, the binding's
#    examples, ...). Crashes land in $(BUILD)/fuzz-dt/artifacts; each one
#    found becomes a unit test with its input in tests/data/.

FUZZ_DIR := $(BUILD)/fuzz
FUZZ_CC ?= clang
FUZZ_FLAGS := -std=c11 -g -O1 $(WARN) -Wno-missing-prototypes \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	-Iinclude -Itests
FUZZ_SRCS := tests/fuzz/fuzz_ecall.c $(CORE_SRCS) \
	tests/sim/sim_hart.c tests/sim/sim_mem.c tests/sim/sim_env.c \
	tests/sim/sim_sse.c
FUZZ_SECONDS ?= 600
FUZZ_SMOKE_RUNS ?= 300000

$(FUZZ_DIR)/fuzz_ecall: $(FUZZ_SRCS) $(wildcard include/sbipmu/*.h core/*.h tests/sim/*.h)
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $@"
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -DSBIPMU_SHMEM_TRACE $(FUZZ_SRCS) -o $@

.PHONY: fuzz fuzz-smoke
fuzz: $(FUZZ_DIR)/fuzz_ecall
	@mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/artifacts
	$(FUZZ_DIR)/fuzz_ecall -max_total_time=$(FUZZ_SECONDS) \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/ $(FUZZ_DIR)/corpus tests/fuzz/seeds

fuzz-smoke: $(FUZZ_DIR)/fuzz_ecall
	@mkdir -p $(FUZZ_DIR)/smoke-corpus $(FUZZ_DIR)/artifacts
	@echo "fuzz: $(FUZZ_SMOKE_RUNS) runs (bounded smoke)"
	$(Q)$(FUZZ_DIR)/fuzz_ecall -runs=$(FUZZ_SMOKE_RUNS) -seed=1 \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/ \
		$(FUZZ_DIR)/smoke-corpus tests/fuzz/seeds >$(FUZZ_DIR)/smoke.log 2>&1; \
		rc=$$?; tail -n 4 $(FUZZ_DIR)/smoke.log; exit $$rc

# ---- the device tree ----

FUZZ_DT_DIR := $(BUILD)/fuzz-dt
FUZZ_DT_SRCS := tests/fuzz/fuzz_dt.c $(CORE_SRCS) $(sort $(wildcard binding/*.c)) \
	tests/sim/sim_hart.c
# libfdt is part of what is fuzzed: built with the same sanitizers (and
# without our warning set, mk/libfdt.mk says why).
FUZZ_DT_LIBFDT := $(patsubst %.c,$(FUZZ_DT_DIR)/libfdt/%.o,$(LIBFDT_NAMES))
FUZZ_DT_SECONDS ?= 600
# 100,000 runs take 15-25 s here (more as the smoke corpus grows): the
# time limit keeps the step within tens of seconds whatever the corpus.
FUZZ_DT_SMOKE_RUNS ?= 100000
FUZZ_DT_SMOKE_SECONDS ?= 30
FUZZ_DT_SEEDS := $(abspath $(BUILD))/tests/data

$(FUZZ_DT_DIR)/libfdt/%.o: $(LIBFDT_SRC)/%.c $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(LIBFDT_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
		-fno-sanitize-recover=undefined -I$(LIBFDT_SRC) -c $< -o $@

$(FUZZ_DT_DIR)/fuzz_dt: $(FUZZ_DT_SRCS) $(FUZZ_DT_LIBFDT) $(LIBFDT_STAMP) \
		$(wildcard include/sbipmu/*.h core/*.h tests/sim/*.h)
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $@"
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -I$(LIBFDT_SRC) $(FUZZ_DT_SRCS) \
		$(FUZZ_DT_LIBFDT) -o $@

.PHONY: fuzz-dt fuzz-dt-smoke
fuzz-dt: $(FUZZ_DT_DIR)/fuzz_dt test-data
	@mkdir -p $(FUZZ_DT_DIR)/corpus $(FUZZ_DT_DIR)/artifacts
	$(FUZZ_DT_DIR)/fuzz_dt -max_total_time=$(FUZZ_DT_SECONDS) \
		-artifact_prefix=$(FUZZ_DT_DIR)/artifacts/ \
		$(FUZZ_DT_DIR)/corpus $(FUZZ_DT_SEEDS)

fuzz-dt-smoke: $(FUZZ_DT_DIR)/fuzz_dt test-data
	@mkdir -p $(FUZZ_DT_DIR)/smoke-corpus $(FUZZ_DT_DIR)/artifacts
	@echo "fuzz-dt: $(FUZZ_DT_SMOKE_RUNS) runs or $(FUZZ_DT_SMOKE_SECONDS) s (bounded smoke)"
	$(Q)$(FUZZ_DT_DIR)/fuzz_dt -runs=$(FUZZ_DT_SMOKE_RUNS) -seed=1 \
		-max_total_time=$(FUZZ_DT_SMOKE_SECONDS) \
		-artifact_prefix=$(FUZZ_DT_DIR)/artifacts/ \
		$(FUZZ_DT_DIR)/smoke-corpus $(FUZZ_DT_SEEDS) \
		>$(FUZZ_DT_DIR)/smoke.log 2>&1; \
		rc=$$?; tail -n 4 $(FUZZ_DT_DIR)/smoke.log; exit $$rc
