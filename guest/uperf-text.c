/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * uperf's text in and out. perf lays its output out with printf widths
 * and "%.2f"; nolibc's printf knows neither, so uperf builds each line
 * with the few primitives below (right/left alignment, fixed-point
 * decimals, zero-padded hex) and writes it whole with write(2), which
 * also keeps a line in one piece when stdout and stderr share a pipe.
 * Input is read line by line through a small buffer (ulines), which is
 * all that /proc/kallsyms, sysfs and uperf's own data file need.
 */
#include "uperf.h"

#include <stdarg.h>

void ubuf_init(struct ubuf *b, char *mem, size_t cap)
{
	b->s = mem;
	b->len = 0;
	b->cap = cap;
	b->s[0] = '\0';
}

static void ubuf_put(struct ubuf *b, const char *s, size_t n)
{
	/* Keep one byte for the terminating NUL. */
	if (n > b->cap - 1 - b->len)
		n = b->cap - 1 - b->len;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void ubuf_str(struct ubuf *b, const char *s)
{
	ubuf_put(b, s, strlen(s));
}

void ubuf_chars(struct ubuf *b, char c, int n)
{
	for (int i = 0; i < n; i++)
		ubuf_put(b, &c, 1);
}

/* Decimal digits of v into the end of tmp; returns the first digit. */
static char *u64_digits(uint64_t v, char *tmp, size_t size)
{
	char *p = tmp + size - 1;

	*p = '\0';
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	return p;
}

void ubuf_u64(struct ubuf *b, uint64_t v)
{
	char tmp[24];

	ubuf_str(b, u64_digits(v, tmp, sizeof(tmp)));
}

void ubuf_hex(struct ubuf *b, uint64_t v, int digits)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[17];
	int n = 0;

	do {
		tmp[16 - ++n] = hex[v & 0xf];
		v >>= 4;
	} while (v && n < 16);
	ubuf_str(b, "0x");
	ubuf_chars(b, '0', digits - n);
	ubuf_put(b, tmp + 16 - n, (size_t)n);
}

void ubuf_fixed(struct ubuf *b, double v, int decimals)
{
	uint64_t scale = 1, whole;
	char tmp[24], *frac;

	for (int i = 0; i < decimals; i++)
		scale *= 10;
	/* Round half up, as printf does for all but exact binary ties. */
	whole = (uint64_t)(v * (double)scale + 0.5);
	ubuf_u64(b, whole / scale);
	if (!decimals)
		return;
	ubuf_put(b, ".", 1);
	frac = u64_digits(whole % scale, tmp, sizeof(tmp));
	ubuf_chars(b, '0', decimals - (int)strlen(frac));
	ubuf_str(b, frac);
}

void ubuf_right(struct ubuf *b, const char *s, int width)
{
	ubuf_chars(b, ' ', width - (int)strlen(s));
	ubuf_str(b, s);
}

void ubuf_left(struct ubuf *b, const char *s, int width)
{
	ubuf_str(b, s);
	ubuf_chars(b, ' ', width - (int)strlen(s));
}

void ubuf_flush(struct ubuf *b, int fd)
{
	size_t done = 0;

	while (done < b->len) {
		ssize_t n = write(fd, b->s + done, b->len - done);

		if (n <= 0)
			break;
		done += (size_t)n;
	}
	b->len = 0;
	b->s[0] = '\0';
}

void uperf_say(int fd, const char *s, ...)
{
	char mem[1024];
	struct ubuf b;
	va_list ap;

	ubuf_init(&b, mem, sizeof(mem));
	va_start(ap, s);
	for (; s; s = va_arg(ap, const char *))
		ubuf_str(&b, s);
	va_end(ap);
	ubuf_flush(&b, fd);
}

int ulines_open(struct ulines *l, const char *path)
{
	l->fd = open(path, O_RDONLY | O_CLOEXEC);
	l->len = 0;
	l->pos = 0;
	return l->fd < 0 ? -1 : 0;
}

/* Refills the buffer; 0 at the end of the file. */
static size_t ulines_fill(struct ulines *l)
{
	ssize_t n = read(l->fd, l->buf, sizeof(l->buf));

	l->pos = 0;
	l->len = n > 0 ? (size_t)n : 0;
	return l->len;
}

const char *ulines_next(struct ulines *l)
{
	size_t n = 0;
	int any = 0;

	for (;;) {
		char c;

		if (l->pos == l->len && !ulines_fill(l))
			break;
		any = 1;
		c = l->buf[l->pos++];
		if (c == '\n')
			break;
		if (n < sizeof(l->line) - 1)
			l->line[n++] = c;
	}
	l->line[n] = '\0';
	return any ? l->line : NULL;
}

void ulines_close(struct ulines *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}

int uperf_read_line(const char *path, char *out, size_t size)
{
	struct ulines *l = malloc(sizeof(*l));
	const char *line;
	int ret = -1;

	if (!l)
		return -1;
	if (ulines_open(l, path) == 0) {
		line = ulines_next(l);
		if (line && strlen(line) < size) {
			memcpy(out, line, strlen(line) + 1);
			ret = 0;
		}
		ulines_close(l);
	}
	free(l);
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
