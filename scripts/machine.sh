# SPDX-License-Identifier: BSD-2-Clause
#
# The QEMU machines, in one place (sourced, not run): what each needs on
# QEMU's command line and on Linux's. Every launcher that boots Linux
# takes MACHINE (virt, spike, sifive_u, icicle) and HARTS from here instead of
# spelling `-M virt` itself. After `machine_setup MACHINE ARCH HARTS
# SSCOFPMF [CPU_OPTS]`:
#   MACHINE_QEMU      the qemu-system binary
#   MACHINE_ARGS[@]   -M ..., -cpu ... (where the machine takes one), -smp
#   MACHINE_DUMPDTB   the -M value that dumps this machine's tree: append
#                     ",dumpdtb=FILE"
#   MACHINE_CONSOLE   Linux's console= and earlycon= arguments
#   MACHINE_POWEROFF  "reboot" where the machine cannot power off (the
#                     guest then reboots and QEMU, with -no-reboot, exits);
#                     "marker" where it can do neither (no reset device):
#                     the launcher ends QEMU once the guest's /init has
#                     printed its end marker
#   MACHINE_MEM       the -m the machine needs, overriding the caller's
#                     (empty: the caller's)
#   MACHINE_DTB       the tree to boot instead of QEMU's (empty: QEMU's)
#   MACHINE_LINUX_CPUS  how many harts Linux gets (sifive_u's hart 0 has
#                     no S-mode)
#   MACHINE_CPU       the -cpu value
# Two variables from the environment (make run CPU=... VIRT_OPTS=...):
#   CPU               a QEMU -cpu model (max, rva23s64, veyron-v1, ...)
#                     instead of the generic rv64/rv32 with sscofpmf=...:
#                     a named model keeps the extensions it has
#   VIRT_OPTS         more -M virt properties, e.g. aia=aplic-imsic
# docs/firmware.md, "Machines", says what each machine offers.

machine_setup() {
	local machine=$1 arch=$2 harts=$3 sscofpmf=$4 cpu_opts=${5:-}
	local cpu="$arch,sscofpmf=$sscofpmf${cpu_opts:+,$cpu_opts}"

	[ -z "${CPU:-}" ] || cpu="$CPU${cpu_opts:+,$cpu_opts}"
	MACHINE_CPU=$cpu

	MACHINE_QEMU=qemu-system-riscv64
	[ "$arch" = rv32 ] && MACHINE_QEMU=qemu-system-riscv32
	MACHINE_POWEROFF=poweroff
	MACHINE_LINUX_CPUS=$harts
	MACHINE_MEM=
	MACHINE_DTB=
	case $machine in
	virt)
		MACHINE_DUMPDTB=virt
		MACHINE_ARGS=(-M "virt${VIRT_OPTS:+,$VIRT_OPTS}" -cpu "$cpu" -smp "$harts")
		# The 8250 earlycon works on any firmware; earlycon=sbi needs DBCN.
		MACHINE_CONSOLE="console=ttyS0 earlycon=uart8250,mmio,0x10000000"
		;;
	spike)
		MACHINE_DUMPDTB=spike
		MACHINE_ARGS=(-M spike -cpu "$cpu" -smp "$harts")
		# No UART: HTIF belongs to the firmware, Linux writes through DBCN.
		MACHINE_CONSOLE="console=hvc0 earlycon=sbi"
		;;
	sifive_u)
		# Fixed CPUs: an E51 (hart 0, no S-mode) and U54s without
		# Sscofpmf; -smp counts both kinds.
		MACHINE_DUMPDTB=sifive_u
		MACHINE_ARGS=(-M sifive_u -smp "$((harts + 1))")
		MACHINE_CONSOLE="console=ttySIF0 earlycon=sbi"
		# QEMU 10's sifive,uart0 drops characters under Linux's
		# driver, on every firmware (3 of 22 step markers mangled
		# per boot, ttySIF0; none through the firmware's DBCN): the
		# console is hvc0 there, over SBI.
		if "$MACHINE_QEMU" --version | grep -q "version \(1[0-9]\|[2-9][0-9]\)\."; then
			MACHINE_CONSOLE="console=hvc0 earlycon=sbi"
		fi
		MACHINE_POWEROFF=reboot
		;;
	icicle)
		# Microchip's PolarFire SoC Icicle Kit: an E51 monitor hart
		# (hart 0, no S-mode, parked by the firmware) and 4 U54s
		# without Sscofpmf, all fixed. It boots Linux 6.12's own tree
		# (mk/boards.mk compiles it), which lists all four U54s and
		# puts high DDR at 0x10_4000_0000: only -smp 5 and 3 GiB
		# match it. serial0 is the E51's UART, serial1 (ttyS1, the
		# tree's stdout-path) the U54s'.
		if [ "$arch" != rv64 ] || [ "$harts" != 4 ]; then
			echo "machine.sh: icicle is RV64 with 4 U54s (HARTS=4), not $arch with $harts" >&2
			return 2
		fi
		MACHINE_DUMPDTB=microchip-icicle-kit
		MACHINE_ARGS=(-M microchip-icicle-kit -smp 5
			-serial null -serial mon:stdio -monitor none)
		MACHINE_MEM=3G
		MACHINE_DTB=${BUILD:-build}/boards/dtb/microchip/mpfs-icicle-kit.dtb
		# earlycon without a value: the tree's stdout-path
		MACHINE_CONSOLE="console=ttyS1 earlycon"
		# The tree has no reset device: power-off and reboot both
		# leave QEMU running, on every firmware.
		MACHINE_POWEROFF=marker
		;;
	*)
		echo "machine.sh: unknown MACHINE '$machine' (virt, spike, sifive_u, icicle)" >&2
		return 2
		;;
	esac
}
