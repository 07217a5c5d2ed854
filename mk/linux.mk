# SPDX-License-Identifier: BSD-2-Clause
#
# The Linux guest used by `make run`: a Linux 6.12 kernel (Debian's
# linux-source-6.12) with a built-in initramfs holding a static /init, a
# static workload and a static perf, all built for riscv64 from this repo.
# The scripts scripts/linux-run.sh and scripts/linux-check.sh boot it under
# QEMU on a FIRMWARE (ours by default, any fw_dynamic-style one works).
#
# Included by the top-level Makefile, which defines BUILD.
#
#   make linux                       Image + perf + init (+ workload, pmu-user)
#   make run-linux   FIRMWARE=...    boot once and show the perf demo
#   make linux-check FIRMWARE=...    full boot matrix with assertions
#   make linux-check-quick           one or two boots (CI smoke)
#
# ARCH=rv32 does the same for the 32-bit guest, in build/linux-rv32: the
# kernel gets guest/linux-rv32.config on top, and since Debian has no RV32
# libc, the guest programs are built on the kernel tree's own nolibc with
# our supplement (guest/nolibc/), and /bin/perf is guest/uperf*.c, the
# subset of perf that /init runs.

Q ?= @
LINUX_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
LINUX_CROSS   ?= riscv64-linux-gnu-
# One job more than CPUs: a compile waiting on the disk leaves no core
# idle, and on a host another task keeps busy the build keeps its share.
LINUX_JOBS    ?= $(shell echo $$(($$(nproc) + 1)))
# rv64 (default) or rv32; ARCH is also the conformance suite's (payload.mk).
LINUX_ARCH    := $(if $(filter rv32,$(ARCH)),rv32,rv64)
FIRMWARE      ?= $(BUILD)/firmware/$(LINUX_ARCH)/sbipmu.bin
# The QEMU machine (virt, spike, sifive_u, icicle: scripts/machine.sh)
# every boot below uses, and for make run the harts Linux gets:
#   make run MACHINE=spike    make run HARTS=64    make linux-check MACHINE=sifive_u
MACHINE ?= virt
export MACHINE
# (HARTS is not given a default here: mk/payload.mk's targets default to
# their own hart counts when it is unset.) icicle has 4 U54s, no more or
# fewer, and boots Linux's own tree of the board (mk/boards.mk).
RUN_HARTS := $(or $(HARTS),$(if $(filter icicle,$(MACHINE)),4,2))
RUN_DTB   := $(if $(filter icicle,$(MACHINE)),$(ICICLE_DTB))
# Extra options for scripts/linux-run.sh / scripts/linux-check.sh.
LINUX_RUN_ARGS   ?=
LINUX_CHECK_ARGS ?=

# LINUX_PATCHES="a.patch b.patch" builds a kernel with those patches
# applied (patch -p1, in order); give it its own L_VARIANT directory so
# the stock kernel stays as it is, e.g.
#   make linux L_VARIANT=linux-fixed LINUX_PATCHES="guest/patches/*.patch"
LINUX_PATCHES ?=
L_VARIANT ?= $(if $(filter rv32,$(LINUX_ARCH)),linux-rv32,linux)
L_DIR     := $(BUILD)/$(L_VARIANT)
L_SRC     := $(L_DIR)/src
L_ABS     := $(abspath $(L_DIR))
# The kernel's make is a separate build, not part of ours: no jobserver.
L_KMAKE   := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	make -C $(abspath $(L_SRC)) ARCH=riscv CROSS_COMPILE=$(LINUX_CROSS)
L_LOGRUN  := scripts/linux-logrun.sh
L_WARN    := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes
L_FRAGMENTS := guest/linux.config
ifeq ($(LINUX_ARCH),rv64)
L_GUESTCC  := $(LINUX_CROSS)gcc -static -O2 $(L_WARN)
L_GUESTLIB :=
L_PTHREAD  := -pthread
else
# RV32: nolibc (its headers, and the kernel's UAPI ones, from this tree)
# and our supplement. -nostdinc: the bare-metal gcc's newlib headers must
# never be picked; -isystem: nolibc's own code is not held to our
# warnings (-Wshadow, -Wmissing-prototypes). That gcc is used for its RV32 libgcc (64-bit division),
# which the Linux cross gcc lacks; GCC 12 finds the multilib by the plain
# -march name only, so libgcc is named by path.
L_FRAGMENTS += guest/linux-rv32.config
L_NOLIBC   := $(L_DIR)/nolibc/sysroot/include
L_UAPI     := $(L_SRC)/usr/include
L_GUESTCC  := $(FW_CROSS)gcc -march=rv32imac_zicsr -mabi=ilp32 -static \
	-nostdlib -nostdinc -fno-stack-protector -O2 $(L_WARN) \
	-Wl,--no-warn-rwx-segments \
	-Iguest/nolibc/include -isystem $(L_NOLIBC) -isystem $(L_UAPI) \
	-include nolibc.h -DGUEST_NOLIBC
