# SPDX-License-Identifier: BSD-2-Clause
#
# Benchmarks (bench/METHODOLOGY.md): what each SBI PMU call costs, in
# instructions under QEMU -icount, on our firmware and on a reference one
# in the same run.
#   make bench         every figure, side by side with the reference
#                      firmware; writes $(BUILD)/bench/results.{json,csv}
#                      and scaling.png
#   make bench-check   the short version for `make check`: fails when a
#                      figure passes its threshold in bench/targets.toml
#   make bench-payload the S-mode benchmark payload only (RV64 and RV32)
# REF="a.bin b.bin" are the reference firmwares (default Debian's
# OpenSBI 1.1 and 1.5.1, unpacked side by side by scripts/setup-tools.sh:
# a column each; ratios and the check are against the first; scaling and
# end-to-end use the first only). The RV32 table runs our RV32 firmware
# beside REF32 (default OpenSBI 1.5.1's RV32 image). Every table names
# the QEMU that produced it (QEMU=7.2 for Debian 12's).
# BENCH_ARGS passes more options to bench/run.py (--help lists them).
#
# This file is read before mk/payload.mk, mk/linux.mk and mk/tools.mk
# (the top Makefile includes fragments in name order), so their variables
# appear only in recipes, which make expands late; targets and
# prerequisites here are spelt out.

BENCH_DIR    := $(BUILD)/bench
BENCH_REF_FW ?= $(OPENSBI_1_1)
BENCH_ARGS   ?=
# bench/plot.py needs matplotlib, which Debian installs for its python3.
BENCH_PYTHON ?= $(firstword $(wildcard /usr/bin/python3) python3)

BENCH_OURS_FW  := $(BUILD)/firmware/rv64/sbipmu.bin
BENCH_OURS_ELF := $(BUILD)/firmware/rv64/sbipmu.elf
BENCH_OURS_FW32 := $(BUILD)/firmware/rv32/sbipmu.bin
REF   ?= $(BENCH_REF_FW) $(OPENSBI_1_5)
REF32 ?= $(OPENSBI_1_5_RV32)
BENCH_PMU_DT   := $(BUILD)/tools/pmu-dt

# ---- the S-mode payload: bench/*.[cS] on the runtime in payload/lib ----
# RV64 in $(BENCH_DIR), RV32 (the RV32 table) in $(BENCH_DIR)/rv32.

