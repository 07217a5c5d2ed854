# SPDX-License-Identifier: BSD-2-Clause
#
# KVM inside the Linux guest (issue 19): the guest kernel (mk/linux.mk,
# guest/linux.config) has KVM, and its KVM guests' SBI PMU calls become
# host perf events that reach the firmware under test. This builds what
# those runs need into an initramfs of their own, laid over the guest
# kernel's built-in one with QEMU's -initrd (as make bench does), so the
# kernel Image make run boots does not carry them:
#   /kvm/<test>            Linux 6.12's KVM selftests (static)
#   /bin/repeat            runs a test N times (guest/repeat.c)
#   /bin/kvm-vmm           our own VMM (guest/kvm-vmm.c)
#   /kvm/conformance.bin   the conformance suite, for kvm-vmm to boot
# The guest's /init runs them as its "kvm-*" steps (guest/init.c).
#
#   make kvm-check         the quick matrix (part of make check)
#   make kvm-check-full    every configuration, dirty_log_test, more
#                          arch_timer runs
# (scripts/kvm-check.sh; docs/kvm.md has the results and the reasons.)

KVM_DIR       := $(BUILD)/kvm
KVM_INITRD    := $(KVM_DIR)/initrd.cpio
KVM_ROOT      := $(KVM_DIR)/root
# The stock guest tree of mk/linux.mk (extracted and configured there).
KVM_LINUX_SRC := $(BUILD)/linux/src
KVM_GUESTCC    = $(LINUX_CROSS)gcc -static -O2 $(WARN)

# The RISC-V selftests that end in seconds, sbi_pmu_test and arch_timer
# among them, and dirty_log_test (2 min, full run only). They build
# against the tree's exported headers (make headers: usr/include).
KVM_TESTS := riscv/sbi_pmu_test riscv/ebreak_test arch_timer \
	coalesced_io_test demand_paging_test dirty_log_test get-reg-list \
	guest_print_test kvm_binary_stats_test kvm_create_max_vcpus \
	kvm_page_table_test set_memory_region_test steal_time
KVM_ST_OUT := $(abspath $(KVM_DIR))/selftests
KVM_NOENV  := env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL

$(KVM_DIR)/selftests/.built: $(KVM_LINUX_SRC)/.config mk/kvm.mk
	$(Q)echo "[kvm] building $(words $(KVM_TESTS)) KVM selftests of Linux 6.12 (~1 min, log $(KVM_DIR)/selftests.log)..."
	$(Q)mkdir -p $(KVM_ST_OUT)
	$(Q)scripts/linux-logrun.sh $(KVM_DIR)/selftests.log kvm-selftests -- \
		sh -c '$(KVM_NOENV) make -C $(abspath $(KVM_LINUX_SRC)) \
			ARCH=riscv CROSS_COMPILE=$(LINUX_CROSS) headers && \
		$(KVM_NOENV) make -C \
			$(abspath $(KVM_LINUX_SRC))/tools/testing/selftests/kvm \
			ARCH=riscv CROSS_COMPILE=$(LINUX_CROSS) LDFLAGS=-static \
			OUTPUT=$(KVM_ST_OUT) -j$(LINUX_JOBS) \
			$(addprefix $(KVM_ST_OUT)/,$(KVM_TESTS))'
	$(Q)touch $@

$(KVM_ROOT)/bin/repeat: guest/repeat.c
	@mkdir -p $(dir $@)
	$(Q)echo "[kvm] CC $@"
	$(Q)$(KVM_GUESTCC) -s -o $@ $<

# /bin/kvm-vmm (guest/kvm-vmm.c): our own VMM, which boots an S-mode
# payload as a KVM guest (the conformance suite, so that KVM is the SBI
# implementation it judges; kvm-conformance in guest/init.c) or runs its
# built-in --workload for host perf stat. It needs the tree's exported
# headers (6.12's RISC-V ONE_REG ids; make headers, done with the
# selftests), libfdt, built for it from mk/libfdt.mk's sources, and the
# SBI numbers of include/sbipmu/sbi_spec.h.
KVM_VMM_FDT := $(patsubst %.c,$(KVM_DIR)/libfdt/%.o,$(LIBFDT_NAMES))

$(KVM_DIR)/libfdt/%.o: $(LIBFDT_SRC)/%.c $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(LINUX_CROSS)gcc -static $(LIBFDT_CFLAGS) -I$(LIBFDT_SRC) -c $< -o $@

$(KVM_ROOT)/bin/kvm-vmm: guest/kvm-vmm.c include/sbipmu/sbi_spec.h \
		$(KVM_VMM_FDT) $(KVM_DIR)/selftests/.built
	@mkdir -p $(dir $@)
	$(Q)echo "[kvm] CC $@"
	$(Q)$(KVM_GUESTCC) -s -pthread -isystem $(KVM_LINUX_SRC)/usr/include \
		-isystem $(LIBFDT_SRC) -Iinclude -o $@ $< $(KVM_VMM_FDT)

$(KVM_ROOT)/kvm/conformance.bin: $(BUILD)/payload/rv64/conformance.bin
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

KVM_ROOT_FILES := $(KVM_ROOT)/bin/repeat $(KVM_ROOT)/bin/kvm-vmm \
	$(KVM_ROOT)/kvm/conformance.bin

$(KVM_INITRD): $(KVM_DIR)/selftests/.built $(KVM_ROOT_FILES)
	$(Q)mkdir -p $(KVM_ROOT)/kvm
	$(Q)for t in $(KVM_TESTS); do \
		$(LINUX_CROSS)strip -o $(KVM_ROOT)/kvm/$$(basename $$t) \
			$(KVM_ST_OUT)/$$t || exit 1; \
	done
	$(Q)$(call CPIO_OF_DIR,$(KVM_ROOT))
	$(Q)echo "[kvm] ready: $@ ($$(du -h $@ | cut -f1))"

.PHONY: kvm-initrd kvm-check kvm-check-full
kvm-initrd: $(KVM_INITRD)

# FIRMWARE (mk/linux.mk, read when the recipe runs) defaults to ours.
KVM_OURS_FW := $(BUILD)/firmware/rv64/sbipmu.bin
# The arch_timer decision is checked first on counts it must reject and
# accept (docs/kvm.md's examples), so that the test itself can fail.
kvm-check: linux $(KVM_OURS_FW) $(KVM_INITRD)
	$(Q)! scripts/kvm-check.sh --verdict 33/40 18/40 20/40 >/dev/null
	$(Q)scripts/kvm-check.sh --verdict 14/40 11/40 7/40 >/dev/null
	$(Q)BUILD=$(BUILD) scripts/kvm-check.sh --quick --firmware $(FIRMWARE) \
		--initrd $(KVM_INITRD) $(addprefix --ref ,$(KVM_REF))

kvm-check-full: linux $(KVM_OURS_FW) $(KVM_INITRD)
	$(Q)BUILD=$(BUILD) scripts/kvm-check.sh --firmware $(FIRMWARE) \
		--initrd $(KVM_INITRD) $(addprefix --ref ,$(KVM_REF))

# The references every kvm-check run reports beside ours (never judged).
KVM_REF ?= $(OPENSBI_1_1) $(OPENSBI_1_5)
