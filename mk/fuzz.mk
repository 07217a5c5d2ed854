# SPDX-License-Identifier: BSD-2-Clause
#
# libFuzzer (clang) harness for the ecall surface (PMU and SSE). `make fuzz`
# runs long (FUZZ_SECONDS, default 600); `make fuzz-smoke` is the bounded
# run inside `make check`. Crashes land in $(BUILD)/fuzz/artifacts; each
# one found is turned into a regression test in
# tests/unit/test_fuzz_regressions.c.

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
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) $(FUZZ_SRCS) -o $@

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
