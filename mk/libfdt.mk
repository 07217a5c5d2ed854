# SPDX-License-Identifier: BSD-2-Clause
#
# libfdt, taken from the Linux source tarball (scripts/dtc/libfdt/), built
# three ways: for the host tools and tests (plain and ASan+UBSan), and
# freestanding for the firmware (rv64, rv32). The firmware build swaps
# libfdt's own libfdt_env.h (which needs a hosted libc) for ours in lib/,
# and links lib/string.c, the few libc functions libfdt and the firmware
# call. Also here: lib/string.c compiled for its host test.

LIBFDT_TARBALL ?= /usr/src/linux-source-6.12.tar.xz
LIBFDT_TAR_PATH := linux-source-6.12/scripts/dtc/libfdt/

LIBFDT_DIR := $(BUILD)/libfdt
LIBFDT_SRC := $(LIBFDT_DIR)/src
LIBFDT_STAMP := $(LIBFDT_DIR)/.extracted
# The firmware's copy of the sources, without libfdt_env.h: libfdt.h
# includes "libfdt_env.h" with quotes, which finds a file next to it
# before any -I directory, so the only way to make it take lib/'s is to
# leave that file out of the directory.
LIBFDT_FW_SRC := $(LIBFDT_DIR)/fw-src
LIBFDT_FW_STAMP := $(LIBFDT_DIR)/.fw-src
# Include flags for any firmware source that includes <libfdt.h>.
LIBFDT_FW_INC := -I$(LIBFDT_FW_SRC) -Ilib

LIBFDT_HOST := $(BUILD)/host/libfdt.a
LIBFDT_ASAN := $(BUILD)/host-asan/libfdt.a

# fdt_overlay.c calls strtoul(); the firmware applies no overlays, so it
# is left out there rather than growing lib/ by a number parser.
LIBFDT_NAMES := fdt.c fdt_ro.c fdt_rw.c fdt_wip.c fdt_sw.c fdt_strerror.c \
	fdt_addresses.c fdt_empty_tree.c
LIBFDT_HOST_NAMES := $(LIBFDT_NAMES) fdt_overlay.c

# Third-party code: built with its own expectations, not our warning set
# (-Werror would make our build depend on their style). Our files keep
# $(WARN).
LIBFDT_CFLAGS := -std=gnu11 -O2 -g -w

# Extract only libfdt; the full tarball is 146 MB. The sources appear
# with the stamp, so they are declared as its products.
$(LIBFDT_STAMP): $(LIBFDT_TARBALL)
	$(Q)rm -rf $(LIBFDT_SRC) && mkdir -p $(LIBFDT_SRC)
	$(Q)tar -xJf $< -C $(LIBFDT_SRC) --strip-components=4 $(LIBFDT_TAR_PATH)
	$(Q)test -f $(LIBFDT_SRC)/libfdt.h
	$(Q)touch $@

$(addprefix $(LIBFDT_SRC)/,$(LIBFDT_HOST_NAMES)): $(LIBFDT_STAMP) ;

