# SPDX-License-Identifier: BSD-2-Clause
#
# S-mode payloads, loaded with QEMU's -kernel after any M-mode SBI firmware
# given with -bios. Every directory payload/<name>/ other than payload/lib/
# is a program, linked with the runtime in payload/lib/ (and lib/string.c):
#   $(BUILD)/payload/<arch>/<name>.{elf,bin}     for arch rv64 and rv32
# A new payload needs no edit here.
#
# The conformance suite (payload/conformance/) judges an SBI PMU firmware:
#   make conformance FIRMWARE=fw.bin [ARCH=rv64|rv32] [SMP=n] [SSCOFPMF=true|false]
#   make conformance-matrix FIRMWARE=fw.bin [FIRMWARE_RV32=fw32.bin]
#   make conformance-compare     Debian's OpenSBI 1.1 and 1.5.1 (RV64, and
#                                1.5.1's RV32) beside ours, writes
#                                docs/conformance-opensbi.md
#   make conformance-harts       ours at 1, 4, 64 and 512 harts (RV64; long,
#                                not part of `make check`)
# FIRMWARE defaults to ours for the chosen ARCH. scripts/conformance.sh
# runs QEMU and judges the log.
#
# MACHINE=spike|sifive_u runs it on another QEMU machine (scripts/
# machine.sh): `make conformance MACHINE=sifive_u HARTS=2`.
# HARTS=N boots N harts: `make conformance HARTS=64` (as SMP=64),
# `make conformance-check HARTS="1 64"` (the hart counts of its matrix,
# 1 and 4 by default), `make fw-smoke HARTS=64` (2 by default; make hands
# a command-line variable to recipes in the environment, where
# payload/smoke/run-smoke.sh reads it).

PAYLOAD_CROSS   ?= riscv64-unknown-elf-
PAYLOAD_CC      := $(PAYLOAD_CROSS)gcc
PAYLOAD_OBJCOPY := $(PAYLOAD_CROSS)objcopy
PAYLOAD_DIR     := $(BUILD)/payload
PAYLOAD_ARCHS   := rv64 rv32

PAYLOAD_ARCH_rv64 := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
PAYLOAD_ARCH_rv32 := -march=rv32imac_zicsr_zifencei -mabi=ilp32 -mcmodel=medany
# GCC 12 picks the libgcc multilib by exact -march name: link with the
# plain one (see mk/firmware.mk).
PAYLOAD_LDARCH_rv64 := -march=rv64imac -mabi=lp64
PAYLOAD_LDARCH_rv32 := -march=rv32imac -mabi=ilp32
# Where QEMU's -kernel puts the image.
PAYLOAD_BASE_rv64 := 0x80200000
PAYLOAD_BASE_rv32 := 0x80400000

PAYLOAD_AR      := $(PAYLOAD_CROSS)ar

# -fno-tree-loop-distribute-patterns: lib/string.c's loops must not turn
# into calls to themselves (mk/libfdt.mk says why). payload/lib/dt.c reads
# the device tree with libfdt, from the firmware's copy of its sources
# (mk/libfdt.mk: the one without libfdt's own libfdt_env.h).
PAYLOAD_CFLAGS := $(FREESTANDING_CFLAGS) -O2 -g \
	-fno-tree-loop-distribute-patterns -MMD -MP -Ipayload/lib \
	$(LIBFDT_FW_INC)
# libfdt is third-party code: its own warnings, not ours (mk/libfdt.mk).
PAYLOAD_LIBFDT_CFLAGS := $(FREESTANDING_CFLAGS) -O2 -g -w $(LIBFDT_FW_INC)
PAYLOAD_LDFLAGS := -nostdlib -static -T payload/lib/payload.ld \
	-Wl,--no-warn-rwx-segments

# The names of the SBI error codes (sbi/sbi_error.c) are the firmware's
# and the host tests' file too.
PAYLOAD_LIB_SRCS := $(sort $(wildcard payload/lib/*.c payload/lib/*.S)) \
	lib/string.c sbi/sbi_error.c
PAYLOAD_PROGRAMS := $(sort $(filter-out lib,$(notdir $(patsubst %/,%,\
	$(dir $(wildcard payload/*/*.c))))))

# $(1) = arch. Objects wait for libfdt's sources (order only: their
# headers are in the .d files once built). libfdt is an archive, so a
# program links only the parts dt.c calls.
define PAYLOAD_ARCH_RULES
$(PAYLOAD_DIR)/$(1)/obj/%.o: %.c | $(LIBFDT_FW_STAMP)
	@mkdir -p $$(dir $$@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_$(1)) -c $$< -o $$@

