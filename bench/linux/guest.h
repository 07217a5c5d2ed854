/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the benchmark guests' first processes (bench-init, bench-sample)
 * share: mounting a pseudo file system and reading a "key=value" of the
 * kernel command line (the kernel does not pass dotted parameters to
 * init). Each program is one static binary, so these are static here.
 */
#ifndef SBIPMU_BENCH_GUEST_H
#define SBIPMU_BENCH_GUEST_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

/* Mount @type on @dir; EBUSY (already mounted) is fine. */
static void guest_mount(const char *who, const char *type, const char *dir,
			unsigned long flags, const char *data)
{
	if (mount(type, dir, type, flags, data) != 0 && errno != EBUSY)
		fprintf(stderr, "%s: mount %s: %s\n", who, dir,
			strerror(errno));
}

/* Value of "@key=" in /proc/cmdline into @out, if present. */
static void guest_cmdline_arg(const char *key, char *out, size_t size)
{
	char line[1024], *p;
	size_t len = strlen(key);
	FILE *f = fopen("/proc/cmdline", "r");

	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		for (p = strtok(line, " \n"); p; p = strtok(NULL, " \n"))
			if (!strncmp(p, key, len) && p[len] == '=')
				snprintf(out, size, "%s", p + len + 1);
	}
	fclose(f);
}

/* Number in "@key=" of /proc/cmdline (any base strtoul takes), or @dflt. */
static unsigned long guest_cmdline_ulong(const char *key, unsigned long dflt)
{
	char val[24];

	snprintf(val, sizeof(val), "%lu", dflt);
	guest_cmdline_arg(key, val, sizeof(val));
	return strtoul(val, NULL, 0);
}

#endif
