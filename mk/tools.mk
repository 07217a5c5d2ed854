# SPDX-License-Identifier: BSD-2-Clause
#
# Host tools and the device trees the tests read:
#   $(BUILD)/tools/pmu-dt   the riscv,pmu node checker (tools/pmu-dt/)
#   $(BUILD)/tests/data/*.dtb  tests/data/*.dts compiled with dtc
# The binding tests find the blobs through TEST_DATA_DIR (compiled in)
# or the SBIPMU_TEST_DATA_DIR environment variable.

PMU_DT := $(BUILD)/tools/pmu-dt
# pmu-dt needs only the parser and the map builder, not the whole core.
PMU_DT_OBJS := $(HOST_DIR)/obj/tools/pmu-dt/pmu-dt.o \
	$(HOST_DIR)/obj/core/pmu_map.o $(HOST_DIR)/obj/binding/pmu_fdt.o

$(PMU_DT): $(PMU_DT_OBJS) $(LIBFDT_HOST)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $^ -o $@

TEST_DATA_DIR := $(abspath $(BUILD))/tests/data
TEST_DTS := $(sort $(wildcard tests/data/*.dts))
# Blobs no .dts can express (the device-tree fuzzer's finds) are kept
# as they are and copied beside the compiled ones.
TEST_RAW_DTBS := $(sort $(wildcard tests/data/*.dtb))
TEST_DTBS := $(patsubst tests/data/%.dts,$(TEST_DATA_DIR)/%.dtb,$(TEST_DTS)) \
	$(patsubst tests/data/%,$(TEST_DATA_DIR)/%,$(TEST_RAW_DTBS))

# -q: the QEMU tree is dtc's own decompilation and draws style warnings.
$(TEST_DATA_DIR)/%.dtb: tests/data/%.dts
	@mkdir -p $(dir $@)
	$(Q)dtc -q -I dts -O dtb -o $@ $<

$(TEST_DATA_DIR)/%.dtb: tests/data/%.dtb
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

$(HOST_DIR)/obj/tests/unit/test_pmu_fdt.o \
$(ASAN_DIR)/obj/tests/unit/test_pmu_fdt.o \
$(HOST_DIR)/obj/tests/unit/test_platform_fdt.o \
$(ASAN_DIR)/obj/tests/unit/test_platform_fdt.o \
$(HOST_DIR)/obj/tests/unit/test_dev_fdt.o \
$(HOST_DIR)/obj/tests/unit/test_dev_fdt_aia.o \
$(ASAN_DIR)/obj/tests/unit/test_dev_fdt_aia.o \
$(HOST_DIR)/obj/tests/unit/test_dev_drivers.o \
$(ASAN_DIR)/obj/tests/unit/test_dev_drivers.o \
$(ASAN_DIR)/obj/tests/unit/test_dev_fdt.o: \
	HOST_CFLAGS += -DTEST_DATA_DIR='"$(TEST_DATA_DIR)"'

# Order-only: the blobs must exist before the tests run, but must not
# join the link ($^) of the test programs or run-unit.sh's list.
unit unit-asan: | $(TEST_DTBS)

.PHONY: tools test-data
tools: $(PMU_DT)
test-data: $(TEST_DTBS)

ALL_TARGETS += $(PMU_DT)