L_GUESTLIB  = guest/nolibc/ulib.c \
	$(shell $(FW_CROSS)gcc -march=rv32imac -mabi=ilp32 -print-libgcc-file-name)
L_PTHREAD  :=
endif

# perf without any optional library: builds in about a minute and links
# statically (docs/facts.md F5.2). Only the `perf` target: the default one also links
# dlfilter shared objects, which fails with -static.
L_PERF_FLAGS := ARCH=riscv CROSS_COMPILE=$(LINUX_CROSS) LDFLAGS=-static \
	WERROR=0 BUILD_BPF_SKEL=0 \
	NO_LIBELF=1 NO_DWARF=1 NO_LIBUNWIND=1 NO_LIBTRACEEVENT=1 NO_LIBPERL=1 \
	NO_LIBPYTHON=1 NO_SLANG=1 NO_GTK2=1 NO_LIBBPF=1 NO_LIBCAP=1 \
	NO_LIBNUMA=1 NO_LIBZSTD=1 NO_LZMA=1 NO_ZLIB=1 NO_LIBCRYPTO=1 \
	NO_LIBBABELTRACE=1 NO_CAPSTONE=1 NO_LIBPFM4=1 NO_LIBDEBUGINFOD=1 \
	NO_LIBLLVM=1 NO_JVMTI=1 NO_SDT=1 NO_LIBAUDIT=1 NO_SHELLCHECK=1 NO_AIO=1

.PHONY: linux run-linux linux-check linux-check-quick linux-soak linux-soak-smoke linux-clean linux-distclean

# The guest's programs (soak is RV64's only: it drives the real perf).
L_PROGRAMS := init workload pmu-user uperf \
	$(if $(filter rv64,$(LINUX_ARCH)),soak)
linux: $(L_DIR)/Image $(L_DIR)/perf $(addprefix $(L_DIR)/,$(L_PROGRAMS))

# --- kernel source: extracted once ---------------------------------------
$(L_SRC)/.extracted: $(LINUX_TARBALL) $(LINUX_PATCHES)
	$(Q)echo "[linux] extracting $(notdir $<) into $(L_SRC) (~15 s)..."
	$(Q)rm -rf $(L_SRC) && mkdir -p $(L_SRC)
	$(Q)tar -xJf $< -C $(L_SRC) --strip-components=1
	$(Q)for p in $(LINUX_PATCHES); do \
		echo "[linux] applying $$p"; \
		patch -d $(L_SRC) -p1 --forward --quiet <$$p || exit 1; \
	done
	$(Q)touch $@

# --- kernel config: tinyconfig + the fragments, verified -----------------
# The fragments merged as Kconfig merges them (a later line wins), for
# the check that every line of them made it into .config.
$(L_DIR)/config.fragment: $(L_FRAGMENTS) | $(L_DIR)/.dir
	$(Q)awk '{ k = $$0; sub(/=.*/, "", k); sub(/^# /, "", k); \
		sub(/ is not set$$/, "", k); if (k ~ /^CONFIG_/) { \
		if (!(k in v)) o[n++] = k; v[k] = $$0 } } \
		END { for (i = 0; i < n; i++) print v[o[i]] }' $^ >$@

