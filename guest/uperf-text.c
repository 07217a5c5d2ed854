/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uperf's text in and out, on the libc's stdio (glibc, or nolibc with
 * ulib). Out: perf's layouts are printf formats, and each line or
 * message is formatted whole and written with one write(2), so that it
 * stays in one piece on a pipe or console that stdout and stderr share.
 * In: lines through fgets, with the cut of an overlong line made
 * explicit, and the one number format nolibc cannot parse (decimals).
 */
#include "uperf.h"

#include <stdarg.h>

int uperf_write(int fd, const char *s, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, s + done, len - done);

		if (n <= 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

void uperf_say(int fd, const char *fmt, ...)
{
	char buf[1024], *text = buf;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	/* Rare (a long command line): the whole of it, still one write. */
	if ((size_t)n >= sizeof(buf)) {
		text = malloc((size_t)n + 1);
		if (text) {
			va_start(ap, fmt);
			vsnprintf(text, (size_t)n + 1, fmt, ap);
			va_end(ap);
		} else {
			text = buf;
			n = (int)sizeof(buf) - 1;
		}
	}
	uperf_write(fd, text, (size_t)n);
	if (text != buf)
		free(text);
}

char *uperf_next_line(FILE *f, char *buf, int size)
{
	char rest[256];
	size_t len;

	if (!fgets(buf, size, f))
		return NULL;
	len = strlen(buf);
	if (len && buf[len - 1] == '\n') {
		buf[len - 1] = '\0';
		return buf;
	}
	/* No newline: the last line, or one cut by fgets; skip the rest. */
	while (fgets(rest, sizeof(rest), f) && rest[strlen(rest) - 1] != '\n')
		;
	return buf;
}

int uperf_read_line(const char *path, char *out, size_t size)
{
	FILE *f = fopen(path, "re");
	size_t len;
	int ret = -1, next;

	if (!f)
		return -1;
	if (fgets(out, (int)size, f)) {
		len = strlen(out);
		if (len && out[len - 1] == '\n') {
			out[len - 1] = '\0';
			ret = 0;
		} else {
			/* Whole only if nothing of the line is left. */
			next = fgetc(f);
			ret = next == '\n' || next == EOF ? 0 : -1;
		}
	}
	fclose(f);
	return ret;
}

int uperf_parse_decimal(const char *s, double *out)
{
	double v = 0, unit = 1;
	int digits = 0;

	for (; *s >= '0' && *s <= '9'; s++, digits++)
		v = v * 10 + (*s - '0');
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, digits++) {
			unit /= 10;
			v += unit * (*s - '0');
		}
	if (!digits || *s)
		return -1;
	*out = v;
	return 0;
}
