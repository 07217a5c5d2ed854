#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
#
# Boots the sbipmu Linux guest (built by `make linux`) under QEMU (virt,
# spike, sifive_u or icicle: scripts/machine.sh) on an M-mode FIRMWARE and shows
# the console. The guest's /init runs the perf
# demo and powers off, so QEMU exits by itself; a host-side timeout bounds
# the run anyway. A machine that can neither power off nor reboot (icicle:
# its tree has no reset device) leaves QEMU running after the power-off:
# there the launcher itself ends QEMU (SIGTERM, by QEMU's -pidfile) once
# /init has printed its end marker, and says so in the log. The console
# is also written to a log file.
# Exit code: QEMU's (0 after a clean power-off, or the launcher's end),
# 124 on timeout.
#
# usage: linux-run.sh FIRMWARE [options] [-- extra qemu args]
#   --arch A          rv64 (default) or rv32: qemu-system-riscv32 and
#                     the RV32 guest ($BUILD/linux-rv32/Image)
#   --machine M       virt (default), spike, sifive_u or icicle
#   --smp N           harts Linux gets (default 2)
#   --no-sscofpmf     run the CPU without Sscofpmf (default: with)
#   --cpu-opts LIST   more -cpu properties, e.g. sstc=false
#   --mode demo|check guest test mode (sbipmu.mode=..., default demo)
#   --append ARGS     extra kernel command line arguments
#   --kernel FILE     kernel Image (default $BUILD/linux/Image, or
#                     $BUILD/linux-rv32/Image with --arch rv32); `none`
#                     for a firmware that carries its kernel (fw_payload):
#                     no -kernel, and the command line goes to the tree's
#                     /chosen/bootargs (QEMU takes -append only with
#                     -kernel)
#   --dtb FILE        device tree to pass instead of QEMU's generated one
#                     (icicle: default Linux's mpfs-icicle-kit.dtb)
#   --chosen K=V      firmware option: QEMU's own device tree for this
#                     machine with /chosen/K = "V" (repeatable), e.g.
#                     --chosen sbipmu,snapshot=on  --chosen sbipmu,trace=256
#   --mem SIZE        guest RAM (default 512M; icicle: always 3G)
#   --timeout SECS    host-side limit for the whole boot (default 300)
#   --log FILE        console log (default run.log next to the Image)
#   --quiet           do not echo the console, only write the log
#   --boot B          how the kernel is started (default $BOOT, else direct):
#                     direct      QEMU's -kernel, the firmware's next stage
#                     uboot       Debian's U-Boot (u-boot-qemu, S-mode) is the
#                                 next stage; it prints `sbi`, loads the
#                                 Image from a virtio disk (ext4, made
#                                 here beside the log) and `booti`s it
#                     uboot-efi   the same with `bootefi`: Linux's EFI stub
#                                 (RV64, virt only)
set -euo pipefail

usage() {
	sed -n '/^# usage:/,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
}

BUILD=${BUILD:-build}
firmware=""
arch=rv64
smp=2
machine=${MACHINE:-virt}
sscofpmf=true
cpu_opts=""
mode=demo
append=""
kernel=""
dtb=""
mem=512M
timeout_s=300
log=""
quiet=0
qemu_extra=()
chosen=()
boot=${BOOT:-direct}
# Debian's u-boot-qemu: the S-mode build QEMU's -kernel can start.
UBOOT=${UBOOT:-/usr/lib/u-boot/qemu-riscv64_smode/u-boot.bin}
# Where U-Boot loads the Image: 64 MiB into RAM, clear of the firmware,
# U-Boot (0x80200000, relocated to the top) and its heap.
UBOOT_IMAGE_ADDR=0x84000000

while [ $# -gt 0 ]; do
	case $1 in
	--arch) arch=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--machine) machine=$2; shift 2 ;;
	--sscofpmf) sscofpmf=true; shift ;;
	--no-sscofpmf) sscofpmf=false; shift ;;
	--cpu-opts) cpu_opts=$2; shift 2 ;;
	--mode) mode=$2; shift 2 ;;
	--append) append="$append $2"; shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--dtb) dtb=$2; shift 2 ;;
	--chosen) chosen+=("$2"); shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--log) log=$2; shift 2 ;;
	--quiet) quiet=1; shift ;;
	--boot) boot=$2; shift 2 ;;
	--firmware) firmware=$2; shift 2 ;;
	--) shift; qemu_extra=("$@"); break ;;
	-h | --help) usage ;;
	-*) echo "linux-run: unknown option $1" >&2; usage ;;
	*)
		[ -z "$firmware" ] || usage
		firmware=$1
		shift
		;;
	esac
