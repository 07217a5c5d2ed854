# SPDX-License-Identifier: BSD-2-Clause
#
# Host builds: the core, the binding parser, the firmware's pure files
# ($(FW_HOST_SRCS)) and the simulated hart as a library, each
# tests/unit/test_*.c as a cmocka program, all of it twice (plain and
# with ASan+UBSan). New tests need no edit here (but a test that
# compiles firmware files into itself names them: the end of this file).

HOST_DIR := $(BUILD)/host
ASAN_DIR := $(BUILD)/host-asan

HOST_LIB_SRCS := $(CORE_SRCS) $(sort $(wildcard binding/*.c)) \
	$(FW_HOST_SRCS) $(sort $(wildcard tests/sim/*.c))
UNIT_TEST_SRCS := $(sort $(wildcard tests/unit/test_*.c))
UNIT_TESTS := $(patsubst tests/unit/%.c,%,$(UNIT_TEST_SRCS))
TEST_HDRS := $(wildcard include/sbipmu/*.h tests/sim/*.h tests/unit/*.h \
	core/*.h binding/*.h firmware/cpu/*.h firmware/rt/*.h)

# -Ifirmware: the firmware's pure files name their folder ("rt/hart.h").
HOST_INC := -Iinclude -Itests -Ifirmware -I$(LIBFDT_SRC)
# The core's accesses to supervisor memory go through the simulated
# memory, which judges each one (include/sbipmu/sbi_shmem.h).
HOST_DEFS := -DSBIPMU_SHMEM_TRACE

$(HOST_DIR)/obj/%.o: %.c $(TEST_HDRS) $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(HOST_DEFS) $(HOST_INC) -c $< -o $@

$(ASAN_DIR)/obj/%.o: %.c $(TEST_HDRS) $(LIBFDT_STAMP)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) $(HOST_DEFS) $(HOST_INC) -c $< -o $@

HOST_LIB_OBJS := $(patsubst %.c,$(HOST_DIR)/obj/%.o,$(HOST_LIB_SRCS))
ASAN_LIB_OBJS := $(patsubst %.c,$(ASAN_DIR)/obj/%.o,$(HOST_LIB_SRCS))

$(HOST_DIR)/libsbipmu.a: $(HOST_LIB_OBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

$(ASAN_DIR)/libsbipmu.a: $(ASAN_LIB_OBJS)
	$(Q)rm -f $@ && ar rcs $@ $^

$(HOST_DIR)/unit/%: $(HOST_DIR)/obj/tests/unit/%.o $(HOST_DIR)/libsbipmu.a $(LIBFDT_HOST)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $^ -lcmocka -o $@

$(ASAN_DIR)/unit/%: $(ASAN_DIR)/obj/tests/unit/%.o $(ASAN_DIR)/libsbipmu.a $(LIBFDT_ASAN)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(SAN_FLAGS) $^ -lcmocka -o $@

.PHONY: unit unit-asan host
host: $(HOST_DIR)/libsbipmu.a

unit: $(addprefix $(HOST_DIR)/unit/,$(UNIT_TESTS))
	$(Q)scripts/run-unit.sh $^

unit-asan: $(addprefix $(ASAN_DIR)/unit/,$(UNIT_TESTS))
	$(Q)scripts/run-unit.sh $^

# Tests that compile driver files into themselves (register models).
I2C_TEST_DEPS := firmware/dev/i2c_dw.c firmware/dev/i2c_ocores.c \
	$(wildcard firmware/dev/*.h)
$(HOST_DIR)/obj/tests/unit/test_i2c_drivers.o: $(I2C_TEST_DEPS)
$(ASAN_DIR)/obj/tests/unit/test_i2c_drivers.o: $(I2C_TEST_DEPS)
DEV_REG_TEST_DEPS := firmware/dev/plicsw.c firmware/dev/renesas_scif.c \
	firmware/dev/sifive_gpio.c firmware/dev/starfive_gpio.c \
	$(wildcard firmware/dev/*.h)
$(HOST_DIR)/obj/tests/unit/test_dev_registers.o: $(DEV_REG_TEST_DEPS)
$(ASAN_DIR)/obj/tests/unit/test_dev_registers.o: $(DEV_REG_TEST_DEPS)

# A test that links the firmware's driver files themselves, built for the
# host as the board report builds them (mk/boards.mk), their sections
# gathered by the board report's linker script: what it checks is the
# drivers as registered. The ASan build links the same plain driver
# objects (instrumented globals would no longer lie end to end).
DRIVERS_TEST_LD := tools/board-report/board-report.ld
DRIVERS_TEST_OBJS := $(patsubst %.c,$(HOST_DIR)/obj/%.o,$(BOARD_DRIVER_SRCS))
$(HOST_DIR)/obj/tests/unit/test_dev_drivers.o \
$(ASAN_DIR)/obj/tests/unit/test_dev_drivers.o: $(wildcard firmware/dev/*.h)
$(HOST_DIR)/unit/test_dev_drivers: $(HOST_DIR)/obj/tests/unit/test_dev_drivers.o \
		$(DRIVERS_TEST_OBJS) $(HOST_DIR)/libsbipmu.a $(LIBFDT_HOST) \
		$(DRIVERS_TEST_LD)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(filter %.o %.a,$^) -Wl,-T,$(DRIVERS_TEST_LD) -lcmocka -o $@

$(ASAN_DIR)/unit/test_dev_drivers: $(ASAN_DIR)/obj/tests/unit/test_dev_drivers.o \
		$(DRIVERS_TEST_OBJS) $(ASAN_DIR)/libsbipmu.a $(LIBFDT_ASAN) \
		$(DRIVERS_TEST_LD)
	@mkdir -p $(dir $@)
	$(Q)$(HOST_CC) $(SAN_FLAGS) $(filter %.o %.a,$^) \
		-Wl,-T,$(DRIVERS_TEST_LD) -lcmocka -o $@
