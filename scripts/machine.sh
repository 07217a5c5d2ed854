# SPDX-License-Identifier: BSD-2-Clause
#
# The QEMU machines, in one place (sourced, not run): what each needs on
# QEMU's command line and on Linux's. Every launcher that boots Linux
# takes MACHINE (virt, spike, sifive_u) and HARTS from here instead of
# spelling `-M virt` itself. After `machine_setup MACHINE ARCH HARTS
# SSCOFPMF [CPU_OPTS]`:
#   MACHINE_QEMU      the qemu-system binary
#   MACHINE_ARGS[@]   -M ..., -cpu ... (where the machine takes one), -smp
#   MACHINE_DUMPDTB   the -M value that dumps this machine's tree: append
#                     ",dumpdtb=FILE"
#   MACHINE_CONSOLE   Linux's console= and earlycon= arguments
#   MACHINE_POWEROFF  "reboot" where the machine cannot power off (the
#                     guest then reboots and QEMU, with -no-reboot, exits)
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
	*)
		echo "machine.sh: unknown MACHINE '$machine' (virt, spike, sifive_u)" >&2
		return 2
		;;
	esac
}
