/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The formatter behind printf.h. One engine (printf_format) writes each
 * character through a sink; the console and a bounded buffer are the two
 * sinks. Numbers are converted as unsigned long long so that one path
 * serves every length modifier.
 */
#include "printf.h"

#include <stdbool.h>
#include <stdint.h>

#include "console.h"

struct printf_sink {
	void (*put)(struct printf_sink *sink, char c);
	char *buf;
	size_t size;
	size_t len;
};

struct printf_spec {
	bool left;
	char pad;
	unsigned int width;
	int length; /* 0 int, 1 long, 2 long long, 3 size_t */
};

static void printf_emit(struct printf_sink *sink, char c)
{
	sink->put(sink, c);
	sink->len++;
}

static void printf_pad(struct printf_sink *sink, char pad, unsigned int n)
{
	while (n--)
		printf_emit(sink, pad);
}

static void printf_field(struct printf_sink *sink,
			 const struct printf_spec *spec, const char *s,
			 unsigned int len)
{
	unsigned int fill = spec->width > len ? spec->width - len : 0;

	if (!spec->left)
		printf_pad(sink, spec->pad, fill);
	while (len--)
		printf_emit(sink, *s++);
	if (spec->left)
		printf_pad(sink, ' ', fill);
}

static void printf_number(struct printf_sink *sink,
			  const struct printf_spec *spec, unsigned long long v,
			  unsigned int base, bool upper, bool negative)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	unsigned int i = sizeof(tmp);

	do {
		tmp[--i] = digits[v % base];
		v /= base;
	} while (v);
	if (negative && spec->pad == '0' && spec->width) {
		/* The sign goes before zero padding: "-0042". */
		struct printf_spec rest = *spec;

		printf_emit(sink, '-');
		rest.width = spec->width - 1;
		printf_field(sink, &rest, tmp + i, sizeof(tmp) - i);
		return;
	}
	if (negative)
		tmp[--i] = '-';
	printf_field(sink, spec, tmp + i, sizeof(tmp) - i);
}

static const char *printf_parse_spec(const char *f, struct printf_spec *spec)
{
	*spec = (struct printf_spec){.pad = ' '};
	for (;; f++) {
		if (*f == '-')
			spec->left = true;
		else if (*f == '0')
			spec->pad = '0';
		else
			break;
	}
	while (*f >= '0' && *f <= '9')
		spec->width = spec->width * 10 + (unsigned int)(*f++ - '0');
	for (; *f == 'l'; f++)
		spec->length = spec->length < 2 ? spec->length + 1 : 2;
	if (*f == 'z') {
		spec->length = 3;
		f++;
	}
	return f;
}

static void printf_string(struct printf_sink *sink,
			  const struct printf_spec *spec, const char *s)
{
	unsigned int n = 0;

	while (s[n])
		n++;
	printf_field(sink, spec, s, n);
}

static unsigned long long printf_get_unsigned(va_list *ap, int length)
{
	switch (length) {
	case 1:
		return va_arg(*ap, unsigned long);
	case 2:
		return va_arg(*ap, unsigned long long);
	case 3:
		return va_arg(*ap, size_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static long long printf_get_signed(va_list *ap, int length)
{
	switch (length) {
	case 1:
		return va_arg(*ap, long);
	case 2:
		return va_arg(*ap, long long);
	case 3:
		return (long long)va_arg(*ap, size_t);
	default:
		return va_arg(*ap, int);
	}
}

static void printf_convert(struct printf_sink *sink, char conv,
			   const struct printf_spec *spec, va_list *ap)
{
	const char *s;
	char c;
	long long sv;

	switch (conv) {
	case 'd':
	case 'i':
		sv = printf_get_signed(ap, spec->length);
		printf_number(sink, spec,
			      sv < 0 ? 0ULL - (unsigned long long)sv
				     : (unsigned long long)sv,
			      10, false, sv < 0);
		break;
	case 'u':
		printf_number(sink, spec, printf_get_unsigned(ap, spec->length),
			      10, false, false);
		break;
	case 'x':
	case 'X':
		printf_number(sink, spec, printf_get_unsigned(ap, spec->length),
			      16, conv == 'X', false);
		break;
	case 'p':
		printf_emit(sink, '0');
		printf_emit(sink, 'x');
		printf_number(sink, spec, (uintptr_t)va_arg(*ap, void *), 16,
			      false, false);
		break;
	case 's':
		s = va_arg(*ap, const char *);
		printf_string(sink, spec, s ? s : "(null)");
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		printf_field(sink, spec, &c, 1);
		break;
	default:
		/* Unknown conversions print as written, to be noticed. */
		printf_emit(sink, '%');
		printf_emit(sink, conv);
		break;
	}
}

static void printf_format(struct printf_sink *sink, const char *fmt, va_list ap)
{
	struct printf_spec spec;
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		if (*fmt != '%') {
			printf_emit(sink, *fmt++);
			continue;
		}
		fmt = printf_parse_spec(fmt + 1, &spec);
		if (!*fmt)
			break;
		if (*fmt == '%')
			printf_emit(sink, '%');
		else
			printf_convert(sink, *fmt, &spec, &args);
		fmt++;
	}
	va_end(args);
}

/*
 * Plain '\n': firmware consoles (OpenSBI's putchar among them) add the
 * '\r' themselves, and log parsers strip any that remain.
 */
static void printf_put_console(struct printf_sink *sink, char c)
{
	(void)sink;
	console_putc(c);
}

static void printf_put_buffer(struct printf_sink *sink, char c)
{
	if (sink->len + 1 < sink->size)
		sink->buf[sink->len] = c;
}

int vprintf(const char *fmt, va_list ap)
{
	struct printf_sink sink = {.put = printf_put_console};

	console_lock();
	printf_format(&sink, fmt, ap);
	console_unlock();
	return (int)sink.len;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct printf_sink sink = {
		.put = printf_put_buffer, .buf = buf, .size = size};

	printf_format(&sink, fmt, ap);
	if (size)
		buf[sink.len < size ? sink.len : size - 1] = '\0';
	return (int)sink.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