done

[ -n "$firmware" ] || usage
case $arch in
rv64) guest_dir="$BUILD/linux" ;;
rv32) guest_dir="$BUILD/linux-rv32" ;;
*) echo "linux-run: unknown --arch $arch (rv64, rv32)" >&2; usage ;;
esac
kernel=${kernel:-$guest_dir/Image}
log=${log:-$guest_dir/run.log}
payload=0
if [ "$kernel" = none ]; then
	payload=1
	kernel=""
fi
for f in "$firmware" ${kernel:+"$kernel"} ${dtb:+"$dtb"}; do
	if [ ! -f "$f" ]; then
		echo "linux-run: $f not found (run 'make linux' / build the firmware)" >&2
		exit 2
	fi
done

. "$(dirname "$0")/machine.sh"
machine_setup "$machine" "$arch" "$smp" "$sscofpmf" "$cpu_opts"
cpu=$MACHINE_CPU
mem=${MACHINE_MEM:-$mem}
dtb=${dtb:-$MACHINE_DTB}
if [ -n "$dtb" ] && [ ! -f "$dtb" ]; then
	echo "linux-run: $dtb not found (make icicle-dtb builds the icicle tree)" >&2
	exit 2
fi

# panic=-1 plus -no-reboot: a kernel panic ends the run at once.
cmdline="$MACHINE_CONSOLE panic=-1 sbipmu.mode=$mode$append"
[ "$MACHINE_POWEROFF" != reboot ] || cmdline="$cmdline sbipmu.poweroff=reboot"
if [ "$payload" -eq 1 ]; then
	[ "$boot" = direct ] || { echo "linux-run: --kernel none: --boot direct only" >&2; exit 2; }
	chosen+=("bootargs=$cmdline")
fi

# Firmware options go in /chosen of the device tree QEMU would generate
# for this very machine (or of the one given with --dtb).
if [ ${#chosen[@]} -gt 0 ]; then
	opt_dtb="$(dirname "$log")/$(basename "$log" .log).chosen.dtb"
	if [ -z "$dtb" ] && [ "$machine" != virt ]; then
		# this machine's own tree (chosen-dtb.sh dumps virt's)
		dtb="${opt_dtb%.dtb}.base.dtb"
		dump_args=("${MACHINE_ARGS[@]}")
		dump_args[1]="$MACHINE_DUMPDTB,dumpdtb=$dtb"
		"$MACHINE_QEMU" "${dump_args[@]}" -m "$mem" -bios "$firmware" \
			-display none -serial null -monitor none </dev/null \
			>/dev/null 2>&1
	fi
	"$(dirname "$0")/chosen-dtb.sh" "$opt_dtb" "${dtb:--}" \
		"$MACHINE_QEMU" "$cpu" "$smp" "$mem" "$firmware" "${chosen[@]}"
	dtb=$opt_dtb
fi
qemu=("$MACHINE_QEMU" "${MACHINE_ARGS[@]}" -m "$mem"
	-nographic -no-reboot -bios "$firmware")
case $boot in
direct) [ "$payload" -eq 1 ] || qemu+=(-kernel "$kernel" -append "$cmdline") ;;
uboot | uboot-efi)
	if [ "$machine" != virt ] || [ "$arch" != rv64 ]; then
		echo "linux-run: --boot $boot: virt and rv64 only" >&2
		exit 2
	fi
	[ -f "$UBOOT" ] || { echo "linux-run: $UBOOT not found (make setup installs u-boot-qemu)" >&2; exit 2; }
	# U-Boot is the firmware's next stage. It loads the kernel from a
	# disk, as a distribution's would (an ext4 image holding /Image, on
	# virtio), and boots it with the tree the firmware handed on
	# ($fdtcontroladdr) and the command line in bootargs.
	disk="$(dirname "$log")/$(basename "$log" .log).boot.img"
	rm -rf "$disk.d" && mkdir -p "$disk.d" && cp "$kernel" "$disk.d/Image"
	rm -f "$disk"
	mke2fs -q -t ext4 -d "$disk.d" "$disk" \
		"$(($(stat -c %s "$kernel") / 1048576 + 8))M" </dev/null
	rm -rf "$disk.d"
	qemu+=(-kernel "$UBOOT" -drive "file=$disk,format=raw,if=none,id=bootdisk"
		-device virtio-blk-device,drive=bootdisk)
	start="booti $UBOOT_IMAGE_ADDR - \${fdtcontroladdr}"
	[ "$boot" = uboot ] || start="bootefi $UBOOT_IMAGE_ADDR \${fdtcontroladdr}"
	qemu=("$(dirname "$0")/uboot-console.py" --cmd sbi --cmd "virtio scan"
		--cmd "load virtio 0 $UBOOT_IMAGE_ADDR /Image"
		--cmd "setenv bootargs '$cmdline'" --cmd "$start" -- "${qemu[@]}")
	;;