$(L_SRC)/.config: $(L_FRAGMENTS) $(L_DIR)/config.fragment $(L_SRC)/.extracted \
		mk/linux.mk scripts/linux-verify-config.sh
	$(Q)echo "[linux] configuring (tinyconfig + $(L_FRAGMENTS))..."
	$(Q)$(L_KMAKE) tinyconfig >$(L_DIR)/config.log 2>&1
	$(Q)$(L_SRC)/scripts/kconfig/merge_config.sh -m -O $(L_SRC) \
		$(L_SRC)/.config $(L_FRAGMENTS) >>$(L_DIR)/config.log 2>&1
	$(Q)$(L_SRC)/scripts/config --file $@ \
		--set-str INITRAMFS_SOURCE $(L_ABS)/initramfs.list
	$(Q)$(L_KMAKE) olddefconfig >>$(L_DIR)/config.log 2>&1
	$(Q)scripts/linux-verify-config.sh $(L_DIR)/config.fragment $@ || \
		{ rm -f $@; exit 1; }

# --- guest programs -------------------------------------------------------
# RV32's headers: nolibc's, and the kernel's UAPI (make headers).
L_GUEST_HDRS :=
ifeq ($(LINUX_ARCH),rv32)
L_GUEST_HDRS := $(L_NOLIBC)/nolibc.h $(L_DIR)/.uapi \
	$(wildcard guest/nolibc/*.[ch] guest/nolibc/include/*.h \
	guest/nolibc/include/*/*.h)
$(L_NOLIBC)/nolibc.h: $(L_SRC)/.extracted
	$(Q)echo "[linux] nolibc headers"
	$(Q)mkdir -p $(L_DIR)/nolibc
	$(Q)env -u MAKEFLAGS make -s -C $(L_SRC)/tools/include/nolibc \
		ARCH=riscv OUTPUT=$(L_ABS)/nolibc/ headers
# (a stamp: `make headers` leaves unchanged headers' times alone)
$(L_DIR)/.uapi: $(L_SRC)/.config
	$(Q)echo "[linux] UAPI headers"
	$(Q)$(L_KMAKE) headers >$(L_DIR)/headers.log 2>&1
	$(Q)touch $@
endif

$(L_DIR)/init: guest/init.c $(L_GUEST_HDRS) | $(L_DIR)/.dir
	$(Q)echo "[linux] CC $@"
	$(Q)$(L_GUESTCC) -o $@ $< $(L_GUESTLIB)

# -fno-strict-aliasing: the workload reads memory through casts (e.g. the
# trapping instruction in its signal handlers). -pthread: a thread per hart.
$(L_DIR)/workload: guest/workload.c $(L_GUEST_HDRS) | $(L_DIR)/.dir
	$(Q)echo "[linux] CC $@"
	$(Q)$(L_GUESTCC) -fno-strict-aliasing $(L_PTHREAD) -o $@ $< $(L_GUESTLIB)

$(L_DIR)/soak: guest/soak.c | $(L_DIR)/.dir
	$(Q)echo "[linux] CC $@"
	$(Q)$(L_GUESTCC) -o $@ $<

# User-space counter access and self-monitoring (guest/pmu-user*.c).
L_PMU_USER_SRCS := guest/pmu-user.c guest/pmu-user-access.c \
	guest/pmu-user-selfmon.c
$(L_DIR)/pmu-user: $(L_PMU_USER_SRCS) guest/pmu-user.h $(L_GUEST_HDRS) \
		| $(L_DIR)/.dir
	$(Q)echo "[linux] CC $@"
	$(Q)$(L_GUESTCC) -o $@ $(L_PMU_USER_SRCS) $(L_GUESTLIB)

# The perf subset /init runs (guest/uperf*.c): RV32's /bin/perf, and
# /bin/uperf on both (RV64 checks it against the real perf).
L_UPERF_SRCS := $(sort $(wildcard guest/uperf*.c))
$(L_DIR)/uperf: $(L_UPERF_SRCS) $(wildcard guest/uperf*.h) $(L_GUEST_HDRS) \
		| $(L_DIR)/.dir
	$(Q)echo "[linux] CC $@"
	$(Q)$(L_GUESTCC) -o $@ $(L_UPERF_SRCS) $(L_GUESTLIB)