$(LIBFDT_FW_STAMP): $(LIBFDT_STAMP)
	$(Q)rm -rf $(LIBFDT_FW_SRC) && mkdir -p $(LIBFDT_FW_SRC)
	$(Q)cp $(LIBFDT_SRC)/*.c $(LIBFDT_SRC)/*.h $(LIBFDT_FW_SRC)/
	$(Q)rm $(LIBFDT_FW_SRC)/libfdt_env.h
	$(Q)touch $@

$(addprefix $(LIBFDT_FW_SRC)/,$(LIBFDT_NAMES)): $(LIBFDT_FW_STAMP) ;

# ---- host: plain and sanitised ----

$(BUILD)/host/libfdt/%.o: $(LIBFDT_SRC)/%.c $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(LIBFDT_CFLAGS) -I$(LIBFDT_SRC) -c $< -o $@

$(BUILD)/host-asan/libfdt/%.o: $(LIBFDT_SRC)/%.c $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(LIBFDT_CFLAGS) $(SAN_FLAGS) -I$(LIBFDT_SRC) -c $< -o $@

$(LIBFDT_HOST): $(patsubst %.c,$(BUILD)/host/libfdt/%.o,$(LIBFDT_HOST_NAMES))
	$(Q)rm -f $@ && ar rcs $@ $^

$(LIBFDT_ASAN): $(patsubst %.c,$(BUILD)/host-asan/libfdt/%.o,$(LIBFDT_HOST_NAMES))
	$(Q)rm -f $@ && ar rcs $@ $^

# ---- firmware: freestanding, one archive per XLEN ----

LIBFDT_FW_CC ?= riscv64-unknown-elf-gcc
LIBFDT_FW_AR ?= riscv64-unknown-elf-ar
# medany on both: the firmware is a static PIE (mk/firmware.mk), which
# takes PC-relative addressing only (medlow's lui is refused).
LIBFDT_ARCH_rv64 := -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
LIBFDT_ARCH_rv32 := -march=rv32imac_zicsr_zifencei -mabi=ilp32 -mcmodel=medany
# Sections per function so that a --gc-sections link keeps only what the
# firmware calls.
LIBFDT_FW_OPT := -O2 -g -ffunction-sections -fdata-sections

# lib/string.c must not be "optimised" into calls to itself: GCC turns a
# byte-copy loop into a memcpy() call (loop distribution) even with
# -ffreestanding -fno-builtin.
LIB_STRING_CFLAGS := -ffreestanding -fno-builtin \
	-fno-tree-loop-distribute-patterns

LIBFDT_FW_rv64 := $(BUILD)/fw-rv64/libfdt.a
LIBFDT_FW_rv32 := $(BUILD)/fw-rv32/libfdt.a
# memcpy, strlen, ... for the firmware; link after libfdt.a.
LIBSTRING_FW_rv64 := $(BUILD)/fw-rv64/libstring.a
LIBSTRING_FW_rv32 := $(BUILD)/fw-rv32/libstring.a

# The makefiles that set the flags: an object built with other flags is
# stale (e.g. without -ffixed-t3..t6, which scripts/fw-fixed-regs.sh
# would then refuse).
LIBFDT_FW_FLAG_SRCS := mk/common.mk mk/libfdt.mk

# $(1) = rv64 or rv32
define LIBFDT_FW_RULES
$(BUILD)/fw-$(1)/libfdt/%.o: $(LIBFDT_FW_SRC)/%.c lib/libfdt_env.h lib/string.h \
		$(LIBFDT_FW_FLAG_SRCS)
	@mkdir -p $$(dir $$@)
	$(Q)$(LIBFDT_FW_CC) $(FREESTANDING_CFLAGS) $(LIBFDT_ARCH_$(1)) \
		$(LIBFDT_FW_OPT) $(FW_REG_CFLAGS) -w $(LIBFDT_FW_INC) -c $$< -o $$@

$(LIBFDT_FW_$(1)): $(patsubst %.c,$(BUILD)/fw-$(1)/libfdt/%.o,$(LIBFDT_NAMES))
	$(Q)rm -f $$@ && $(LIBFDT_FW_AR) rcs $$@ $$^

$(BUILD)/fw-$(1)/lib/string.o: lib/string.c lib/string.h $(LIBFDT_FW_FLAG_SRCS)
	@mkdir -p $$(dir $$@)
	$(Q)$(LIBFDT_FW_CC) $(FREESTANDING_CFLAGS) $(LIBFDT_ARCH_$(1)) \
		$(LIBFDT_FW_OPT) $(FW_REG_CFLAGS) $(LIB_STRING_CFLAGS) -c $$< -o $$@

$(LIBSTRING_FW_$(1)): $(BUILD)/fw-$(1)/lib/string.o
	$(Q)rm -f $$@ && $(LIBFDT_FW_AR) rcs $$@ $$^
endef

$(eval $(call LIBFDT_FW_RULES,rv64))
$(eval $(call LIBFDT_FW_RULES,rv32))

.PHONY: libfdt-fw
libfdt-fw: $(LIBFDT_FW_rv64) $(LIBFDT_FW_rv32) $(LIBSTRING_FW_rv64) \
	$(LIBSTRING_FW_rv32)

# ---- lib/string.c under its host test ----

# The host test links lib/string.c beside libc, so its functions are
# renamed lib_memcpy, ... (tests/unit/lib_string_rename.h) and the test
# compares each against libc's.
LIB_STRING_HOST_FLAGS := $(LIB_STRING_CFLAGS) \
	-include tests/unit/lib_string_rename.h

$(BUILD)/host/obj/lib/string_renamed.o: lib/string.c lib/string.h \
		tests/unit/lib_string_rename.h
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(LIB_STRING_HOST_FLAGS) -c $< -o $@

$(BUILD)/host-asan/obj/lib/string_renamed.o: lib/string.c lib/string.h \
		tests/unit/lib_string_rename.h
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(LIB_STRING_HOST_FLAGS) \
		-c $< -o $@

# Extra link inputs of the test programs (the link recipe uses $^).
$(BUILD)/host/unit/test_string: $(BUILD)/host/obj/lib/string_renamed.o
$(BUILD)/host-asan/unit/test_string: $(BUILD)/host-asan/obj/lib/string_renamed.o

ALL_TARGETS += libfdt-fw
