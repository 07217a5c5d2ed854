# SPDX-License-Identifier: BSD-2-Clause
#
# The Debian package (scripts/deb-build.sh says what it holds):
#   make deb        $(BUILD)/deb/sbipmu_<version>_<arch>.deb
#   make deb-check  install it into a temporary root, use pmu-dt from it
#                   and boot Linux + perf from its RV64 image beside
#                   Debian's opensbi (scripts/deb-check.sh)
# The version is the firmware's (FW_VERSION_MAJOR/MINOR, cpu/fw_defs.h).

DEB_DIR := $(BUILD)/deb
DEB_VERSION := $(shell awk '/define FW_VERSION_MAJOR/ { a = $$3 } \
	/define FW_VERSION_MINOR/ { b = $$3 } END { print a "." b }' \
	firmware/cpu/fw_defs.h)
DEB_OPENSBI_ROOT := $(TOOLS)/opensbi-1.5.1/root
# pmu-dt by path: mk/tools.mk, which names it PMU_DT, is read after this.
DEB_PMU_DT := $(BUILD)/tools/pmu-dt

.PHONY: deb deb-check
deb: firmware $(DEB_PMU_DT)
	$(Q)mkdir -p $(DEB_DIR)
	$(Q)scripts/deb-build.sh $(FW_DIR) $(DEB_PMU_DT) $(DEB_DIR) $(DEB_VERSION) \
		>$(DEB_DIR)/latest
	$(Q)echo "[deb] $$(cat $(DEB_DIR)/latest)"

deb-check: deb linux
	$(Q)BUILD=$(BUILD) scripts/deb-check.sh "$$(cat $(DEB_DIR)/latest)" \
		$(DEB_OPENSBI_ROOT)