ifeq ($(LINUX_ARCH),rv32)
$(L_DIR)/perf: $(L_DIR)/uperf
	$(Q)cp $< $@

# The sampling-yield boot's program (linux-check.sh: rdinit=), the one
# make bench-sampling runs on RV64, in an initramfs of its own.
L_YIELD_INITRD := $(L_DIR)/yield/initrd.cpio
$(L_DIR)/yield/root/bin/bench-sample: bench/linux/sample.c bench/linux/guest.h \
		$(L_GUEST_HDRS)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(L_GUESTCC) -s -o $@ $< $(L_GUESTLIB)
$(L_YIELD_INITRD): $(L_DIR)/yield/root/bin/bench-sample
	$(Q)$(call CPIO_OF_DIR,$(L_DIR)/yield/root)
else
L_YIELD_INITRD := $(BENCH_INITRD)
$(L_DIR)/perf: $(L_SRC)/.extracted
	$(Q)echo "[linux] building static perf (~1-2 min, log perf.log)..."
	$(Q)mkdir -p $(L_DIR)/perf-build
	$(Q)$(L_LOGRUN) $(L_DIR)/perf.log perf -- \
		make -C $(abspath $(L_SRC))/tools/perf O=$(L_ABS)/perf-build \
		$(L_PERF_FLAGS) -j$(LINUX_JOBS) perf
	$(Q)cp $(L_DIR)/perf-build/perf $@
endif

$(L_DIR)/.dir:
	$(Q)mkdir -p $(L_DIR) && touch $@

# --- initramfs: a gen_init_cpio list, so no root or mknod is needed -------
# The kernel build tracks the listed files itself, so a changed init or perf
# only relinks Image (~10 s).
$(L_DIR)/initramfs/bin/perf: $(L_DIR)/perf
	$(Q)mkdir -p $(dir $@)
	$(Q)$(LINUX_CROSS)strip -o $@ $<

$(L_DIR)/initramfs.list: mk/linux.mk | $(L_DIR)/.dir
	$(Q)printf '%s\n' \
		'dir /dev 0755 0 0' \
		'nod /dev/console 0600 0 0 c 5 1' \
		'dir /proc 0755 0 0' \
		'dir /sys 0755 0 0' \
		'dir /tmp 1777 0 0' \
		'dir /bin 0755 0 0' \
		'file /init $(L_ABS)/init 0755 0 0' \
		'file /bin/workload $(L_ABS)/workload 0755 0 0' \
		$(if $(filter soak,$(L_PROGRAMS)),'file /bin/soak $(L_ABS)/soak 0755 0 0') \
		'file /bin/pmu-user $(L_ABS)/pmu-user 0755 0 0' \
		'file /bin/uperf $(L_ABS)/uperf 0755 0 0' \
		'file /bin/perf $(L_ABS)/initramfs/bin/perf 0755 0 0' >$@

# --- kernel Image with the initramfs built in -----------------------------
$(L_DIR)/Image: $(L_SRC)/.config $(L_DIR)/initramfs.list \
		$(addprefix $(L_DIR)/,$(L_PROGRAMS)) $(L_DIR)/initramfs/bin/perf
	$(Q)echo "[linux] building Image, -j$(LINUX_JOBS) (~4 min from scratch, ~10 s relink)..."
	$(Q)$(L_LOGRUN) $(L_DIR)/build.log Image -- $(L_KMAKE) -j$(LINUX_JOBS) Image
	$(Q)cp $(L_SRC)/arch/riscv/boot/Image $@
	$(Q)echo "[linux] ready: $@ ($$(du -h $@ | cut -f1))"