*) echo "linux-run: unknown --boot $boot (direct, uboot, uboot-efi)" >&2; usage ;;
esac
[ -z "$dtb" ] || qemu+=(-dtb "$dtb")
pidfile=""
if [ "$MACHINE_POWEROFF" = marker ]; then
	pidfile="$(dirname "$log")/$(basename "$log" .log).qemu.pid"
	rm -f "$pidfile"
	qemu+=(-pidfile "$pidfile")
fi
qemu+=("${qemu_extra[@]}")

END_MARKER="=== sbipmu: done ==="
# end_at_marker: for a machine without a reset device. Waits until /init
# prints its end marker (or QEMU ends by itself), gives the kernel up to
# 5 s for its power-off attempt (whose last line, "reboot: Power down",
# is then in the log), says what it does, and ends QEMU with SIGTERM,
# on which QEMU exits 0.
end_at_marker() {
	local started=0 _
	while ! grep -aqF "$END_MARKER" "$log"; do
		if [ -s "$pidfile" ]; then
			started=1
			kill -0 "$(cat "$pidfile")" 2>/dev/null || return 0
		elif [ "$started" -eq 1 ]; then
			return 0 # QEMU ended and removed its pidfile
		fi
		sleep 1
	done
	for _ in 1 2 3 4 5; do
		! grep -aqE "reboot: Power down|init: power off failed" "$log" || break
		sleep 1
	done
	local msg="linux-run: $END_MARKER seen and $machine has no reset device: QEMU ended by the launcher (SIGTERM)"
	echo "$msg" >>"$log"
	[ "$quiet" -eq 1 ] || echo "$msg" >&2
	[ ! -s "$pidfile" ] || kill -TERM "$(cat "$pidfile")" 2>/dev/null || true
}

mkdir -p "$(dirname "$log")"
echo "linux-run: ${qemu[*]}" >"$log"
[ "$quiet" -eq 1 ] || echo "linux-run: ${qemu[*]}"
watcher=""
if [ -n "$pidfile" ]; then
	end_at_marker </dev/null &
	watcher=$!
fi
rc=0
if [ -t 0 ]; then
	# Interactive: QEMU must stay in the terminal's foreground process
	# group (else SIGTTIN stops it); Ctrl-A X quits it.
	set +e
	timeout --foreground -k 5 "$timeout_s" "${qemu[@]}" 2>&1 | tee -a "$log"
	rc=${PIPESTATUS[0]}
	set -e
else
	# Scripted: timeout puts QEMU in its own process group, so a signal
	# to us (Ctrl-C on linux-check, a CI timeout) must be passed on.
	exec </dev/null
	if [ "$quiet" -eq 1 ]; then
		timeout -k 5 "$timeout_s" "${qemu[@]}" >>"$log" 2>&1 &
	else
		timeout -k 5 "$timeout_s" "${qemu[@]}" > >(tee -a "$log") 2>&1 &
	fi
	qpid=$!
	interrupted=0
	trap 'interrupted=1; kill -TERM "$qpid" 2>/dev/null || true' INT TERM HUP
	# wait returns early when a trapped signal arrives: wait until it is gone.
	while :; do
		wait "$qpid" && rc=0 || rc=$?
		kill -0 "$qpid" 2>/dev/null || break
	done
	trap - INT TERM HUP
	if [ "$interrupted" -eq 1 ]; then
		[ -z "$watcher" ] || kill "$watcher" 2>/dev/null || true
		echo "linux-run: interrupted, QEMU stopped" >&2
		exit 143
	fi
fi
[ -z "$watcher" ] || { kill "$watcher" 2>/dev/null || true; wait "$watcher" 2>/dev/null || true; }
[ "$rc" -ne 124 ] || echo "linux-run: TIMEOUT after ${timeout_s}s" | tee -a "$log" >&2
exit "$rc"