$(PAYLOAD_DIR)/$(1)/libfdt/%.o: $(LIBFDT_FW_SRC)/%.c lib/libfdt_env.h \
		lib/string.h mk/payload.mk
	@mkdir -p $$(dir $$@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_LIBFDT_CFLAGS) $(PAYLOAD_ARCH_$(1)) \
		-c $$< -o $$@

$(PAYLOAD_DIR)/$(1)/libfdt.a: $(patsubst %.c,$(PAYLOAD_DIR)/$(1)/libfdt/%.o,\
		$(LIBFDT_NAMES))
	$(Q)rm -f $$@ && $(PAYLOAD_AR) rcs $$@ $$^

$(PAYLOAD_DIR)/$(1)/obj/%.o: %.S
	@mkdir -p $$(dir $$@)
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) $(PAYLOAD_ARCH_$(1)) -c $$< -o $$@

$(PAYLOAD_DIR)/$(1)/%.bin: $(PAYLOAD_DIR)/$(1)/%.elf
	$(Q)$(PAYLOAD_OBJCOPY) -O binary $$< $$@
endef

# $(1) = program, $(2) = arch
define PAYLOAD_PROGRAM_RULES
PAYLOAD_OBJS_$(1)_$(2) := $$(patsubst %,$(PAYLOAD_DIR)/$(2)/obj/%.o,\
	$$(basename $(PAYLOAD_LIB_SRCS) $$(sort $$(wildcard payload/$(1)/*.c payload/$(1)/*.S))))

$(PAYLOAD_DIR)/$(2)/$(1).elf: $$(PAYLOAD_OBJS_$(1)_$(2)) payload/lib/payload.ld \
		$(PAYLOAD_DIR)/$(2)/libfdt.a
	@echo "  LD      $$@"
	$(Q)$(PAYLOAD_CC) $(PAYLOAD_LDARCH_$(2)) $(PAYLOAD_LDFLAGS) \
		-Wl,--defsym=PAYLOAD_BASE=$(PAYLOAD_BASE_$(2)) \
		$$(PAYLOAD_OBJS_$(1)_$(2)) $(PAYLOAD_DIR)/$(2)/libfdt.a \
		-lgcc -o $$@

-include $$(PAYLOAD_OBJS_$(1)_$(2):.o=.d)
endef

$(foreach a,$(PAYLOAD_ARCHS),$(eval $(call PAYLOAD_ARCH_RULES,$(a))))
$(foreach p,$(PAYLOAD_PROGRAMS),$(foreach a,$(PAYLOAD_ARCHS),\
	$(eval $(call PAYLOAD_PROGRAM_RULES,$(p),$(a)))))

PAYLOAD_BINS := $(foreach p,$(PAYLOAD_PROGRAMS),\
	$(foreach a,$(PAYLOAD_ARCHS),$(PAYLOAD_DIR)/$(a)/$(p).bin))

.PHONY: payload
payload: $(PAYLOAD_BINS)
ALL_TARGETS += payload

# ---- legacy SBI v0.1 ----

# The legacy payload (payload/legacy/) on our firmware, RV64 and RV32,
# two harts: every legacy call made and seen to work, then the legacy
# shutdown; and once more with /chosen/sbipmu,legacy = "off", where each
# must answer NOT_SUPPORTED and probe absent (scripts/legacy-check.sh).
# A few seconds; LEGACY_FW_rv64/rv32 judge another firmware.
LEGACY_FW_rv64 ?= $(BUILD)/firmware/rv64/sbipmu.bin
LEGACY_FW_rv32 ?= $(BUILD)/firmware/rv32/sbipmu.bin
.PHONY: legacy-check
legacy-check: $(foreach a,$(PAYLOAD_ARCHS),$(LEGACY_FW_$(a)) \
		$(PAYLOAD_DIR)/$(a)/legacy.bin)
	$(Q)$(foreach a,$(PAYLOAD_ARCHS),\
		scripts/legacy-check.sh $(a) $(LEGACY_FW_$(a)) \
			$(PAYLOAD_DIR)/$(a)/legacy.bin \
			$(PAYLOAD_DIR)/legacy-$(a).log && \
		scripts/legacy-check.sh --off $(a) $(LEGACY_FW_$(a)) \
			$(PAYLOAD_DIR)/$(a)/legacy.bin \
			$(PAYLOAD_DIR)/legacy-off-$(a).log &&) true

# ---- the conformance suite ----

ARCH ?= rv64
SMP ?= $(or $(HARTS),1)
# The hart counts of conformance-check's matrix.
CONFORMANCE_CHECK_HARTS := $(or $(HARTS),1 4)
# conformance-check also runs the suite (4 harts, about 5 s) on a virt
# with IMSICs and no MSWI: its IPI, remote fence and HSM checks then go
# through the firmware's IMSIC doorbell (docs/firmware.md, "Devices").
CONFORMANCE_IMSIC_VIRT := aia=aplic-imsic,aclint=on
SSCOFPMF ?= true
# conformance-compare's references, one column each, in this order
# (mk/common.mk: unpacked by scripts/setup-tools.sh); a reference's RV32
# image follows it as --ref-rv32 (OpenSBI 1.1 has none).
CONFORMANCE_REFS ?= --ref $(OPENSBI_1_1) \
	--ref $(OPENSBI_1_5) --ref-rv32 $(OPENSBI_1_5_RV32)
OURS_FW_rv64 := $(BUILD)/firmware/rv64/sbipmu.bin
OURS_FW_rv32 := $(BUILD)/firmware/rv32/sbipmu.bin
# FIRMWARE from the command line or environment wins; otherwise ours
# (linux.mk gives FIRMWARE an rv64 default, which must not apply to rv32).
CONFORMANCE_FW := $(if $(filter command line environment,$(origin FIRMWARE)),\
	$(FIRMWARE),$(OURS_FW_$(ARCH)))
FIRMWARE_RV32 ?=
CONFORMANCE_BINS := $(PAYLOAD_DIR)/rv64/conformance.bin \
	$(PAYLOAD_DIR)/rv32/conformance.bin

.PHONY: conformance conformance-matrix conformance-compare
conformance: $(PAYLOAD_DIR)/$(ARCH)/conformance.bin
	$(Q)scripts/conformance.sh run --firmware $(CONFORMANCE_FW) \
		--arch $(ARCH) --smp $(SMP) --sscofpmf $(SSCOFPMF)

conformance-matrix: $(CONFORMANCE_BINS)
	$(Q)scripts/conformance.sh matrix --firmware $(CONFORMANCE_FW) \
		$(if $(FIRMWARE_RV32),--firmware-rv32 $(FIRMWARE_RV32))

# `make check`: the whole matrix on our firmware, RV64 and RV32.
.PHONY: conformance-check
conformance-check: $(CONFORMANCE_BINS) $(OURS_FW_rv64) $(OURS_FW_rv32)
	$(Q)scripts/conformance.sh matrix --firmware $(OURS_FW_rv64) \
		--firmware-rv32 $(OURS_FW_rv32) \
		--harts "$(CONFORMANCE_CHECK_HARTS)"
	$(Q)VIRT_OPTS=$(CONFORMANCE_IMSIC_VIRT) scripts/conformance.sh run \
		--firmware $(OURS_FW_rv64) --arch rv64 --smp 4 --sscofpmf true \
		--log $(PAYLOAD_DIR)/conformance-sbipmu-rv64-smp4-imsic-ipi.log

# Ours from one hart to the most QEMU virt has (512), RV64 with Sscofpmf:
# the payload's hart slots and the firmware's hart table at scale. About
# 10 minutes on 2 cores, 8 of them at 512 harts; not in `make check`.
CONFORMANCE_SCALE_HARTS := 1 4 64 512
.PHONY: conformance-harts
conformance-harts: $(PAYLOAD_DIR)/rv64/conformance.bin $(OURS_FW_rv64)
	$(Q)rc=0; for n in $(CONFORMANCE_SCALE_HARTS); do \
		scripts/conformance.sh run --firmware $(OURS_FW_rv64) \
			--arch rv64 --smp $$n --sscofpmf true || rc=1; \
	done; exit $$rc

# Ours is built first when its rules exist (mk/firmware.mk). Every
# firmware's whole matrix under the QEMU chosen by QEMU= (12 minutes on
# 2 cores, most of it OpenSBI 1.5.1: it crashes up to 7 times per
# configuration, and each crash waits out the idle limit). A reference's
# failures or crashes do not fail the target; they are what the file
# reports. Column D, KVM's SBI PMU over ours, is the kvm-conformance
# step of the last `make kvm-check` (this target boots no Linux), there
# when its log is; KVM over the references, where logged, tells whether
# a KVM deviation could be the firmware's.
CONFORMANCE_KVM_LOG := $(BUILD)/kvm/check/qemu10-aia-ours.log
conformance-compare: $(CONFORMANCE_BINS) $(OURS_FW_rv64) $(OURS_FW_rv32)
	$(Q)scripts/conformance.sh compare $(CONFORMANCE_REFS) \
		--ours $(OURS_FW_rv64) --ours-rv32 $(OURS_FW_rv32) \
		$(if $(wildcard $(CONFORMANCE_KVM_LOG)),--kvm-log $(CONFORMANCE_KVM_LOG) \
			$(foreach l,$(wildcard $(BUILD)/kvm/check/qemu10-aia-OpenSBI-*.log),\
				--kvm-ref-log $(l))) \
		--output docs/conformance-opensbi.md