# --- booting it -----------------------------------------------------------
# TRACE=1: the firmware keeps the last TRACE_CALLS PMU calls per hart and
# prints them at power-off; the decoded tail is shown after the run
# (tools/pmu-trace.py build/linux/run.log for all of it).
TRACE       ?= 0
TRACE_CALLS ?= 256
ifeq ($(TRACE),1)
LINUX_RUN_ARGS += --chosen sbipmu,trace=$(TRACE_CALLS)
endif
# The demo's CPU filters cycles and instructions by mode where the QEMU
# can (Smcntrpmf: QEMU 10; the stat-modes step then counts :u and :k).
run-linux: linux $(FIRMWARE) $(RUN_DTB)
	BUILD=$(BUILD) scripts/linux-run.sh $(FIRMWARE) --arch $(LINUX_ARCH) \
		--smp $(RUN_HARTS) \
		$(if $(filter-out 1 2 3 4,$(RUN_HARTS)),--mem 2G) \
		$$(test -n "$(CPU)" || test "$(MACHINE)" = sifive_u || \
			test "$(MACHINE)" = icicle || \
			! scripts/qemu-accepts.sh \
			$(LINUX_ARCH),smcntrpmf=true || echo --cpu-opts smcntrpmf=true) \
		$(if $(BOOT),--boot $(BOOT)) $(LINUX_RUN_ARGS)
ifeq ($(TRACE),1)
	@echo "=== PMU call trace, last 24 calls per hart (tools/pmu-trace.py) ==="
	@tools/pmu-trace.py $(L_DIR)/run.log --tail 24
endif

# The full matrix includes KVM guests (mk/kvm.mk: every configuration,
# the references beside ours).
ifeq ($(LINUX_ARCH),rv64)
linux-check: linux $(FIRMWARE) $(BENCH_INITRD) kvm-initrd
	BUILD=$(BUILD) scripts/linux-check.sh --firmware $(FIRMWARE) $(LINUX_CHECK_ARGS)
	$(Q)$(MAKE) --no-print-directory kvm-check-full
	$(if $(filter command line,$(origin FIRMWARE)),,$(Q)$(MAKE) \
		--no-print-directory linux-check ARCH=rv32)
else
# RV32: ours and the reference (OpenSBI 1.5.1's RV32 image) side by side,
# on virt (the whole matrix), then on spike (the quick boots). spike has
# no time source behind rdtime: every read traps to M-mode and is emulated
# there, so ILLEGAL_INSN counts them too (fw-exact relaxed). OpenSBI 1.5.1
# leaves sstc in the tree there and Linux dies at its first stimecmp
# write (docs/rv32.md): its boots end at the shorter timeout.
linux-check: linux $(FIRMWARE) $(L_YIELD_INITRD)
	BUILD=$(BUILD) scripts/linux-check.sh --arch rv32 --firmware $(FIRMWARE) \
		--ref $(OPENSBI_1_5_RV32) $(LINUX_CHECK_ARGS)
	BUILD=$(BUILD) MACHINE=spike scripts/linux-check.sh --quick --arch rv32 \
		--firmware $(FIRMWARE) --relax fw-exact --timeout 120 \
		--ref $(OPENSBI_1_5_RV32) --log-dir $(L_DIR)/check-spike \
		$(LINUX_CHECK_ARGS)
endif

linux-check-quick: linux $(FIRMWARE) $(L_YIELD_INITRD)
	BUILD=$(BUILD) scripts/linux-check.sh --quick --arch $(LINUX_ARCH) \
		--firmware $(FIRMWARE) \
		$(if $(filter rv32,$(LINUX_ARCH)),--ref $(OPENSBI_1_5_RV32)) \
		$(LINUX_CHECK_ARGS)

# make check's RV32 step (scripts/check.sh runs make targets by name).
.PHONY: linux-check-rv32-quick
linux-check-rv32-quick:
	$(Q)$(MAKE) --no-print-directory linux-check-quick ARCH=rv32

# Linux under load (issue 12): 4 harts with Sscofpmf, perf record -a, a
# multiplexed perf stat, the workload and CPU offline/online cycles all at
# once for SOAK_SECONDS, then the firmware-event counts and every counter
# free again, on every CPU (scripts/linux-check.sh --soak).
# linux-soak-smoke, the 60-second version, is the last step of make check.
SOAK_SECONDS ?= 600
linux-soak: linux $(FIRMWARE) $(BENCH_INITRD)
	BUILD=$(BUILD) scripts/linux-check.sh --soak $(SOAK_SECONDS) \
		--firmware $(FIRMWARE) $(LINUX_CHECK_ARGS)