BENCH_PAYLOAD_SRCS := $(sort $(wildcard bench/*.c bench/*.S)) \
	$(sort $(wildcard payload/lib/*.c payload/lib/*.S)) lib/string.c
BENCH_PAYLOAD_OBJS := $(patsubst %,$(BENCH_DIR)/obj/%.o,\
	$(basename $(BENCH_PAYLOAD_SRCS)))
BENCH_PAYLOAD_OBJS32 := $(patsubst %,$(BENCH_DIR)/rv32/obj/%.o,\
	$(basename $(BENCH_PAYLOAD_SRCS)))
BENCH_PAYLOAD := $(BENCH_DIR)/bench-payload.bin
BENCH_PAYLOAD32 := $(BENCH_DIR)/rv32/bench-payload.bin

$(BENCH_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_rv64) -c $< -o $@

$(BENCH_DIR)/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_rv64) -c $< -o $@

$(BENCH_DIR)/rv32/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_rv32) -c $< -o $@

$(BENCH_DIR)/rv32/obj/%.o: %.S
	@mkdir -p $(dir $@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_rv32) -c $< -o $@

# payload/lib reads the device tree with libfdt: the payloads' archive
# (mk/payload.mk, read after this file, hence the spelt-out path).
$(BENCH_DIR)/bench-payload.elf: $(BENCH_PAYLOAD_OBJS) payload/lib/payload.ld \
		$(BUILD)/payload/rv64/libfdt.a
	@echo "  LD      $@"
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_LDARCH_rv64) $(PAYLOAD_LDFLAGS) \
		-Wl,--defsym=PAYLOAD_BASE=$(PAYLOAD_BASE_rv64) \
		$(BENCH_PAYLOAD_OBJS) $(BUILD)/payload/rv64/libfdt.a -lgcc -o $@

$(BENCH_DIR)/rv32/bench-payload.elf: $(BENCH_PAYLOAD_OBJS32) payload/lib/payload.ld \
		$(BUILD)/payload/rv32/libfdt.a
	@echo "  LD      $@"
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_LDARCH_rv32) $(PAYLOAD_LDFLAGS) \
		-Wl,--defsym=PAYLOAD_BASE=$(PAYLOAD_BASE_rv32) \
		$(BENCH_PAYLOAD_OBJS32) $(BUILD)/payload/rv32/libfdt.a -lgcc -o $@

$(BENCH_PAYLOAD): $(BENCH_DIR)/bench-payload.elf
	$(Q)$(PAYLOAD_OBJCOPY) -O binary $< $@

$(BENCH_PAYLOAD32): $(BENCH_DIR)/rv32/bench-payload.elf
	$(Q)$(PAYLOAD_OBJCOPY) -O binary $< $@

-include $(BENCH_PAYLOAD_OBJS:.o=.d) $(BENCH_PAYLOAD_OBJS32:.o=.d)

.PHONY: bench bench-check bench-payload
bench-payload: $(BENCH_PAYLOAD) $(BENCH_PAYLOAD32)

# ---- the PMU structures' sizes as the firmware compiles them ----

$(BENCH_DIR)/sizes.o: bench/mem/sizes.c $(wildcard include/sbipmu/*.h)
	@mkdir -p $(dir $@)
	$(Q)$(FW_CC) $(FW_CFLAGS) $(FW_ARCH_rv64) -c $< -o $@

# ---- the end-to-end run's programs, in an initramfs of their own ----
# QEMU -initrd lays it over the guest kernel's built-in one; the kernel
# starts /bin/bench-init (rdinit=), which uses the guest's /bin/perf.

BENCH_E2E_DIR := $(BENCH_DIR)/e2e
BENCH_INITRD  := $(BENCH_E2E_DIR)/initrd.cpio
BENCH_GUESTCC = $(LINUX_CROSS)gcc -static -O2 $(WARN)

$(BENCH_E2E_DIR)/root/bin/bench-%: bench/linux/%.c bench/linux/guest.h
	@mkdir -p $(dir $@)
	$(Q)$(BENCH_GUESTCC) -s -o $@ $<

$(BENCH_INITRD): $(BENCH_E2E_DIR)/root/bin/bench-init \
		$(BENCH_E2E_DIR)/root/bin/bench-work \
		$(BENCH_E2E_DIR)/root/bin/bench-sample
	$(Q)$(call CPIO_OF_DIR,$(BENCH_E2E_DIR)/root)

# ---- running them ----

# Another guest kernel: BENCH_LINUX_IMAGE=path (it must be built with
# mk/linux.mk's initramfs: /bin/perf is taken from it).
BENCH_LINUX_IMAGE ?= $(BUILD)/linux/Image
BENCH_DEPS := $(BENCH_PAYLOAD) $(BENCH_PAYLOAD32) $(BENCH_OURS_FW) \
	$(BENCH_OURS_FW32) $(BENCH_PMU_DT) $(BENCH_DIR)/sizes.o
BENCH_RUN = $(BENCH_PYTHON) bench/run.py --ours $(BENCH_OURS_FW) \
	--ours-elf $(BENCH_OURS_ELF) $(addprefix --ref ,$(REF)) \
	--payload $(BENCH_PAYLOAD) --pmu-dt $(BENCH_PMU_DT) \
	--ours32 $(BENCH_OURS_FW32) --payload32 $(BENCH_PAYLOAD32) \
	$(addprefix --ref32 ,$(REF32)) \
	--sizes-obj $(BENCH_DIR)/sizes.o --cross $(FW_CROSS) \
	--out $(BENCH_DIR) --targets bench/targets.toml \
	--kernel $(BENCH_LINUX_IMAGE) --initrd $(BENCH_INITRD) \
	--linux-run scripts/linux-run.sh

# The Linux guest is built first (mk/linux.mk; minutes the first time).
bench: $(BENCH_DEPS) $(BENCH_INITRD) $(BENCH_LINUX_IMAGE)
	$(Q)BUILD=$(BUILD) $(BENCH_RUN) $(BENCH_ARGS)
	$(Q)$(MAKE) --no-print-directory bench-sampling

# ---- sampling fidelity (bench/sampling.py): perf samples per firmware ----
# make bench-sampling [REF="a.bin b.bin"] [SAMPLING_REPS=15] [SAMPLING_FIXED=0]
# runs the deterministic rows and the real-time rows on ours and on every
# REF (a column each, named by its banner: OpenSBI v1.1, OpenSBI v1.5.1),
# and with SAMPLING_FIXED=1 (default) also ours with snapshot on and a
# kernel with guest/patches applied (built in build/linux-fixed). The
# verdicts are against the first REF only; the others are shown.
# bench-sampling-check: the deterministic single-event rows only, on ours
# and every REF, judged (make check; about 8 s more per REF).
SAMPLING_REPS  ?= 15
SAMPLING_FIXED ?= 1
SAMPLING_ARGS  ?=
SAMPLING_FIXED_IMAGE := $(BUILD)/linux-fixed/Image
BENCH_SAMPLING = $(BENCH_PYTHON) bench/sampling.py --ours $(BENCH_OURS_FW) \
	$(addprefix --ref ,$(REF)) --kernel $(BENCH_LINUX_IMAGE) \
	--initrd $(BENCH_INITRD) \
	--linux-run scripts/linux-run.sh --out $(BENCH_DIR)/sampling

.PHONY: bench-sampling bench-sampling-check
ifeq ($(SAMPLING_FIXED),1)
bench-sampling: $(SAMPLING_FIXED_IMAGE)
bench-sampling: SAMPLING_ARGS += --kernel-fixed $(SAMPLING_FIXED_IMAGE)
endif
bench-sampling: $(BENCH_OURS_FW) $(BENCH_INITRD) $(BENCH_LINUX_IMAGE)
	$(Q)BUILD=$(BUILD) $(BENCH_SAMPLING) --reps $(SAMPLING_REPS) \
		$(SAMPLING_ARGS)

bench-sampling-check: $(BENCH_OURS_FW) $(BENCH_INITRD) $(BENCH_LINUX_IMAGE)
	$(Q)BUILD=$(BUILD) $(BENCH_SAMPLING) --quick --check $(SAMPLING_ARGS)

# The kernel with our fixes for Linux (guest/patches), in its own tree.
$(SAMPLING_FIXED_IMAGE): guest/patches/*.patch $(BENCH_LINUX_IMAGE)
	$(Q)$(MAKE) --no-print-directory linux L_VARIANT=linux-fixed \
		LINUX_PATCHES="$(sort $(wildcard guest/patches/*.patch))"

bench-check: $(BENCH_DEPS)
	$(Q)BUILD=$(BUILD) $(BENCH_RUN) --quick --check $(BENCH_ARGS)

# Where one row's instructions go inside our firmware, function by
# function: make bench-profile BENCH_ROW=cfg_match_hw [BENCH_CALLS=n]
# [BENCH_INSNS=1]
# (n = SBI calls per iteration: 4 for sched_1, 16 for sched_4).
BENCH_ROW   ?= cfg_match_hw
BENCH_CALLS ?= 1
# BENCH_INSNS=1 also lists every instruction of the last call;
# BENCH_ARCH=rv32 profiles the RV32 firmware and payload.
BENCH_INSNS ?=
BENCH_ARCH  ?= rv64
BENCH_PROFILE_PAYLOAD_DIR := $(BENCH_DIR)$(if $(filter rv32,$(BENCH_ARCH)),/rv32)
.PHONY: bench-profile
bench-profile: $(BENCH_PROFILE_PAYLOAD_DIR)/bench-payload.bin \
		$(BUILD)/firmware/$(BENCH_ARCH)/sbipmu.bin
	$(Q)$(BENCH_PYTHON) bench/profile.py --arch $(BENCH_ARCH) \
		--firmware $(BUILD)/firmware/$(BENCH_ARCH)/sbipmu.bin \
		--elf $(BUILD)/firmware/$(BENCH_ARCH)/sbipmu.elf \
		--payload-elf $(BENCH_PROFILE_PAYLOAD_DIR)/bench-payload.elf \
		--payload $(BENCH_PROFILE_PAYLOAD_DIR)/bench-payload.bin \
		--row $(BENCH_ROW) --calls $(BENCH_CALLS) \
		$(if $(BENCH_INSNS),--insns)
ALL_TARGETS += bench-payload

# ---- host: callgrind instruction counts of the hot paths vs map size ----

BENCH_HOST_BIN := $(BENCH_DIR)/host/map_scaling

$(BENCH_HOST_BIN): bench/host/map_scaling.c $(BUILD)/host/libsbipmu.a $(LIBFDT_HOST)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) -O2 -Iinclude -Itests $^ -o $@

.PHONY: bench-host
bench-host: $(BENCH_HOST_BIN)
	$(Q)bench/host/callgrind.sh $(BENCH_HOST_BIN) $(BENCH_DIR)/host

# What grows with harts (bench/harts.py): boot time to the firmware's
# first output and to the next stage, harts served and firmware memory,
# at 8, 64, 256 and 512 harts, ours beside REF. Long (512 harts take
# minutes under TCG): not part of make check.
BENCH_HARTS ?= 8,64,256,512
.PHONY: bench-harts
bench-harts: $(BENCH_OURS_FW) $(BUILD)/payload/rv64/smoke.bin
	$(Q)$(BENCH_PYTHON) bench/harts.py --ours $(BENCH_OURS_FW) \
		$(addprefix --ref ,$(REF)) --payload $(BUILD)/payload/rv64/smoke.bin \
		--harts $(BENCH_HARTS)