linux-soak-smoke:
	$(Q)$(MAKE) --no-print-directory linux-soak SOAK_SECONDS=60

# Keeps the extracted tree and perf (slow to redo); distclean drops all.
linux-clean:
	rm -f $(L_DIR)/Image $(L_DIR)/init $(L_DIR)/workload $(L_DIR)/soak \
		$(L_DIR)/pmu-user $(L_DIR)/uperf \
		$(L_SRC)/.config
linux-distclean:
	rm -rf $(L_DIR)

# Linux and perf on every QEMU machine, ours beside the references
# (scripts/linux-machines.sh): the full table, and a quick one for make
# check (spike and sifive_u, ours only, about a minute).
# LINUX_REF: the reference firmwares of the full table, a row each named
# by version (default Debian's OpenSBI 1.1 and 1.5.1, mk/common.mk;
# reported, never judged). The quick table boots none.
# icicle (the PolarFire SoC Icicle Kit on Linux's own tree, whose -smp and
# -m are fixed: scripts/machine.sh) has a quick run of its own in make
# check, ours beside OpenSBI 1.5.1, about two minutes.
LINUX_MACHINES ?= virt:1 virt:2 virt:4 virt:64 spike:2 sifive_u:2 icicle:4
LINUX_MACHINES_QUICK ?= spike:2 sifive_u:2
LINUX_REF ?= $(OPENSBI_1_1) $(OPENSBI_1_5)
.PHONY: linux-machines linux-machines-quick linux-machines-icicle
linux-machines: linux $(FIRMWARE) \
		$(if $(filter icicle:%,$(LINUX_MACHINES)),$(ICICLE_DTB))
	$(Q)BUILD=$(BUILD) scripts/linux-machines.sh $(FIRMWARE) \
		"$(LINUX_MACHINES)" $(LINUX_REF)

linux-machines-quick: linux $(FIRMWARE)
	$(Q)BUILD=$(BUILD) scripts/linux-machines.sh $(FIRMWARE) \
		"$(LINUX_MACHINES_QUICK)"

linux-machines-icicle: linux $(FIRMWARE) $(ICICLE_DTB)
	$(Q)BUILD=$(BUILD) scripts/linux-machines.sh $(FIRMWARE) icicle:4 \
		$(OPENSBI_1_5)

# Every -cpu model and interrupt architecture of -M virt (issue: "drop-in
# for OpenSBI" on any CPU): Linux + perf on ours beside OpenSBI 1.5.1,
# one table row per configuration (scripts/cpus-check.sh; docs/cpus.md).
# The full run covers RV64 and RV32 (it builds the RV32 guest); make
# check runs the quick set (max, rva23s64, veyron-v1, aia=aplic-imsic).
.PHONY: cpus-check cpus-check-quick uboot-check
cpus-check: linux $(OURS_FW_rv64) $(OURS_FW_rv32)
	$(Q)$(MAKE) --no-print-directory linux ARCH=rv32
	$(Q)BUILD=$(BUILD) scripts/cpus-check.sh --firmware $(OURS_FW_rv64) \
		--firmware32 $(OURS_FW_rv32) --ref $(OPENSBI_1_5) \
		--ref32 $(OPENSBI_1_5_RV32) --table $(BUILD)/cpus-check/table.md

cpus-check-quick: linux $(OURS_FW_rv64)
	$(Q)BUILD=$(BUILD) scripts/cpus-check.sh --quick \
		--firmware $(OURS_FW_rv64) --ref $(OPENSBI_1_5)

# The distribution boot chain: ours, then Debian's S-mode U-Boot, then
# Linux with perf, by booti and by bootefi (the EFI stub), beside
# OpenSBI 1.5.1 (scripts/uboot-check.sh; `make run BOOT=uboot` or
# BOOT=uboot-efi shows the demo that way).
uboot-check: linux $(OURS_FW_rv64)
	$(Q)scripts/ensure-setup.sh
	$(Q)BUILD=$(BUILD) scripts/uboot-check.sh --firmware $(OURS_FW_rv64) \
		--ref $(OPENSBI_1_5)
